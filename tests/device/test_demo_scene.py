"""The demo window (attract mode) shows a hand of each game in turn, each on its own table,
the AI at every seat; the config's [demo] games chooses them (default: every game)."""

from __future__ import annotations

import pytest

from device.app.testing import make_app, run_until, tap, tap_button
from device.config import ConfigError, config_from_dict
from device.events import Action, ButtonEvent
from engine.games import GAMES


def three_tables() -> list[str]:
    """Three games laid out differently: in partnerships, each alone, and one with a hand
    beyond its players (the registry's first of each)."""
    games = list(GAMES.values())
    picked = [next(g for g in games if g.partnerships),
              next(g for g in games if not g.partnerships and g.players == g.sides),
              next(g for g in games if not g.partnerships and g.players > g.sides)]
    return [g.name for g in picked]


@pytest.fixture
def app():
    a = make_app((800, 480))
    yield a
    a.close()


def test_the_demo_cycles_the_configured_games_each_on_its_table(app) -> None:
    games = three_tables()
    app.config = app.config.updated({"demo": {"games": games}})
    app.step()
    tap_button(app, "demo")  # from the menu, as a person would
    demo = app.scene
    assert demo.name == "demo"
    shown: list[tuple[str, str, int]] = []
    for _ in range(len(games) + 1):
        name = demo.game
        table = demo.table
        assert run_until(app, lambda: demo.deal is not None and len(demo.deal.actions) >= 4, max_steps=3000)
        shown.append((name, type(table).__name__, demo.session.match.game.players))
        assert demo.session.match.game.name == name and not app.has_game  # the demo's, not the table's
        assert run_until(app, lambda n=name: demo.game != n, max_steps=40000)
        assert demo.sessions[name].match.hands  # the hand was played out and scored before moving on
    assert [g for g, _, _ in shown] == games + games[:1]  # in turn, then round again
    assert {kind for _, kind, _ in shown} == {"DemoTable"}  # the one table, nobody at it
    first = demo.sessions[games[0]]
    assert len(first.match.hands) + (first.deal is not None) >= 2  # its match goes on round the cycle
    tap(app, 400, 240)  # "touch to play"
    assert app.scene.name == "table" and app.session.deal is not None


def test_every_game_is_shown_by_default(app) -> None:
    app.go("demo")
    assert app.scene.games == tuple(GAMES)


def test_demo_game_shows_that_game_only(app) -> None:
    name = list(GAMES)[-1]
    app.go("demo", only=name)
    demo = app.scene
    assert demo.games == (name,)
    assert run_until(app, lambda: demo.deal is not None and demo.deal.is_over, max_steps=40000)
    assert run_until(app, lambda: demo.session.match.hands, max_steps=2000)
    assert demo.game == name and demo.deal is not None  # the next hand of the same game


def test_a_button_leaves_the_demo_for_the_menu(app) -> None:
    app.config = app.config.updated({"demo": {"games": three_tables()[1:2]}})
    app.go("demo")
    app.step()
    app.queue.post(ButtonEvent(Action.SELECT))
    app.step()
    assert app.scene.name == "menu"


def test_the_config_key_is_checked() -> None:
    names = list(GAMES)[:2]
    assert config_from_dict({"demo": {"games": names}}).demo.games == tuple(names)
    with pytest.raises(ConfigError, match=r"demo\.games: \"nope\" is not a game"):
        config_from_dict({"demo": {"games": ["nope"]}})
    with pytest.raises(ConfigError, match=r"demo\.games: .* is a string; allowed: an array of games"):
        config_from_dict({"demo": {"games": names[0]}})
