"""Cards, suit symbols and card backs drawn with vector shapes.

Shapes are drawn at a multiple of the target size and smooth-scaled down
(pygame's polygons are not anti-aliased); text is rendered at the final size
so it stays crisp. Every surface is cached per size, so a frame only blits.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from device.app.render import text, theme

RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A", 10: "10"}
CARD_RATIO = 0.7  # width / height of a playing card

# Pip positions for 2..10: (column 0..1, row 0..1) inside the pip box.
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6),
         (0, 1), (1, 1)],
}


def rank_label(rank: int) -> str:
    return RANK_LABELS.get(rank, str(rank))


def _draw_suit(surf: pygame.Surface, suit: int, x: float, y: float, s: float,
               colour: tuple[int, ...]) -> None:
    """Draw suit ``suit`` (0=S 1=H 2=D 3=C) in the box (x, y, s, s)."""

    def p(px: float, py: float) -> tuple[float, float]:
        return (x + px * s, y + py * s)

    def circle(cx: float, cy: float, r: float) -> None:
        pygame.draw.circle(surf, colour, p(cx, cy), r * s)

    if suit == 2:  # diamond
        pygame.draw.polygon(surf, colour, [p(0.5, 0.0), p(0.9, 0.5), p(0.5, 1.0), p(0.1, 0.5)])
    elif suit == 1:  # heart
        circle(0.28, 0.32, 0.25)
        circle(0.72, 0.32, 0.25)
        pygame.draw.polygon(surf, colour, [p(0.04, 0.40), p(0.5, 0.97), p(0.96, 0.40), p(0.5, 0.28)])
    elif suit == 0:  # spade: an upside-down heart on a stem
        circle(0.28, 0.58, 0.23)
        circle(0.72, 0.58, 0.23)
        pygame.draw.polygon(surf, colour, [p(0.06, 0.54), p(0.5, 0.02), p(0.94, 0.54), p(0.5, 0.7)])
        pygame.draw.polygon(surf, colour, [p(0.5, 0.6), p(0.32, 1.0), p(0.68, 1.0)])
    else:  # club: three leaves on a stem
        circle(0.5, 0.27, 0.22)
        circle(0.26, 0.58, 0.22)
        circle(0.74, 0.58, 0.22)
        circle(0.5, 0.52, 0.14)
        pygame.draw.polygon(surf, colour, [p(0.5, 0.5), p(0.33, 1.0), p(0.67, 1.0)])


@lru_cache(maxsize=256)
def suit_surface(suit: int, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    size = max(4, int(size))
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    _draw_suit(big, suit, 0, 0, size * k, colour)
    return pygame.transform.smoothscale(big, (size, size))


def _supersample(w: int, h: int) -> int:
    return 3 if h < 260 else 2


def _rounded(surf: pygame.Surface, colour: tuple[int, ...], rect: pygame.Rect, radius: int,
             width: int = 0) -> None:
    pygame.draw.rect(surf, colour, rect, width, border_radius=radius)


# The pips of a 10 sit a little closer together and smaller than the others', so
# its condensed two-digit index fits beside them (_index_label).
_PIP_BOX = {10: (0.38, 0.62, 0.15)}  # rank: (left column, right column, pip size), x / width
_PIP_BOX_DEFAULT = (0.36, 0.64, 0.17)


@lru_cache(maxsize=1024)
def card_surface(card: int, w: int, h: int, four_colour: bool = False, dim: bool = False) -> pygame.Surface:
    """A face-up card ``w`` x ``h``; ``dim`` darkens it (an unplayable card)."""
    if dim:
        s = card_surface(card, w, h, four_colour, False).copy()
        s.fill((125, 125, 135, 255), special_flags=pygame.BLEND_RGBA_MULT)
        return s
    if card >= 52:
        return joker_surface(card == 53, w, h)
    suit, rank = card // 13, card % 13 + 2
    colour = theme.suit_colour(suit, four_colour)
    surf = card_face(card, w, h, four_colour).copy()
    # Text at the final size: the corner index (rank over suit), both corners.
    idx_size = max(9, round(0.33 * w))
    pip_s = max(6, int(0.2 * w))
    ix = int(0.05 * w) + 1
    label = _index_label(rank, idx_size, colour, _index_room(rank, w, ix))
    sym = suit_surface(suit, pip_s, colour)
    top = int(0.03 * h)
    index = pygame.Surface((max(label.get_width(), pip_s) + 2, label.get_height() + pip_s + 2),
                           pygame.SRCALPHA)
    index.blit(label, (max(0, (pip_s - label.get_width()) // 2), 0))
    index.blit(sym, (max(0, (label.get_width() - pip_s) // 2), label.get_height() - int(0.1 * idx_size)))
    surf.blit(index, (ix, top))
    surf.blit(pygame.transform.rotate(index, 180), (w - ix - index.get_width(), h - top - index.get_height()))
    if rank > 10 and rank < 14:
        big_letter = text.text(rank_label(rank), max(10, int(0.42 * w)), colour, True)
        surf.blit(big_letter, big_letter.get_rect(center=(w // 2, int(h * 0.44))))
        s2 = suit_surface(suit, max(6, int(0.18 * w)), colour)
        surf.blit(s2, s2.get_rect(center=(w // 2, int(h * 0.68))))
    return surf


@lru_cache(maxsize=64)
def joker_surface(big: bool, w: int, h: int) -> pygame.Surface:
    """Bid Whist's jokers: a five-pointed star over JOKER, the big one red and
    the little one black (the usual way to tell them apart), BIG or LITTLE in
    the corners."""
    colour = theme.RED if big else theme.BLACK
    card, k, _ = _blank_card(w, h)
    W, H = card.get_size()
    cx, cy, r = W / 2, H * 0.42, 0.3 * W
    points = [(cx + (r if i % 2 == 0 else r * 0.42) * math.sin(i * math.pi / 5),
               cy - (r if i % 2 == 0 else r * 0.42) * math.cos(i * math.pi / 5)) for i in range(10)]
    pygame.draw.polygon(card, colour, points)
    surf = pygame.transform.smoothscale(card, (w, h))
    word = text.text("JOKER", max(8, int(0.2 * w)), colour, True)
    surf.blit(word, word.get_rect(center=(w // 2, int(h * 0.72))))
    corner = text.text("BIG" if big else "LITTLE", max(7, int(0.15 * w)), colour, True)
    ix, top = int(0.06 * w) + 1, int(0.03 * h)
    surf.blit(corner, (ix, top))
    turned = pygame.transform.rotate(corner, 180)
    surf.blit(turned, (w - ix - corner.get_width(), h - top - corner.get_height()))
    return surf


def _index_room(rank: int, w: int, ix: int) -> int:
    """How wide the corner index's rank may be: up to the pips, less a gap."""
    if rank > 10:
        return int(0.48 * w)
    left, _, pip = _PIP_BOX.get(rank, _PIP_BOX_DEFAULT)
    return int((left - pip / 2) * w) - ix - max(2, round(0.02 * w))


