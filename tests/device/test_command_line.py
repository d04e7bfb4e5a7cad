"""The command line made consistent: -v and --config everywhere, the kiosk's config, SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from device.cli import build_parser, main, parse_args
from device.reader import rdm6300_frame

REPO = Path(__file__).resolve().parents[2]
TAG = "0A1B2C3D4E"

# What each command needs to parse at all.
REQUIRED = {
    "analyse": ["--deal", "N:AKQJ.AKQ.AKQ.AKQ - - -"],
    "arena": ["hard", "rules"],
    "enrol": ["--export", "deck.json"],
    "hall": ["status", "--db", "hub.db"],
    "screenshot": ["--scene", "menu", "--out", "x.png"],
}


def commands() -> list[str]:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    return sorted(sub.choices)  # type: ignore[arg-type]


@pytest.mark.parametrize("command", commands())
def test_verbose_and_config_before_or_after_every_command(command):
    rest = REQUIRED.get(command, [])
    for argv in (["-v", command, *rest], [command, *rest, "-v"],
                 ["--config", "a.toml", command, *rest], [command, *rest, "--config", "a.toml"],
                 ["-v", "--config", "a.toml", command, *rest]):
        args = parse_args(argv)
        assert args.command == command
        assert args.verbose == ("-v" in argv)
        assert args.config == ("a.toml" if "--config" in argv else None)
    assert parse_args([command, *rest]).verbose is False


def test_the_table_app_is_still_the_default():
    assert parse_args([]).command == "play"
    assert parse_args(["-v"]).command == "play"
    args = parse_args(["-v", "--kiosk"])
    assert args.command == "play" and args.kiosk and args.verbose
    assert parse_args(["--config", "c.toml", "--fullscreen"]).config == "c.toml"


def test_the_kiosk_config_is_found_by_a_command_when_the_user_has_none(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    etc = tmp_path / "etc"
    etc.mkdir()
    (etc / "config.toml").write_text('[reader]\nport = "none"\n[store]\npath = "kiosk.sqlite3"\n')
    monkeypatch.setenv("CONFIGURATION_DIRECTORY", str(etc))
    assert main(["reader", "--max-scans", "0"]) == 1
    assert 'the reader port is "none"' in capsys.readouterr().err
    assert main(["stats"]) == 1
    assert str(etc / "kiosk.sqlite3") in capsys.readouterr().err
    # The user's own file wins over the kiosk's.
    own = tmp_path / "home" / ".config" / "whist-table"
    own.mkdir(parents=True)
    (own / "config.toml").write_text('[store]\npath = "mine.sqlite3"\n')
    assert main(["stats", "-v"]) == 1
    assert str(own / "mine.sqlite3") in capsys.readouterr().err


def test_reader_takes_config(tmp_path, capsys):
    config = tmp_path / "table.toml"
    config.write_text('[reader]\nport = "none"\n')
    assert main(["reader", "--config", str(config), "--max-scans", "0"]) == 1
    assert 'the reader port is "none"' in capsys.readouterr().err


def test_sigterm_ends_reader_like_ctrl_c_with_the_summary_and_each_line_once(ptys, tmp_path):
    pty = ptys()
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    env.pop("CONFIGURATION_DIRECTORY", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "device.cli", "reader", "--port", pty.path, "--protocol", "rdm6300"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=REPO, env=env,
    )
    assert proc.stdout is not None
    lines = []
    try:
        for line in proc.stdout:
            lines.append(line)
            if "reader connected" in line:
                pty.write(rdm6300_frame(TAG))
            if line.startswith("scan 1:"):
                break
        proc.send_signal(signal.SIGTERM)
        rest, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = "".join(lines) + rest
    assert proc.returncode == 0, out
    assert "1 scan, 0 dropped" in out
    assert "Traceback" not in out
    assert out.count("reader connected") == 1, out
