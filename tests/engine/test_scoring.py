"""Scoring a hand: tricks over six, revoke penalty, honours, the game."""

import json

import pytest

from engine.actions import Claim
from engine.deal import Deal, DealRecord
from engine.games.classic.rules import Rules
from engine.games.classic.scoring import game_value, honour_points, score_hand
from tests.engine.deal_helpers import claimed, record_with_honours, with_revokes

NS, EW = 0, 1


@pytest.mark.parametrize(
    "ns, points",
    [(13, (7, 0)), (7, (1, 0)), (6, (0, 1)), (9, (3, 0)), (0, (0, 7)), (4, (0, 3))],
)
def test_points_for_tricks_over_six(ns, points):
    score = score_hand(claimed(ns), (0, 0), Rules(target=10))
    assert score.tricks == (ns, 13 - ns)
    assert score.trick_points == points
    assert score.points == points
    assert score.game_after == points


def test_six_seven_only_seven_scores():
    score = score_hand(claimed(6), (2, 2), Rules())
    assert score.points == (0, 1) and score.game_after == (2, 3) and score.game_won_by is None


def test_reaching_target_wins_and_extra_points_are_not_kept():
    score = score_hand(claimed(11), (3, 4), Rules())
    assert score.trick_points == (5, 0)
    assert score.points == (2, 0) and score.game_after == (5, 4)
    assert score.game_won_by == NS
    assert any("beyond the target" in n for n in score.notes)


@pytest.mark.parametrize("target", [5, 7, 9, 10])
def test_each_target(target):
    start = (target - 2, 0)
    assert score_hand(claimed(7), start, Rules(target=target)).game_won_by is None
    assert score_hand(claimed(8), start, Rules(target=target)).game_won_by == NS


# -- revoke penalty ---------------------------------------------------------

def test_revoke_moves_three_tricks_before_scoring():
    deal = with_revokes("EW", ns_tricks_after=5)
    assert len(deal.revokes) == 1 and deal.tricks_taken() == (5, 8)
    score = score_hand(deal, (0, 0), Rules())
    assert score.penalty == (3, 0)
    assert score.adjusted == (8, 5)
    assert score.points == (2, 0)  # the revokers' 8 tricks became 5: they score nothing
    assert any("West revoked in trick 1" in n for n in score.notes)


def test_revoke_penalty_two_tricks_setting():
    score = score_hand(with_revokes("EW", 5), (0, 0), Rules(revoke_penalty=2))
    assert score.penalty == (2, 0) and score.adjusted == (7, 6) and score.points == (1, 0)


def test_revokers_with_fewer_tricks_give_what_they_have():
    score = score_hand(with_revokes("NS", 2), (0, 0), Rules())
    assert score.penalty == (0, 2) and score.adjusted == (0, 13)


def test_revoking_side_cannot_win_the_game_on_that_hand():
    # NS revoke but still take 12 tricks: 9 after the penalty, 3 points,
    # which would take them from 3 to 6: they stop at 4.
    score = score_hand(with_revokes("NS", 12), (3, 0), Rules())
    assert score.adjusted == (9, 4)
    assert score.game_after == (4, 0) and score.points == (1, 0)
    assert score.game_won_by is None
    assert any("cannot win the game on this hand, stopped at 4" in n for n in score.notes)


def test_revokes_by_both_sides_each_penalised():
    deal = with_revokes("NSEW", 7)
    assert len(deal.revokes) == 2
    score = score_hand(deal, (0, 0), Rules())
    assert score.penalty == (3, 3) and score.adjusted == (7, 6)


def test_non_revoking_side_may_win_game_with_penalty_tricks():
    score = score_hand(with_revokes("EW", 9), (4, 0), Rules())
    assert score.game_won_by == NS


# -- honours ------------------------------------------------------------------

@pytest.mark.parametrize("held, points", [(4, 4), (3, 2), (2, 0), (1, 0), (0, 0)])
def test_honour_points(held, points):
    assert honour_points(held) == points


@pytest.mark.parametrize(
    "ns_honours, expect", [(4, (4, 0)), (3, (2, 0)), (2, (0, 0)), (1, (0, 2)), (0, (0, 4))]
)
def test_honours_as_dealt(ns_honours, expect):
    score = score_hand(claimed(7, ns_honours), (0, 0), Rules(target=10, honours=True))
    assert score.honours_held == (ns_honours, 4 - ns_honours)
    assert score.honours == expect


