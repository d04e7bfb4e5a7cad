"""A physical table: hands unknown to the engine, plays recorded unverified,
revokes found once proven and penalised at the end of the hand."""

import pytest

from engine.actions import Claim, Play
from engine.cards import Card, parse_card
from engine.deal import Deal, DealRecord
from engine.errors import IllegalPlay, NotationError, RulesError
from engine.games.classic.rules import Rules
from engine.games.classic.scoring import score_hand
from engine.pbn import parse_hands
from engine.seats import Seat

# True hands (the engine is not told them, except East's, scanned for the AI).
PBN = "N:AKQJT9...T987654 .AKQJT987..AKQ32 ..AKQJT98765432. 8765432.65432..J"
TRUE = [set(h) for h in parse_hands(PBN, complete=True)]


def physical(known_east=True):
    known = {Seat.E: [str(c) for c in TRUE[Seat.E]]} if known_east else None
    return Deal(DealRecord.physical("W", "H", trump_card="H6", known=known))


def play_physical(deal, revoke_plan=None):
    """Play the hand out with the true hands; ``revoke_plan`` maps
    (seat, trick number) to a card played instead of following suit."""
    hands = [set(h) for h in TRUE]
    plan = dict(revoke_plan or {})
    while not deal.is_over:
        seat = deal.turn
        card = plan.pop((seat, deal.trick_number), None)
        if card is None:
            led = deal.current.led_suit
            follow = sorted(c for c in hands[seat] if c.suit == led)
            card = follow[0] if follow else max(hands[seat])
        else:
            card = parse_card(card)
        hands[seat].discard(card)
        deal.apply(Play(seat, card))
    return deal


def test_unknown_hands_accept_any_unplayed_card():
    deal = physical()
    assert deal.hand(Seat.N) is None and deal.hand(Seat.E) is not None
    assert deal.legal_moves() == []  # the table cannot list North's cards
    deal.apply(Play(Seat.N, parse_card("CT")))
    assert deal.legal_moves() == sorted(c for c in TRUE[Seat.E] if c.suit == 3)
    obs = deal.observation(Seat.N)
    assert obs["hand"] == []


def test_already_played_card_refused():
    deal = physical()
    for seat, card in ((Seat.N, "CT"), (Seat.E, "C2"), (Seat.S, "D2"), (Seat.W, "CJ")):
        deal.apply(Play(seat, parse_card(card)))
    with pytest.raises(IllegalPlay, match=r"CT already played \(in trick 1\)"):
        deal.apply(Play(Seat.W, parse_card("CT")))


def test_card_known_in_another_hand_refused():
    deal = physical()
    with pytest.raises(IllegalPlay, match="CA is in East's hand"):
        deal.apply(Play(Seat.N, parse_card("CA")))


def test_turned_card_belongs_to_the_dealer():
    deal = physical(known_east=False)
    with pytest.raises(IllegalPlay, match="H6 is the turned trump card: it belongs to West, the dealer"):
        deal.apply(Play(Seat.N, parse_card("H6")))


def test_physical_record_validation():
    with pytest.raises(NotationError, match="East's hand has 2 cards, not 13"):
        DealRecord.physical("W", "H", known={Seat.E: ["SA", "SK"]})
    east = [str(c) for c in TRUE[Seat.E]]
    with pytest.raises(NotationError, match="scanned into two hands"):
        DealRecord.physical("W", "H", known={Seat.E: east, Seat.N: east})


def test_no_revoke_when_hands_followed():
    deal = play_physical(physical())
    assert deal.revokes == []
    assert len(deal.tricks) == 13
    # With every card seen, the hands as dealt are rebuilt from the plays.
    assert [set(h) for h in deal.dealt_hands()] == TRUE


def test_revoke_proven_later_and_penalised_at_end():
    deal = physical()
    # Trick 1: North leads CT... West holds CJ but discards a spade: a revoke
    # nobody can see yet.
    play_physical(deal, {(Seat.W, 1): "S2"})
    assert len(deal.revokes) == 1
    r = deal.revokes[0]
    assert (r.seat, r.suit, r.trick) == (Seat.W, 3, 1)
    assert r.proven_in > 1
    assert "West revoked in trick 1" in r.describe()
    rules = Rules(revoke_penalty=3)
    score = score_hand(deal, (0, 0), rules)
    ns, ew = deal.tricks_taken()
    moved = min(3, ew)
    assert score.penalty == (moved, 0)
    assert score.adjusted == (ns + moved, ew - moved)


