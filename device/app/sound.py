"""Sounds made by code: a soft card flick, a deal riffle, a trick-won chime.

Samples are built with the standard array module (no numpy) and handed to
pygame.mixer. No audio device, a dummy driver or sound switched off: every
call is a quiet no-op.
"""

from __future__ import annotations

import array
import logging
import math
import random
import threading
from collections.abc import Callable

import pygame

log = logging.getLogger(__name__)

RATE = 22050


def _tone(freqs: list[float], seconds: float, volume: float, decay: float) -> list[float]:
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = math.exp(-decay * t) * min(1.0, i / (RATE * 0.004))
        out.append(volume * env * sum(math.sin(2 * math.pi * f * t) for f in freqs) / len(freqs))
    return out


def _noise(seconds: float, volume: float, decay: float, seed: int) -> list[float]:
    rng = random.Random(seed)
    n = int(RATE * seconds)
    prev = 0.0
    out = []
    for i in range(n):
        t = i / RATE
        # One-pole low-pass: a papery "flick" rather than a hiss.
        prev = 0.55 * prev + 0.45 * rng.uniform(-1, 1)
        out.append(volume * math.exp(-decay * t) * prev)
    return out


def _riffle() -> list[float]:
    out: list[float] = []
    for k in range(7):
        out += _noise(0.035, 0.5, 60, k) + [0.0] * int(RATE * 0.012)
    return out


SAMPLES: dict[str, Callable[[], list[float]]] = {
    "play": lambda: _noise(0.09, 0.7, 45, 1),
    "deal": _riffle,
    "trick": lambda: _tone([660.0, 990.0], 0.35, 0.35, 9),
    "win": lambda: _tone([523.3, 659.3, 784.0], 0.8, 0.35, 4),
    "tap": lambda: _tone([1200.0], 0.04, 0.15, 80),
}


# The sounds by what they mark: a card played, the shuffle, a trick won, a game won.
MEANING = {"play": "card", "deal": "shuffle", "trick": "trick won", "win": "game won"}


def samples(name: str) -> array.array[int]:
    """One sound as 16-bit mono samples at RATE (assets/make_sounds.py writes them to WAV)."""
    return array.array("h", (max(-32767, min(32767, int(v * 32767))) for v in SAMPLES[name]()))


def _render(channels: int) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for name in SAMPLES:
        data = samples(name)
        if channels == 2:
            stereo = array.array("h", [0]) * (2 * len(data))
            stereo[0::2] = data
            stereo[1::2] = data
            data = stereo
        out[name] = data.tobytes()
    return out


class Sound:
    """Plays the table's sounds; samples are computed off the UI thread at start."""

    def __init__(self, enabled: bool = True, volume: int = 75) -> None:
        self.enabled = enabled
        self.volume = volume  # percent, the Settings' Volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._raw: dict[str, bytes] | None = None
        self._channels = 0
        self._failed = False
        self._thread: threading.Thread | None = None

    def prepare(self) -> None:
        """Open the audio device and make the samples, in a thread: neither may
        hold up a frame (the app calls this after its first frame)."""
        if self._thread is not None or self._failed or not self.enabled:
            return

        def work() -> None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
                self._channels = pygame.mixer.get_init()[2]
                self._raw = _render(self._channels)
            except Exception as exc:  # hardware: no audio device (SDL's errors vary): stay silent
                log.info("sound unavailable: %s", exc)
                self._failed = True

        self._thread = threading.Thread(target=work, name="sound", daemon=True)
        self._thread.start()

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        if self._thread is None:
            self.prepare()
        if self._failed or self._raw is None:
            return  # still being made (a fraction of a second after start), or no device
        try:
            snd = self._sounds.get(name)
            if snd is None:
                snd = self._sounds[name] = pygame.mixer.Sound(buffer=self._raw[name])
            snd.set_volume(max(0, min(100, self.volume)) / 100)
            snd.play()
        except Exception as exc:  # hardware: the audio device went away; a sound is never worth a crash
            log.info("sound %s not played: %s", name, exc)
