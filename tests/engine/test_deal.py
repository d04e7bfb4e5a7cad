"""One deal of classic whist: dealing, turns, following suit, the turned
card, the last-trick rule, claims, undo, observations and replay."""

import pytest

from engine.actions import Claim, Play, action_from_dict
from engine.cards import Card, parse_card
from engine.deal import Deal, DealRecord
from engine.errors import HandOver, IllegalPlay, NotationError, NotYourTurn, RulesError
from engine.games.classic.rules import Rules
from engine.seats import SEATS, Seat

PBN = "N:AKQJT9...T987654 .AKQJT987..AKQ32 ..AKQJT98765432. 8765432.65432..J"


def seeded(seed=1, dealer=Seat.W):
    return Deal(DealRecord.deal(dealer, seed=seed))


def play_out(deal, pick=lambda legal: legal[0]):
    while not deal.is_over:
        deal.play(pick(deal.legal_moves()))
    return deal


def test_dealing_one_at_a_time_clockwise_from_dealers_left():
    record = DealRecord.deal(Seat.E, seed=3)
    hands = record.hands()
    for i, card in enumerate(record.pack):
        assert card in hands[Seat.E.offset(1 + i % 4)]
    assert record.pack[0] in hands[Seat.S]  # first card to the dealer's left
    assert all(len(h) == 13 for h in hands)


def test_last_card_turned_for_trumps_belongs_to_dealer():
    record = DealRecord.deal(Seat.S, seed=9)
    assert record.trump_card == record.pack[-1]
    assert record.trump == record.trump_card.suit
    assert record.trump_card in record.hands()[Seat.S]


def test_cycling_deal_turns_no_card():
    record = DealRecord.deal(Seat.N, seed=9, trump=4)
    assert record.trump == 4 and record.trump_card is None


def test_first_leader_is_dealers_left():
    for dealer in SEATS:
        deal = seeded(dealer=dealer)
        assert deal.turn == dealer.next


def test_turned_card_visible_until_dealer_plays_to_trick_one():
    deal = seeded(5, dealer=Seat.W)
    assert deal.trump_card_showing
    for _ in range(3):  # N, E, S play
        deal.play(deal.legal_moves()[0])
        assert deal.trump_card_showing
    deal.play(deal.legal_moves()[0])  # the dealer plays
    assert not deal.trump_card_showing
    obs = deal.observation(Seat.N)
    assert obs["trump_card"] == str(deal.record.trump_card)  # still known to have been turned


def test_turned_card_still_known_if_dealer_keeps_it():
    deal = Deal(DealRecord.from_hands(PBN, dealer="W", trump="S", trump_card="S2"))
    for card in ("SA", "HA", "D2"):
        deal.play(card)
    deal.play("S8")  # West follows with another spade, keeps S2
    assert not deal.trump_card_showing
    assert Card("S2") in deal.hand(Seat.W)


def test_turned_card_must_match_trumps_and_be_dealers():
    with pytest.raises(RulesError, match="does not match trumps"):
        DealRecord.from_hands(PBN, dealer="W", trump="H", trump_card="S2")
    with pytest.raises(RulesError, match="must be in the dealer's hand"):
        DealRecord.from_hands(PBN, dealer="W", trump="S", trump_card="SA")


def test_error_messages():
    deal = Deal(DealRecord.from_hands(PBN, dealer="W", trump="H"))
    with pytest.raises(NotYourTurn, match="not your turn: North to play"):
        deal.apply(Play(Seat.E, parse_card("HA")))
    with pytest.raises(IllegalPlay, match="North does not hold HA"):
        deal.apply(Play(Seat.N, parse_card("HA")))
    deal.play("CT")
    with pytest.raises(IllegalPlay, match="must follow clubs"):
        deal.play("HA")
    with pytest.raises(IllegalPlay, match=r"CT already played \(in this trick\)"):
        deal.play("CT")
    for card in ("CA", "D2", "CJ"):
        deal.play(card)
    with pytest.raises(IllegalPlay, match=r"CT already played \(in trick 1\)"):
        deal.apply(Play(Seat.E, parse_card("CT")))
    state = deal.to_dict()
    with pytest.raises(IllegalPlay):
        deal.play("DA")  # East leads now, South's card
    assert deal.to_dict() == state  # a refused action changes nothing


