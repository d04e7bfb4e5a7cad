"""`whist-table demo --headless` end to end through the command line."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def whist(*args, timeout=120):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", "device.cli", *args], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=timeout,
    )


def test_headless_demo_prints_tricks_and_score_sheet():
    r = whist("demo", "--headless", "--hands", "2", "--seed", "4", "--level", "rules")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("Trick 13") == 2
    assert "Score sheet" in r.stdout
    again = whist("demo", "--headless", "--hands", "2", "--seed", "4", "--level", "rules")
    assert again.stdout == r.stdout


def test_every_level_the_help_lists_plays(capsys):
    # The help named "expert" while the level check refused it.
    from device.commands import demo
    from engine.ai import LEVELS

    assert "expert" in LEVELS
    for level in LEVELS:
        args = argparse.Namespace(
            headless=True, hands=1, seed="3", delay=0, size=None, fullscreen=False, level=level, db=None
        )
        assert demo.run(args) == 0, level
        assert "Trick 13" in capsys.readouterr().out


def test_bad_hand_count():
    r = whist("demo", "--headless", "--hands", "0")
    assert r.returncode == 2 and "--hands must be at least 1" in r.stderr


def test_window_demo_falls_back_to_terminal_without_the_app(monkeypatch, capsys):
    from device.commands import demo

    monkeypatch.setitem(sys.modules, "device.app.main", None)  # import fails
    args = argparse.Namespace(
        headless=False, hands=1, seed="2", delay=None, size=None, fullscreen=False, level="rules", db=None
    )
    assert demo.run(args) == 0
    captured = capsys.readouterr()
    assert "playing in the terminal" in captured.err
    assert "Trick 13" in captured.out
