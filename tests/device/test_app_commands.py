"""The play command's display detection and headless fallback; kiosk idle -> demo."""

from __future__ import annotations

import argparse
import io
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.main import _int_seed, parse_size  # noqa: E402
from device.commands import play  # noqa: E402


def test_display_detection(monkeypatch):
    monkeypatch.setattr(play.glob, "glob", lambda pattern: [])
    assert not play.display_available({})
    assert play.display_available({"DISPLAY": ":0"})
    assert play.display_available({"WAYLAND_DISPLAY": "wayland-0"})
    assert play.display_available({"SDL_VIDEODRIVER": "kmsdrm"})


def test_fallback_headless_runs_the_text_demo(monkeypatch):
    calls = []
    monkeypatch.setattr(play, "display_available", lambda env=None: False)
    import device.headless

    monkeypatch.setattr(device.headless, "run_headless",
                        lambda hands, seed, out=None, delay=0, on_action=None: calls.append((hands, seed)))
    monkeypatch.setattr("sys.stderr", io.StringIO())
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    args = parser.parse_args(["--fallback-headless", "--seed", "5"])
    assert play.run(args) == 0
    assert calls == [(4, 5)]


def test_size_and_seed_parsing():
    assert parse_size("800x480") == (800, 480)
    assert parse_size(None) is None
    assert _int_seed("12") == 12
    assert _int_seed("abc") == _int_seed("abc")
    assert _int_seed(None) is None


def test_kiosk_idle_goes_to_the_demo_and_a_touch_wakes():
    from device.app.testing import make_app, tap

    app = make_app((800, 480))
    try:
        app.kiosk = True
        app.config = app.config.updated({"kiosk": {"idle_minutes": 1}})
        app.step()
        assert app.scene.name == "menu"
        app.idle_since -= 61  # a minute and a bit with nobody at the table
        app.step()
        assert app.scene.name == "demo"
        tap(app, 400, 240)
        assert app.scene.name == "table"
    finally:
        app.close()


def test_size_flags_are_held_to_the_config_limits(tmp_path, monkeypatch):
    # SDL refuses a 20000-pixel window with a raw pygame.error: the flag is
    # checked first, against the same limits as the config's display.size.
    from device.cli import main

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # no user config in the way
    config = tmp_path / "config.toml"
    config.write_text("")
    for argv in (
        ["screenshot", "--scene", "menu", "--size", "20000x200", "--out", str(tmp_path / "m.png")],
        ["play", "--size", "20000x200", "--config", str(config)],
        ["demo", "--size", "200x9000"],
    ):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert "not a window size; allowed: WIDTHxHEIGHT in pixels, each 200..8192" in str(
            info.value.code), argv
    assert not (tmp_path / "m.png").exists()
    assert parse_size("8192x200") == (8192, 200)
