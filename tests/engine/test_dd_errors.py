"""bench/dd_errors.py: a margin split into each card's double-dummy error."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(tool: str, *args: str) -> str:
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / tool), *args, "--seed", "t"],
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout


def test_the_margin_is_the_other_sides_errors_less_ones_own() -> None:
    out = _run("dd_errors.py", "rules", "random", "--deals", "3")
    m = re.search(r"rules's margin ([+-][\d.]+) tricks a deal = random's double-dummy errors ([\d.]+) "
                  r"less rules's ([\d.]+)", out)
    assert m is not None, out
    margin, theirs, ours = (float(x) for x in m.groups())
    assert abs(margin - (theirs - ours)) < 0.002
    # the same deals, the same play: the arena's own margin
    arena = _run("arena.py", "rules", "random", "--deals", "3")
    assert f"rules trick margin: {m.group(1)} " in arena, arena


def test_the_double_dummy_player_gives_nothing_away() -> None:
    out = _run("dd_errors.py", "dd", "rules", "--deals", "1")
    # the player's rows, one a stage of the hand, the shares in brackets left out
    rows = [re.sub(r"\([^)]*\)", "", line).split() for line in out.splitlines()
            if line.split()[:1] == ["dd"] and "-" in line.split()[1]]
    assert len(rows) == 3
    assert all(float(cell) == 0.0 for row in rows for cell in row[2:])
    assert "rules's double-dummy errors 0.000" not in out  # the other side does give some away
