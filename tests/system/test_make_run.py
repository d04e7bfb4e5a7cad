"""What `make run` runs, on a machine with no display: `whist-table play
--fallback-headless` falls back to the terminal demo at once and writes no game
store anywhere; `--help` works for the program and every subcommand."""

from __future__ import annotations

import glob
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def whist(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "device.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def bare_env(home: Path, **extra: str) -> dict[str, str]:
    """No display of any kind, and a home of its own (where a store would go)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_STATE_HOME",
                        "XDG_CONFIG_HOME", "STATE_DIRECTORY", "CONFIGURATION_DIRECTORY")}
    env.update(HOME=str(home), SDL_AUDIODRIVER="dummy", **extra)
    return env


def files_under(path: Path) -> list[Path]:
    return [p for p in path.rglob("*") if p.is_file()]


@pytest.fixture
def home(tmp_path):
    h = tmp_path / "home"
    h.mkdir()
    return h


@pytest.mark.skipif(any(os.access(c, os.R_OK | os.W_OK) for c in glob.glob("/dev/dri/card*")),
                    reason="this machine has a KMS display")
@pytest.mark.parametrize("display", [None, ":97"], ids=["no-display", "dead-x-display"])
def test_play_falls_back_to_the_terminal_demo_and_keeps_nothing(home, tmp_path, display):
    if display is not None and Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
        pytest.skip(f"an X server answers on {display}")
    extra = {} if display is None else {"DISPLAY": display}
    r = whist("play", "--fallback-headless", env=bare_env(home, **extra))
    assert r.returncode == 0, r.stderr
    assert "No display found: playing a demo in the terminal instead." in r.stderr
    assert "Traceback" not in r.stderr
    assert r.stdout.count("Trick 13") == 4 and "Played 4 hands" in r.stdout
    assert files_under(home) == []  # no game store, no config written
    assert not list(tmp_path.glob("**/*.sqlite3*")) and not list(ROOT.glob("*.sqlite3*"))


def test_help_for_the_program_and_every_subcommand(home, capsys):
    from device.cli import _command_modules, main

    r = whist("--help", env=bare_env(home), timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("usage: whist-table"), r.stderr
    assert r.stderr == "" and files_under(home) == []
    for name in sorted(_command_modules()):
        with pytest.raises(SystemExit) as done:
            main([name, "--help"])
        assert done.value.code == 0, name
        out = capsys.readouterr()
        assert out.out.startswith(f"usage: whist-table {name}") and out.err == "", name
