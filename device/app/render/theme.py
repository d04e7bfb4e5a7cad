"""Colours and the size unit every layout is computed from."""

from __future__ import annotations

FELT = (22, 92, 58)
FELT_DARK = (12, 58, 36)
INK = (245, 245, 238)
INK_DIM = (190, 205, 195)
GOLD = (245, 200, 80)
PANEL = (10, 40, 26)
PANEL_EDGE = (80, 140, 100)
BUTTON = (238, 232, 214)
BUTTON_TEXT = (30, 36, 32)
BUTTON_PRIMARY = (245, 200, 80)
BUTTON_DISABLED = (90, 110, 98)
BUTTON_DISABLED_TEXT = (150, 165, 155)
BUTTON_FOCUS = (90, 200, 255)
RED = (200, 30, 40)
BLACK = (20, 20, 24)
BLUE = (30, 80, 200)
GREEN = (20, 130, 50)
CARD_FACE = (252, 251, 246)
CARD_EDGE = (70, 70, 70)
BACK_MAIN = (150, 28, 40)
BACK_LINE = (230, 200, 200)
HIGHLIGHT = (255, 220, 90)
SHADE = (0, 0, 0, 110)


def unit(width: int, height: int) -> float:
    """Scale factor: 1.0 at 800x480 (the 7-inch Pi display), also for its portrait form.

    Every size on screen is a base size at 800x480 times this unit, so nothing
    is laid out in fixed pixels.
    """
    landscape = min(width / 800, height / 480)
    portrait = min(width / 480, height / 800)
    return max(landscape, portrait)


def suit_colour(suit: int, four_colour: bool) -> tuple[int, int, int]:
    if four_colour:
        return (BLACK, RED, BLUE, GREEN)[suit]
    return RED if suit in (1, 2) else BLACK
