"""Sound: the four sounds made by the project's own script, a volume setting,
and silence without an audio device."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app, tap_button, tap_setting  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_the_assets_script_writes_card_shuffle_trick_and_game_sounds(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "assets" / "make_sounds.py"), str(tmp_path)],
                         capture_output=True, text=True, check=True).stdout
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["card.wav", "game-won.wav", "shuffle.wav", "trick-won.wav"]
    for p in tmp_path.iterdir():
        with wave.open(str(p)) as w:
            assert w.getnchannels() == 1 and w.getnframes() > 0
            assert w.getnframes() / w.getframerate() < 1.5  # short cues, never a tune
        assert p.stat().st_size < 64 * 1024
    assert "card.wav" in out


def test_volume_is_a_setting_and_reaches_the_sound():
    app = make_app((800, 480))
    try:
        assert app.sound.volume == 75
        tap_button(app, "settings")
        tap_setting(app, "volume")
        assert app.config.display.volume == 100 and app.sound.volume == 100
        tap_setting(app, "volume")
        assert app.sound.volume == 25
        app.sound.enabled = True
        app.sound.play("win")  # dummy audio or none: quiet, never an error
    finally:
        app.close()
