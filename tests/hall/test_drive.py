"""The drive's own logic (hall.drive): settings, movement, scorecards, leaderboard, results."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.seats import Seat
from hall.drive import (
    DriveError,
    DriveSettings,
    HandResult,
    ResultBook,
    ResultConflict,
    Seating,
    checked,
    first_seating,
    move,
    play_result,
    round_winner,
    standings,
    table_moves,
)


def seating(tables: int) -> Seating:
    return Seating(tuple((f"P{t}N", f"P{t}E", f"P{t}S", f"P{t}W") for t in range(1, tables + 1)))


def partners(s: Seating) -> set[frozenset[str]]:
    return {frozenset((four[i], four[i + 2])) for four in s.tables for i in (0, 1)}


def random_results(drive: DriveSettings, rng: random.Random) -> list[HandResult]:
    out = []
    for r in range(1, drive.rounds + 1):
        for t in range(1, drive.tables + 1):
            for h in range(1, drive.hands_per_round + 1):
                ns = rng.randrange(14)
                out.append(HandResult(drive.drive, r, t, h, (ns, 13 - ns)))
    return out


def test_the_worked_example_hand_five_in_hearts_at_table_three() -> None:
    # N/S win 8, E/W 5 at table 3 in hand 5 (hearts): N and S write 8, E and W 5;
    # N/S move to table 2 and sit S and W opposite two new partners.
    drive = DriveSettings("club", tables=4, rounds=24)
    assert drive.trump(5, 1) == 1 and drive.dealer(5, 1) == Seat.N
    results = [HandResult("club", r, t, 1, (8, 5)) for r in range(1, 5) for t in range(1, 5)]
    four_before = standings(drive, seating(4), results).seatings[4].at(3)
    results += [HandResult("club", 5, t, 1, (8, 5)) for t in range(1, 5)]
    s = standings(drive, seating(4), results)
    n, e, south, w = four_before
    assert [s.cards[p][-1].tricks for p in (n, e, south, w)] == [8, 5, 8, 5]
    assert s.cards[n][-1].trumps == "H"
    assert s.seatings[5].where(n) == (2, Seat.S) and s.seatings[5].where(south) == (2, Seat.W)


def test_trumps_rotate_hearts_clubs_diamonds_spades_and_the_dealer_follows_the_hand() -> None:
    drive = DriveSettings("club", tables=2, rounds=3, hands_per_round=4)
    assert ["SHDC"[drive.trump(r, h) or 0] for r in (1, 2) for h in (1, 2, 3, 4)] == list("HCDSHCDS")
    assert [drive.dealer(2, h).name for h in (1, 2, 3, 4)] == list("NESW")
    turn_up = DriveSettings("club", tables=2, trump_mode="turn_up")
    assert turn_up.trump(1, 1) is None and turn_up.record(1, 1, 1).trump_card is not None
    fixed = DriveSettings("club", tables=2, trump_mode="fixed_suit", seed="x")
    assert len({fixed.trump(r, 1) for r in range(1, 25)}) == 1


def test_a_table_deal_is_the_same_everywhere_and_different_at_each_table() -> None:
    drive = DriveSettings("club", tables=3)
    assert drive.record(2, 1, 1) == drive.record(2, 1, 1)
    assert drive.record(2, 1, 1).pack != drive.record(2, 2, 1).pack


@given(st.integers(1, 9), st.sampled_from(["winners_move", "fixed", "losers_move"]), st.randoms())
def test_every_movement_keeps_every_player_seated_once(tables: int, movement: str,
                                                       rng: random.Random) -> None:
    drive = DriveSettings("club", tables=tables, movement=movement)
    before = seating(tables)
    after = move(drive, before, [rng.randrange(2) for _ in range(tables)])
    assert sorted(after.players()) == sorted(before.players())


@given(st.integers(2, 9), st.randoms())
def test_winners_move_up_losers_stay_and_everyone_has_a_new_partner(tables: int, rng: random.Random) -> None:
    drive = DriveSettings("club", tables=tables)
    before = seating(tables)
    winners = [rng.randrange(2) for _ in range(tables)]
    after = move(drive, before, winners)
    assert not partners(before) & partners(after)
    for t in range(1, tables + 1):
        four = before.at(t)
        for s in Seat:
            won = s.side == winners[t - 1]
            to_table, to_seat = after.where(four[s])
            if t == 1:
                assert to_table == (1 if won else tables)
            else:
                assert to_table == (t - 1 if won else t)
            stayed = to_table == t
            assert (to_seat in (Seat.N, Seat.E)) == stayed


def test_fixed_movement_north_and_east_stay_south_goes_down_west_goes_up() -> None:
    drive = DriveSettings("club", tables=3, movement="fixed")
    after = move(drive, seating(3), [0, 1, 0])
    assert after.at(1) == ("P1N", "P1E", "P3S", "P2W")
    assert after.at(3) == ("P3N", "P3E", "P2S", "P1W")


def test_losers_move_split_and_the_winners_stay_together() -> None:
    drive = DriveSettings("club", tables=3, movement="losers_move")
    after = move(drive, seating(3), [0, 0, 1])  # E/W lose at 1 and 2, N/S at 3
    assert after.at(1)[0::2] == ("P1N", "P1S")
    assert after.at(3)[1::2] == ("P3E", "P3W")
    assert after.where("P1E") == (2, Seat.E)  # N/E player of the losers up a table number
    assert after.where("P1W") == (3, Seat.S)  # S/W player down, wrapping, into the seat left there


def test_a_round_goes_to_the_side_with_more_tricks_an_even_split_to_the_last_hand() -> None:
    drive = DriveSettings("club", tables=1, hands_per_round=2)
    first = HandResult("club", 1, 1, 1, (9, 4))
    assert round_winner(drive, [first, HandResult("club", 1, 1, 2, (6, 7))]) == 0
    assert round_winner(drive, [first, HandResult("club", 1, 1, 2, (4, 9))]) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(1, 4), st.integers(1, 4),
       st.sampled_from(["winners_move", "fixed", "losers_move"]), st.randoms(), st.randoms())
def test_any_order_and_any_duplication_of_the_results_gives_the_same_totals(
        tables: int, rounds: int, per_round: int, movement: str, make: random.Random,
        deliver: random.Random) -> None:
    drive = DriveSettings("club", tables=tables, rounds=rounds, hands_per_round=per_round, movement=movement)
    results = random_results(drive, make)
    once = standings(drive, seating(tables), results)
    delivered = results + [deliver.choice(results) for _ in range(len(results))]
    deliver.shuffle(delivered)
    book = ResultBook()
    for r in delivered:
        book.add(r)
    again = standings(drive, seating(tables), book)
    assert once.finished and again.finished
    assert again.cards == once.cards and again.leaderboard() == once.leaderboard()
    assert again.seatings == once.seatings and again.counted == len(results)
    # every hand gives each of the four at its table one score: a total of 13 a hand per table pair
    assert sum(again.total(p) for p in seating(tables).players()) == 13 * 2 * len(results)


def test_a_missing_round_at_one_table_holds_the_later_rounds_until_it_arrives() -> None:
    drive = DriveSettings("club", tables=3, rounds=3)
    results = random_results(drive, random.Random(4))
    late = [r for r in results if r.round == 1 and r.table == 2]
    early = [r for r in results if r not in late]
    partial = standings(drive, seating(3), early)
    assert partial.complete_rounds == 0 and partial.round == 1
    assert partial.counted == 2 and partial.waiting == len(early) - 2
    full = standings(drive, seating(3), early + late)
    assert full.finished and full.waiting == 0


def test_a_second_different_result_for_a_hand_is_refused_and_the_first_kept() -> None:
    book = ResultBook([HandResult("club", 1, 1, 1, (7, 6))])
    with pytest.raises(ResultConflict, match="already counted as 7-6"):
        book.add(HandResult("club", 1, 1, 1, (6, 7)))
    assert len(book) == 1


def test_a_result_is_replayed_through_the_engine_and_a_false_count_refused() -> None:
    drive = DriveSettings("club", tables=2)
    deal = drive.match(1).start_deal(drive.record(1, 2, 1))
    while not deal.is_over:
        deal.apply(Play(deal.turn or Seat.N, deal.legal_moves()[0]))
    result = play_result(drive, 1, 2, 1, deal.actions)
    assert sum(result.tricks) == 13
    again = HandResult.from_json(result.to_json())
    assert checked(drive, again) == result
    lie = HandResult("club", 1, 2, 1, (result.tricks[1], result.tricks[0]), result.actions)
    if lie.tricks != result.tricks:
        with pytest.raises(DriveError, match="its cards make"):
            checked(drive, lie)
    with pytest.raises(DriveError, match="not finished"):
        play_result(drive, 1, 2, 1, deal.actions[:-1])
    with pytest.raises(DriveError, match="tables 1 to 2"):
        checked(drive, HandResult("club", 1, 3, 1, result.tricks, result.actions))


def test_ties_go_to_the_better_last_hand_and_the_ai_is_not_ranked() -> None:
    drive = DriveSettings("club", tables=1, rounds=2, movement="fixed")
    first = first_seating(1, {(1, Seat.N): "Ann", (1, Seat.E): "Bob"})
    s = standings(drive, first, [HandResult("club", 1, 1, 1, (6, 7)), HandResult("club", 2, 1, 1, (7, 6))])
    board = s.leaderboard()
    assert [(r.place, r.player, r.total) for r in board[:2]] == [(1, "Ann", 13), (2, "Bob", 13)]
    assert all(r.place == 0 for r in board[2:])


def test_odd_tricks_count_only_the_tricks_over_six() -> None:
    drive = DriveSettings("club", tables=1, rounds=1, score_unit="odd_tricks")
    s = standings(drive, seating(1), [HandResult("club", 1, 1, 1, (9, 4))])
    assert (s.total("P1N"), s.total("P1E")) == (3, 0)


def test_a_table_says_where_its_players_go_without_the_other_tables() -> None:
    drive = DriveSettings("club", tables=4)
    moves = dict(table_moves(drive, 3, ("a", "b", "c", "d"), winner=0))
    assert moves == {"a": "goes to table 2", "c": "goes to table 2", "b": "stays at table 3",
                     "d": "stays at table 3"}
    assert dict(table_moves(drive, 1, ("a", "b", "c", "d"), winner=1))["a"] == "goes to table 4"


@pytest.mark.parametrize("change, message", [
    ({"drive": "Club Night"}, "lower-case"),
    ({"tables": 0}, "1 to 500"),
    ({"hands_per_round": 5}, "choose 1 to 4"),
    ({"movement": "shuffle"}, "winners_move, fixed, losers_move"),
    ({"trump_order": "HHC"}, "each once"),
    ({"separate_prizes": True}, "fixed movement"),
])
def test_bad_settings_say_what_to_choose(change: dict[str, object], message: str) -> None:
    data = DriveSettings("club", tables=2).to_dict() | change
    with pytest.raises(DriveError, match=message):
        DriveSettings.from_dict(data)


def test_settings_round_trip_and_players_are_named_once() -> None:
    drive = DriveSettings("club", tables=3, rounds=6, hands_per_round=4, movement="fixed")
    assert DriveSettings.from_dict(drive.to_dict()) == drive and drive.hands == 24
    with pytest.raises(DriveError, match="two seats: Ann"):
        first_seating(2, {(1, Seat.N): "Ann", (2, Seat.S): "Ann"})
    with pytest.raises(DriveError, match="kept for the AI"):
        first_seating(2, {(1, Seat.N): "AI 7"})
