"""Settings shows the house rules of the game being played (its rules dataclass's
settings, choices and defaults), pages when they do not fit, keeps the changes in
the config's [rules.<game>] table, checked on load, and the next match plays them."""

import pytest

from device.app.house_rules import rules_from_config
from device.app.scenes.settings import SettingsScene
from device.app.testing import make_app, tap_button, tap_setting
from device.config import Config, ConfigError, config_from_dict, load_config, save_config
from engine.games import GAMES, get_game
from engine.settings import settings_of


def open_settings(game, players=None, **kw):
    app = make_app((800, 480), game=game, players=players, **kw)
    tap_button(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    return app


def label_of(app, key):
    app.scene.ensure_layout(app.size)
    return app.scene.buttons.by_name(key).label


@pytest.mark.parametrize("game, players, key, taps, field, value", [
    ("oh-hell", 5, "schedule", 1, "schedule", "up_down"),
    ("oh-hell", 5, "hook", 1, "hook", False),
    ("bid", None, "joker_lead", 1, "joker_lead", "free"),
    ("bid", None, "win_at", 1, "win_at", 7),
    ("widow", None, "chain", 1, "chain", True),
    ("dummy", None, "jokers", 1, "jokers", True),
])
def test_a_tap_on_a_games_setting_reaches_its_next_match(game, players, key, taps, field, value):
    app = open_settings(game, players)
    try:
        for _ in range(taps):
            tap_setting(app, key)
        assert getattr(app.session.match.rules, field) == value
        assert get_game(game).owns(app.session.match.rules) or game == "oh-hell"
        assert app.config.game_rules.of(game) == {key: value}
        # the classic rows are not there: the game's own are
        with pytest.raises(KeyError):
            app.scene.buttons.by_name("honours")
    finally:
        app.close()


def test_a_change_in_a_match_waits_for_the_next_one():
    app = make_app((800, 480), game="dummy")
    try:
        app.session.shuffle_and_deal()
        assert app.session.match.deals
        tap_button(app, "settings")
        tap_setting(app, "jokers")
        assert app.session.match.rules.jokers is False
        assert app.session.pending_rules is not None and app.session.pending_rules.jokers is True
        app.session.new_rubber()
        assert app.session.match.rules.jokers is True
    finally:
        app.close()


def test_back_to_the_default_leaves_the_games_table_empty():
    app = open_settings("widow")
    try:
        tap_setting(app, "chain")
        tap_setting(app, "chain")
        assert app.config.game_rules.of("widow") == {}
        assert label_of(app, "chain") == "Off"
    finally:
        app.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_every_games_settings_are_rows_and_every_row_fits_a_page(name):
    players = 7 if name in ("oh-hell", "knockout") else None
    app = open_settings(name, players)
    try:
        keys = [s.key for s in settings_of(get_game(name, players))]
        seen = set()
        for _ in range(4):
            app.scene.ensure_layout(app.size)
            for b in app.scene.buttons.buttons:
                assert app.scene.size[1] >= b.rect.bottom and b.rect.h >= app.scene.px(48)
                seen.add(b.name)
            try:
                tap_button(app, "page")
            except KeyError:
                break
        assert set(keys) <= seen
    finally:
        app.close()


def test_the_games_settings_are_saved_and_read_back(tmp_path):
    path = tmp_path / "config.toml"
    app = make_app((800, 480), game="oh-hell", players=4)
    try:
        app.options.persist = True
        app.config = Config(source=path)
        tap_button(app, "settings")
        tap_setting(app, "hook")
        tap_setting(app, "schedule")
    finally:
        app.close()
    text = path.read_text()
    assert "[rules.oh-hell]" in text
    config = load_config(path)
    assert config.game_rules.of("oh-hell") == {"hook": False, "schedule": "up_down"}
    rules = rules_from_config(config, "oh-hell", 4)
    assert rules.hook is False and rules.schedule == "up_down" and rules.players == 4
    assert rules_from_config(config, "bid") == get_game("bid").default_rules()


def test_bid_whists_never_losing_is_written_and_read():
    config = config_from_dict({"rules": {"bid": {"lose_at": "none", "joker_lead": "free"}}})
    assert rules_from_config(config, "bid").lose_at is None
    again = config_from_dict(__import__("tomllib").loads(config.to_toml()))
    assert again.game_rules == config.game_rules


@pytest.mark.parametrize("table, words", [
    ({"widow": {"chian": True}}, ["rules.widow.chian: unknown key", "chain"]),
    ({"widow": {"chain": "yes please"}}, ["rules.widow.chain", "allowed: true or false"]),
    ({"oh-hell": {"schedule": "sideways"}}, ["rules.oh-hell.schedule", "down_up"]),
    ({"dummy": {"target": 0}}, ["rules.dummy.target", "whole number"]),
])
def test_a_bad_game_setting_in_the_file_says_what_is_allowed(tmp_path, table, words):
    path = tmp_path / "config.toml"
    lines = []
    for game, values in table.items():
        lines.append(f"[rules.{game}]")
        for k, v in values.items():
            lines.append(f"{k} = " + (f'"{v}"' if isinstance(v, str) else str(v).lower()))
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    message = str(err.value)
    assert str(path) in message
    for w in words:
        assert w in message


def test_classic_keeps_its_rows_in_rules():
    app = open_settings("classic")
    try:
        tap_button(app, "target")
        assert app.session.match.rules.target == 7 and app.config.rules.target == 7
        assert app.config.game_rules.games == ()
    finally:
        app.close()


def test_save_config_round_trips_classic_and_a_game(tmp_path):
    config = Config().updated({"rules": {"target": 9, "dummy": {"jokers": True}}})
    save_config(config, tmp_path / "c.toml")
    back = load_config(tmp_path / "c.toml")
    assert back.rules.target == 9 and back.game_rules.of("dummy") == {"jokers": True}


def test_a_setting_that_does_not_fit_the_table_size_is_left_at_its_default():
    config = config_from_dict({"rules": {"oh-hell": {"schedule": "fixed", "fixed": 10}}})
    assert rules_from_config(config, "oh-hell", 4).fixed == 10
    six = rules_from_config(config, "oh-hell", 6)  # 8 cards each at most
    assert six.players == 6 and not (six.schedule == "fixed" and six.fixed == 10)
    assert max(six.sizes) <= 8


def test_a_table_for_no_game_names_the_games(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[rules.ohhell]\nhook = false\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert "rules.ohhell: unknown key" in str(err.value) and "[rules.<game>] table for" in str(err.value)
    assert "oh-hell" in str(err.value)


def _rows_on_every_page(app):
    names = {}
    for _ in range(4):
        app.scene.ensure_layout(app.size)
        names.update({b.name: b for b in app.scene.buttons.buttons})
        try:
            tap_button(app, "page")
        except KeyError:
            break
    return names


@pytest.mark.parametrize("name", list(GAMES))
def test_the_partner_ai_row_is_there_only_where_you_have_a_partner(name):
    app = open_settings(name)
    try:
        names = set(_rows_on_every_page(app))
        labels = [s.label for s in app.scene.settings()]
        pairs = GAMES[name].partnerships
        assert ("partner" in names) == pairs and "opponents" in names
        assert ("Partner AI" in labels) == pairs and ("AI players" in labels) != pairs
    finally:
        app.close()


@pytest.mark.parametrize("size", [(480, 800), (800, 480), (1920, 1080)])
@pytest.mark.parametrize("name", ["classic", "bid", "oh-hell"])
def test_the_settings_header_buttons_do_not_overlap(name, size):
    app = make_app(size, game=name)
    try:
        tap_button(app, "settings")
        app.scene.ensure_layout(app.size)
        buttons = app.scene.buttons.buttons
        for i, a in enumerate(buttons):
            assert app.scene.size[0] >= a.rect.right and a.rect.x >= 0
            for b in buttons[i + 1:]:
                assert not a.rect.colliderect(b.rect), f"{a.name} over {b.name} at {size}"
    finally:
        app.close()


def test_a_changed_house_rule_says_what_it_does():
    app = open_settings("widow")
    try:
        assert app.scene.note() == "Changes take effect at once."
        tap_setting(app, "chain")
        spec = next(s for s in get_game("widow").settings if s.key == "chain")
        assert app.scene.note() == f"{spec.label}: {spec.help}"
    finally:
        app.close()
