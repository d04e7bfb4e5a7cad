"""A rubber: games, dealer rotation, cycling trumps, rubber points, replay."""

import json

import pytest

from engine.actions import Claim
from engine.deal import DealRecord
from engine.errors import RulesError
from engine.games.classic.rules import Rules
from engine.match import Match
from engine.seats import SEATS, Seat

NS, EW = 0, 1


def hand(match, ns_tricks):
    """Deal the next hand and end it at once with North claiming ``ns_tricks``."""
    match.new_deal()
    match.apply(Claim(Seat.N, ns_tricks))
    return match.finish_deal()


def test_dealer_rotates_clockwise_across_games():
    match = Match(first_dealer=Seat.E, seed=1)
    dealers = []
    for _ in range(6):
        deal = match.new_deal()
        dealers.append(deal.dealer)
        assert deal.turn == deal.dealer.next  # first leader: dealer's left
        match.apply(Claim(Seat.N, 13))  # 7 points: a game every hand
        match.finish_deal()
        if match.is_over:
            break
    assert dealers == [Seat.E, Seat.S]
    match2 = Match(first_dealer=Seat.W, seed=1)
    for _ in range(5):
        hand(match2, 7)
    assert [d.dealer for d in match2.deals] == [Seat.W, Seat.N, Seat.E, Seat.S, Seat.W]
    assert match2.next_dealer == Seat.N


def test_game_resets_and_rubber_stops_at_two_nil():
    match = Match(seed=2)
    hand(match, 10)  # NS 4
    assert match.game_score == (4, 0)
    score = hand(match, 8)  # NS 6 -> game (points beyond 5 not kept)
    assert score.game_won_by == NS and score.game_after == (5, 0)
    assert match.game_score == (0, 0) and match.games_won == (1, 0)
    assert match.games[0].score == (5, 0) and match.games[0].hands == (1, 2)
    hand(match, 12)
    assert match.is_over and match.winner == NS and match.games_won == (2, 0)
    assert len(match.games) == 2  # no third game
    with pytest.raises(RulesError, match="the rubber is over"):
        match.new_deal()


def test_three_game_rubber():
    match = Match(seed=3)
    hand(match, 13)  # NS game 1
    hand(match, 0)  # EW game 2
    assert not match.is_over and match.games_won == (1, 1)
    hand(match, 13)
    assert match.winner == NS and match.games_won == (2, 1)


def test_rubber_points_treble_double_single_bonus():
    rules = Rules(rubber_points=True)
    match = Match(rules, seed=4)
    hand(match, 13)  # NS 5-0: treble
    assert match.games[0].value == 3
    hand(match, 5)  # EW 2
    hand(match, 11)  # NS 5-2: double
    assert match.games[1].value == 2
    assert match.rubber_points() == (3 + 2 + 2, 0)
    assert match.sheet().rubber_points == (7, 0)


def test_three_game_rubber_deducts_losers_game():
    match = Match(Rules(rubber_points=True), seed=5)
    hand(match, 4)  # EW 3
    hand(match, 4)  # EW 6 -> game, NS 0: treble for EW
    assert match.rubber_points() == (0, 3)  # in progress: values so far
    hand(match, 9)  # NS 3
    hand(match, 4)  # EW 3
    hand(match, 9)  # NS 6 -> game, EW 3: single
    hand(match, 13)  # NS 5-0: treble, rubber 2-1
    assert [g.value for g in match.games] == [3, 1, 3]
    # NS: 1 + 3 + 2 (rubber) - 3 (EW's game) = 3
    assert match.rubber_points() == (3, 0)
    assert match.result().points == (3, 0)


def test_cycling_trumps_with_no_trump_fifth_hand():
    rules = Rules(cycling_trumps=True, cycle_order="HSDC", target=10)
    match = Match(rules, seed=6)
    trumps = []
    for _ in range(7):
        d = match.new_deal()
        assert d.record.trump_card is None and not d.trump_card_showing
        trumps.append("SHDCN"[d.trump])
        match.apply(Claim(Seat.N, 7))
        match.finish_deal()
    assert "".join(trumps) == "HSDCNHS"