def test_honours_off_by_default():
    score = score_hand(claimed(7, 4), (0, 0), Rules())
    assert score.honours == (0, 0) and score.points == (1, 0)


def test_honours_count_as_dealt_not_as_captured():
    # North was dealt all four honours; East-West claim every trick, so NS
    # capture nothing, yet the honours are theirs.
    score = score_hand(claimed(0, 4), (0, 0), Rules(target=10, honours=True))
    assert score.honours == (4, 0) and score.points == (4, 7)


def test_honours_in_played_hand_from_dealt_cards():
    deal = Deal(record_with_honours(3))
    while not deal.is_over:
        deal.play(deal.legal_moves()[-1])
    score = score_hand(deal, (0, 0), Rules(target=10, honours=True))
    assert score.honours_held == (3, 1)


def test_no_honours_in_no_trump_hand():
    record = record_with_honours(4)
    deal = Deal(DealRecord(record.dealer, 4, record.pack))
    deal.apply(Claim(deal.dealer, 6))
    score = score_hand(deal, (0, 0), Rules(honours=True, cycling_trumps=True))
    assert score.honours == (0, 0) and score.honours_held == (0, 0)


@pytest.mark.parametrize("target", [5, 7, 9, 10])
def test_honours_not_counted_at_target_minus_one(target):
    score = score_hand(claimed(6, 4), (target - 1, 0), Rules(target=target, honours=True))
    assert score.honours == (0, 0)
    assert score.game_after == (target - 1, 1)
    assert any(f"at {target - 1}" in n and "honours not counted" in n for n in score.notes)


def test_honours_can_win_the_game():
    score = score_hand(claimed(6, 4), (2, 0), Rules(honours=True))
    assert score.points == (3, 1) and score.game_won_by == NS


def test_seed_example_tricks_beat_honours_at_six_all():
    # Game to 7 with honours, 6-6: East-West take the last hand by one trick,
    # North-South hold the four honours. Tricks count first: East-West win.
    score = score_hand(claimed(6, 4), (6, 6), Rules(target=7, honours=True))
    assert score.game_won_by == EW
    assert score.game_after == (6, 7)
    assert score.honours == (0, 0)


def test_tricks_beat_honours_even_when_honours_would_count():
    # NS at 4 (may count honours in a game of 7) hold all four honours; EW at 6
    # reach 7 on tricks first, so NS's honours are never scored.
    score = score_hand(claimed(6, 4), (4, 6), Rules(target=7, honours=True))
    assert score.game_won_by == EW and score.honours == (0, 0)
    assert any("reached 7 on tricks first" in n for n in score.notes)


def test_revoking_side_honours_also_stop_short():
    deal = with_revokes("NS", 8)  # NS 5 after penalty: no trick points
    score = score_hand(deal, (3, 0), Rules(honours=True), honours_held=(4, 0))
    assert score.game_after == (4, 2) and score.game_won_by is None
    assert score.honours == (1, 0)  # 4 honour points, but the revokers stop at 4
    assert any("stopped at 4" in n for n in score.notes)


def test_hand_score_json():
    score = score_hand(with_revokes("EW", 7), (1, 2), Rules(honours=True), number=3)
    data = json.loads(json.dumps(score.to_dict()))
    assert data["number"] == 3 and data["dealer"] == "W" and data["trump"] == "H"
    assert data["revokes"][0]["seat"] == "W" and data["game_before"] == [1, 2]


# -- game values (rubber points) ------------------------------------------------

@pytest.mark.parametrize("loser, value", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_game_value_classic(loser, value):
    assert game_value(loser, 5) == value


@pytest.mark.parametrize(
    "target, doubles, singles",
    [(7, [1, 2, 3], [4, 5, 6]), (9, [1, 2, 3, 4], [5, 6, 7, 8]), (10, [1, 2, 3, 4], [5, 6, 7, 8, 9])],
)
def test_game_value_scaled_targets(target, doubles, singles):
    assert game_value(0, target) == 3
    assert all(game_value(x, target) == 2 for x in doubles)
    assert all(game_value(x, target) == 1 for x in singles)


def test_unfinished_hand_cannot_be_scored():
    from engine.errors import RulesError

    deal = Deal(record_with_honours(0))
    with pytest.raises(RulesError, match="the hand is not over: 13 trick"):
        score_hand(deal, (0, 0), Rules())
