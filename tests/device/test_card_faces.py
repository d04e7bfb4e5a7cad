"""The drawn cards: the corner index stays clear of the pips at every size the table uses."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from device.app.render import cards, theme  # noqa: E402

# Card heights drawn at 800x480 and 1920x1080: hand, trick, turned card, the menu's aces, enrolment.
HEIGHTS = (62, 70, 80, 84, 100, 124, 150, 168, 190, 280)


def _far(c: pygame.Color, ref: tuple[int, int, int], limit: int = 90) -> bool:
    return abs(c.r - ref[0]) + abs(c.g - ref[1]) + abs(c.b - ref[2]) > limit


def _touching(card: int, w: int, h: int) -> list[tuple[int, int]]:
    """Index pixels within one pixel of a pip's ink, in the top-left corner."""
    pygame.display.init()
    face = cards.card_face(card, w, h)
    full = cards.card_surface(card, w, h)
    edge = max(3, int(0.08 * w))  # the card's border and rounded corners are not ink
    ink = set()
    for x in range(edge, w // 2 + 2):
        for y in range(edge, h // 2):
            if _far(face.get_at((x, y)), theme.CARD_FACE):
                ink.add((x, y))
    out = []
    for x in range(edge, w // 2 + 2):
        for y in range(edge, h // 2):
            a, b = face.get_at((x, y)), full.get_at((x, y))
            if _far(b, (a.r, a.g, a.b)) and any((x + dx, y + dy) in ink for dx in (-1, 0, 1)
                                                for dy in (-1, 0, 1)):
                out.append((x, y))
    return out


@pytest.mark.parametrize("h", HEIGHTS)
@pytest.mark.parametrize("suit", range(4))
def test_the_ten_index_does_not_touch_the_pips(h, suit):
    w = int(h * cards.CARD_RATIO)
    card = suit * 13 + 8  # the 10
    assert not _touching(card, w, h), f"10 of suit {suit} at {w}x{h}: the index runs into the pips"


@pytest.mark.parametrize("h", HEIGHTS)
def test_no_index_touches_the_pips(h):
    w = int(h * cards.CARD_RATIO)
    for rank in range(2, 11):
        card = 13 + rank - 2  # hearts: wide pips
        assert not _touching(card, w, h), f"{rank} at {w}x{h}: the index runs into the pips"


def test_the_ten_index_is_as_tall_as_the_others():
    # Condensed, not shrunk: a 10 reads at the same height as a 9 across the table.
    pygame.display.init()
    for h in (84, 124, 280):
        w = int(h * cards.CARD_RATIO)
        heights = []
        for rank in (9, 10):
            face = cards.card_face(rank - 2, w, h)
            full = cards.card_surface(rank - 2, w, h)
            rows = [y for y in range(0, h // 3) for x in range(0, w // 2)
                    if _far(full.get_at((x, y)), tuple(face.get_at((x, y)))[:3])]
            heights.append(max(rows) - min(rows))
        assert heights[1] >= heights[0] * 0.85, (h, heights)