def test_cycling_continues_across_games():
    rules = Rules(cycling_trumps=True)  # D C H S, then no trumps
    match = Match(rules, seed=7)
    trumps = []
    for _ in range(3):
        trumps.append("SHDCN"[match.new_deal().trump])
        match.apply(Claim(Seat.N, 13))
        match.finish_deal()
        if match.is_over:
            break
    assert trumps == ["D", "C"]


def test_turned_card_trumps_by_default():
    match = Match(seed=8)
    deal = match.new_deal()
    assert deal.record.trump_card is not None
    assert deal.trump == deal.record.trump_card.suit
    assert deal.record.trump_card in deal.hand(deal.dealer)


def test_seeded_match_reproducible_and_per_deal_packs_differ():
    a, b = Match(seed=9), Match(seed=9)
    for _ in range(3):
        assert a.new_deal().record == b.new_deal().record
        for m in (a, b):
            m.apply(Claim(Seat.N, 7))
            m.finish_deal()
    assert a.deals[0].record.pack != a.deals[1].record.pack
    assert Match(seed=10).new_deal().record != Match(seed=9).new_deal().record


def test_order_errors():
    match = Match(seed=11)
    with pytest.raises(RulesError, match="no hand in progress"):
        match.finish_deal()
    with pytest.raises(RulesError, match="deal first"):
        match.apply(Claim(Seat.N, 3))
    match.new_deal()
    with pytest.raises(RulesError, match="must be finished first"):
        match.new_deal()
    with pytest.raises(RulesError, match="not over: 13 trick"):
        match.finish_deal()


def test_start_deal_from_a_physical_table():
    match = Match(first_dealer=Seat.S)
    with pytest.raises(RulesError, match="South deals this hand, not North"):
        match.start_deal(DealRecord.physical("N", "H", "H2"))
    deal = match.start_deal(DealRecord.physical("S", "H", "H2"))
    assert deal.turn == Seat.W
    cyc = Match(Rules(cycling_trumps=True))
    with pytest.raises(RulesError, match="played in D and no card is turned"):
        cyc.start_deal(DealRecord.physical("N", "H", "H2"))
    with pytest.raises(RulesError, match="no-trump hand needs cycling"):
        Match().start_deal(DealRecord.physical("N", "N"))


def play_some(match, moves):
    for _ in range(moves):
        deal = match.current
        if deal is None:
            if match.is_over:
                return
            deal = match.new_deal()
        if deal.is_over:
            match.finish_deal()
            continue
        deal.play(deal.legal_moves()[len(deal.actions) % len(deal.legal_moves())])


@pytest.mark.parametrize("moves", [0, 1, 52, 53, 200, 400])
def test_to_dict_round_trip(moves):
    match = Match(Rules(honours=True, rubber_points=True, cycling_trumps=True), Seat.W, seed="x")
    play_some(match, moves)
    data = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(data)
    assert again.to_dict() == match.to_dict()
    assert again.sheet().to_dict() == match.sheet().to_dict()
    assert again.game_score == match.game_score and again.games == match.games
    assert again.next_dealer == match.next_dealer
    if match.current is not None:
        assert again.current.observation("S") == match.current.observation("S")
    # The resumed match carries on exactly like the original.
    play_some(match, 60)
    play_some(again, 60)
    assert again.to_dict() == match.to_dict()


def test_finished_but_unscored_deal_round_trips():
    match = Match(seed=12)
    match.new_deal()
    match.apply(Claim(Seat.N, 9))
    again = Match.from_dict(match.to_dict())
    assert again.current is not None and again.current.is_over and again.hands == []
    assert again.finish_deal() == match.finish_deal()


def test_declared_honours_survive_round_trip():
    match = Match(Rules(honours=True))
    match.start_deal(DealRecord.physical("N", "H", "H2"))
    match.apply(Claim(Seat.E, 7))
    score = match.finish_deal(honours_held=(0, 3))
    assert score.honours == (0, 2)
    assert Match.from_dict(match.to_dict()).hands == match.hands


