"""The game chosen from the menu and in Settings: every game listed with its table
size and rules page, the games the screen cannot seat greyed with the reason,
the table size asked for the games of several, the choice kept in the config
the table starts with, and a match in play given up only when the player says so."""

import pytest

from device.app import game_choice
from device.app.scenes.game_picker import ChangeGameScene, GamePickerScene
from device.app.scenes.table import TableScene
from device.app.testing import make_app, run_until, tap_button
from device.config import Config, ConfigError, load_config, save_config, seat_counts
from engine.games import GAMES


@pytest.fixture
def app():
    a = make_app((800, 480))
    yield a
    a.close()


def test_the_menu_offers_every_game_with_its_table_size_and_the_unseatable_greyed(app):
    from device.app.game_choice import has_table

    tap_button(app, "game")
    picker = app.scene
    assert isinstance(picker, GamePickerScene)
    for name, game in GAMES.items():
        button = picker.buttons.by_name(f"game-{name}")
        assert button.label == game.title and button.visible
        assert button.enabled == has_table(name)
        assert picker.buttons.by_name(f"rules-{name}").enabled  # every game's rules page
    words = {c.name: (c.players_words(), c.reason) for c in game_choice.choices()}
    assert words["oh-hell"][0] == "3-7 players" and words["knockout"][0] == "2-7 players"
    assert words["german"][0] == "2 players" and words["classic"][0] == "4 players"
    for name in GAMES:
        assert bool(words[name][1]) == (not has_table(name))  # the reason, only where it has none
    assert picker.buttons.by_name("game-classic").primary  # the game played now


def test_a_game_lights_up_when_has_table_says_yes(app, monkeypatch):
    tap_button(app, "game")
    assert not app.scene.buttons.by_name("game-widow").enabled or game_choice.has_table("widow")
    monkeypatch.setattr(game_choice, "has_table", lambda game: True)
    app.scene.relayout()
    assert app.scene.buttons.by_name("game-widow").enabled
    assert app.scene.buttons.by_name("game-dummy").enabled


def test_oh_hell_for_five_is_chosen_from_the_menu_and_played(app):
    tap_button(app, "game")
    tap_button(app, "game-oh-hell")
    # how many players: one button a table size
    assert [b.label for b in app.scene.buttons.buttons if b.name.startswith("players-")] == [
        str(n) for n in range(3, 8)]
    tap_button(app, "players-5")
    assert app.scene.name == "menu"
    assert (app.config.game.name, app.config.game.players) == ("oh-hell", 5)
    tap_button(app, "play")
    assert isinstance(app.scene, TableScene) and app.scene.seating.players == 5
    tap_button(app, "deal")
    assert app.session.deal.game.name == "oh-hell" and app.session.deal.game.players == 5


def test_cancel_keeps_the_game(app):
    tap_button(app, "game")
    tap_button(app, "game-knockout")
    tap_button(app, "cancel")
    assert isinstance(app.scene, GamePickerScene) and app.scene.asking is None
    tap_button(app, "back")
    assert app.scene.name == "menu" and app.config.game.name == "classic"


def test_changing_game_mid_match_asks_before_abandoning_it(app):
    tap_button(app, "play")
    tap_button(app, "deal")
    assert run_until(app, lambda: app.scene.waiting_for_human)
    old = app.session.match
    app.go("menu")
    tap_button(app, "game")
    tap_button(app, "game-german")
    assert isinstance(app.scene, ChangeGameScene)
    assert "ends unscored" in app.scene.note() and app.scene.title == "Play German whist?"
    tap_button(app, "keep")  # back to the picker, nothing changed
    assert isinstance(app.scene, GamePickerScene)
    assert app.session.match is old and app.session.deal is not None
    tap_button(app, "game-german")
    tap_button(app, "change")
    assert app.scene.name == "menu"
    match = app.session.match
    assert match is not old and match.game.name == "german" and not match.deals
    tap_button(app, "play")
    assert isinstance(app.scene, TableScene) and app.scene.seating.players == 2


def test_the_same_game_again_keeps_the_match(app):
    tap_button(app, "play")
    tap_button(app, "deal")
    old = app.session.match
    app.go("menu")
    tap_button(app, "game")
    tap_button(app, "game-classic")
    assert app.scene.name == "menu" and app.session.match is old


