"""The hand review as a picture: the four hands stepped trick by trick, each card
marked with its double-dummy cost, and the chart of the tricks your side could take."""

from __future__ import annotations

import pytest

from device.app.main import _play_out
from device.app.scenes.review import ReviewScene, review_lines, side_series
from device.app.testing import make_app, run_until, tap_button
from device.events import Action, ButtonEvent
from engine.ai.review import review
from engine.seats import Seat


@pytest.fixture
def reviewed():
    # seed 7: our side's one costly card lost a trick (see test_words)
    app = make_app((800, 480), seed=7)
    session = app.session
    _play_out(session.shuffle_and_deal(), match=session.match)
    session.finish()
    app.go("review")
    assert run_until(app, lambda: app.scene.result is not None, max_steps=50)
    yield app
    app.close()


def _key(app, action):
    app.queue.post(ButtonEvent(action, source="key"))
    app.step(1 / 60)


def test_it_opens_on_the_deal_and_steps_by_buttons_and_keys(reviewed):
    app = reviewed
    scene = app.scene
    assert isinstance(scene, ReviewScene) and scene.step == 0
    assert not scene.buttons.by_name("prev").enabled
    _key(app, Action.RIGHT)
    assert scene.step == 1
    tap_button(app, "next")
    assert scene.step == 2
    tap_button(app, "prev")
    _key(app, Action.LEFT)
    assert scene.step == 0
    for _ in range(20):  # never past the last trick
        _key(app, Action.RIGHT)
    assert scene.step == 13 and not scene.buttons.by_name("next").enabled


def test_the_hands_shrink_as_the_tricks_are_played(reviewed):
    scene = reviewed.scene
    deal = reviewed.session.last_deal
    assert [len(h) for h in scene.hands_before(1).values()] == [13] * 4
    before_5 = scene.hands_before(5)
    assert [len(h) for h in before_5.values()] == [9] * 4
    for seat, card in deal.tricks[4].plays():
        assert card in before_5[seat]  # the trick's own cards are still shown, marked


def test_every_card_is_marked_with_the_engines_cost_and_better_card(reviewed):
    scene = reviewed.scene
    deal = reviewed.session.last_deal
    rows = review(deal)
    costly = 0
    for step in range(1, 14):
        for (seat, card), mark in zip(deal.tricks[step - 1].plays(), scene.costs(step), strict=True):
            row = rows[4 * (step - 1) + [s for s, _ in deal.tricks[step - 1].plays()].index(seat)]
            assert mark is not None and mark.card == str(card) == row["card"]
            assert mark.cost == row["cost"] and list(mark.best) == row["best"]
            costly += mark.mistake
    assert costly == sum(bool(r["mistake"]) for r in rows) >= 1


def test_the_chart_follows_your_sides_double_dummy_tricks(reviewed):
    scene = reviewed.scene
    series = side_series(scene.result)
    assert len(series) == 53
    for i, r in enumerate(scene.result, 1):
        ours = Seat.parse(r.seat).side == 0
        assert series[i] == (r.after if ours else 13 - r.after)
        if r.mistake:  # our mistake lowers the line, theirs raises it
            assert (series[i] < series[i - 1]) == ours
    # the last point is what the hand made, as every card was played
    assert series[-1] == reviewed.session.last_score.tricks[0]


def test_the_text_version_stays_behind_list(reviewed):
    app = reviewed
    tap_button(app, "list")
    assert app.scene.as_list and app.scene.buttons.by_name("up").visible
    texts = [t for _, t in app.scene.lines()]
    assert texts[0] == "We: 1 costly card, 1 trick lost"
    assert texts == [t for _, t in review_lines(app.session.last_deal, app.scene.result)]
    app.step(1 / 60)
    assert app.scene.buttons.by_name("list").label == "Diagram"
    tap_button(app, "list")
    assert not app.scene.as_list and app.scene.buttons.by_name("next").visible


def test_without_the_analysis_the_hands_still_step():
    app = make_app((800, 480), seed=7)
    try:
        session = app.session
        _play_out(session.shuffle_and_deal(), match=session.match)
        session.finish()
        app.go("review")
        app.step(1 / 60)
        scene = app.scene
        scene.result, scene.failed = None, True
        scene.go_to(3)
        app.step(1 / 60)
        assert scene.costs(3) == [None] * 4
        assert side_series([]) == []
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (480, 800)])
def test_every_trick_draws_at_every_size(size):
    app = make_app(size, seed=7)
    try:
        session = app.session
        _play_out(session.shuffle_and_deal(), match=session.match)
        session.finish()
        app.go("review")
        assert run_until(app, lambda: app.scene.result is not None, max_steps=50)
        for step in range(14):
            app.scene.go_to(step)
            app.step(1 / 60)
        # the step label sits between the buttons, not under them
        scene = app.scene
        for name in ("prev", "next", "list"):
            assert not scene.buttons.by_name(name).rect.colliderect(scene.bar)
    finally:
        app.close()


def test_history_prints_the_same_review_in_the_terminal(tmp_path, capsys):
    from device.app.scenes.recall import seed_demo_store
    from device.cli import main
    from device.review import CardCost
    from device.store import Store
    from device.store.recall import match_rules, replay

    db = tmp_path / "w.sqlite3"
    with Store(db) as store:
        seed_demo_store(store, hands=1, seed=3)
        row = store.recent_deals(1)[0]
        deal = replay(row, match_rules(store, row.match_id)).deal
    assert main(["history", "--show", str(row.id), "--review", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    expected = review_lines(deal, [CardCost.of(r) for r in review(deal)])
    assert expected[0][1].startswith("We:")
    for _, line in expected:
        assert line in out


def test_a_swipe_steps_and_a_tap_on_the_chart_picks_a_trick(reviewed):
    from device.app.testing import finger

    app = reviewed
    scene = app.scene
    app.step(1 / 60)
    cx, cy = scene.diagram.center
    finger(app, "down", cx + 80, cy)
    finger(app, "move", cx - 20, cy)
    finger(app, "up", cx - 80, cy)  # to the left: the next trick
    app.step(1 / 60)
    assert scene.step == 1
    finger(app, "down", cx - 80, cy)
    finger(app, "up", cx + 80, cy)
    app.step(1 / 60)
    assert scene.step == 0
    app.step(1 / 60)
    plot = scene._plot
    assert plot is not None
    x = plot.left + plot.w * 9.5 / 13  # the middle of the tenth trick's column
    finger(app, "down", x, plot.centery)
    finger(app, "up", x, plot.centery)
    app.step(1 / 60)
    assert scene.step == 10
