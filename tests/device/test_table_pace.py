"""Pace: Last trick says why it is closed, a tap out of turn is answered, the
hint says what its number means."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app, run_until, tap, tap_button  # noqa: E402
from engine.seats import Seat  # noqa: E402


def test_last_trick_says_why_it_is_unavailable():
    app = make_app((800, 480))
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        assert run_until(app, lambda: table.waiting_for_human)
        assert not table.b_last.enabled
        tap(app, *table.b_last.rect.center)
        assert table.status() == "Last trick: no trick has been played yet"
        deal = app.session.deal
        while not (deal.tricks and deal.current.cards and table.waiting_for_human):
            assert run_until(app, lambda: table.waiting_for_human)
            card = deal.legal_moves()[0]
            table.tap_card(card)
            table.tap_card(card)
            assert run_until(app, lambda: table.waiting_for_human)
        app.step(1 / 60)
        assert not table.b_last.enabled
        tap(app, *table.b_last.rect.center)
        assert table.status().startswith("Last trick: closed once")
    finally:
        app.close()


def test_a_tap_on_your_hand_out_of_turn_is_answered():
    app = make_app((800, 480), animation="normal")
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        deal = app.session.deal
        assert run_until(app, lambda: not table.busy and deal.turn != Seat.S and table.ready is not None
                         or table.waiting_for_human)
        if table.waiting_for_human:  # you lead: play, then tap while the next seat thinks
            card = deal.legal_moves()[0]
            table.tap_card(card)
            table.tap_card(card)
            assert run_until(app, lambda: not table.busy, max_steps=120)
        assert deal.turn != Seat.S
        card = table.hand_cards()[0]
        tap(app, *table.tap_point(card))
        assert table.status().startswith("Wait: ") and "to play, not you" in table.status()
    finally:
        app.close()


def test_the_hint_says_what_its_number_means():
    app = make_app((800, 480))
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        assert run_until(app, lambda: table.waiting_for_human)
        tap_button(app, "hint")
        assert run_until(app, lambda: table.hint_card is not None, max_steps=200)
        assert "your side can expect" in table.status() and "more tricks" in table.status()
    finally:
        app.close()
