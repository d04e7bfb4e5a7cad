"""bench/narrow_tune.py, the tuner of the narrow search's move-ordering weights."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from narrow_tune import current_weights  # noqa: E402

TUNE = [sys.executable, str(ROOT / "bench" / "narrow_tune.py")]

pytestmark = [pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler"),
              pytest.mark.skipif(not __import__("engine.solver").solver.HAVE_C, reason="C solver not built")]


def tune(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*TUNE, "--train", "1", "--test", "1", "--layouts", "3",
                           "--cache", str(tmp_path / "exact.pickle"), *args],
                          capture_output=True, text=True, timeout=600)


def test_it_reads_the_narrow_weights_of_the_solver() -> None:
    names, values = current_weights()
    assert len(names) == len(values) > 10
    assert "free" in names and "tenace" in names


def test_a_search_of_every_move_loses_nothing_against_the_exact_choice(tmp_path: Path) -> None:
    # width 13 searches every move: its values are the exact ones, so the cards it
    # chooses are the exact layouts' choices, on the layouts and on the deal itself
    run = tune(tmp_path, "--sweeps", "0", "--narrow", "6,13,0")
    assert run.returncode == 0, run.stderr
    assert "training deals: 0.00 tricks lost" in run.stdout
    rows = re.findall(r"(\d+) cards: \d+ positions, ([\d.]+) tricks lost a position, \d+ positions "
                      r"reached a layout; on the deal itself ([\d.]+) lost \(([\d.]+) by the exact",
                      run.stdout)
    assert {int(n) for n, *_ in rows} >= {13, 6}
    assert all(float(lost) == 0 and mine == exact for _, lost, mine, exact in rows)
    # the exact values were kept: a second run reads them
    assert (tmp_path / "exact.pickle").exists()


def reached(out: str) -> dict[int, int]:
    """Positions reached a layout, by the cards in hand, of the held-out deals as they start."""
    part = out.split("before:")[1].split("after:")[0]
    return {int(n): int(k) for n, k in re.findall(r"(\d+) cards: .*?, (\d+) positions reached", part)}


def test_a_narrow_search_to_a_depth_reaches_fewer_positions(tmp_path: Path) -> None:
    # plies: the width only that deep below the card valued, one move beyond
    full = tune(tmp_path, "--sweeps", "0", "--narrow", "6,3,0")
    deep = tune(tmp_path, "--sweeps", "0", "--narrow", "6,3,4")
    assert full.returncode == 0 and deep.returncode == 0, full.stderr + deep.stderr
    a, b = reached(full.stdout), reached(deep.stdout)
    assert a.keys() == b.keys() and 13 in a
    assert all(b[n] < a[n] for n in a if n >= 10)


def test_held_weights_stay_as_they_start(tmp_path: Path) -> None:
    names, values = current_weights()
    held = [n for n in names if n != "free"]
    run = tune(tmp_path, "--sweeps", "1", "--min-gain", "0", "--hold", *held)
    assert run.returncode == 0, run.stderr
    line = next(x for x in run.stdout.splitlines() if x.startswith("weights {"))
    after = dict(re.findall(r"'(\w+)': (-?\d+)", line))
    assert {n: int(after[n]) for n in held} == {n: v for n, v in zip(names, values, strict=True) if n in held}
    assert "held-out deals:" in run.stdout


def test_a_weight_it_does_not_know_is_refused_plainly(tmp_path: Path) -> None:
    run = tune(tmp_path, "--hold", "tenacce")
    assert run.returncode != 0
    assert "no weight tenacce" in run.stderr and "tenace" in run.stderr