def _index_label(rank: int, size: int, colour: tuple[int, int, int], room: int) -> pygame.Surface:
    """The rank of the corner index, at most ``room`` pixels of ink wide.

    Like a printed index it is condensed where it must be (a 10's two digits
    set tight), narrowed to no less than 55 % of its width, and only then set
    smaller, so it keeps the height of the other indices instead of running
    into the pips.
    """
    label = text.text(rank_label(rank), size, colour, True)
    if label.get_bounding_rect().width <= room:
        return label
    while True:
        glyphs = [text.text(d, size, colour, True) for d in rank_label(rank)]
        inks = [g.get_bounding_rect() for g in glyphs]
        gap = max(1, size // 16)
        tight = pygame.Surface((sum(r.w for r in inks) + gap * (len(inks) - 1), glyphs[0].get_height()),
                               pygame.SRCALPHA)
        x = 0
        for g, r in zip(glyphs, inks, strict=True):
            tight.blit(g, (x, 0), pygame.Rect(r.x, 0, r.w, g.get_height()))
            x += r.w + gap
        if tight.get_width() * 0.55 <= room or size <= 8:
            width = max(1, min(tight.get_width(), room))
            return pygame.transform.smoothscale(tight, (width, tight.get_height()))
        size -= 1


@lru_cache(maxsize=256)
def card_face(card: int, w: int, h: int, four_colour: bool = False) -> pygame.Surface:
    """A face-up card without its corner indices: the pips, a big ace, or a court's frame."""
    suit, rank = card // 13, card % 13 + 2
    colour = theme.suit_colour(suit, four_colour)
    big, k, radius = _blank_card(w, h)
    W, H = big.get_size()
    if rank == 14:
        s = 0.5 * W
        _draw_suit(big, suit, (W - s) / 2, (H - s) / 2, s, colour)
    elif rank <= 10:
        left, right, size = _PIP_BOX.get(rank, _PIP_BOX_DEFAULT)
        pip = size * W
        x0, x1 = left * W, right * W
        y0, y1 = 0.2 * H, 0.8 * H
        for cx, cy in _PIPS[rank]:
            px = x0 + cx * (x1 - x0) - pip / 2
            py = y0 + cy * (y1 - y0) - pip / 2
            if cy > 0.5:
                tmp = pygame.Surface((int(pip) + 2, int(pip) + 2), pygame.SRCALPHA)
                _draw_suit(tmp, suit, 1, 1, pip, colour)
                big.blit(pygame.transform.rotate(tmp, 180), (px - 1, py - 1))
            else:
                _draw_suit(big, suit, px, py, pip, colour)
    else:
        frame = pygame.Rect(int(0.22 * W), int(0.17 * H), int(0.56 * W), int(0.66 * H))
        # A pale tint of the suit colour, opaque: drawing with alpha on this
        # surface would punch a see-through hole in the card instead of blending.
        tint = tuple(int(f + (c - f) * 0.12) for f, c in zip(theme.CARD_FACE, colour, strict=True))
        _rounded(big, tint, frame, max(1, int(0.04 * W)))
        _rounded(big, colour, frame, max(1, int(0.04 * W)), max(1, k))
    return pygame.transform.smoothscale(big, (w, h))


def _blank_card(w: int, h: int) -> tuple[pygame.Surface, int, int]:
    """A supersampled white card with its edge: (surface, scale factor, corner radius)."""
    k = _supersample(w, h)
    W, H = w * k, h * k
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(2, int(0.08 * W))
    _rounded(big, theme.CARD_EDGE, big.get_rect(), radius)
    _rounded(big, theme.CARD_FACE, big.get_rect().inflate(-2 * k, -2 * k), radius - k)
    return big, k, radius


@lru_cache(maxsize=64)
def back_surface(w: int, h: int) -> pygame.Surface:
    """The back of a card: a red lattice in a white border."""
    big, k, radius = _blank_card(w, h)
    W, H = big.get_size()
    inner = big.get_rect().inflate(-int(0.16 * W), -int(0.16 * W))
    _rounded(big, theme.BACK_MAIN, inner, max(1, radius // 2))
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(4, int(0.16 * W))
    lw = max(1, k)
    for i in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(lattice, (*theme.BACK_LINE, 150), (i, 0), (i + inner.h, inner.h), lw)
        pygame.draw.line(lattice, (*theme.BACK_LINE, 150), (i, 0), (i - inner.h, inner.h), lw)
    big.blit(lattice, inner.topleft)
    _rounded(big, theme.BACK_LINE, inner, max(1, radius // 2), lw)
    return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=64)
def fan_surface(count: int, w: int, h: int, vertical: bool, step: int) -> pygame.Surface:
    """``count`` backs overlapped in a row (or a column), as one surface."""
    back = back_surface(w, h)
    if vertical:
        back = pygame.transform.rotate(back, 90)
    bw, bh = back.get_size()
    n = max(count, 1)
    size = (bw, bh + step * (n - 1)) if vertical else (bw + step * (n - 1), bh)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(count):
        surf.blit(back, (0, i * step) if vertical else (i * step, 0))
    return surf


@lru_cache(maxsize=64)
def outline_surface(w: int, h: int, colour: tuple[int, int, int], thickness: int) -> pygame.Surface:
    """A rounded outline drawn around a card (selection, hint)."""
    t = thickness
    s = pygame.Surface((w + 2 * t, h + 2 * t), pygame.SRCALPHA)
    pygame.draw.rect(s, colour, s.get_rect(), t, border_radius=int(0.08 * w) + t)
    return s
