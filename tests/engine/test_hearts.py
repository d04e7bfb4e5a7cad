"""Hearts on the family machine: the packs at three to six, the pass (hidden
until every seat has passed, then picked up), the lowest club's lead, no
points on the first trick, hearts broken, the worked examples of the rules
file, the moon in every form, the Omnibus jack, the lowest total winning,
and whole matches of random legal play that conserve the cards and replay."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Exchange, Play
from engine.cards import Card, parse_cards
from engine.deal import Deal, DealRecord
from engine.errors import IllegalPlay, RulesError
from engine.game import Phase
from engine.games import get_game
from engine.games.hearts import GAME, HeartsRules, direction_of, hand_points, lowest_club, pack_of
from engine.match import Match
from engine.seats import Seat
from engine.settings import rules_with

N, E, S, W = Seat(0), Seat(1), Seat(2), Seat(3)


def cards(text):
    return parse_cards(text.split())


def taken_by_seat(*texts):
    return [cards(t) for t in texts]


HEARTS = " ".join(f"H{r}" for r in "23456789TJQKA")


# -- the worked examples ----------------------------------------------------------------


def test_the_worked_example_scores_each_heart_one_and_the_queen_thirteen():
    rules = HeartsRules()
    taken = taken_by_seat("H2 H3 H4 H5 H6 SQ C2 C3", "H7 H8 H9 HT HJ HQ HK HA", "C4 C5", "")
    points, notes = hand_points(rules, taken, (0, 0, 0, 0))
    assert points == (18, 8, 0, 0) and notes == []


def test_the_worked_example_moon_gives_each_other_player_26():
    taken = taken_by_seat(HEARTS + " SQ", "C2", "C3", "")
    points, notes = hand_points(HeartsRules(), taken, (0, 0, 0, 0))
    assert points == (0, 26, 26, 26)
    assert notes == ["N shot the moon: 26 to each other player"]


def test_the_moon_off_scores_the_26_against_the_shooter():
    taken = taken_by_seat(HEARTS + " SQ", "", "", "")
    assert hand_points(HeartsRules(moon="off"), taken, (0, 0, 0, 0))[0] == (26, 0, 0, 0)


def test_the_shooters_choice_takes_26_off_unless_26_each_to_the_others_ends_the_game_in_its_favour():
    rules = HeartsRules(moon="choice")
    taken = taken_by_seat("", HEARTS + " SQ", "", "")
    assert hand_points(rules, taken, (10, 20, 30, 40))[0] == (0, -26, 0, 0)
    # 26 each to the others ends the game (S at 100) with the shooter lowest: that is chosen
    points, notes = hand_points(rules, taken, (60, 50, 74, 70))
    assert points == (26, 0, 26, 26) and "26 to each other" in notes[0]


def test_the_omnibus_jack_of_diamonds_scores_minus_ten_to_its_taker():
    taken = taken_by_seat("H2 DJ", "SQ", "", "")
    assert hand_points(HeartsRules(jack_diamonds=True), taken, (0,) * 4)[0] == (-9, 13, 0, 0)
    assert hand_points(HeartsRules(), taken, (0,) * 4)[0] == (1, 13, 0, 0)
    moon = taken_by_seat(HEARTS + " SQ DJ", "", "", "")
    assert hand_points(HeartsRules(jack_diamonds=True), moon, (0,) * 4)[0] == (-10, 26, 26, 26)


# -- the pack, the deal and the pass -------------------------------------------------------


@pytest.mark.parametrize("players, size, removed, lead", [
    (3, 17, ["D2"], "C2"), (4, 13, [], "C2"), (5, 10, ["D2", "C2"], "C3"),
    (6, 8, ["D2", "C2", "C3", "S2"], "C4")])
def test_the_pack_at_each_size_deals_evenly_and_the_lowest_club_leads(players, size, removed, lead):
    game = get_game("hearts", players)
    record = game.next_record(game.default_rules(), Seat(0), 0, seed=players)
    hands = record.hands()
    assert all(len(h) == size for h in hands)
    dealt = set().union(*hands)
    assert dealt == pack_of(players) and not dealt & set(cards(" ".join(removed)))
    assert lowest_club(players) == Card(lead)


@pytest.mark.parametrize("players, cycle", [
    (4, ["left", "right", "across", "hold"]), (3, ["left", "right", "hold"]), (5, ["left", "right", "hold"]),
    (6, ["left", "right", "hold"])])
def test_the_pass_cycles_left_right_across_hold_with_across_only_at_four(players, cycle):
    game = get_game("hearts", players)
    rules = game.default_rules()
    got = [direction_of(game.next_record(rules, Seat(k % players), k, seed=k), players)
           for k in range(2 * len(cycle))]
    assert got == cycle * 2


def test_pass_left_always_and_no_pass():
    game = get_game("hearts", 4)
    left = rules_with(game, ["pass_cycle=left"])
    none = rules_with(game, ["pass_cycle=none"])
    assert {direction_of(game.next_record(left, Seat(k % 4), k, k), 4) for k in range(5)} == {"left"}
    deal = Deal(game.next_record(none, N, 0, 1), none, game)
    assert deal.phase is Phase.PLAY


def passing_deal(seed=3, rules=None):
    rules = rules or HeartsRules()
    return Deal(GAME.next_record(rules, N, 0, seed), rules, GAME)


def test_each_seat_passes_three_and_picks_up_only_when_everyone_has_passed():
    deal = passing_deal()
    assert deal.phase is Phase.EXCHANGE and deal.turn == E  # eldest first
    dealt = {s: deal.hand(s) for s in deal.seats}
    passes = {}
    for seat in (E, S, W, N):
        obs = deal.observe(seat)
        assert obs.discard == 3 and obs.contract is not None and obs.contract.call == "pass left"
        chosen = tuple(sorted(dealt[seat])[:3])
        passes[seat] = chosen
        deal.apply(Exchange(seat, chosen))
        if seat != N:  # nobody has picked up yet: the passed cards are gone from the hand, none came
            assert deal.hand(seat) == dealt[seat] - set(chosen)
            receiver = Seat((int(seat) + 1) % 4)
            assert not set(chosen) & set(deal.hand(receiver))
    assert deal.phase is Phase.PLAY
    for seat in deal.seats:
        giver = Seat((int(seat) - 1) % 4)
        assert deal.hand(seat) == (dealt[seat] - set(passes[seat])) | set(passes[giver])


def test_a_seats_passed_cards_are_hidden_from_the_others_observations():
    deal = passing_deal()
    chosen = tuple(sorted(deal.hand(E))[-3:])
    deal.apply(Exchange(E, chosen))
    for seat in (N, S, W):
        text = repr(deal.observe(seat).to_json())
        assert all(f"'{c}'" not in text for c in chosen)  # in no hand, pile or action it is shown
    assert deal.observe(E).piles == {"passed": chosen}


def test_passing_the_wrong_number_or_a_card_not_held_is_refused():
    deal = passing_deal()
    hand = sorted(deal.hand(E))
    with pytest.raises(RulesError, match="exactly 3"):
        deal.apply(Exchange(E, tuple(hand[:2])))
    other = next(c for c in deal.hand(S))
    with pytest.raises(IllegalPlay, match="does not hold"):
        deal.apply(Exchange(E, (hand[0], hand[1], other)))


def play_deal(deal):
    while deal.phase is Phase.EXCHANGE:
        deal.apply(Exchange(deal.turn, tuple(sorted(deal.hand(deal.turn))[:3])))
    return deal


# -- the play --------------------------------------------------------------------------------


def test_the_two_of_clubs_leads_the_first_trick():
    deal = play_deal(passing_deal())
    leader = deal.turn
    assert Card("C2") in deal.hand(leader)
    assert deal.legal_moves() == [Card("C2")]
    other = next(c for c in deal.hand(leader) if c != Card("C2"))
    with pytest.raises(IllegalPlay, match="♣2 leads the first trick"):
        deal.apply(Play(leader, other))


def fixed_deal(hands, rules=None):
    rules = rules or HeartsRules(pass_cycle="none")
    record = DealRecord.of_hands(N, [cards(h) for h in hands])
    return Deal(record, rules, GAME)


FOUR = [
    "C2 C3 C4 S2 S3 S4 D2 D3 D4 H2 H3 H4 H5",
    "SQ H6 H7 H8 H9 HT HJ HQ HK HA S5 S6 S7",
    "C5 C6 C7 C8 C9 CT CJ CQ CK CA S8 S9 ST",
    "D5 D6 D7 D8 D9 DT DJ DQ DK DA SJ SK SA",
]


def test_no_heart_or_queen_on_the_first_trick_unless_nothing_else_is_held():
    deal = fixed_deal(FOUR)
    deal.apply(Play(N, Card("C2")))
    # East holds no club: the spades are its only cards free of points
    assert deal.turn == E and deal.legal_moves() == cards("S5 S6 S7")
    with pytest.raises(IllegalPlay, match="no heart or queen of spades on the first trick"):
        deal.apply(Play(E, Card("SQ")))
    on = fixed_deal(FOUR, HeartsRules(pass_cycle="none", first_trick_points=True))
    on.apply(Play(N, Card("C2")))
    assert Card("SQ") in on.legal_moves() and Card("HA") in on.legal_moves()


def test_only_points_left_may_go_on_the_first_trick():
    hands = ["C2 C3 C4 S2 S3 S4 D2 D3 D4 H2 H3 H4 H5", "SQ H6 H7 H8 H9 HT HJ HQ HK HA S5 S6 S7",
             "C5 C6 C7 C8 C9 CT CJ CQ CK CA S8 S9 ST", "D5 D6 D7 D8 D9 DT DJ DQ DK DA SJ SK SA"]
    # swap East's spades away: East holds only points and void in clubs
    hands[1], hands[3] = "SQ H6 H7 H8 H9 HT HJ HQ HK HA D5 D6 D7", "S5 S6 S7 D8 D9 DT DJ DQ DK DA SJ SK SA"
    deal = fixed_deal(hands)
    deal.apply(Play(N, Card("C2")))
    assert deal.legal_moves() == cards("D5 D6 D7")


def test_a_lead_of_hearts_before_they_are_broken_is_refused_with_the_reason():
    hands = ["C2 H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HQ HK", "C3 S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK",
             "C4 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ DK", "C5 C6 C7 C8 C9 CT CJ CQ CK CA HA DA SA"]
    deal = fixed_deal(hands)
    deal.apply(Play(N, Card("C2")))
    deal.apply(Play(E, Card("C3")))
    deal.apply(Play(S, Card("C4")))
    deal.apply(Play(W, Card("C5")))
    assert deal.turn == W
    with pytest.raises(IllegalPlay, match="hearts are not broken"):
        deal.apply(Play(W, Card("HA")))
    deal.apply(Play(W, Card("C6")))
    for seat, card in ((N, "H2"), (E, "S2"), (S, "D2")):  # North has only hearts: it may discard one
        deal.apply(Play(seat, Card(card)))
    assert deal.turn == W and Card("HA") in deal.legal_moves()


def test_a_leader_holding_only_hearts_may_lead_one_unbroken():
    hands = ["CA H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HQ HK", "C2 S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK",
             "C3 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ DK", "C4 C5 C6 C7 C8 C9 CT CJ CQ CK HA DA SA"]
    deal = fixed_deal(hands)
    assert deal.turn == E  # East holds the two of clubs
    for seat, card in ((E, "C2"), (S, "C3"), (W, "C4"), (N, "CA")):
        deal.apply(Play(seat, Card(card)))
    assert deal.turn == N and deal.legal_moves() == sorted(deal.hand(N))


# -- the match ---------------------------------------------------------------------------------


def test_the_lowest_total_wins_when_anyone_reaches_the_target():
    rules = HeartsRules(target=50)
    match = Match(rules, N, 5, GAME)
    rng = random.Random(5)
    while not match.is_over:
        play_hand(match, rng)
    last = match.hands[-1]
    assert max(last.game_after) >= 50
    assert last.game_after[match.winner] == min(last.game_after)
    assert all(max(h.game_after) < 50 for h in match.hands[:-1])


def test_settings_are_checked_with_a_reason():
    with pytest.raises(RulesError, match="3 to 6"):
        HeartsRules(players=7)
    with pytest.raises(RulesError, match="pass_cycle"):
        HeartsRules(pass_cycle="backwards")
    with pytest.raises(RulesError, match="moon"):
        HeartsRules(moon="sun")
    with pytest.raises(RulesError, match="0 to 4 cards"):
        HeartsRules(pass_count=5)
    assert rules_with(get_game("hearts", 5), ["target=50", "moon=choice"]).target == 50


def play_hand(match, rng):
    deal = match.current or match.new_deal()
    while not deal.is_over:
        if deal.phase is Phase.EXCHANGE:
            hand = sorted(deal.hand(deal.turn))
            match.apply(Exchange(deal.turn, tuple(sorted(rng.sample(hand, deal.exchange_count())))))
        else:
            match.apply(rng.choice(deal.legal_actions()))
    return match.finish_deal()


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 10**6),
       cycle=st.sampled_from(["cycle", "left", "none"]),
       moon=st.sampled_from(["others_plus_26", "choice", "off"]), jack=st.booleans(), first=st.booleans(),
       queen=st.booleans(), target=st.sampled_from([50, 100]))
def test_random_matches_conserve_cards_score_26_a_hand_and_replay(players, seed, cycle, moon, jack, first,
                                                                   queen, target):
    rules = HeartsRules(players=players, pass_cycle=cycle, moon=moon, jack_diamonds=jack,
                        first_trick_points=first, queen_breaks_hearts=queen, target=target)
    game = get_game("hearts", players)
    match = Match(rules, Seat(seed % players), seed, game)
    rng = random.Random(seed)
    while not match.is_over:
        score = play_hand(match, rng)
        deal = match.deals[-1]
        played = sorted(c for t in deal.tricks for c in t.cards)
        assert played == sorted(pack_of(players))
        assert deal.tricks[0].cards[0] == lowest_club(players)
        total = sum(score.points)
        shot = any(n.endswith("shot the moon: 26 to each other player") for n in score.notes)
        own = any(n.endswith("26 off their own score") for n in score.notes)
        jd = -10 if jack else 0
        assert total == (26 * (players - 1) if shot else -26 if own else 26) + jd
        assert len(match.hands) < 60
    assert match.hands[-1].game_after[match.winner] == min(match.hands[-1].game_after)
    again = Match.from_dict(match.to_dict())
    assert [h.to_dict() for h in again.hands] == [h.to_dict() for h in match.hands]
    assert again.winner == match.winner
