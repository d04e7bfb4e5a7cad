"""Bid Whist through the command line: the headless demo prints the auction,
the contract and the kitty; every stored hand reads back whole in
`history --json`; a run killed mid-hand resumes to the same journal."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from device.store import Store
from engine.cards import full_deck
from tests.system.test_games_cli import ROOT, Crash, crashing_append, journal_of, run_cli

DEMO = ["demo", "--headless", "--game", "bid", "--hands", "3", "--seed", "5", "--level", "rules"]


def test_the_demo_prints_the_auction_the_contract_and_the_kitty(tmp_path: Path) -> None:
    code, out, err = run_cli([*DEMO, "--db", str(tmp_path / "b.db")])
    assert code == 0, err
    assert out.count("Auction: ") == 3 and out.count("  Kitty: ") == 3
    assert re.search(r"(You take the kitty and lay|\w+ takes the kitty and lays) away", out)
    assert "Trick 12" in out and "Trick 13" not in out
    assert "books, made" in out or "books, set" in out


def test_history_json_holds_every_hand_whole(tmp_path: Path) -> None:
    db = str(tmp_path / "h.db")
    assert run_cli([*DEMO, "--db", db])[0] == 0
    code, out, _ = run_cli(["history", "--db", db, "--json"])
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 3
    for hand in lines:
        assert hand["game"] == "bid" and hand["rules"]["win_at"] == 5
        dealt = [c for cards in hand["deal"]["hands"].values() for c in cards]
        dealt += hand["deal"]["piles"]["kitty"]
        assert sorted(dealt) == sorted(str(c) for c in full_deck(jokers=True))
        kinds = [a["type"] for a in hand["actions"]]
        assert kinds[:4].count("bid") + kinds[:4].count("pass") == 4
        assert kinds[4:6] == ["declare", "exchange"] and kinds[6:] == ["play"] * 48
        assert len(hand["actions"][5]["discard"]) == 6
        assert len(hand["tricks"]) == 12 and all(t["winner"] for t in hand["tricks"])
        assert sum(hand["result"]["tricks"].values()) == 12 and hand["result"]["notes"]


def test_a_run_resumes_after_a_crash_in_the_auction_the_exchange_and_the_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole.sqlite3"
    assert run_cli([*DEMO, "--db", str(whole)])[0] == 0
    reference = journal_of(whole)
    for crash_at in (2, 6, 40, 70):  # an auction, the exchange, the play, the second hand
        db = tmp_path / f"cut-{crash_at}.sqlite3"
        with monkeypatch.context() as m:
            m.setattr(Store, "append_action", crashing_append(crash_at))
            with pytest.raises(Crash):
                run_cli([*DEMO, "--db", str(db)])
        code, out, err = run_cli([*DEMO, "--db", str(db)])
        assert code == 0, err
        assert "Resuming the demo run with seed 5" in out
        assert journal_of(db) == reference, crash_at


def _actions(db: Path) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return int(con.execute("SELECT count(*) FROM actions").fetchone()[0])
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def test_sigkill_mid_hand_then_resume_gives_the_uninterrupted_journal(tmp_path: Path) -> None:
    whole = tmp_path / "whole.sqlite3"
    assert run_cli([*DEMO, "--db", str(whole)])[0] == 0
    db = tmp_path / "killed.sqlite3"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-m", "device.cli", *DEMO, "--delay", "0.05", "--db", str(db)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            if _actions(db) >= 20 or proc.poll() is not None:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    code, out, err = run_cli([*DEMO, "--db", str(db)])
    assert code == 0, err
    assert journal_of(db) == journal_of(whole)
