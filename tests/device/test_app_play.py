"""A whole hand played from the menu purely with posted touch events."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app, run_until, tap, tap_button  # noqa: E402
from engine.seats import Seat  # noqa: E402


@pytest.mark.parametrize("size,rotation", [((800, 480), 0), ((800, 480), 180),
                                           ((1920, 1080), 0), ((1920, 1080), 180)])
def test_full_hand_by_touch(size, rotation):
    app = make_app(size, rotation)
    try:
        assert app.scene.name == "menu"
        tap_button(app, "play")
        assert app.scene.name == "table"
        table = app.scene
        assert app.session.deal is None
        tap_button(app, "deal")
        deal = app.session.deal
        assert deal is not None and len(deal.hand(Seat.S)) == 13
        played = 0
        while True:
            assert run_until(app, lambda: app.scene.name != "table" or app.scene.waiting_for_human)
            if app.scene.name != "table":
                break
            legal = deal.legal_moves()
            card = legal[-1]
            before = len(deal.actions)
            # First tap selects: nothing is played yet.
            tap(app, *table.tap_point(card))
            assert table.selected == card
            assert len(deal.actions) == before
            assert card in deal.hand(Seat.S)
            # Second tap plays it.
            tap(app, *table.tap_point(card))
            assert card not in deal.hand(Seat.S)
            assert deal.actions[before].card == card and deal.actions[before].seat == Seat.S
            played += 1
        assert played == 13
        assert deal.is_over and sum(deal.tricks_taken()) == 13
        assert app.scene.name == "summary"
        assert app.session.match.hands[-1].tricks == deal.tricks_taken()
        assert app.stats.total().hands == 1
    finally:
        app.close()


def test_illegal_card_is_refused_with_reason():
    app = make_app((800, 480))
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        deal = app.session.deal
        for _ in range(13):
            assert run_until(app, lambda: table.waiting_for_human)
            legal = set(deal.legal_moves())
            bad = [c for c in deal.hand(Seat.S) if c not in legal]
            if bad:
                before = len(deal.actions)
                tap(app, *table.tap_point(bad[0]))
                tap(app, *table.tap_point(bad[0]))
                assert len(deal.actions) == before
                assert "must follow" in table.status().lower()
                return
            card = sorted(legal)[0]
            tap(app, *table.tap_point(card))
            tap(app, *table.tap_point(card))
        pytest.skip("South could always play any card in this deal")
    finally:
        app.close()