def test_a_game_is_chosen_from_settings_and_its_rules_page_read(app):
    tap_button(app, "settings")
    assert app.scene.buttons.by_name("game").label == "Game: Classic whist"
    tap_button(app, "game")
    assert isinstance(app.scene, GamePickerScene) and app.scene.back == "settings"
    tap_button(app, "rules-solo")
    assert app.scene.name == "rules"
    lines = [s for _, s in app.scene.lines()]
    assert lines[0] == "Solo whist" and "How to play" in lines
    assert any("misère" in s for s in lines)
    assert app.scene.buttons.by_name("back").label == "Back"
    tap_button(app, "back")  # back to the picker, which goes back to Settings
    assert isinstance(app.scene, GamePickerScene) and app.scene.back == "settings"
    tap_button(app, "game-knockout")
    tap_button(app, "players-3")
    assert app.scene.name == "settings"
    assert app.scene.buttons.by_name("game").label == "Game: Knockout whist · 3"


@pytest.mark.parametrize("name", list(GAMES))
def test_every_games_rules_page_is_its_own(app, name):
    from device.app.scenes.rules import other_game_lines

    lines = [s for _, s in other_game_lines(name, None)]
    assert lines[0] == GAMES[name].title and "How to play" in lines and "Glossary" in lines
    assert GAMES[name].pages.how_to_play[0] in lines
    for other in GAMES.values():  # no other game's page is shown for it
        if other.name != name:
            assert other.pages.how_to_play[0] not in lines


def test_the_table_starts_with_the_configs_game(tmp_path):
    from device.app.app import App, AppOptions

    path = tmp_path / "config.toml"
    save_config(Config().updated({"display": {"animation": "off", "sound": False},
                                  "game": {"name": "knockout", "players": 6}}), path)
    a = App(load_config(path), AppOptions(size=(800, 480), synchronous_ai=True, persist=True, seed=1))
    try:
        tap_button(a, "play")
        assert isinstance(a.scene, TableScene) and a.session.match.game.name == "knockout"
        assert a.scene.seating.players == 6
        a.go("menu")
        tap_button(a, "game")
        tap_button(a, "game-classic")
    finally:
        a.close()
    assert load_config(path).game.name == "classic"  # the choice written back to the file


def test_a_configured_game_without_a_table_starts_classic(monkeypatch):
    monkeypatch.setattr(game_choice, "has_table", lambda game: game == "classic")
    config = Config().updated({"game": {"name": "solo"}})
    assert game_choice.configured(config) == ("classic", None)


def test_the_configs_game_and_players_are_checked():
    assert Config().game.name == "classic" and Config().game.players is None
    assert Config().updated({"game": {"name": "Oh-Hell", "players": 7}}).game.name == "oh-hell"
    with pytest.raises(ConfigError, match=r'game.name: "bridge" is not a game; allowed: one of "classic"'):
        Config().updated({"game": {"name": "bridge"}})
    with pytest.raises(ConfigError, match=r"game.players: Oh Hell is not played by 2; allowed: 3..7"):
        Config().updated({"game": {"name": "oh-hell", "players": 2}})
    with pytest.raises(ConfigError, match=r"game.players: Solo whist is not played by 5; allowed: 4"):
        Config().updated({"game": {"name": "solo", "players": 5}})
    assert seat_counts("knockout") == (2, 3, 4, 5, 6, 7) and seat_counts("widow") == (3,)


def test_players_alone_on_the_command_line_size_the_configs_game():
    from device.app.app import App, AppOptions

    config = Config().updated({"display": {"animation": "off", "sound": False},
                               "game": {"name": "oh-hell", "players": 4}})
    a = App(config, AppOptions(size=(800, 480), synchronous_ai=True, players=6))
    try:
        assert a.session.match.game.name == "oh-hell" and a.session.match.game.players == 6
    finally:
        a.close()
    a = App(Config(), AppOptions(size=(800, 480), synchronous_ai=True, players=6))  # classic has four
    try:
        assert a.session.match.game.name == "classic" and a.options.players is None
    finally:
        a.close()


@pytest.mark.parametrize(("game", "players"), [("oh-hell", 5), ("german", None), ("bid", None)])
def test_the_demo_starts_with_the_game_chosen_on_its_own_table(game, players):
    """The kiosk starts the demo when idle: the game chosen first, at the table's size, on
    its own table; then the others in turn."""
    a = make_app((800, 480), game=game, players=players)
    try:
        a.go("demo")
        for _ in range(30):
            a.step(0.05)
        demo = a.scene
        assert demo.name == "demo" and demo.session.match.game.name == game and demo.deal is not None
        assert demo.session.match.game.players == (players or GAMES[game].players)
        assert demo.table is not None and demo.table.name == "table" and not demo.table.human_seats
        assert len(demo.games) == len(GAMES)
    finally:
        a.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_picker_says_how_many_people_play(name):
    from device.app.game_choice import SCREEN_SEATS, choices

    offered = {c.name: c for c in choices()}[name]
    assert offered.seat_counts == tuple(n for n in GAMES[name].table.seat_counts if n <= SCREEN_SEATS)
    if name == "dummy":  # three people and the dummy's hand: not "4 players"
        assert offered.players_words() == "3 players"
