"""A banner over every scene while the table's games are not being saved.

The store may be missing (it could not be opened: a newer schema, another
program holding it) or behind (the disk is full: the journal holds the game in
memory and retries). Either way the players are told what is wrong and what to
do, on the screen, whatever scene is up, until it is put right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app.render import text, theme

if TYPE_CHECKING:
    from device.app.app_protocol import App

BACKGROUND = (120, 24, 30)  # opaque: drawn again each frame over partly redrawn scenes
RETRY_SECONDS = 5.0  # how often a held journal tries the store again


def message(app: App) -> str | None:
    """What the banner says, or None when every game is being kept."""
    for journal in app.journals():
        if journal.error is not None:
            return (f"Games are not being saved: {journal.error}. The game goes on; "
                    "it is saved as soon as that is done.")
    if app.store_problem is not None:
        return f"Games are not being saved: {app.store_problem}."
    return None


def draw(surf: pygame.Surface, words: str) -> pygame.Rect:
    """Draw the banner across the top of ``surf``; returns the area it covers."""
    w, h = surf.get_size()
    u = theme.unit(w, h)
    size = max(12, round(17 * u))
    pad = round(8 * u)
    lines = text.wrap(words, size, w - 2 * pad)[:4]
    step = text.line_height(size)
    rect = pygame.Rect(0, 0, w, len(lines) * step + 2 * pad)
    surf.fill(BACKGROUND, rect)
    for i, line in enumerate(lines):
        surf.blit(text.text(line, size, theme.INK), (pad, pad + i * step))
    return rect
