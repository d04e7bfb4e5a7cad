"""bench/arena.py: a duplicate match prints margins and latencies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_arena_plays_duplicate_deals_and_reports() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "arena.py"), "rules", "random", "--deals", "3", "--seed", "t"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    assert "rules vs random: 3 duplicate deals (6 hands)" in out
    assert "trick margin" in out and "point margin" in out
    assert out.count("moves, median") == 2  # each bot's latency line
