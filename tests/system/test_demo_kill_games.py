"""A killed ``demo --headless --db`` of a game with an auction, of one where each plays
alone and of one whose players pass cards to each other, resumes from its store when run
again and ends with the same journal, the same ``history --json`` and the same last lines as
a run that was never killed."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.game import Game
from engine.games import GAMES
from tests.system.test_powercut import partial_journal
from tests.system.test_resume import journal_of, run_cli

ROOT = Path(__file__).resolve().parents[2]
HANDS = 2


def games() -> list[str]:
    partners = next(n for n, g in GAMES.items() if g.partnerships and g.has_auction)
    alone = next(n for n, g in GAMES.items() if not g.partnerships and g.has_auction)
    # and one whose players pass cards to each other before the play (picked up once all have passed)
    passing = next(n for n, g in GAMES.items() if type(g).exchange_to is not Game.exchange_to)
    return [partners, alone, passing]


def command(db: Path, game: str, *more: str) -> list[str]:
    return [sys.executable, "-m", "device.cli", "demo", "--headless", "--game", game, "--hands", str(HANDS),
            "--seed", "31", "--db", str(db), "--level", "rules", *more]


def actions_in(db: Path) -> int:
    left = partial_journal(db)
    return 0 if left is None else len(left["actions"])


@pytest.mark.parametrize("game", games())
def test_a_killed_demo_resumes_to_the_same_journal(tmp_path: Path, game: str) -> None:
    killed_and_resumed(tmp_path, game)


def killed_and_resumed(tmp_path: Path, game: str, *more: str) -> None:
    """``demo --headless --db`` of ``game`` (with ``more`` arguments), killed a third of the
    way through and run again, ends as a run never killed: journal, history and last line."""
    whole = tmp_path / "whole.sqlite3"
    done = subprocess.run(command(whole, game, *more), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    total = len(journal_of(whole)["actions"])
    cut = tmp_path / "cut.sqlite3"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    proc = subprocess.Popen(command(cut, game, *more), cwd=ROOT, **quiet)
    try:
        while proc.poll() is None and actions_in(cut) < total // 3:
            time.sleep(0.002)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL  # cut part way through, as a power cut would
    assert 0 < actions_in(cut) < total
    again = subprocess.run(command(cut, game, *more), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert "Resuming the demo run with seed 31" in again.stdout
    assert journal_of(cut) == journal_of(whole)
    exports = [run_cli(["history", "--json", "--db", str(db)]) for db in (whole, cut)]
    assert exports[0][0] == exports[1][0] == 0 and exports[0][1] == exports[1][1]
    assert again.stdout.splitlines()[-1].split(";")[1] == done.stdout.splitlines()[-1].split(";")[1]
