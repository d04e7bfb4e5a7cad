"""`whist-table games` and `whist-table demo --game G` through the command line:
a second game plays headless, is journalled with its name and resumes after a crash."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from device.cli import main
from device.store import Store
from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[2]


def whist(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "device.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def test_games_lists_every_game_one_a_line() -> None:
    r = whist("games")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(GAMES) and len(lines) >= 2
    assert lines[0].startswith("classic ") and "Classic whist: four players" in lines[0]
    assert lines[1].startswith("norwegian ") and "Norwegian whist: " in lines[1] and "nullo" in lines[1]


def test_the_norwegian_demo_prints_auctions_contracts_tricks_and_scores() -> None:
    r = whist("demo", "--headless", "--game", "norwegian", "--hands", "8", "--seed", "3")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.startswith("Whist table demo (Norwegian whist): 8 hands")
    assert out.count("Trick 13") == 8 and "Played 8 hands" in out
    auctions = re.findall(r"^Auction: (.*)$", out, re.M)
    contracts = re.findall(r"^Contract: (grand|nullo) \((\w+ declares?|all passed)\), \w+ leads?$", out, re.M)
    assert len(auctions) == len(contracts) == 8
    assert any(c[0] == "grand" for c in contracts)
    for auction, (call, who) in zip(auctions, contracts, strict=True):
        bids = auction.split(", ")
        if who == "all passed":
            assert call == "nullo" and len(bids) == 4 and all(b.endswith(" pass") for b in bids)
        else:
            assert bids[-1] == f"{who.split()[0]} {call}"  # the first bid ends the auction
    assert "Score sheet (game to 50, grand 4/8, nullo 2 a trick over six)" in out
    assert len(re.findall(r"^Hand \d: We \d+ tricks, They \d+\.$", out, re.M)) == 8
    again = whist("demo", "--headless", "--game", "norwegian", "--hands", "8", "--seed", "3")
    assert again.stdout == out


def test_an_unknown_game_is_refused_with_the_choices() -> None:
    r = whist("demo", "--headless", "--game", "bridge", "--hands", "1")
    assert r.returncode == 2 and "no game called 'bridge'" in r.stderr and "classic, norwegian" in r.stderr


class Crash(BaseException):
    """The power goes, inside a store write."""


def journal_of(db: Path) -> dict[str, list[tuple[object, ...]]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {
            "matches": con.execute("SELECT id, rules, players, finished IS NOT NULL, result FROM matches "
                                   "ORDER BY id").fetchall(),
            "deals": con.execute("SELECT id, match_id, number, record, result FROM deals "
                                 "ORDER BY id").fetchall(),
            "actions": con.execute("SELECT deal_id, seq, action FROM actions "
                                   "ORDER BY deal_id, seq").fetchall(),
        }
    finally:
        con.close()


def crashing_append(crash_at: int) -> Callable[..., None]:
    """Store.append_action that crashes at its ``crash_at``-th call (1-based), before writing."""
    real = Store.append_action
    writes = 0

    def append(self: Store, *args: Any) -> None:
        nonlocal writes
        writes += 1
        if writes == crash_at:
            raise Crash(f"append_action #{crash_at}")
        real(self, *args)
    return append


DEMO = ["demo", "--headless", "--game", "norwegian", "--hands", "3", "--seed", "5", "--level", "rules"]


def test_a_norwegian_run_is_stored_with_its_game_and_resumes_after_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole.sqlite3"
    code, out, err = run_cli([*DEMO, "--db", str(whole)])
    assert code == 0, err
    reference = journal_of(whole)
    rules = json.loads(str(reference["matches"][0][1]))
    assert rules["match"]["game"] == "norwegian" and rules["target"] == 50  # the row carries the game
    kinds = [json.loads(str(a[2]))["type"] for a in reference["actions"]]
    assert "pass" in kinds or "bid" in kinds  # the auction is journalled like the cards

    for crash_at in (2, 40, 100):  # in the first auction, then in the play of later hands
        db = tmp_path / f"cut-{crash_at}.sqlite3"
        with monkeypatch.context() as m:
            m.setattr(Store, "append_action", crashing_append(crash_at))
            with pytest.raises(Crash):
                run_cli([*DEMO, "--db", str(db)])
        code, out, err = run_cli([*DEMO, "--db", str(db)])
        assert code == 0, err
        assert "Resuming the demo run with seed 5" in out
        assert journal_of(db) == reference, crash_at


def test_a_run_of_another_game_with_the_same_seed_is_not_resumed(tmp_path: Path) -> None:
    db = tmp_path / "two-games.sqlite3"
    assert run_cli(["demo", "--headless", "--hands", "1", "--seed", "5", "--level", "rules",
                    "--db", str(db)])[0] == 0
    code, out, _ = run_cli(["demo", "--headless", "--game", "norwegian", "--hands", "1", "--seed", "5",
                            "--level", "rules", "--db", str(db)])
    assert code == 0 and "Resuming" not in out and "Norwegian whist" in out
    games = [json.loads(str(m[1]))["match"]["game"] for m in journal_of(db)["matches"]]
    assert games == ["classic", "norwegian"]


def test_the_window_demo_of_another_game_shows_it_in_the_window(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from device.app.app import App
    from device.commands import demo

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    shown: list[tuple[str, ...]] = []

    def frames(app: App) -> int:  # a few frames of the window, then closed
        for _ in range(20):
            app.step(0.05)
        shown.append(app.scene.games)
        shown.append((app.scene.session.match.game.name,))
        app.close()
        return 0

    monkeypatch.setattr(App, "run", frames)
    args = argparse.Namespace(headless=False, game="norwegian", hands=1, seed="2", delay=0, size="800x480",
                              fullscreen=False, level="rules", db=None, rule=[])
    assert demo.run(args) == 0
    captured = capsys.readouterr()
    assert "in the terminal" not in captured.err and "Trick 1" not in captured.out
    assert shown == [("norwegian",), ("norwegian",)]


def test_a_stored_norwegian_hand_reads_back_in_history_and_on_the_recall_screen(tmp_path: Path) -> None:
    db = str(tmp_path / "n.db")
    assert run_cli(["demo", "--headless", "--game", "norwegian", "--hands", "1", "--seed", "4",
                    "--level", "rules", "--db", db])[0] == 0
    from device.app.scenes.recall import rebuild, rules_of
    from device.store import Store
    from engine.games.norwegian import NorwegianRules

    store = Store(db)
    row = store.recent_deals(1)[0]
    rules = rules_of(store, row.match_id)
    assert isinstance(rules, NorwegianRules)
    replay = rebuild(row, rules)
    assert replay.deal.is_over and len(replay.deal.tricks) == 13 and replay.deal.contract is not None
    store.close()
    code, out, _ = run_cli(["history", "--db", db, "--show", str(row.id)])
    assert code == 0 and "cannot be replayed" not in out
    assert out.count("Trick ") >= 13 or out.count("->") >= 13


def test_every_game_has_a_table_and_an_unknown_game_is_refused_with_what_to_do(capsys, tmp_path):
    from device.app.game_choice import has_table
    from device.cli import main
    from engine.games import GAMES

    assert all(has_table(name) for name in GAMES)
    assert main(["screenshot", "--scene", "table", "--game", "dummy", "--out", str(tmp_path / "d.png")]) == 0
    assert (tmp_path / "d.png").stat().st_size > 0
    assert main(["play", "--game", "bridge"]) == 2
    assert "no game called 'bridge': choose one of classic" in capsys.readouterr().err
