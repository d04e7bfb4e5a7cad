"""Write the deck's pictures to SVG files: 52 faces, the two jokers and the back.

The table draws its cards from these files (device/app/render/cards.py loads
them through pygame at the size each place needs); the pictures themselves are
made in device/app/render/card_art.py. The files are kept in the repository so
a fresh clone has them; run this after changing card_art.py, and `--check`
(as the tests do) says whether the files still match it:

    python assets/make_cards.py [--check] [OUT_DIR]      # default: assets/cards/
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from device.app.render.card_art import deck  # noqa: E402

DEFAULT = Path(__file__).resolve().parent / "cards"


def write_cards(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, svg in deck().items():
        path = out / f"{name}.svg"
        path.write_text(svg, encoding="utf-8")
        written.append(path)
    return written


def stale(out: Path) -> list[str]:
    """The files missing from ``out`` or different from what card_art.py draws."""
    wrong = []
    for name, svg in deck().items():
        path = out / f"{name}.svg"
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            wrong.append(path.name)
    return wrong


if __name__ == "__main__":
    args = sys.argv[1:]
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    target = Path(args[0]) if args else DEFAULT
    if check:
        wrong = stale(target)
        if wrong:
            print(f"{len(wrong)} card files differ from device/app/render/card_art.py: {', '.join(wrong)}; "
                  f"run python assets/make_cards.py")
            sys.exit(1)
        print(f"{target}: every card file matches card_art.py")
    else:
        paths = write_cards(target)
        size = sum(p.stat().st_size for p in paths)
        print(f"{len(paths)} files in {target} ({size // 1024} KB)")
