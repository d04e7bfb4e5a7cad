"""Dummy whist with real cards: the dummy's 13 scanned face down at the deal, the auction and
the trumps by touch, the dummy face up opposite its declarer, who plays its cards."""

from __future__ import annotations

import pytest

from device.events import Action as Button
from device.events import ButtonEvent
from device.referee import AI_HANDS, HAND_OVER, PLAY, SETUP, STEPS, TRUMP, Referee
from device.store import Store
from engine.actions import Bid
from engine.errors import RulesError
from engine.games.dummy import DUMMY
from engine.seats import Seat
from tests.device.referee_driver import Table, rules_ai

N, E, S = Seat(0), Seat(1), Seat(2)


def highest(choices):
    bids = [c for c in choices if isinstance(c.action, Bid)]
    return bids[-1] if bids else choices[0]


def passing(choices):
    return next((c for c in choices if c.label == "Pass"), choices[0])


def dealt(dealer: Seat, seed: str = "dummy1", store=None) -> tuple[Referee, Table]:
    ref = Referee("dummy", None, {E: "rules"}, choose=rules_ai, seed=seed, store=store)
    assert ref.phase == SETUP and ref.name(DUMMY) == "Dummy"
    with pytest.raises(RulesError):
        ref.set_ai(DUMMY, "rules")  # the dummy is its declarer's
    ref.setup_dealer = S
    ref.handle(ButtonEvent(Button.RIGHT))  # South -> North: the dummy never deals
    assert ref.setup_dealer == N
    ref.choose_dealer(dealer)
    table = Table(ref)
    assert ref.phase == AI_HANDS
    assert {k for k, _ in ref.racks.plan.wants} == {E, DUMMY}  # the AI's rack and the dummy, face down
    return ref, table


def test_dummy_is_refereed():
    """Every game of the registry is refereed by the one session: its first hand's scanning begins."""
    from engine.games import GAMES

    for game in GAMES:
        ref = Referee(game, choose=rules_ai, seed=1)
        ref.choose_dealer(ref.seated()[0])
        assert ref.phase in (TRUMP, AI_HANDS, STEPS, PLAY), game
        assert "dummy" in GAMES


def test_a_person_declares_plays_the_dummy_face_up_a_refused_card_and_a_revoke():
    ref, table = dealt(S)
    dummy_cards = sorted(table.hands[DUMMY])
    assert [k for k, _ in ref.racks.plan.wants] == [DUMMY, E]  # round from the dealer's left: W, N, E
    assert "the dummy: 0 of 13 scanned" in ref.prompt()
    for card in dummy_cards:
        assert ref.scan(card), ref.messages[-1].text
    assert not ref.scan(dummy_cards[0])  # scanned already, in the dummy
    assert "AI East: 0 of 13" in ref.prompt()
    for card in sorted(table.hands[E]):
        assert ref.scan(card), ref.messages[-1].text
    assert ref.phase == STEPS and ref.deal.turn == N  # eldest: the dealer's left
    assert ref.view().face_up == ()  # face down until the auction is over
    # North bids the top: 7 no trumps by touch; the direction by touch too.
    table.steps(highest)
    contract = ref.deal.contract
    assert ref.phase == PLAY and contract is not None and contract.declarer == N
    v = ref.view()
    assert v.face_up == ((DUMMY, tuple(str(c) for c in dummy_cards)),)
    assert v.ring == (N, E, DUMMY, S)  # the dummy sits opposite North
    assert ref.deal.turn == N
    revoker = None
    refused = False
    while ref.phase == PLAY:
        deal = ref.deal
        seat = deal.turn
        if seat == DUMMY and not refused:
            assert "North lays one of the dummy's cards" in ref.prompt()
            stranger = sorted(table.hands[S])[0]  # not the dummy's: refused
            assert not ref.scan(stranger) and ref.messages[-1].kind == "error"
            refused = True
            continue
        if revoker is None and seat in (N, S):
            led = deal.current.led_suit if deal.current.cards else None
            hand = table.hands[seat]
            if led is not None and any(c.suit == led for c in hand):
                off = next((c for c in sorted(hand) if c.suit != led), None)
                if off is not None:
                    table.lay(seat, off)
                    revoker = seat
                    continue
        table.play(1)
    assert refused and revoker is not None
    assert ref.phase == HAND_OVER and ref.deal.revokes and ref.deal.revokes[0].seat == revoker
    summary = ref.view().summary
    assert any(line.startswith("revoke:") for line in summary) and any("Dummy" in line for line in summary)
    took = ref.deal.taken[N] + ref.deal.taken[DUMMY]
    assert ref.preview.points[N] == (took - 13 if took - 6 >= 7 else -(7 - (took - 6)))
    ref.next_hand()
    assert ref.dealer == N  # round the three players


def test_an_ai_declarer_plays_the_dummys_card_shown_face_up():
    ref, table = dealt(E, seed="dummy2")
    table.deal_in()
    table.steps(passing)  # both people pass: East, the dealer, must bid
    contract = ref.deal.contract
    assert ref.phase == PLAY and contract.declarer == E
    while ref.deal.turn != DUMMY:
        table.play(1)
    want = ref.expected_card()
    assert want in table.hands[DUMMY]
    v = ref.view()
    assert v.expected_shown == str(want) and v.expected_place is None  # face up: the card itself
    assert f"{want.symbol} from Dummy's cards, face up" in ref.prompt()
    other = next(c for c in sorted(table.hands[DUMMY]) if c != want)
    assert not ref.scan(other) and "not" in ref.messages[-1].text
    table.play()
    assert ref.phase == HAND_OVER and sum(ref.deal.taken) == 13


def test_dummy_resumes_after_a_cut(tmp_path):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        ref, table = dealt(S, store=store)
        table.deal_in()
        table.steps(highest)
        table.play(6)
        before = ref.match.to_dict()
    with Store(db) as store:
        again = Referee("oh-hell", choose=rules_ai, store=store)
        assert again.resume() and again.game.name == "dummy" and again.match.to_dict() == before
        table.ref = again
        table.rerack()
        played = {c for t in again.deal.tricks for c in t.cards} | set(again.deal.current.cards)
        table.hands = {s: h - played for s, h in table.hands.items()}
        table.play()
        assert again.phase == HAND_OVER


def test_readers_per_seat_the_dummys_card_goes_on_its_declarers_reader():
    ref = Referee("dummy", None, {E: "rules"}, choose=rules_ai, seed="dummy1")
    ref.begin_reader_setup()
    for n, seat in enumerate((N, E, S)):
        assert ref.readers.asking == seat
        assert ref.scan("SA", reader=f"usb-{n}")
    assert ref.phase == SETUP and ref.readers.asking is None  # nobody sits at the dummy's place
    ref.choose_dealer(S)
    table = Table(ref)
    table.deal_in()
    table.steps(highest)
    assert ref.deal.contract.declarer == N
    while ref.deal.turn != DUMMY:
        table.play(1)
    card = table.legal_card(DUMMY)
    assert not ref.scan(card, reader="usb-2")  # South's reader: not South's turn
    assert "not South's turn" in ref.messages[-1].text
    assert ref.scan(card, reader="usb-0")  # North plays the dummy's cards
