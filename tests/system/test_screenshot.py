"""`whist-table screenshot` renders every scene to a PNG with no display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENES = ("menu", "table", "summary", "scoresheet", "stats", "rules", "settings", "review", "duplicate")


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_screenshot_command_needs_no_display(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    out = tmp_path / "table.png"
    proc = subprocess.run(
        [sys.executable, "-m", "device.cli", "screenshot", "--scene", "table", "--size", "800x480",
         "--out", str(out), "--seed", "4"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert _png_size(out) == (800, 480)


@pytest.mark.parametrize("scene", SCENES)
def test_every_scene_to_png(tmp_path, scene):
    from device.cli import main

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    out = tmp_path / f"{scene}.png"
    assert main(["screenshot", "--scene", scene, "--size", "1024x600", "--out", str(out)]) == 0
    assert _png_size(out) == (1024, 600)
    import pygame

    img = pygame.image.load(str(out))
    colours = {tuple(img.get_at((x, y))) for x in range(0, 1024, 37) for y in range(0, 600, 29)}
    assert len(colours) > 20, "the picture is nearly blank"


def test_rotated_screenshot_keeps_the_window_size(tmp_path):
    from device.cli import main

    out = tmp_path / "menu-rot.png"
    assert main(["screenshot", "--scene", "menu", "--size", "800x480", "--rotation", "90",
                 "--out", str(out)]) == 0
    assert _png_size(out) == (800, 480)