def test_revoke_not_known_until_proven():
    deal = physical()
    for seat, card in ((Seat.N, "CT"), (Seat.E, "CA"), (Seat.S, "D2"), (Seat.W, "S2")):
        deal.apply(Play(seat, parse_card(card)))
    assert deal.revokes == []  # West may really be void in clubs
    # ...until West plays a club.
    for seat, card in ((Seat.E, "C2"), (Seat.S, "D3"), (Seat.W, "CJ")):
        deal.apply(Play(seat, parse_card(card)))
    assert [(r.seat, r.trick, r.proven_in) for r in deal.revokes] == [(Seat.W, 1, 2)]


def test_each_revoke_counts():
    deal = physical(known_east=False)
    # South holds only diamonds, so cannot revoke; West shows out of clubs
    # twice while holding CJ, then plays it: two revokes, both proven.
    seq = [
        (Seat.N, "CT"), (Seat.E, "CA"), (Seat.S, "D2"), (Seat.W, "S2"),  # East wins
        (Seat.E, "C2"), (Seat.S, "D3"), (Seat.W, "S3"), (Seat.N, "C9"),  # North wins
        (Seat.N, "C8"), (Seat.E, "CK"), (Seat.S, "D4"), (Seat.W, "CJ"),
    ]
    for seat, card in seq:
        deal.apply(Play(seat, parse_card(card)))
    assert [(r.seat, r.trick, r.proven_in) for r in deal.revokes] == [(Seat.W, 1, 3), (Seat.W, 2, 3)]


def test_revoke_penalty_two_and_fewer_tricks_than_penalty():
    deal = physical()
    play_physical(deal, {(Seat.W, 1): "S2"})
    ns, ew = deal.tricks_taken()
    score = score_hand(deal, (0, 0), Rules(revoke_penalty=2))
    assert score.penalty == (min(2, ew), 0)


def claimed(known_east):
    deal = physical(known_east)
    for seat, card in ((Seat.N, "CT"), (Seat.E, "CA"), (Seat.S, "D2"), (Seat.W, "CJ")):
        deal.apply(Play(seat, parse_card(card)))
    deal.apply(Claim(Seat.E, 10))
    return deal


def test_claim_at_physical_table():
    deal = claimed(known_east=True)
    assert deal.is_over and deal.tricks_taken() == (2, 11)
    score = score_hand(deal, (0, 0), Rules(honours=True))
    assert score.honours_held == (0, 4)  # East holds AKQJ of hearts, scanned
    assert not any("honours counted on the cards seen" in n for n in score.notes)


def test_claim_with_unseen_honours():
    # Nobody's hand was scanned and the honours were never played: they
    # cannot be placed, the sheet says so, and players may declare them.
    deal = claimed(known_east=False)
    score = score_hand(deal, (0, 0), Rules(honours=True))
    assert score.honours_held == (0, 0)
    assert any("honours counted on the cards seen" in n for n in score.notes)
    declared = score_hand(deal, (0, 0), Rules(honours=True), honours_held=(0, 4))
    assert declared.honours_held == (0, 4)


def test_known_card_is_a_card():
    assert isinstance(next(iter(TRUE[0])), Card)


def test_the_turned_card_is_the_dealers_alone():
    west = [str(c) for c in TRUE[Seat.W]]  # holds H6, the turned card
    north = [str(c) for c in TRUE[Seat.N]]
    assert DealRecord.physical("W", "H", "H6", known={Seat.W: west}).known[Seat.W] == TRUE[Seat.W]
    with pytest.raises(RulesError, match="the turned card H6 belongs to West, the dealer; "
                                         "it cannot be in North's hand"):
        DealRecord.physical("W", "H", "H6", known={Seat.N: west})
    with pytest.raises(RulesError, match="one of the dealer's 13 cards, but West's scanned hand "
                                         "lacks it: scan it with the rest"):
        DealRecord.physical("W", "H", "H6", known={Seat.W: north})
