"""Norwegian whist on the family machine: the rules file's worked examples,
the auction, the first lead, and whole matches of random legal play."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Claim, Pass, Play
from engine.deal import Deal, DealRecord
from engine.errors import NotYourTurn, RulesError
from engine.game import Phase
from engine.games import GAMES, game_of, get_game
from engine.games.norwegian import MINNESOTA, NorwegianRules
from engine.match import Match
from engine.seats import Seat

GAME = get_game("norwegian")


def hand_with(auction, seed=1, dealer="N"):
    deal = Deal(GAME.next_record(NorwegianRules(), Seat.parse(dealer), 0, seed), NorwegianRules())
    for action in auction:
        deal.apply(action)
    return deal


def finish(deal, tricks_ns, rules=None):
    """Score the deal as if NS took ``tricks_ns`` tricks (a claim by North)."""
    deal.apply(Claim(Seat.N, tricks_ns))
    return GAME.score_hand(deal, (0, 0), rules or NorwegianRules(), 1, None)


def test_the_registry_lists_classic_then_norwegian():
    assert list(GAMES)[:2] == ["classic", "norwegian"]
    assert game_of(NorwegianRules()) is GAME and get_game(" Norwegian ") is GAME
    with pytest.raises(RulesError, match="choose one of classic, norwegian, "):
        get_game("bridge")


def test_no_trumps_no_turned_card_and_an_auction_first():
    deal = hand_with([])
    assert deal.phase == Phase.AUCTION and deal.trump == 4 and deal.record.trump_card is None
    assert deal.turn == Seat.E  # eldest speaks first
    assert deal.legal_moves() == []
    assert {a.call if isinstance(a, Bid) else "pass" for a in deal.legal_actions()} == {
        "grand", "nullo", "pass"}
    with pytest.raises(NotYourTurn, match="East to speak"):
        deal.apply(Pass(Seat.S))
    with pytest.raises(RulesError, match="auction is not over"):
        deal.apply(Play(Seat.E, next(iter(deal.hand(Seat.E)))))


def test_grand_is_led_from_the_bidders_left():
    deal = hand_with([Pass(Seat.E), Bid(Seat.S, call="grand")])
    assert deal.phase == Phase.PLAY and deal.contract.call == "grand"
    assert deal.contract.declarer == Seat.S and deal.turn == Seat.W
    with pytest.raises(RulesError, match="auction is over"):
        deal.apply(Pass(Seat.W))


def test_nullo_is_led_from_the_bidders_right_or_the_dealers_when_all_pass():
    assert hand_with([Bid(Seat.E, call="nullo")]).turn == Seat.N
    everyone = hand_with([Pass(s) for s in (Seat.E, Seat.S, Seat.W, Seat.N)])
    assert everyone.contract.call == "nullo" and everyone.contract.declarer is None
    assert everyone.turn == Seat.W  # the dealer (North)'s right


def test_worked_examples_of_the_rules_file():
    # E/W grand, 9 tricks: +12; with 5 tricks N/S score 16; nullo 5-8: the side with 5 scores 4
    grand = finish(hand_with([Bid(Seat.E, call="grand")]), tricks_ns=4)
    assert grand.points == (0, 12)
    set_ = finish(hand_with([Bid(Seat.E, call="grand")]), tricks_ns=8)
    assert set_.points == (16, 0)
    nullo = finish(hand_with([Pass(s) for s in (Seat.E, Seat.S, Seat.W, Seat.N)]), tricks_ns=5)
    assert nullo.points == (4, 0)
    minnesota = finish(hand_with([Bid(Seat.E, call="grand")]), tricks_ns=4, rules=MINNESOTA)
    assert minnesota.points == (0, 3)


def test_a_record_with_trumps_is_refused():
    match = Match(NorwegianRules())
    with pytest.raises(RulesError, match="no trumps"):
        match.start_deal(DealRecord.deal(Seat.N, seed=1))


def test_rules_are_checked_and_read_back():
    assert GAME.rules_from_dict(NorwegianRules(target=13).to_dict()) == NorwegianRules(target=13)
    with pytest.raises(RulesError, match="unknown Norwegian"):
        GAME.rules_from_dict({"honours": 1})
    with pytest.raises(RulesError, match="best of 3"):
        NorwegianRules(games_per_match=2)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 3]))
def test_random_matches_run_to_the_end_and_replay_the_same(seed, games):
    rng = random.Random(seed)
    match = Match(NorwegianRules(target=20, games_per_match=games), seed=seed)
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            match.apply(rng.choice(deal.legal_actions()))
        score = match.finish_deal()
        assert sum(score.tricks) == 13 and min(score.points) == 0
    assert max(match.games_won) == (2 if games == 3 else 1)
    again = Match.from_dict(match.to_dict())
    assert again.to_dict() == match.to_dict() and again.game is GAME
    assert [h.points for h in again.hands] == [h.points for h in match.hands]


def test_a_nullo_card_depends_only_on_the_seed_not_on_what_was_solved_before() -> None:
    # The family solver keeps its tables between calls; a nullo search cut off at a node
    # count once chose D4, SJ or HT for one position and seed, depending on earlier solves.
    from engine.ai import choose_action
    from engine.games.norwegian import NorwegianRules
    from tests.engine.test_observation import positions

    rules = NorwegianRules(grand_made=4, grand_set=8, nullo=2, target=50, games_per_match=1,
                           bid_style="spoken", high_colour="black")
    match, deal = positions(rules, 5, 26)
    obs = match.observe(deal.turn)
    assert obs.contract is not None and obs.contract.call == "nullo"
    first = choose_action(obs, "hard", seed=5, budget=None, samples=4)
    assert all(choose_action(obs, "hard", seed=5, budget=None, samples=4) == first for _ in range(3))


def test_hard_plays_a_whole_nullo_the_same_with_the_same_seed_and_takes_fewer_tricks_than_random() -> None:
    # the first six tricks from the C tree, the rest solved: legal at every card and repeatable
    from engine.ai import choose_action

    def nullo_hand(level_ns: str, seed: int) -> tuple[int, list[str]]:
        deal = hand_with([Pass(Seat.E), Pass(Seat.S), Pass(Seat.W), Pass(Seat.N)], seed=seed)
        cards = []
        while not deal.is_over:
            seat = deal.turn
            level = level_ns if seat in (Seat.N, Seat.S) else "random"
            action = choose_action(deal.observe(seat), level, seed=seed, budget=None)
            assert deal.is_legal(action)
            deal.apply(action)
            cards.append(str(action))
        return deal.tricks_taken()[0], cards

    hard = [nullo_hand("hard", seed) for seed in range(4)]
    assert hard == [nullo_hand("hard", seed) for seed in range(4)]
    random_ns = sum(nullo_hand("random", seed)[0] for seed in range(4))
    assert sum(t for t, _ in hard) < random_ns
