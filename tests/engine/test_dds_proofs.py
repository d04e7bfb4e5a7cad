"""bench/dds_proofs.py, the drill that follows a deal's proofs beside DDS's."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DRILL = [sys.executable, str(ROOT / "bench" / "dds_proofs.py"), "--seed", "1", "--deal", "27"]
PLAYED = ["H2", "H7", "HK", "H5"]

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler")


def drill(*args: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("endplay")
    return subprocess.run([*DRILL, *args], capture_output=True, text=True, timeout=300)


def test_following_the_value_prints_the_same_proofs():
    plain = drill(*PLAYED)
    assert plain.returncode == 0, plain.stderr
    header, *rows = plain.stdout.splitlines()
    assert header.startswith("E to play, 12 tricks left; the side's value ")
    value = int(header.split("value ")[1].split()[0])
    # East-West took the first trick (the king of hearts): the deal's total is one more
    followed = drill("--total", f"EW={value + 1}", *PLAYED)
    assert followed.returncode == 0, followed.stderr
    assert followed.stdout.splitlines()[0].startswith(f"E to play, 12 tricks left; East-West need {value} ")
    assert followed.stdout.splitlines()[1:] == rows
    assert any(row.startswith("here ") for row in rows)


def test_a_total_it_cannot_read_is_refused_plainly():
    bad = drill("--total", "XX=6", *PLAYED)
    assert bad.returncode != 0
    assert "--total is a side and its tricks of the deal, as NS=7 or EW=6, not 'XX=6'" in bad.stderr
