"""A table of eight on the screen (the most the engine deals: two teams of four, alternate
seats): a whole hand by keys alone and by taps alone, at 800x480, turned a quarter and in
portrait; the trick of eight lies whole, clear of the labels, your hand, the status line and
the turned card; each label names its team; the store keeps a hand dealt by the eighth seat;
the real-card referee shows a hand of two teams. The scene matrix
(tests/device/test_scene_matrix.py) draws every scene at eight too."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device import vocabulary  # noqa: E402
from device.app.app import App  # noqa: E402
from device.app.game_choice import SCREEN_SEATS  # noqa: E402
from device.app.scenes.table import TableScene, trick, words  # noqa: E402
from device.app.scenes.table.layout import TRICK_CARD_W  # noqa: E402
from device.app.testing import make_app, tap  # noqa: E402
from device.cli import main  # noqa: E402
from device.journal import attach_app  # noqa: E402
from device.store import MIGRATIONS, Store  # noqa: E402
from engine.ai import choose_action  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.seats import MAX_SEATS  # noqa: E402
from tests.device.test_table_every_game import play_by_taps  # noqa: E402

SIZES = ((800, 480), (1920, 1080), (480, 800))


def eight_seat_games() -> list[str]:
    return [name for name, game in GAMES.items() if MAX_SEATS in game.table.seat_counts]


EIGHT = eight_seat_games()


def start(game: str, size: tuple[int, int] = (800, 480), seed: int = 5, rotation: int = 0) -> App:
    app = make_app(size, game=game, seed=seed, rotation=rotation, players=MAX_SEATS)
    app.go("table")
    app.step(1 / 60)
    assert isinstance(app.scene, TableScene)
    assert app.session.match.game.players == MAX_SEATS
    return app


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def test_the_screen_seats_every_table_the_engine_deals() -> None:
    assert EIGHT, "no game is played at eight"
    assert SCREEN_SEATS == MAX_SEATS


@pytest.mark.parametrize("game", EIGHT)
def test_keys_alone_play_a_whole_hand_at_eight(game: str) -> None:
    app = start(game)
    try:
        key(app, pygame.K_RETURN)  # Enter deals
        deal = app.session.deal
        assert deal is not None
        played = 0
        for _ in range(3000):
            if deal.is_over:
                break
            table = app.scene
            if isinstance(table, TableScene) and table.waiting_for_human:
                before = len(deal.actions)
                key(app, pygame.K_RIGHT)
                key(app, pygame.K_RETURN)
                played += len(deal.actions) > before
            else:
                app.step(1 / 60)
        assert deal.is_over, (deal.phase, deal.turn, app.scene.status())
        assert played == deal.tricks_per_hand  # every card of yours, by keys
    finally:
        app.close()


@pytest.mark.parametrize(("size", "rotation"), [((800, 480), 0), ((800, 480), 90), ((480, 800), 0)])
@pytest.mark.parametrize("game", EIGHT)
def test_taps_alone_play_a_whole_hand_at_eight(game: str, size: tuple[int, int], rotation: int) -> None:
    app = start(game, size, seed=7, rotation=rotation)
    try:
        deal = play_by_taps(app)
        assert deal.is_over, (deal.phase, deal.turn, app.scene.status())
    finally:
        app.close()


def _at_your_turn_last_to_play(app: App) -> Deal:
    """Hands dealt and played by the AI until six cards of the first trick lie on the table at
    the screen's turn while the turned card lies face up: the one on your right deals (the
    turned card is yours when you deal, and the one on your left leads)."""
    session = app.session
    you = vocabulary.you(session.match.game)
    for _ in range(20):
        deal = session.shuffle_and_deal()
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            if turn == you and len(deal.current.cards) == MAX_SEATS - 2 and deal.trump_card_showing \
                    and deal.dealer != you:
                return deal
            deal.apply(choose_action(deal.observe(turn), "rules", session.match.move_seed()))
        session.finish()
    raise AssertionError("the seat at the screen never played the first trick's seventh card")


@pytest.mark.parametrize("game", EIGHT)
def test_the_trick_of_eight_lies_whole_and_clear_of_labels_hands_and_the_turned_card(game: str) -> None:
    app = make_app((800, 480), game=game, seed=11, players=MAX_SEATS)
    try:
        deal = _at_your_turn_last_to_play(app)
        app.go("table")
        table = app.scene
        assert isinstance(table, TableScene)
        for size in SIZES:
            surf = pygame.Surface(size)
            table.ensure_layout(size)
            table.draw(surf)
            g = table.geo
            plays = table.trick_on_table()
            assert len(plays) == MAX_SEATS - 2
            cards = []
            for _, _, centre in trick.spots(g, plays):
                r = pygame.Rect(0, 0, g.tc_w, g.tc_h)
                r.center = centre
                cards.append(r)
            for seat in (table.you, deal.dealer):  # where the last two cards will lie
                r = pygame.Rect(0, 0, g.tc_w, g.tc_h)
                r.center = (int(g.trick_pos[seat][0]), int(g.trick_pos[seat][1]))
                cards.append(r)
            for i, r in enumerate(cards):
                assert surf.get_rect().contains(r), (size, i, r)
                assert r.collidelist(cards[i + 1:]) == -1, (size, "cards of the trick overlap", i)
                others = [*table.label_rects.values(), *(rect for _, rect in table.hand_rects()),
                          *table.status_rects, *table.turned_rects, *table.fan_rects]
                assert r.collidelist(others) == -1, (size, i, r, others[r.collidelist(others)])
            assert table.turned_rects, "the turned card lies face up in the first trick"
            if size == (800, 480):
                assert g.tc_w >= TRICK_CARD_W
        assert not deal.is_over
    finally:
        app.close()


@pytest.mark.parametrize("game", EIGHT)
def test_each_label_names_its_team_at_eight(game: str) -> None:
    """Two teams of alternate seats: Player 3, 5 and 7 play with you, as the score line's We."""
    app = make_app((1920, 1080), game=game, seed=3, players=MAX_SEATS)
    try:
        deal = app.session.shuffle_and_deal()
        app.go("table")
        table = app.scene
        assert isinstance(table, TableScene)
        teams = {}
        for seat in table.seating.others:
            name, line = words.label_lines(deal, table.seating, seat, app.session.match, False)
            teams[name.removesuffix(" (D)")] = line.split(" · ")[0]
        assert teams == {f"Player {i}": "We" if i % 2 else "They" for i in range(2, MAX_SEATS + 1)}
    finally:
        app.close()


