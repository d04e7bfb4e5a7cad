"""bench/search_stats.py: where the book's prior acts in hard's search, and how sharp its weights are."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import arena  # noqa: E402
from search_stats import Recorder  # noqa: E402

from engine.deal import Deal  # noqa: E402


def test_it_counts_the_moves_hard_plays() -> None:
    """The tool's player is the level itself: the same card at every move of a deal."""
    record, seed = arena.bench_deals("t", 1)[0]
    rec = Recorder("hard")
    level = arena.level_card_bot("hard", None, None)
    deal = Deal(record)
    for seat, _, card in arena.play_out(deal, ("hard", "hard"), {"hard": level}, seed):
        assert rec(deal, seat, seed) == str(card)
    moves = sum(t[0] for t in rec.moves.values())
    assert 0 < moves <= 52
    assert sum(len(v) for v in rec.draws.values()) == moves


def test_it_prints_counts_that_nest_and_draws_in_range() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "search_stats.py"), "hard", "rules",
                          "--deals", "2", "--seed", "t"],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    cells = re.findall(r"(\d+) / (\d+) / (\d+)", out)
    assert len(cells) == 12  # three stages of the hand, four places in the trick
    counts = [tuple(int(x) for x in c) for c in cells]
    assert all(moves >= few >= kept for moves, few, kept in counts)
    # 2 deals, played twice, hard in two seats at each table: at most 104 cards chosen
    assert 0 < sum(c[0] for c in counts) <= 104
    assert any(c[1] for c in counts)  # early leads run out of nodes (bench/RESULTS.md)
    rows = re.findall(r"^\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$", out, re.M)
    assert rows and sum(int(r[1]) for r in rows) == sum(c[0] for c in counts)
    for _, _, median, low, mean in rows:
        assert 1.0 <= float(low) <= float(median) <= 16.0
        assert 1.0 <= float(mean) <= 16.0
