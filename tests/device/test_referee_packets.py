"""Catch the Ten at a real-card table, its cards in packets of six at two and three players:
an AI seat's later packets scanned after its rack, face down in the order taken up; the
dealer's turned card kept in its last packet; each packet taken up after every sixth trick."""

from __future__ import annotations

import pytest

from device.referee import AI_HANDS, HAND_OVER, PLAY, RACKS, TRUMP, Referee
from device.store import Store
from engine.cards import Card
from engine.games import get_game
from engine.seats import Seat
from tests.device.referee_driver import rules_ai

P1, P2, P3 = Seat(0), Seat(1), Seat(2)


def catch_the_ten(players: int, ai: tuple[Seat, ...], dealer: Seat, seed: str = "packets",
                  store: Store | None = None) -> Referee:
    game = get_game("catch-the-ten").with_players(players)
    rules = game.rules_from_dict({"packets": True})
    ref = Referee(game, rules=rules, choose=rules_ai, seed=seed, store=store)
    for seat in ai:
        ref.set_ai(seat, "rules")
    ref.choose_dealer(dealer)
    return ref


class Packets:
    """Every seat's cards as dealt (the engine's own shuffle is the deck): its first packet and
    those it takes up later, in order."""

    def __init__(self, ref: Referee) -> None:
        self.ref = ref
        t = ref.template
        assert t is not None
        self.record = t
        self.later = {Seat(i): list(t.pile(f"packets{i}")) for i in range(ref.players)}
        self.hands = {Seat(i): set(h or ()) for i, h in enumerate(t.hands())}

    def deal_in(self) -> None:
        ref, t = self.ref, self.record
        assert ref.phase == TRUMP
        assert ref.scan(t.trump_card), ref.messages[-1].text
        for key, _ in ref.racks.plan.wants:
            cards = sorted(self.hands[key]) if isinstance(key, Seat) else t.pile(key)
            for card in cards:
                if card != t.trump_card:
                    assert ref.scan(card), ref.messages[-1].text
        assert ref.phase == PLAY

    def play(self, tricks: int = 100) -> None:
        ref = self.ref
        while ref.phase == PLAY and len(ref.deal.tricks) < tricks:
            deal = ref.deal
            seat = deal.turn
            card = ref.expected_card() if ref.is_ai(seat) else \
                deal.order.legal(frozenset(self.hands[seat]), deal.current.cards)[0]
            done = len(deal.tricks)
            assert ref.scan(card), ref.messages[-1].text
            self.hands[seat].discard(card)
            if len(ref.deal.tricks) > done and len(ref.deal.tricks) % 6 == 0:
                for s, cards in self.later.items():  # each takes up its next packet
                    self.hands[s] |= set(cards[:6])
                    del cards[:6]


def test_two_players_the_ai_deals_its_packets_scanned_and_taken_up():
    ref = catch_the_ten(2, ai=(P2,), dealer=P2)
    table = Packets(ref)
    turned = table.record.trump_card
    assert turned in table.later[P2]  # the dealer's last card: in its last packet
    plan = ref.racks.plan
    # The AI's first packet, then its two later packets less the turned card (scanned once).
    assert plan.wants == ((P2, 6), ("packets1", 11)) and plan.own_pile == "packets1"
    assert ref.scan(turned)
    assert ref.messages[-1].text.endswith("turned by Player 2: " + {0: "spades", 1: "hearts", 2: "diamonds",
                                                                   3: "clubs"}[turned.suit] + " are trumps")
    for card in sorted(table.hands[P2]):
        assert ref.scan(card)
    assert ref.prompt() == ("Player 2's packets, taken up later: 0 of 11 scanned - lay them on the reader "
                            "face down, first the cards taken up first, and stack them again in that order")
    assert not ref.scan(turned)  # the turned card is not scanned again
    assert "turned" in ref.messages[-1].text
    for card in table.later[P2]:
        if card != turned:
            assert ref.scan(card), ref.messages[-1].text
    assert ref.phase == PLAY
    deal = ref.deal
    # The engine holds the AI's first packet; its later ones lie face down, the turned card in its place.
    assert deal.hand(P2) == frozenset(table.hands[P2])
    assert deal.piles["packets1"] == tuple(table.later[P2])
    assert deal.hand(P1) is None and "packets0" not in deal.piles  # the person's are never seen
    # A card of the AI's later packets is no card of the person's.
    if deal.turn == P1:
        hidden = table.later[P2][0]
        assert not ref.scan(hidden)
        assert ref.messages[-1].text.startswith("that card lies face down in Player 2's packets: put it back")
    table.play(tricks=6)
    assert len(ref.deal.tricks) == 6
    said = [m.text for m in ref.messages]
    assert ("AI Player 2: take up its next 6 cards, face down, and put them at the right end of its rack "
            "in the order they were scanned") in said
    assert ref.deal.hand(P2) == frozenset(table.hands[P2])
    # The packet just taken up lies at the right end of the AI's rack, in the order scanned.
    assert ref.rack(P2)[-6:] == list(table.record.pile("packets1")[:6])
    table.play()
    assert ref.phase == HAND_OVER and len(ref.deal.tricks) == 18
    assert turned in ref.deal.played  # the AI took it up with its last packet and played it
    assert any(line.startswith("points:") for line in ref.summary_lines())


