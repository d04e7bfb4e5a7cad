"""bench/order_tune.py, the tuner of the exact search's move-ordering weights."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from order_tune import current_weights  # noqa: E402

TUNE = [sys.executable, str(ROOT / "bench" / "order_tune.py")]

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler")


def tune(*args: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("endplay")
    return subprocess.run([*TUNE, *args], capture_output=True, text=True, timeout=600)


def test_held_weights_stay_as_they_start() -> None:
    names, values = current_weights()
    start = dict(zip(names, values, strict=True))
    free = "answers"
    held = [n for n in start if n != free]
    run = tune("--train", "1", "--test", "2", "--deals", "2", "--sweeps", "1", "--hold", *held)
    assert run.returncode == 0, run.stderr
    line = next(x for x in run.stdout.splitlines() if x.startswith("weights {"))
    after = dict(re.findall(r"'(\w+)': (-?\d+)", line))
    assert {n: int(after[n]) for n in held} == {n: start[n] for n in held}
    assert "held-out seeds:" in run.stdout


def test_a_weight_it_does_not_know_is_refused_plainly() -> None:
    run = tune("--hold", "under_partnr")
    assert run.returncode != 0
    assert "no weight under_partnr" in run.stderr
    assert "under_partner" in run.stderr  # the names it does know
