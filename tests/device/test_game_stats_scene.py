"""The Stats screen's game chooser: each game's own figures, a column a seat where
each plays alone, reached with taps."""

import pytest

from device.app.scenes.game_stats import GameStatsScene
from device.app.testing import make_app, tap_button
from device.journal import table_players
from device.store import Store
from tests.device.test_game_stats import record


@pytest.fixture
def app(tmp_path):
    store = Store(tmp_path / "games.sqlite3")
    record(store, "classic", hands=2, who=table_players("hard", "hard"))
    record(store, "oh-hell", players=5, hands=3, seed=2, who=table_players("hard", "medium"))
    record(store, "solo", hands=4, seed=3, who=table_players("hard", "medium"))
    a = make_app((800, 480), game="oh-hell", players=5)
    a.store = store
    yield a
    a.close()
    store.close()


def test_the_chooser_shows_each_games_own_figures(app):
    tap_button(app, "stats")
    tap_button(app, "by-game")
    scene = app.scene
    assert isinstance(scene, GameStatsScene)
    # the game at the table first: Oh Hell for five, a column a seat, you at seat 0
    assert scene.key == "oh-hell/5" and scene.buttons.by_name("stats-oh-hell/5").primary
    rows = scene.lines()
    assert rows[0] == ["", "You", "Player 2", "Player 3", "Player 4", "Player 5"]
    assert [r[0] for r in rows[1:]] == ["Hands", "Most tricks", "Tricks", "Points", "Bids", "Exact", "Won"]
    assert rows[1][1:] == ["3"] * 5
    assert scene.summary() == "Oh Hell, 5 players: 1 match (0 finished, 3 hands scored)"
    tap_button(app, "stats-solo")
    rows = app.scene.lines()
    heads = ["", "Hands", "Most tricks", "Tricks", "Points", "Contracts", "Made", "Won"]
    assert [r[0] for r in rows] == heads
    assert len(rows[0]) == 5
    tap_button(app, "stats-classic")
    rows = app.scene.lines()
    assert rows[0] == ["", "We", "They"]
    assert rows[1] == ["Hands", "2", "2"]
    tap_button(app, "back")
    assert app.scene.name == "stats"


def test_without_a_store_the_screen_says_so():
    a = make_app((800, 480))
    try:
        a.go("game_stats")
        a.step()
        assert a.scene.lines() == [] and "no game store" in a.scene.summary()
    finally:
        a.close()
