"""bench/arena.py: a duplicate match prints margins and latencies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _arena(*args: str) -> str:
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / "arena.py"), *args, "--seed", "t"],
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout


def test_arena_plays_duplicate_deals_and_reports() -> None:
    out = _arena("rules", "random", "--deals", "3")
    assert "rules vs random: 3 duplicate deals (6 hands)" in out
    assert "trick margin" in out and "point margin" in out
    assert out.count("moves, median") == 2  # each bot's latency line


def test_arena_has_the_information_references() -> None:
    # peek (hard that also sees its partner's hand) and dd (sees all four) bound what hard can reach
    out = _arena("peek", "dd", "--deals", "1")
    assert "peek vs dd: 1 duplicate deals (2 hands)" in out
    assert out.count("moves, median") == 2


def test_arena_has_the_literal_tips_reference() -> None:
    out = _arena("tips", "rules", "--deals", "1")
    assert "tips vs rules: 1 duplicate deals (2 hands)" in out
    assert out.count("moves, median") == 2
