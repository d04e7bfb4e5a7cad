"""Hearts' pass and opening lead on the Real cards screen, by taps (SDL's dummy driver)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app, tap_button  # noqa: E402
from device.referee import PLAY, STEPS, Referee  # noqa: E402
from engine.actions import Play  # noqa: E402
from engine.games.hearts import lowest_club  # noqa: E402
from engine.seats import Seat  # noqa: E402
from tests.device.referee_driver import rules_ai, scan, settle  # noqa: E402


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_ai_pass_by_its_button_and_the_opening_card_by_its_holders_seat(size):
    app = make_app(size, game="hearts")
    try:
        ref = Referee("hearts", 4, choose=rules_ai, seed="scene")
        ref.set_ai(Seat(1), "rules")  # East: the AI; North, South, West people
        ref.touch = True
        ref.choose_dealer(Seat(0))
        app.referee_session = ref
        app.go("referee")
        settle(app)
        hands = {Seat(i): set(h or ()) for i, h in enumerate(ref.template.hands())}
        for card in sorted(hands[Seat(1)]):
            scan(app, card)
        opening = lowest_club(4)
        settle(app)
        assert ref.phase == STEPS and ref.deal.step.seat == Seat(1)
        app.scene.ensure_layout(app.size)
        passed = next(b for b in app.scene.buttons.buttons if b.name == "choice_0")
        assert passed.label == "Passed" and passed.rect.h >= 48
        tap_button(app, "choice_0")  # East's three cards given by hand
        settle(app)
        while ref.phase == STEPS:
            seat = ref.deal.step.seat
            scan(app, sorted(hands[seat] - set(ref.discards) - {opening})[-1])
            settle(app)
        assert ref.phase == PLAY
        holder = next(s for s, h in hands.items() if opening in h)
        assert holder != Seat(1) and ref.deal.unseen_opening() == opening  # (this seed's deal)
        # A button on each person's seat: the holder's taps it.
        app.scene.ensure_layout(app.size)
        seats = {b.name: b for b in app.scene.buttons.buttons if b.name.startswith("choice_")}
        assert [b.label for b in seats.values()] == ["North", "South", "West"]
        assert all(b.rect.w >= 48 and b.rect.h >= 48 for b in seats.values())
        assert all(app.scene.table_rect.contains(b.rect) for b in seats.values())
        name = next(n for n, b in seats.items() if b.label == ref.seat_word(holder))
        tap_button(app, name)
        assert ref.deal.actions[-1] == Play(holder, opening)
    finally:
        app.close()