def test_score_sheet_json_and_text():
    match = Match(Rules(rubber_points=True), seed=13)
    hand(match, 10)
    hand(match, 3)
    hand(match, 13)
    sheet = match.sheet()
    data = json.loads(json.dumps(sheet.to_dict()))
    assert [r["number"] for r in data["hands"]] == [1, 2, 3]
    assert data["hands"][0]["dealer"] == "N" and data["hands"][1]["dealer"] == "E"
    assert data["hands"][2]["game"] == 1 and data["games"][0]["winner"] == NS
    assert data["games_won"] == [1, 0] and data["winner"] is None
    text = "\n".join(sheet.lines())
    assert "game to 5, honours off, revoke 3 tricks, rubber points" in text
    assert "Game 1 to North-South" in text
    assert "Game 2 in progress" in text
    assert "Rubber points" in text


def test_sheet_records_revoke_penalty_and_notes():
    from tests.engine.deal_helpers import with_revokes

    match = Match(first_dealer=Seat.W)
    deal = with_revokes("EW", 5)
    match.start_deal(deal.record)
    for action in deal.actions:
        match.apply(action)
    match.finish_deal()
    row = match.sheet().rows()[0]
    assert row["penalty"] == [3, 0] and row["points"] == [2, 0]
    assert any("West revoked" in n for n in row["notes"])
    assert any("3-0" in line for line in match.sheet().lines())


def test_every_seat_can_deal_first():
    for seat in SEATS:
        assert Match(first_dealer=seat).new_deal().dealer == seat


def test_misdeal_same_dealer_deals_again():
    match = Match(first_dealer=Seat.E, seed=14)
    first = match.new_deal()
    thrown = match.misdeal()
    assert thrown == first.record and match.current is None
    again = match.new_deal()
    assert again.dealer == Seat.E and again.record.pack != first.record.pack
    with pytest.raises(RulesError, match="no hand in progress"):
        Match().misdeal()
    again.play(again.legal_moves()[0])
    with pytest.raises(RulesError, match="too late for a misdeal"):
        match.misdeal()
    data = json.loads(json.dumps(match.to_dict()))
    restored = Match.from_dict(data)
    assert restored.to_dict() == match.to_dict()
    assert restored.misdeals == match.misdeals
    # The seeded redeal is reproducible.
    twin = Match(first_dealer=Seat.E, seed=14)
    twin.new_deal()
    twin.misdeal()
    assert twin.new_deal().record == again.record


def test_a_trailing_misdeal_survives_a_round_trip():
    """Thrown in as the last thing in the rubber: the redeal after a resume is
    the redeal the table would have dealt."""
    match = Match(first_dealer=Seat.S, seed="tail")
    hand(match, 7)
    match.new_deal()
    match.misdeal()
    restored = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert restored.misdeals == match.misdeals
    assert restored.next_record() == match.next_record()
    assert restored.new_deal().record == match.new_deal().record
    # The very first deal thrown in, twice.
    first = Match(seed=3)
    for _ in range(2):
        first.new_deal()
        first.misdeal()
    again = Match.from_dict(first.to_dict())
    assert len(again.misdeals) == 2 and again.next_record() == first.next_record()


def test_move_seeds_follow_the_match_seed_deal_and_action():
    from engine.match import move_seed

    match = Match(seed=9)
    assert match.move_seed() is None  # no hand in progress
    deal = match.new_deal()
    assert match.move_seed() == move_seed(9, 0, 0)
    deal.play(deal.legal_moves()[0])
    assert match.move_seed() == move_seed(9, 0, 1) != move_seed(9, 1, 1)
    assert move_seed(None, 0, 0) is None and move_seed(8, 0, 1) != move_seed(9, 0, 1)
    assert Match.from_dict(match.to_dict()).move_seed() == match.move_seed()
