"""Widow whist's Real cards screen, driven by taps and scans (SDL's dummy driver): the widow
scanned face down, taken by a tap, a hand kept by a tap, a card refused, a revoke flagged."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.scenes.referee import RefereeScene  # noqa: E402
from device.app.testing import make_app, tap_button  # noqa: E402
from device.referee import AI_HANDS, HAND_OVER, PLAY, STEPS, TRUMP, Referee  # noqa: E402  # noqa: E402
from engine.seats import Seat  # noqa: E402
from tests.device.referee_driver import person_card, scan, settle, tap_choice  # noqa: E402


def test_widow_whist_from_the_menu_through_a_hand():
    app = make_app((800, 480), game="widow")
    try:
        tap_button(app, "real cards")
        assert isinstance(app.scene, RefereeScene)
        ref = app.referee_session
        assert isinstance(ref, Referee) and ref.game.name == "widow" and ref.players == 3
        tap_button(app, "seat_1")  # Player 2: the AI
        tap_button(app, "dealer")  # Player 1 -> Player 2: Player 3 is offered the widow first
        tap_button(app, "start")
        assert ref.phase == TRUMP and ref.dealer == Seat(1)
        record = ref.template
        hands = {Seat(i): set(h) for i, h in enumerate(record.hands())}
        scan(app, record.trump_card)
        assert ref.phase == AI_HANDS
        for card in sorted(hands[Seat(1)]):
            if card != record.trump_card:
                scan(app, card)
        widow = record.pile("widow")
        for card in widow:
            scan(app, card)
        settle(app)
        assert ref.phase == STEPS and ref.deal.turn == Seat(2)
        tap_choice(app, "Take")
        settle(app)
        tap_choice(app, "Keep my hand")  # the widow laid away, dead
        settle(app)
        assert ref.phase == PLAY and ref.deal.exchanges[0].seat == Seat(2)
        revoked = False
        while ref.phase == PLAY:
            settle(app)
            deal = ref.deal
            seat = deal.turn
            if ref.is_ai(seat):
                card = ref.expected_card()
                assert card is not None
            else:
                scan(app, widow[0])  # a dead card: refused
                assert ref.messages[-1].kind == "error" and "dead hand" in ref.messages[-1].text
                card, revoked = person_card(deal, hands[seat], revoked)
            before = len(deal.actions)
            scan(app, card)
            assert len(ref.deal.actions) == before + 1, ref.messages[-1].text
            hands[seat].discard(card)
        assert ref.phase == HAND_OVER
        assert revoked and ref.deal.revokes and any(b.startswith("revoke") for b in ref.view().badges)
        assert any("Player 3 took the widow" in line for line in ref.view().summary)
        app.step(1 / 60)
        tap_button(app, "next")
        assert ref.phase == TRUMP and ref.dealer == Seat(2)
    finally:
        app.close()


@pytest.mark.parametrize("scene", ["referee-hand", "referee-bids", "referee-kitty"])
def test_screenshots_of_widow_whist_real_cards(tmp_path, scene):
    from device.app.main import screenshot

    out = screenshot(scene, (800, 480), str(tmp_path / f"{scene}.png"), seed=1, game="widow")
    assert os.path.getsize(out) > 0
