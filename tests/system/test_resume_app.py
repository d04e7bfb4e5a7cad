"""The table app with its store: cards tapped on the screen are journalled, and an app
started after a cut comes straight back to the same hand, same cards, same trick."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app, run_until, tap, tap_button  # noqa: E402
from device.journal import attach_app, latest_match, rebuild  # noqa: E402
from device.store import Store  # noqa: E402
from engine.seats import Seat  # noqa: E402


def table_app(db):
    app = make_app((800, 480))
    app.config = app.config.updated({"store": {"path": str(db)}})
    return app, attach_app(app)


def play_my_cards(app, n: int) -> None:
    """South plays ``n`` cards by touch (the AI seats play in between)."""
    table, deal = app.scene, app.session.deal
    for _ in range(n):
        assert run_until(app, lambda: table.waiting_for_human)
        card = sorted(deal.legal_moves())[0]
        tap(app, *table.tap_point(card))
        tap(app, *table.tap_point(card))


def test_a_cut_mid_hand_boots_back_into_the_same_hand(tmp_path):
    db = tmp_path / "whist.sqlite3"
    app, store = table_app(db)
    try:
        assert app.scene.name == "menu"  # nothing to resume
        tap_button(app, "play")
        tap_button(app, "deal")
        play_my_cards(app, 5)
        deal = app.session.deal
        before = app.session.match.to_dict()
        seen = len(deal.actions)
        assert seen >= 17
        # What the screen has shown is all in the store already.
        assert len(store.unfinished_deal().actions) == seen
    finally:
        app.close()  # the power goes (the store is left as it was, not closed)

    again, store2 = table_app(db)
    try:
        assert again.scene.name == "table"
        assert again.session.match.to_dict() == before
        deal = again.session.deal
        assert len(deal.actions) == seen and len(deal.hand(Seat.S)) == 8
        play_my_cards(again, 8)
        assert run_until(again, lambda: again.scene.name != "table")
        assert deal.is_over
        row = latest_match(store2)
        stored = store2.deals_of_match(row.id)
        assert len(stored) == 1 and len(stored[0].actions) == 52 and stored[0].finished
        assert stored[0].result["tricks"] == list(deal.tricks_taken())
        assert rebuild(store2, row).to_dict() == again.session.match.to_dict()
    finally:
        again.close()
        store2.close()
        store.close()
    with Store(db, recover=False) as check:
        assert check.recovered_from is None and check.unfinished_deal() is None