@pytest.mark.parametrize("game", EIGHT)
def test_a_hand_dealt_by_the_eighth_seat_is_kept_in_the_store(game: str, tmp_path: Path) -> None:
    """The deal moves round all eight: the eighth hand's dealer (seat 7) is journaled like any."""
    app = make_app((800, 480), game=game, seed=3, players=MAX_SEATS)
    app.config = app.config.updated({"store": {"path": str(tmp_path / "whist.sqlite3")}})
    store = attach_app(app)
    assert store is not None
    try:
        session = app.session
        for _ in range(MAX_SEATS):
            deal = session.shuffle_and_deal()
            while not deal.is_over:
                turn = deal.turn
                assert turn is not None
                session.match.apply(choose_action(deal.observe(turn), "rules", session.match.move_seed()))
            session.finish()
        dealers = [row[0] for row in sqlite3.connect(tmp_path / "whist.sqlite3").execute(
            "SELECT dealer FROM deals ORDER BY id")]
        assert sorted(dealers) == [str(i) for i in range(MAX_SEATS)]
    finally:
        app.close()
        store.close()


def test_a_store_of_the_last_release_opens_and_takes_a_table_of_eight(tmp_path: Path) -> None:
    db = tmp_path / "whist.sqlite3"
    old = sqlite3.connect(db)
    for i, step in enumerate(MIGRATIONS[:3]):
        old.executescript(step)
        old.execute(f"PRAGMA user_version = {i + 1}")
    old.execute("INSERT INTO matches (started, rules, players) VALUES ('2025-01-01T00:00:00Z', '{}', '{}')")
    old.execute("INSERT INTO deals (match_id, number, dealer, record, started) "
                "VALUES (1, 1, '6', '{\"dealer\":\"6\"}', '2025-01-01T00:00:00Z')")
    with pytest.raises(sqlite3.IntegrityError):  # the last release's store: seven seats at most
        old.execute("INSERT INTO deals (match_id, number, dealer, record, started) "
                    "VALUES (1, 2, '7', '{\"dealer\":\"7\"}', '2025-01-01T00:00:00Z')")
    old.commit()
    old.close()
    with Store(db) as store:
        store.start_deal(1, 2, {"dealer": "7"})
    rows = sqlite3.connect(db).execute("SELECT number, dealer FROM deals ORDER BY number").fetchall()
    assert rows == [(1, "6"), (2, "7")]


