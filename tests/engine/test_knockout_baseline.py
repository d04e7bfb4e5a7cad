"""The bench's standard ISMCTS (bench/ismcts.py) plays Knockout for Knockout's goal,
staying in and then the most tricks, as the game tells its own AI: as an external
player it once aimed at Oh Hell's points for a bid of no tricks and lost to random play."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import ismcts as baseline  # noqa: E402

from engine.games import get_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.seats import Seat  # noqa: E402


def test_the_baseline_takes_more_tricks_than_random_players_in_knockout() -> None:
    """Ten first hands at three players, North searching (300 simulations a card) among two
    random players: it takes more tricks than either of them on the whole."""
    game = get_game("knockout", 3)
    rng = random.Random(4)
    taken = [0, 0, 0]
    for seed in range(10):
        match = Match(game.default_rules(), Seat(seed % 3), seed, game)
        deal = match.new_deal()
        while not deal.is_over:
            assert deal.turn is not None
            obs = match.observe(deal.turn)
            if deal.turn == Seat(0) and len(obs.legal) > 1:
                match.apply(baseline.search(obs, 300, seed))
            else:
                match.apply(rng.choice(deal.legal_actions()))
        score = match.finish_deal()
        taken = [t + n for t, n in zip(taken, score.tricks, strict=True)]
    assert taken[0] > max(taken[1:])
