"""Power cut: the headless demo is SIGKILLed at 50 random moments; each time the same
command run again resumes it and finishes it, and the journal and `whist-table
history` / `stats` output end up exactly as after a run that was never cut.

The store is on the real disk (tmp_path) with its fsync per action; the run is
kept short (two hands of the rules AI) so the 50 cuts fit in a few minutes.
"""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.system.test_resume import journal_of, recall_of

ROOT = Path(__file__).resolve().parents[2]
KILLS = 50
HANDS = 2
SEED = 22


def command(db: Path) -> list[str]:
    return [sys.executable, "-m", "device.cli", "demo", "--headless", "--hands", str(HANDS),
            "--seed", str(SEED), "--db", str(db), "--level", "rules"]


def finish(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command(db), cwd=ROOT, capture_output=True, text=True, timeout=300)


def time_to_first_rubber(db: Path) -> float:
    """Seconds from starting the demo until its store holds its first rubber."""
    started = time.monotonic()
    proc = subprocess.Popen(command(db), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while proc.poll() is None:
            left = partial_journal(db)
            if left is not None and left["matches"]:
                break
            time.sleep(0.005)
        return time.monotonic() - started
    finally:
        proc.kill()
        proc.wait()


def partial_journal(db: Path) -> dict[str, list[tuple]] | None:
    """What a killed run left committed, read without touching the files (None: nothing yet)."""
    if not db.exists():
        return None
    try:
        return journal_of(db)
    except sqlite3.Error:
        return None  # killed before the schema was committed


def test_sigkill_at_50_random_moments_resumes_to_the_same_journal(tmp_path):
    reference = tmp_path / "reference.sqlite3"
    started = time.monotonic()
    done = finish(reference)
    length = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    want_journal, want_recall = journal_of(reference), recall_of(reference)
    assert len(want_journal["actions"]) == HANDS * 52

    # Python and the engine load before the demo commits its first rubber: cuts during
    # that cost nothing to resume, so the cuts are drawn from the rest of the run
    # (measured on a run of its own, since the load of the machine changes it).
    startup = min(time_to_first_rubber(tmp_path / "probe.sqlite3"), length / 2)

    rng = random.Random(20261130)
    cut_short = resumed = 0
    for i in range(KILLS):
        db = tmp_path / f"cut-{i:02}.sqlite3"
        proc = subprocess.Popen(command(db), cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            proc.wait(timeout=rng.uniform(startup, length))
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            cut_short += 1
        left = partial_journal(db)
        if left is not None:
            # What was committed is exactly what the uninterrupted run wrote, so far.
            assert set(left["actions"]) <= set(want_journal["actions"]), i
            for kind, row_id in (("deals", 0), ("matches", 0)):
                want = {r[row_id]: r for r in want_journal[kind]}
                for row in left[kind]:
                    # Same rows; a finished one complete with its result.
                    assert row[:3] == want[row[0]][:3], (i, kind)
                    if kind == "deals":
                        assert row[:5] == want[row[0]][:5], i
                    if row[-2]:
                        assert row == want[row[0]], (i, kind)

        again = finish(db)
        assert again.returncode == 0, (i, again.stderr)
        if left is not None and left["matches"]:
            assert "Resuming the demo run with seed 22" in again.stdout, i
            resumed += 1
        assert journal_of(db) == want_journal, i
        assert recall_of(db) == want_recall, i
    print(f"power cuts: {cut_short} of {KILLS} mid-run, {resumed} resumed, run length {length:.2f} s")
    # Most cuts land mid-run (the kill times are drawn from the measured run, after start-up).
    assert cut_short >= KILLS // 5 and resumed >= KILLS // 5, (cut_short, resumed)