def test_two_players_the_person_deals_and_keeps_the_turned_card():
    ref = catch_the_ten(2, ai=(P2,), dealer=P1, seed="person-deals")
    table = Packets(ref)
    # The turned card lies in the person's last packet, which the table never sees.
    assert ref.racks.plan.wants == ((P2, 6), ("packets1", 12)) and ref.racks.plan.own_pile == "packets0"
    table.deal_in()
    deal = ref.deal
    assert deal.record.trump_card == table.record.trump_card and deal.hand(P1) is None
    table.play()
    assert ref.phase == HAND_OVER and len(ref.deal.tricks) == 18


@pytest.mark.parametrize("dealer", [P1, P3])
def test_three_players_two_packets_each(dealer):
    ref = catch_the_ten(3, ai=(P2, P3), dealer=dealer, seed=f"three{int(dealer)}")
    table = Packets(ref)
    wants = dict(ref.racks.plan.wants)
    assert wants[P2] == wants[P3] == 6
    assert wants["packets1"] == 6 and wants["packets2"] == (5 if dealer == P3 else 6)
    table.deal_in()
    table.play()
    assert ref.phase == HAND_OVER and len(ref.deal.tricks) == 12


def test_packets_off_deals_the_whole_hand_at_once():
    game = get_game("catch-the-ten").with_players(2)
    ref = Referee(game, rules=game.rules_from_dict({"packets": False}), choose=rules_ai, seed="whole")
    ref.set_ai(P2, "rules")
    ref.choose_dealer(P1)
    assert ref.racks.plan.wants == ((P2, 18),)


def test_a_cut_after_the_first_packet_resumes_with_the_later_ones(tmp_path):
    db = tmp_path / "table.sqlite3"
    with Store(db) as store:
        ref = catch_the_ten(2, ai=(P2,), dealer=P2, store=store)
        table = Packets(ref)
        table.deal_in()
        table.play(tricks=7)
        before = ref.match.to_dict()
    with Store(db) as store:
        again = Referee(choose=rules_ai, store=store)
        assert again.resume() and again.match.to_dict() == before
        assert again.phase in (RACKS, PLAY)
        while again.phase == RACKS:
            seat = again.racks.reracking()
            assert again.scan(sorted(again.racks.rerack[seat])[len(again.racks.rack_order.get(seat, []))])
        table.ref = again
        table.play()
        assert again.phase == HAND_OVER and len(again.deal.tricks) == 18


def test_the_scanning_refuses_a_card_twice_and_undoes_into_the_packets():
    ref = catch_the_ten(2, ai=(P2,), dealer=P1, seed="undo")
    table = Packets(ref)
    assert ref.scan(table.record.trump_card)
    for card in sorted(table.hands[P2]):
        assert ref.scan(card)
    first = table.later[P2][0]
    assert ref.scan(first)
    assert not ref.scan(first)
    assert ref.messages[-1].text.startswith("that card was scanned already: it is the 1st card from the left "
                                            "of Player 2's packets")
    assert ref.undo() and ref.phase == AI_HANDS
    assert ref.racks.racks["packets1"] == []
    assert Card("BJ") not in table.later[P2] and not ref.scan("BJ")  # no jokers
