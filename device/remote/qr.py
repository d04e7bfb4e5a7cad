"""The QR code of the pairing address, as rows of dark (True) and light modules: the screen
draws it square by square (no image file is made)."""

from __future__ import annotations

import segno


def matrix(text: str, border: int = 2) -> tuple[tuple[bool, ...], ...]:
    code = segno.make(text, micro=False, error="m")
    return tuple(tuple(bool(m) for m in row) for row in code.matrix_iter(scale=1, border=border))