def test_legal_moves_follow_suit():
    deal = Deal(DealRecord.from_hands(PBN, dealer="W", trump="H"))
    assert len(deal.legal_moves()) == 13  # leader may lead anything
    deal.play("S9")
    assert deal.legal_moves() == sorted(deal.hand(Seat.E))  # East has no spades
    deal.play("H7")
    assert [str(c) for c in deal.legal_moves()][:2] == ["D2", "D3"]  # South: no spades either
    deal.play("D2")
    assert all(c.suit == 0 for c in deal.legal_moves())  # West has spades


def test_trick_winner_leads_next_and_tricks_counted():
    deal = Deal(DealRecord.from_hands(PBN, dealer="W", trump="H"))
    for card in ("S9", "H7", "D2", "S2"):
        deal.play(card)
    assert deal.turn == Seat.E  # ruffed with H7
    assert deal.tricks_taken() == (0, 1)


def test_last_trick_viewable_until_next_first_card():
    deal = seeded(7)
    assert not deal.last_trick_viewable
    with pytest.raises(RulesError, match="no trick has been completed"):
        deal.view_last_trick()
    for _ in range(4):
        deal.play(deal.legal_moves()[0])
    assert deal.last_trick_viewable
    assert deal.view_last_trick() == deal.tricks[0]
    deal.play(deal.legal_moves()[0])
    assert not deal.last_trick_viewable
    with pytest.raises(RulesError, match="the last trick is closed"):
        deal.view_last_trick()


def test_claim_ends_hand_and_gives_the_rest_to_the_other_side():
    deal = seeded(11)
    for _ in range(8):
        deal.play(deal.legal_moves()[0])
    before = deal.tricks_taken()
    assert sum(before) == 2
    deal.apply(Claim(Seat.E, 7))
    assert deal.is_over and deal.turn is None
    ns, ew = deal.tricks_taken()
    assert (ns, ew) == (before[0] + 4, before[1] + 7)
    with pytest.raises(HandOver, match="the hand is over"):
        deal.play("SA")


def test_claim_out_of_range():
    deal = seeded(11)
    with pytest.raises(RulesError, match="between 0 and 13"):
        deal.apply(Claim(Seat.N, 14))


def test_hand_over_after_13_tricks():
    deal = play_out(seeded(12))
    assert len(deal.tricks) == 13 and sum(deal.tricks_taken()) == 13
    with pytest.raises(HandOver):
        deal.play("SA")


def test_undo_and_replay():
    deal = seeded(13)
    for _ in range(6):
        deal.play(deal.legal_moves()[-1])
    earlier = deal.undo()
    assert earlier.actions == deal.actions[:-1]
    assert Deal.replay(deal.record, deal.actions).to_dict() == deal.to_dict()
    with pytest.raises(RulesError, match="nothing to undo"):
        seeded(13).undo()


def test_to_dict_round_trip_mid_hand_and_finished():
    deal = seeded(14)
    for _ in range(21):
        deal.play(deal.legal_moves()[0])
    again = Deal.from_dict(deal.to_dict())
    assert again.to_dict() == deal.to_dict()
    assert again.observation(Seat.S) == deal.observation(Seat.S)
    assert again.turn == deal.turn and again.tricks == deal.tricks
    play_out(deal)
    again = Deal.from_dict(deal.to_dict())
    assert again.tricks_taken() == deal.tricks_taken()


