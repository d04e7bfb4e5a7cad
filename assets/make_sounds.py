"""Write the table's sounds to WAV files: card, shuffle, trick won, game won.

The table makes the same sounds itself at its first run (device/app/sound.py,
off the UI thread), so nothing generated is kept in the repository; this script
is for listening to them, or for a build that wants them as files:

    python assets/make_sounds.py [OUT_DIR]      # default: assets/sounds/
"""

from __future__ import annotations

import sys
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from device.app.sound import MEANING, RATE, samples  # noqa: E402


def write_sounds(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, meaning in MEANING.items():
        path = out / f"{meaning.replace(' ', '-')}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(samples(name).tobytes())
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "sounds"
    for p in write_sounds(target):
        print(f"{p} ({p.stat().st_size // 1024} KB)")
