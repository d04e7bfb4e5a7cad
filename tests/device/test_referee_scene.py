"""The Real cards screen: reached from the menu, driven by taps and scans."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app, tap_button  # noqa: E402
from device.events import Action, ButtonEvent, CardScanned, ReaderStatus  # noqa: E402
from device.referee import AI_HANDS, HAND_OVER, PLAY, SETUP, TRUMP  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.deal import DealRecord  # noqa: E402
from engine.seats import Seat  # noqa: E402


def scan(app, card) -> None:
    app.queue.post(CardScanned(str(card), "0A1B2C3D4E"))
    app.step(1 / 60)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_real_cards_from_the_menu_to_the_summary(size):
    app = make_app(size)
    try:
        tap_button(app, "real cards")
        assert app.scene.name == "referee"
        session = app.scene.session
        assert session.phase == SETUP
        tap_button(app, "seat_W")  # West: an AI
        assert Seat.W in session.ai_seats
        tap_button(app, "dealer")  # North -> East
        tap_button(app, "start")
        assert session.phase == TRUMP and session.dealer == Seat.E
        record = DealRecord.deal(Seat.E, seed=9)
        tap_button(app, ["trump_0", "trump_1", "trump_2", "trump_3"][record.trump_card.suit])
        assert session.phase == AI_HANDS
        for card in sorted(record.hands()[Seat.W]):
            scan(app, card)
        assert session.phase == PLAY
        hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
        app.queue.post(ReaderStatus(False, "reader disconnected"))
        app.step(1 / 60)
        assert "reader disconnected" in session.view().badges
        # Select in play must not undo anything (no primary button there).
        app.queue.post(ButtonEvent(Action.SELECT, source="gpio"))
        app.step(1 / 60)
        while session.phase == PLAY:
            v = session.view()
            seat = session.deal.turn
            if v.expected_card is None and seat == Seat.W:
                app.step(1 / 60)  # the AI answers on the worker (synchronous in tests)
                continue
            led = session.deal.current.led_suit
            follow = [c for c in hands[seat] if c.suit == led]
            card = Card(v.expected_card) if seat == Seat.W else min(follow or hands[seat])
            before = len(session.deal.actions)
            scan(app, card)
            assert len(session.deal.actions) == before + 1, session.messages[-1].text
            hands[seat].discard(card)
        assert session.phase == HAND_OVER and session.view().summary
        tap_button(app, "next")
        assert session.phase == TRUMP and session.dealer == Seat.S
        assert sum(session.match.hands[-1].tricks) == 13
        # Back with nothing to undo leaves for the menu; the rubber is kept.
        tap_button(app, "back")
        assert app.scene.name == "menu"
        tap_button(app, "real cards")
        assert app.scene.session is session and len(session.match.hands) == 1
    finally:
        app.close()