def test_actions_from_dict():
    assert action_from_dict({"type": "play", "seat": "E", "card": "10h"}) == Play(Seat.E, parse_card("HT"))
    assert action_from_dict({"type": "claim", "seat": "S", "tricks": 3}) == Claim(Seat.S, 3)
    with pytest.raises(NotationError, match="lacks the field 'card'"):
        action_from_dict({"type": "play", "seat": "E"})
    with pytest.raises(NotationError, match="type must be"):
        action_from_dict({"type": "bid"})


def test_observation_format_and_privacy():
    deal = seeded(15)
    for _ in range(5):
        deal.play(deal.legal_moves()[0])
    obs = deal.observation("S")
    assert set(obs) == {"seat", "hand", "dealer", "trump", "trump_card", "tricks", "trick"}
    assert obs["seat"] == "S" and obs["dealer"] == deal.dealer.name
    assert obs["hand"] == sorted(obs["hand"], key=lambda c: parse_card(c))
    assert set(obs["hand"]) == {str(c) for c in deal.hand(Seat.S)}
    assert obs["tricks"] == [deal.tricks[0].to_dict()]
    assert obs["trick"] == {"leader": deal.current.leader.name, "cards": [str(deal.current.cards[0])]}


def test_dealt_hands_and_pbn():
    record = DealRecord.from_hands(PBN, dealer="W", trump="H")
    assert record.pbn() == "W:" + PBN.split()[3] + " " + " ".join(PBN[2:].split()[:3])
    deal = play_out(Deal(record))
    assert deal.dealt_hands() == record.hands()


def test_from_hands_refuses_bad_hands():
    spades = ["S" + r for r in "AKQJT98765432"]
    with pytest.raises(NotationError, match="52 different cards"):
        DealRecord.from_hands([spades] * 4, dealer="N", trump="S")
    with pytest.raises(NotationError, match="each hand needs 13 cards"):
        DealRecord.from_hands([["SA"]] * 4, dealer="N", trump="S")


def test_repr_mentions_state():
    assert "trick=1" in repr(seeded(1))


def test_rules_validation():
    with pytest.raises(RulesError, match="game target 6 is not offered"):
        Rules(target=6)
    with pytest.raises(RulesError, match="revoke penalty 4"):
        Rules(revoke_penalty=4)
    with pytest.raises(RulesError, match="must name each suit"):
        Rules(cycle_order="DDHS")
    with pytest.raises(RulesError, match="unknown rule setting"):
        Rules.from_dict({"target": 5, "jokers": True})
    rules = Rules(target=9, honours=True, cycling_trumps=True, cycle_order="hsdc")
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.cycle_order == "HSDC"


def test_cycling_trump_order():
    rules = Rules(cycling_trumps=True, cycle_order="DCHS")
    assert [rules.trump_for_hand(n) for n in range(7)] == [2, 3, 1, 0, 4, 2, 3]
    assert Rules().trump_for_hand(3) is None


@pytest.mark.parametrize("tricks", [7.5, 7.0, "7", True, None])
def test_a_claim_is_a_whole_number_of_tricks(tricks):
    # Claim(N, 7.5) used to be taken and score 1.5 points.
    with pytest.raises(NotationError, match=r"a claim's tricks are a whole number of tricks"):
        Claim(Seat.N, tricks)


@pytest.mark.parametrize("tricks", ["seven", None, 7.5, [7]])
def test_actions_from_dict_refuse_a_bad_claim_with_the_engines_error(tricks):
    # "seven" raised a bare ValueError, None a TypeError.
    with pytest.raises(NotationError, match="'tricks'") as info:
        action_from_dict({"type": "claim", "seat": "S", "tricks": tricks})
    assert "whole number" in str(info.value) or "lacks the field 'tricks'" in str(info.value)


def test_actions_from_dict_refuse_what_is_not_an_action():
    with pytest.raises(NotationError, match="is not a seat"):
        action_from_dict({"type": "claim", "seat": None, "tricks": 3})
    with pytest.raises(NotationError, match="an action is an object with a 'type'"):
        action_from_dict(["claim", "S", 3])
