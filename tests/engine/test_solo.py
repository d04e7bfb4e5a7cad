"""Solo whist (rules-variants.md section 6): the deal and its turned card, every
bid of the auction in its order with its passing rules, what happens when all
pass, the contracts' trumps and leads, the open misère's hand on show, the
units scoring with its examples, and the 12-deal match."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Bid, Declare, Pass, Play
from engine.ai.family import choose_action
from engine.cards import Card, full_deck, parse_cards
from engine.deal import Deal, DealRecord
from engine.errors import HandOver, RulesError
from engine.game import Phase
from engine.games import get_game
from engine.games.solo import SoloRules
from engine.match import Match
from engine.order import NO_TRUMP
from engine.seats import Seat
from engine.shuffle import shuffled_pack

SOLO = get_game("solo")
RULES = SoloRules()
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def bid(seat: Seat, call: str) -> Bid:
    return Bid(seat, call=call)


def new_deal(seed: int = 1, dealer: Seat = W, rules: SoloRules = RULES) -> Deal:
    return Deal(SOLO.next_record(rules, dealer, 0, seed), rules, SOLO)


def fixed_deal(hands: Sequence[str], dealer: Seat = W, turned: str | None = None,
               rules: SoloRules = RULES) -> Deal:
    cards = [parse_cards(h) for h in hands]
    card = Card(turned) if turned is not None else cards[dealer][-1]
    return Deal(DealRecord.of_hands(dealer, cards, card.suit, None, card), rules, SOLO)


def run(deal: Deal, actions: Sequence[Action]) -> Deal:
    for a in actions:
        deal.apply(a)
    return deal


def play_out(deal: Deal, pick: Callable[[list[Card]], Card] = max) -> Deal:
    """Play the rest of the hand, every seat playing ``pick`` of its legal cards by power."""
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        deal.apply(Play(seat, pick(deal.legal_moves(), key=deal.order.power)))  # type: ignore[call-arg]
    return deal


def calls(deal: Deal) -> list[str]:
    return [a.call if isinstance(a, Bid) else "pass" for a in deal.legal_actions()]  # type: ignore[misc]


# -- the deal -----------------------------------------------------------------------

def test_packets_of_three_four_times_round_then_one_each_and_the_dealers_last_card_turned():
    deal = new_deal(7, dealer=W)
    pack = shuffled_pack(7)
    hands = deal.record.hands()
    assert set(pack[0:3]) <= hands[N] and set(pack[3:6]) <= hands[E] and set(pack[9:12]) <= hands[W]
    assert set(pack[12:15]) <= hands[N] and pack[48] in hands[N] and pack[51] in hands[W]
    assert deal.record.trump_card == pack[51] and deal.trump == pack[51].suit
    assert all(len(h or ()) == 13 for h in hands)
    singly = new_deal(7, W, SoloRules(deal_pattern="singly")).record.hands()
    assert pack[0] in singly[N] and pack[1] in singly[E] and pack[51] in singly[W]
    observed = deal.observe(N)
    assert observed.trump_card == pack[51] and observed.phase == Phase.AUCTION and observed.turn == N


def test_eldest_speaks_first_and_the_first_bid_may_be_anything_but_an_acceptance():
    deal = new_deal()
    assert deal.turn == N  # dealer W: eldest is N
    assert calls(deal) == ["propose", "solo", "misere", "abundance", "open misere",
                           "abundance declared", "pass"]  # royal abundance only over an abundance


# -- the auction ----------------------------------------------------------------------

def test_prop_and_cop_any_later_player_accepts_and_the_others_passing_ends_it():
    deal = run(new_deal(), [bid(N, "propose"), Pass(E)])
    assert "accept" in calls(deal) and "propose" not in calls(deal)
    run(deal, [bid(S, "accept"), Pass(W)])
    contract = deal.contract
    assert contract is not None and contract.call == "prop and cop" and contract.declarer == N
    assert contract.trump == deal.record.trump and contract.level == 8
    assert deal.phase == Phase.PLAY and deal.turn == N  # eldest leads


def test_eldest_having_passed_may_still_accept_a_later_proposal_and_nothing_else():
    deal = run(new_deal(), [Pass(N), bid(E, "propose"), Pass(S), Pass(W)])
    assert deal.turn == N and calls(deal) == ["accept", "pass"]
    run(deal, [bid(N, "accept")])
    assert deal.contract is not None and deal.contract.call == "prop and cop"
    assert deal.contract.declarer == E


def test_a_pass_is_final_for_the_others():
    deal = run(new_deal(), [bid(N, "solo"), Pass(E), bid(S, "misere"), Pass(W), Pass(N)])
    assert deal.contract is not None and deal.contract.call == "misere" and deal.contract.declarer == S
    # E passed before: never asked again
    deal2 = run(new_deal(), [bid(N, "solo"), Pass(E), bid(S, "misere"), bid(W, "abundance")])
    assert deal2.turn == N
    run(deal2, [Pass(N)])
    assert deal2.turn == S  # E is skipped


def test_unaccepted_proposal_the_proposer_raises_to_solo_or_higher_or_passes():
    deal = run(new_deal(), [Pass(N), bid(E, "propose"), Pass(S), Pass(W), Pass(N)])
    assert deal.turn == E and calls(deal) == ["solo", "misere", "abundance", "open misere",
                                             "abundance declared", "pass"]
    raised = run(deal.copy(), [bid(E, "solo")])
    assert raised.contract is not None and raised.contract.call == "solo" and raised.contract.declarer == E
    dropped = run(deal.copy(), [Pass(E)])
    assert dropped.contract is not None and dropped.contract.call == "redeal"


def test_bids_must_be_higher_and_royal_abundance_only_over_anothers_abundance():
    deal = run(new_deal(), [bid(N, "misere")])
    assert calls(deal) == ["abundance", "open misere", "abundance declared", "pass"]
    with pytest.raises(RulesError, match="not allowed now"):
        deal.apply(bid(E, "solo"))
    run(deal, [bid(E, "abundance")])
    assert calls(deal) == ["royal abundance", "open misere", "abundance declared", "pass"]
    direct = new_deal(1, W, SoloRules(royal_abundance="direct"))
    assert "royal abundance" in calls(direct)


def test_abundance_names_its_trumps_after_the_auction_royal_keeps_the_turned_suit():
    deal = run(new_deal(), [bid(N, "abundance"), Pass(E), Pass(S), Pass(W)])
    assert deal.phase == Phase.DECLARE and deal.turn == N
    assert [a.trump for a in deal.legal_actions() if isinstance(a, Declare)] == list("SHDC")
    run(deal, [Declare(N, trump="D")])
    assert deal.contract is not None and deal.trump == 2 and deal.contract.level == 9 and deal.turn == N
    royal = run(new_deal(), [bid(N, "abundance"), bid(E, "royal abundance"), Pass(S), Pass(W), Pass(N)])
    assert royal.contract is not None and royal.contract.call == "royal abundance"
    assert royal.trump == royal.record.trump


def test_misere_and_open_misere_at_no_trumps_abundance_declared_led_by_its_bidder():
    deal = run(new_deal(), [Pass(N), bid(E, "misere"), Pass(S), Pass(W)])
    assert deal.trump == NO_TRUMP and deal.turn == N
    declared = run(new_deal(), [Pass(N), Pass(E), bid(S, "abundance declared"), Pass(W)])
    assert declared.trump == NO_TRUMP and declared.turn == S and declared.contract is not None
    assert declared.contract.level == 13
    choose = run(new_deal(1, W, SoloRules(declared_trumps="choose")),
                 [Pass(N), Pass(E), bid(S, "abundance declared"), Pass(W)])
    assert choose.phase == Phase.DECLARE
    assert [a.trump for a in choose.legal_actions() if isinstance(a, Declare)] == list("SHDCN")
    run(choose, [Declare(S, trump="H")])
    assert choose.trump == 1 and choose.turn == S


def test_open_misere_shows_the_bidders_hand_to_all_after_the_first_trick():
    deal = run(new_deal(3), [bid(N, "open misere"), Pass(E), Pass(S), Pass(W)])
    assert deal.observe(E).piles == {}
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        deal.apply(Play(seat, min(deal.legal_moves(), key=deal.order.power)))
    if not deal.is_over:
        for seat in (E, S, W):
            assert deal.observe(seat).piles["exposed"] == tuple(sorted(deal.hand(N) or ()))


# -- all pass -----------------------------------------------------------------------------

def test_all_pass_throws_the_hand_in_scoring_nothing_and_the_next_dealer_deals():
    match = Match(RULES, W, 5, SOLO)
    deal = match.new_deal()
    run(deal, [Pass(N), Pass(E), Pass(S), Pass(W)])
    assert deal.is_over and deal.phase == Phase.OVER and deal.turn is None and not deal.tricks
    assert deal.contract is not None and deal.contract.call == "redeal"
    with pytest.raises(HandOver):
        deal.apply(Play(N, next(iter(deal.hand(N) or ()))))
    score = match.finish_deal()
    assert score.points == (0, 0, 0, 0) and "thrown in" in score.notes[0]
    assert match.next_dealer == N
    again = Match.from_dict(match.to_dict())
    assert again.hands[0].points == (0, 0, 0, 0) and again.next_dealer == N


def test_general_misere_whoever_takes_most_pays_each_other_player():
    rules = SoloRules(all_pass="general_misere")
    deal = run(new_deal(4, W, rules), [Pass(N), Pass(E), Pass(S), Pass(W)])
    assert deal.contract is not None and deal.contract.call == "general misere"
    assert deal.trump == NO_TRUMP and deal.turn == N
    play_out(deal)
    assert len(deal.tricks) == 13
    score = SOLO.score_hand(deal, (0, 0, 0, 0), rules, 1, None)
    most = max(deal.taken)
    payers = [s for s in range(4) if deal.taken[s] == most]
    for s in range(4):
        expected = -(4 - 1) if s in payers else 0
        expected += sum(1 for p in payers if p != s)
        assert score.points[s] == expected
    assert sum(score.points) == 0


def test_general_misere_ties_pay_too():
    # N and E take 4 each, S and W fewer: both pay 1 to each other player
    rules = SoloRules(all_pass="general_misere")
    deal = run(new_deal(4, W, rules), [Pass(N), Pass(E), Pass(S), Pass(W)])
    play_out(deal)
    deal.taken = [4, 4, 3, 2]
    score = SOLO.score_hand(deal, (0, 0, 0, 0), rules, 1, None)
    assert score.points == (-2, -2, 2, 2)


# -- the scoring examples of the rules ------------------------------------------------------

SPADES_FOR_SOUTH = (
    "S4 S3 S2 HA HK HQ HJ HT H9 H8 H7 H6 H5",  # N
    "DA DK DQ DJ DT D9 D8 D7 D6 D5 D4 D3 D2",  # E
    "SA SK SQ SJ ST S9 S8 S7 S6 S5 H4 H3 H2",  # S
    "CA CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 C2",  # W (dealer)
)


def _abundance_in_spades(rules: SoloRules) -> Deal:
    deal = fixed_deal(SPADES_FOR_SOUTH, W, "C2", rules)
    run(deal, [Pass(N), Pass(E), bid(S, "abundance"), Pass(W), Declare(S, trump="S")])
    return play_out(deal)


def test_example_abundance_in_spades_ten_tricks_plus_nine_others_minus_three_with_extra_plus_twelve():
    plain = _abundance_in_spades(RULES)
    # the result is certain at the ninth trick: the hand stops there
    assert plain.is_over and plain.taken[S] == 9 and len(plain.tricks) < 13
    score = SOLO.score_hand(plain, (0, 0, 0, 0), RULES, 1, None)
    assert score.points == (-3, -3, 9, -3)
    extra = SoloRules(extra_tricks=True)
    full = _abundance_in_spades(extra)
    assert len(full.tricks) == 13 and full.taken[S] == 10
    assert SOLO.score_hand(full, (0, 0, 0, 0), extra, 1, None).points == (-4, -4, 12, -4)


def test_example_prop_and_cop_eight_tricks_one_each_way():
    deal = run(new_deal(2), [bid(N, "propose"), Pass(E), bid(S, "accept"), Pass(W)])
    play_out(deal)
    deal.taken = [5, 3, 3, 2]  # N and S together 8
    score = SOLO.score_hand(deal, (0, 0, 0, 0), RULES, 1, None)
    assert score.points == (1, -1, 1, -1)
    deal.taken = [4, 3, 3, 3]  # 7: each partner pays one defender
    assert SOLO.score_hand(deal, (0, 0, 0, 0), RULES, 1, None).points == (-1, 1, -1, 1)


def test_example_misere_failed_minus_six_and_the_hand_stops_at_the_bidders_first_trick():
    deal = fixed_deal(SPADES_FOR_SOUTH, W, "C2")
    run(deal, [Pass(N), Pass(E), bid(S, "misere"), Pass(W)])
    play_out(deal)  # N leads S4 at no trumps... S must follow with a spade and wins
    assert deal.is_over and deal.taken[S] == 1 and len(deal.tricks) < 13
    score = SOLO.score_hand(deal, (0, 0, 0, 0), RULES, 1, None)
    assert score.points == (2, 2, -6, 2) and "failed" in score.notes[0]


def test_units_of_every_contract_made():
    units = {"solo": 1, "misere": 2, "abundance": 3, "royal abundance": 3, "open misere": 4,
             "abundance declared": 6}
    for call, u in units.items():
        deal = new_deal(9)
        pre = [bid(N, "abundance")] if call == "royal abundance" else []
        who = E if pre else N
        actions = pre + [bid(who, call)] + [Pass(s) for s in (E, S, W, N) if s != who][:3]
        run(deal, actions)
        if deal.phase == Phase.DECLARE:
            deal.apply(Declare(who, trump="S"))
        assert deal.contract is not None and deal.contract.call == call
        play_out(deal)
        target = deal.contract.level
        assert target is not None
        deal.taken = [0, 0, 0, 0]
        deal.taken[who] = target
        deal.taken[(who + 1) % 4] = 13 - target
        points = SOLO.score_hand(deal, (0, 0, 0, 0), RULES, 1, None).points
        assert points[who] == 3 * u and sum(points) == 0


# -- the match ----------------------------------------------------------------------------------

def test_twelve_deals_and_the_highest_total_wins():
    match = Match(RULES, W, 11, SOLO)
    rng = random.Random(11)
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        match.finish_deal()
    totals = [sum(h.points[s] for h in match.hands) for s in range(4)]
    assert len(match.hands) >= 12 and sum(totals) == 0
    assert match.winner == totals.index(max(totals)) and totals.count(max(totals)) == 1


def test_settings_are_checked():
    with pytest.raises(RulesError, match="unknown Solo whist setting"):
        SOLO.rules_from_dict({"target": 5})
    with pytest.raises(RulesError, match="all_pass"):
        SoloRules(all_pass="spread")
    assert SOLO.rules_from_dict({"extra_tricks": "on", "deals": "8"}) == SoloRules(extra_tricks=True, deals=8)
    assert SOLO.rules_from_dict(SoloRules(all_pass="general_misere").to_dict()).all_pass == "general_misere"
    bad = DealRecord.of_hands(W, [parse_cards(h) for h in SPADES_FOR_SOUTH], 0, None, Card("SA"))
    with pytest.raises(RulesError, match="dealer's 13 cards"):
        SOLO.check_record(RULES, bad, 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["redeal", "general_misere"]), st.booleans())
def test_random_matches_are_zero_sum_and_replay_the_same(seed: int, all_pass: str, extra: bool) -> None:
    rules = SoloRules(all_pass=all_pass, extra_tricks=extra, deals=4)
    rng = random.Random(seed)
    match = Match(rules, Seat(seed % 4), seed, SOLO)
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            level = "rules" if turn == Seat(seed % 4) else "random"
            deal.apply(choose_action(deal.observe(turn), level, rng.random()))
        played = [c for t in deal.tricks for c in t.cards]
        assert len(played) == len(set(played)) and all(len(t.cards) == 4 for t in deal.tricks)
        if deal.contract is not None and deal.contract.call in ("general misere",):
            assert sorted(played) == sorted(full_deck())
        score = match.finish_deal()
        assert sum(score.points) == 0
    again = Match.from_dict(match.to_dict())
    assert [h.points for h in again.hands] == [h.points for h in match.hands]
    assert again.winner == match.winner is not None
