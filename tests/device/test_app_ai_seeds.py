"""The table's AI seats are seeded by (match seed, deal, action) and do a fixed
amount of work when the game is journalled, so a hand resumed after a power cut
goes on exactly as it would have gone without the cut."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from device.app.testing import make_app, run_until, tap, tap_button  # noqa: E402
from device.journal import attach_app  # noqa: E402
from engine.match import move_seed  # noqa: E402


def table_app(db, level="easy"):
    app = make_app((800, 480), seed=None, level=level)  # an unseeded table, like the kiosk's
    app.config = app.config.updated({"store": {"path": str(db)}})
    return app, attach_app(app)


def play_my_cards(app, n: int) -> None:
    table, deal = app.scene, app.session.deal
    for _ in range(n):
        if not run_until(app, lambda: table.waiting_for_human or deal.is_over):
            raise AssertionError("the AI never handed over")
        if deal.is_over:
            return
        card = sorted(deal.legal_moves())[0]
        tap(app, *table.tap_point(card))
        tap(app, *table.tap_point(card))


@pytest.fixture
def recorded(monkeypatch):
    """Every call the app makes to engine.ai.choose_card: (seed, budget, samples)."""
    import engine.ai

    calls = []
    real = engine.ai.choose_card

    def spy(observation, level="hard", seed=None, **kw):
        calls.append((seed, kw.get("budget", "time"), kw.get("samples")))
        return real(observation, level, seed, **kw)

    monkeypatch.setattr(engine.ai, "choose_card", spy)
    return calls


def test_each_ai_move_is_seeded_by_match_deal_and_action(tmp_path, recorded):
    app, store = table_app(tmp_path / "w.sqlite3")
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        play_my_cards(app, 2)
        match = app.session.match
        assert match.seed is not None  # every rubber has one, journalled with it
        actions = match.current.actions
        ai_actions = [i for i, a in enumerate(actions) if a.seat.name != "S"]
        if len(recorded) > len(ai_actions):  # the next AI seat is already thinking about its card
            ai_actions.append(len(actions))
        assert [seed for seed, _, _ in recorded] == [move_seed(match.seed, 0, i) for i in ai_actions]
        assert all(budget is None for _, budget, _ in recorded)  # a fixed amount of work
    finally:
        app.close()
        store.close()


def test_a_resumed_hand_plays_on_as_the_uncut_one_would(tmp_path):
    # One table plays a hand straight through; the other, with the same rubber
    # seed, is cut after three of South's cards and started again from its store.
    whole, store = table_app(tmp_path / "whole.sqlite3")
    try:
        tap_button(whole, "play")
        tap_button(whole, "deal")
        seed, record = whole.session.match.seed, whole.session.deal.record
        play_my_cards(whole, 13)
        assert run_until(whole, lambda: whole.session.match.deals[0].is_over)
        uncut = whole.session.match.deals[0].actions
    finally:
        whole.close()
        store.close()
    cut, store = table_app(tmp_path / "cut.sqlite3")
    try:
        tap_button(cut, "play")
        cut.session.match.seed = seed  # the rubber has not begun: nothing stored yet
        tap_button(cut, "deal")
        assert cut.session.deal.record == record
        play_my_cards(cut, 3)
    finally:
        cut.close()  # the power goes: the store is not even closed
    resumed, store2 = table_app(tmp_path / "cut.sqlite3")
    try:
        assert resumed.scene.name == "table"
        play_my_cards(resumed, 13)
        assert run_until(resumed, lambda: resumed.session.match.deals[0].is_over)
        assert resumed.session.match.deals[0].actions == uncut
    finally:
        resumed.close()
        store.close()
        store2.close()
