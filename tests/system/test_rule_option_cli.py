"""``--rule KEY=VALUE`` through the command line: demo, arena and play run a game with
a house setting other than its default, and a wrong key or value is refused with
the allowed ones named."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from device.cli import main

ROOT = Path(__file__).resolve().parents[2]


def whist(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "device.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_demo_plays_oh_hell_with_a_fixed_hand_and_no_hook(capsys):
    assert main(["demo", "--headless", "--game", "oh-hell", "--players", "4", "--hands", "2", "--seed", "1",
                 "--delay", "0", "--rule", "schedule=fixed", "--rule", "fixed=3", "--rule", "hook=off"]) == 0
    out = capsys.readouterr().out
    assert "fixed 3" in out and "hook off" in out
    assert ("You deal 3 cards" in out or "deals 3 cards" in out) and "7 cards" not in out


def test_the_arena_plays_dummy_whist_with_jokers():
    r = whist("arena", "rules", "random", "--game", "dummy", "--deals", "1", "--budget", "0",
              "--progress", "0", "--json", "--rule", "jokers=true")
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["rules"]["jokers"] is True and result["game"] == "dummy"


def test_the_arena_says_the_house_rules_it_played():
    r = whist("arena", "rules", "random", "--game", "widow", "--deals", "1", "--budget", "0",
              "--progress", "0", "--rule", "chain=true")
    assert r.returncode == 0, r.stderr
    assert "house rules:" in r.stdout


@pytest.mark.parametrize("command", [
    ["demo", "--headless", "--hands", "1"],
    ["arena", "rules", "random", "--deals", "1"],
])
@pytest.mark.parametrize("rule, words", [
    ("hok=false", ["--rule", "no setting 'hok'", "hook"]),
    ("hook=perhaps", ["--rule", "hook", "'perhaps' is not allowed", "true or false"]),
    ("schedule=sideways", ["--rule", "down_up"]),
    ("hook", ["--rule", "KEY=VALUE"]),
])
def test_a_wrong_rule_is_refused_with_what_is_allowed(command, rule, words, capsys):
    assert main([*command, "--game", "oh-hell", "--rule", rule]) == 2
    err = capsys.readouterr().err
    for w in words:
        assert w in err


def test_play_takes_a_rule_for_one_run_and_does_not_keep_it(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from device.app.main import app_from_args
    from device.cli import build_parser

    config = tmp_path / "config.toml"
    config.write_text('[rules.bid]\nwin_at = 7\n')
    args = build_parser().parse_args(["--config", str(config), "play", "--game", "bid", "--size", "800x480",
                                      "--rule", "joker_lead=free"])
    app = app_from_args(args)
    try:
        rules = app.session.match.rules
        assert rules.joker_lead == "free" and rules.win_at == 7  # the run's rule over the config's
        assert app.config.game_rules.of("bid") == {"win_at": 7}
    finally:
        app.close()


def test_play_refuses_a_wrong_rule_before_opening_the_table(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("")
    r = whist("--config", str(config), "play", "--game", "widow", "--rule", "chian=true")
    assert r.returncode == 2
    assert "--rule" in r.stderr and "chain" in r.stderr
