"""An on-screen keyboard for a player's name: the table has no keyboard of its own.

Keys are the scene's own buttons (pressed on lifting the finger, as every
button is), at least 64 by 52 px at 800x480 so a finger hits the key it
means. Words start with a capital by themselves (names are typed that way);
Shift gives the next letter the other case.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from device.app.render import widgets

ROWS = ("QWERTYUIOP", "ASDFGHJKL'", "ZXCVBNM-")
MAX_NAME = 24  # as long as fits a scorecard's line and the hub's leaderboard
AI_PREFIX = "AI "  # the hub keeps such names for the AI players


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be signed in (None: it can)."""
    if not name.strip():
        return "Type your name first"
    if name.strip().upper().startswith(AI_PREFIX):
        return "Names starting \"AI \" are kept for the AI players: type another"
    return None


class NameKeyboard:
    def __init__(self, add: Callable[[widgets.Button], widgets.Button], rect: pygame.Rect, unit: float,
                 done: Callable[[], object], cancel: Callable[[], object]) -> None:
        self.text = ""
        self.shift = False
        self.keys: list[widgets.Button] = []
        gap = max(2, int(round(6 * unit)))
        rows = len(ROWS) + 1
        kh = (rect.h - gap * (rows - 1)) // rows
        kw = (rect.w - gap * 9) // 10
        fs = max(12, int(round(24 * unit)))
        for r, letters in enumerate(ROWS):
            width = len(letters) * kw + (len(letters) - 1) * gap
            x0 = rect.centerx - width // 2 if r < 2 else rect.x
            y = rect.y + r * (kh + gap)
            for i, ch in enumerate(letters):
                key = pygame.Rect(x0 + i * (kw + gap), y, kw, kh)
                self.keys.append(add(widgets.Button(key, ch, partial(self.type_key, ch), font_size=fs,
                                                    name=f"key-{ch.lower()}")))
            if r == 2:  # Shift and Delete share the rest of the letters' row
                x = x0 + len(letters) * (kw + gap)
                rest = rect.right - x
                half = (rest - gap) // 2
                self.keys.append(add(widgets.Button(pygame.Rect(x, y, half, kh), "Shift", self.toggle_shift,
                                                    font_size=fs, name="key-shift")))
                self.keys.append(add(widgets.Button(pygame.Rect(x + half + gap, y, rest - half - gap, kh),
                                                    "Delete", self.delete, font_size=fs, name="key-delete")))
        y = rect.y + 3 * (kh + gap)
        side = 2 * kw + gap
        self.keys.append(add(widgets.Button(pygame.Rect(rect.x, y, side, kh), "Cancel", cancel, font_size=fs,
                                            name="key-cancel")))
        space = pygame.Rect(rect.x + side + gap, y, rect.w - 2 * (side + gap), kh)
        self.keys.append(add(widgets.Button(space, "Space", partial(self.type_key, " "), font_size=fs,
                                            name="key-space")))
        self.b_done = add(widgets.Button(pygame.Rect(rect.right - side, y, side, kh), "Sign in", done,
                                         primary=True, font_size=fs, name="key-done"))
        self.keys.append(self.b_done)
        self.show(False)

    def show(self, on: bool) -> None:
        for k in self.keys:
            k.visible = on
        self.refresh()

    def refresh(self) -> None:
        self.b_done.enabled = name_problem(self.text) is None
        capital = self._capital_next() != self.shift
        for k in self.keys:
            if k.name.startswith("key-") and len(k.label) == 1 and k.label.isalpha():
                k.label = k.label.upper() if capital else k.label.lower()

    def _capital_next(self) -> bool:
        return not self.text or self.text[-1] in " -'"

    def type_key(self, ch: str) -> None:
        if len(self.text) >= MAX_NAME:
            return
        if ch == " " and (not self.text or self.text.endswith(" ")):
            return  # no leading or double spaces
        if ch.isalpha():
            ch = ch.upper() if self._capital_next() != self.shift else ch.lower()
            self.shift = False
        self.text += ch
        self.refresh()

    def type_text(self, words: str) -> None:
        """Type ``words`` key by key, as the finger would (the tests' and a screenshot's)."""
        for ch in words:
            self.type_key(ch)

    def delete(self) -> None:
        self.text = self.text[:-1]
        self.refresh()

    def toggle_shift(self) -> None:
        self.shift = not self.shift
        self.refresh()

    def clear(self) -> None:
        self.text = ""
        self.shift = False
        self.refresh()

    @property
    def name(self) -> str:
        return self.text.strip()
