"""History on screen: the last deals from the store, each replayed card by card.

The deals are played quickly by the headless demo (simple rules bots) into a
real store file; the app is driven by posted touch events, and what the
replay shows is checked against the stored actions."""

from __future__ import annotations

import io
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.app.testing import make_app, run_until, tap_button  # noqa: E402
from device.cli import main  # noqa: E402
from device.headless import run_headless  # noqa: E402
from device.journal import Journal, ai_players, demo_run  # noqa: E402
from device.store import Store  # noqa: E402
from device.store.recall import fold_undos, hands_of  # noqa: E402
from engine.bots import rules_card  # noqa: E402
from engine.cards import parse_card  # noqa: E402
from engine.match import Match  # noqa: E402

HANDS = 12  # more than a screenful, and more than the 10 the issue asks for


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("recall") / "whist.sqlite3"
    with Store(path) as store:
        run = demo_run(store, 7, "rules")
        run_headless(HANDS, 7, out=io.StringIO(), chooser=rules_card, **run.headless_kwargs())
    return path


@pytest.fixture
def app(db):
    app = make_app((800, 480))
    app.store = Store(db)
    yield app
    app.store.close()
    app.close()


def open_history(app):
    tap_button(app, "history")
    scene = app.scene
    assert scene.name == "recall" and scene.replay is None
    return scene


def plays_of(row) -> list[tuple[str, str]]:
    return [(a["seat"], a["card"]) for a in fold_undos(row.actions) if "card" in a]


def test_history_lists_the_last_deals_newest_first_and_scrolls(app):
    scene = open_history(app)
    newest = app.store.recent_deals(HANDS)
    assert len(scene.rows) == HANDS
    assert [r.id for r in scene.rows] == [r.id for r in newest]
    shown = [b.name for b in scene.buttons.buttons if b.name.startswith("deal-")]
    assert shown and len(shown) < HANDS  # a screenful, the rest by scrolling
    first = scene.row_columns(scene.rows[0])
    result = newest[0].result
    assert f"Hand {result['number']}" in first
    assert f"tricks {result['tricks'][0]}–{result['tricks'][1]}" in first
    assert f"+{result['points'][0]} / +{result['points'][1]}" in first
    # Scroll down to the oldest deals: every one of the last 10+ can be reached.
    seen = set(shown)
    while scene.buttons.by_name("down").enabled:
        tap_button(app, "down")
        seen |= {b.name for b in scene.buttons.buttons if b.name.startswith("deal-")}
    assert seen == {f"deal-{i}" for i in range(HANDS)}
    tap_button(app, "up")
    tap_button(app, "back")
    assert app.scene.name == "menu"


def test_a_deal_replays_card_by_card_exactly_as_stored(app):
    scene = open_history(app)
    row = scene.rows[2]
    tap_button(app, "deal-2")
    r = scene.replay
    assert r is not None and r.row.id == row.id and r.step == 0
    # All four hands face up as dealt, and the turned card.
    dealt = hands_of(row.record)
    for seat in range(4):
        assert set(scene.remaining(seat)) == set(dealt[seat])
    assert str(r.deal.record.trump_card) == row.record["trump_card"]
    assert scene.shown_trick() == []
    plays = plays_of(row)
    assert len(plays) == 52
    for k, (seat, card) in enumerate(plays, 1):
        tap_button(app, "next")
        assert r.step == k
        trick = scene.shown_trick()
        assert trick[-1] == (seat, parse_card(card))  # the card just played is on the table
        start = (k - 1) // 4 * 4
        assert [(s, str(c)) for s, c in trick] == plays[start:k]  # the whole trick, in order
        held = scene.remaining("NESW".index(seat))
        assert parse_card(card) not in held and len(held) == 13 - (k + 3) // 4
        assert scene.status()[0] == f"Card {k} of 52"
    # The end: the hand's result, and no further to go.
    assert not scene.buttons.by_name("next").enabled
    tricks = row.result["tricks"]
    assert f"Tricks: NS {tricks[0]}, EW {tricks[1]}" in scene.result_lines()
    assert scene.status()[2] == f"Tricks NS {tricks[0]}, EW {tricks[1]}"
    # Back a card, back and forward a trick.
    tap_button(app, "prev")
    assert r.step == 51 and len(scene.shown_trick()) == 3
    tap_button(app, "prev_trick")
    assert r.step == 48 and len(scene.shown_trick()) == 4
    tap_button(app, "prev_trick")
    assert r.step == 44
    tap_button(app, "next_trick")
    assert r.step == 48
    app.step()  # and it draws
    tap_button(app, "back")
    assert app.scene is scene and scene.replay is None  # back to the list
    tap_button(app, "back")
    assert app.scene.name == "menu"


def test_play_runs_the_deal_through_by_itself_and_pause_stops_it(app):
    open_history(app)
    tap_button(app, "deal-0")
    scene = app.scene
    r = scene.replay
    tap_button(app, "play")
    assert scene.playing and scene.buttons.by_name("play").label == "Pause"
    assert run_until(app, lambda: r.step >= 6, max_steps=200, dt=0.25)
    tap_button(app, "play")
    at = r.step
    for _ in range(20):
        app.step(0.25)
    assert r.step == at and not scene.playing
    tap_button(app, "play")
    assert run_until(app, lambda: r.step == r.total, max_steps=2000, dt=0.25)
    assert not scene.playing and scene.buttons.by_name("play").label == "Play"


def test_an_undone_card_is_not_replayed(tmp_path):
    """A scanning mistake taken back is a row of its own in the journal: the replay
    folds it, as rebuilding the match does."""
    with Store(tmp_path / "w.sqlite3") as store:
        match = Match(seed="undo")
        Journal(store, ai_players("rules")).follow(match)
        deal = match.new_deal()
        for _ in range(3):
            deal.play(parse_card(rules_card(deal.observation(deal.turn), match.move_seed())))
        match.undo()
        deal = match.current
        while not deal.is_over:
            deal.play(parse_card(rules_card(deal.observation(deal.turn), match.move_seed())))
        match.finish_deal()
        row = store.recent_deals(1)[0]
        assert any(a.get("undo") for a in row.actions)
        app = make_app((800, 480))
        app.store = store
        try:
            open_history(app)
            tap_button(app, "deal-0")
            scene = app.scene
            assert scene.replay.total == 52
            for _ in range(52):
                tap_button(app, "next")
            played = [(s.name, str(c)) for t in scene.replay.state().tricks for s, c in t.plays()]
            assert played == plays_of(row)
        finally:
            app.close()


def test_without_a_store_history_says_so():
    app = make_app((800, 480))
    try:
        scene = open_history(app)
        assert scene.rows == []
        app.step()
        tap_button(app, "back")
        assert app.scene.name == "menu"
    finally:
        app.close()


@pytest.mark.parametrize("scene", ["recall", "recall-deal"])
def test_the_screenshot_command_renders_history(tmp_path, capsys, scene):
    out = tmp_path / f"{scene}.png"
    assert main(["screenshot", "--scene", scene, "--size", "800x480", "--out", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 480)