@pytest.mark.parametrize("players", [6, 8])
def test_the_referee_shows_a_hand_of_two_teams(players: int, tmp_path: Path, capsys) -> None:
    """The real-card screen in play at six and eight in two teams: each team's tricks and score
    on its panel, the teams named by their first player (Team 1, Team 2), not two of the seats."""
    from device.app import referee_shots
    from device.app.scenes.referee import RefereeScene

    for game in EIGHT:
        for size in ("800x480", "480x800"):
            out = tmp_path / f"r-{players}-{size}.png"
            assert main(["screenshot", "--scene", "referee-hand", "--game", game, "--players", str(players),
                         "--size", size, "--out", str(out)]) == 0, capsys.readouterr().err
        app = make_app((800, 480), game=game, players=players)
        try:
            referee_shots.prepare(app, "referee-hand")
            assert isinstance(app.scene, RefereeScene)
            view = app.scene.session.view()
            assert view.sides == ("Team 1", "Team 2")
            assert view.player_range[-1] == MAX_SEATS  # the setup's Players offers eight
            assert len(view.side_tricks) == 2 and sum(view.side_tricks) == view.trick_number - 1
        finally:
            app.close()


@pytest.mark.parametrize("game", EIGHT)
def test_eight_each_alone_draw_clear_in_every_scene(game: str, monkeypatch) -> None:
    """The scene matrix at eight each alone (eight columns on the score pad, eight scores on the
    celebration), and the score pad's heads name every seat whole at every size."""
    from device.app.render import layout
    from tests.device import test_scene_matrix as matrix

    apps = []

    def alone(*args: object, **kwargs: object) -> App:
        app = make_app(*args, **kwargs)  # type: ignore[arg-type]
        app.options.rules = ["sides=none"]
        apps.append(app)
        return app

    monkeypatch.setattr(matrix, "make_app", alone)
    found = matrix.frames.__wrapped__(game, MAX_SEATS)
    assert {scene: problems for scene, problems in found.items() if problems} == {}
    assert "scorepad" in found and "celebration" in found
    game_played = apps[0].session.match.game
    assert game_played.sides == MAX_SEATS  # each alone
    heads = vocabulary.side_words(game_played)
    app = make_app((800, 480), game=game, seed=2, players=MAX_SEATS)
    app.options.rules = ["sides=none"]
    try:
        session = app.session
        deal = session.shuffle_and_deal()
        while not deal.is_over:
            deal.apply(choose_action(deal.observe(deal.turn), "rules", session.match.move_seed()))
        session.finish()
        layout.LOG.enabled = True
        for size in SIZES:
            app.go("scorepad")
            surf = pygame.Surface(size)
            app.scene.ensure_layout(size)
            app.scene.draw(surf)
            said = {b.label for b in layout.LOG.boxes(surf) if b.kind == layout.TEXT}
            assert not [t for t in said if t.endswith("…")], size  # no name cut short ("Y…")
            for word in heads:  # whole, short (P2) or on two lines (Player over 2)
                assert word in said or vocabulary.short_word(word) in said or set(word.split()) <= said, \
                    (size, word, sorted(said))
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", EIGHT)
def test_the_game_picker_offers_eight_on_every_screen(game: str, size: tuple[int, int]) -> None:
    """How many players: a button for each size up to eight, each on the screen and a
    fingertip wide (seven of them in portrait too); eight chosen, the table seats eight."""
    from device.app import game_choice
    from device.app.render import layout
    from device.app.scenes.table.layout import FINGER_PX

    layout.LOG.enabled = True
    app = make_app(size)
    try:
        app.go("games")
        app.step(1 / 60)
        title = GAMES[game].title
        tap(app, *next(b for b in app.scene.buttons.buttons if b.label == title).rect.center)
        surf = pygame.Surface(size)
        app.scene.ensure_layout(size)
        app.scene.draw(surf)
        assert layout.problems(surf) == []
        sizes = [b for b in app.scene.buttons.buttons if b.name.startswith("players-")]
        assert [b.label for b in sizes][-1] == str(MAX_SEATS)
        for b in sizes:
            assert surf.get_rect().contains(b.rect)
            assert min(b.rect.size) >= app.scene.px(FINGER_PX)
        tap(app, *sizes[-1].rect.center)
        assert game_choice.current(app) == (game, MAX_SEATS)
    finally:
        app.close()
