"""Dummy whist and Knockout's dog's life on the Real cards screen, driven by taps and scans
(SDL's dummy driver)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.scenes.referee import RefereeScene  # noqa: E402
from device.app.testing import make_app, tap_button  # noqa: E402
from device.referee import AI_HANDS, HAND_OVER, PLAY, STEPS, Referee  # noqa: E402  # noqa: E402
from engine.games.dummy import DUMMY  # noqa: E402
from engine.seats import Seat  # noqa: E402
from tests.device.referee_driver import Table, rules_ai, scan, settle, tap_choice  # noqa: E402

N, E, S = Seat(0), Seat(1), Seat(2)


def test_dummy_whist_from_the_menu_the_dummy_played_by_its_declarer():
    app = make_app((800, 480), game="dummy")
    try:
        tap_button(app, "real cards")
        assert isinstance(app.scene, RefereeScene)
        ref = app.referee_session
        assert isinstance(ref, Referee) and ref.game.name == "dummy"
        tap_button(app, "seat_W")  # the dummy: never an AI
        assert not ref.ai_seats and ref.messages[-1].kind == "error"
        tap_button(app, "seat_E")  # East: the AI
        for _ in range(3):
            tap_button(app, "dealer")  # North -> East -> South -> North: the dummy never deals
            assert ref.setup_dealer != DUMMY
        tap_button(app, "dealer")
        tap_button(app, "dealer")  # South deals: North speaks first
        assert ref.setup_dealer == S
        tap_button(app, "start")
        assert ref.phase == AI_HANDS
        record = ref.template
        hands = {Seat(i): set(h) for i, h in enumerate(record.hands())}
        for key, _ in list(ref.racks.plan.wants):
            for card in sorted(hands[key]):
                scan(app, card)
        settle(app)
        assert ref.phase == STEPS and ref.deal.turn == N
        tap_choice(app, "7 notrump")  # nobody bids over it
        settle(app)
        while ref.phase == STEPS:
            tap_choice(app)  # South passes; North names the direction
            settle(app)
        assert ref.phase == PLAY and ref.deal.contract.declarer == N
        assert ref.view().face_up and ref.view().face_up[0][0] == DUMMY
        refused = False
        while ref.phase == PLAY:
            settle(app)
            deal = ref.deal
            seat = deal.turn
            if seat == DUMMY and not refused:
                scan(app, sorted(hands[S])[0])  # South's card at the dummy's turn: refused
                assert ref.messages[-1].kind == "error"
                refused = True
                continue
            card = ref.expected_card() if ref.is_ai(seat) else \
                deal.order.legal(frozenset(hands[seat]), deal.current.cards)[0]
            before = len(deal.actions)
            scan(app, card)
            assert len(ref.deal.actions) == before + 1, ref.messages[-1].text
            hands[seat].discard(card)
        assert ref.phase == HAND_OVER and refused
        assert any("Dummy" in line for line in ref.view().summary)
        app.step(1 / 60)
        tap_button(app, "next")
        assert ref.phase == AI_HANDS and ref.dealer == N
    finally:
        app.close()


def test_knockout_a_dog_knocks_by_a_tap():
    from engine.games.knockout import KnockoutRules

    app = make_app((800, 480), game="knockout", players=3)
    try:
        rules = KnockoutRules(players=3, dogs_life=True)
        ref = Referee("knockout", 3, {E: "rules"}, rules=rules, choose=rules_ai, seed="dog1")
        ref.choose_dealer(N)
        Table(ref).play_hand()
        ref.next_hand()
        app.referee_session = ref
        app.go("referee")
        assert isinstance(app.scene, RefereeScene)
        table = Table(ref)
        (dog_card,) = table.hands[S]
        scan(app, dog_card)  # Player 3's one card, face down
        for card in sorted(table.hands[E]):
            scan(app, card)
        settle(app)
        while ref.phase == STEPS:
            tap_choice(app)
            settle(app)
        while ref.deal.turn != S:
            table.play(1)
            settle(app)
        app.scene.ensure_layout(app.size)
        assert any(b.label == "Knock" for b in app.scene.buttons.buttons)
        tricks = len(ref.deal.tricks)
        tap_button(app, "choice_0")
        assert "knocks" in " ".join(m.text for m in ref.messages[-3:])
        assert len(ref.deal.tricks) == tricks + 1 or ref.deal.turn != S
    finally:
        app.close()


@pytest.mark.parametrize("scene", ["referee-hand", "referee-bids"])
def test_screenshots_of_dummy_whist_real_cards(tmp_path, scene):
    from device.app.main import screenshot

    out = screenshot(scene, (800, 480), str(tmp_path / f"{scene}.png"), seed=1, game="dummy")
    assert os.path.getsize(out) > 0
