"""Cards, suit symbols and card backs: the deck's SVG art rendered at the final size.

The pictures are the files in ``assets/cards/`` (written by
``assets/make_cards.py`` from device.app.render.card_art; an installed copy
without them builds the same text), loaded through pygame's SVG reader at
exactly the size asked for, so a card is as sharp at 4K as at 800x480. The
corner index is text set at the final size so it stays crisp. Every surface
is cached per size, so a frame only blits.
"""

from __future__ import annotations

import io
import logging
import re
import threading
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import pygame

from device.app.render import card_art, text, theme

log = logging.getLogger(__name__)

RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A", 10: "10", 15: "LJ", 16: "BJ"}
CARD_RATIO = 0.7  # width / height of a playing card
JOKER = 4  # engine.cards.JOKER: the suit of both jokers (52 little, 53 big)
ASSETS = Path(__file__).resolve().parents[3] / "assets" / "cards"

_SIZE = re.compile(r'(<svg\b[^>]*?)\bwidth="[^"]*"\s+height="[^"]*"')


@lru_cache(maxsize=64)
def art(name: str) -> str:
    """The SVG text of one picture of the deck (``SA``, ``BJ``, ``back``): the
    checkout's file when there is one, else the same text built in memory."""
    try:
        return (ASSETS / f"{name}.svg").read_text(encoding="utf-8")
    except OSError:
        return card_art.picture(name)


_svg_failed = False
# Faces drawn ahead by prepare()'s thread: (card, w, h, four_colour) -> surface.
_ready: dict[tuple[int, int, int, bool], pygame.Surface] = {}
_prepared: set[tuple[int, int, bool]] = set()


def prepare(sizes: Iterable[tuple[int, int]], four_colour: bool = False) -> threading.Thread | None:
    """Draw the whole deck at these sizes on a background thread, so a deal and each
    new card of a trick cost a blit rather than a drawing (SDL_image lets go of the
    GIL while it rasterises: the thread runs beside the frames on another core).
    Returns the thread, or None when there is nothing new to draw."""
    todo = [(w, h) for w, h in sizes if (w, h, four_colour) not in _prepared and w > 0 and h > 0]
    if not todo or _svg_failed:
        return None
    _prepared.update((w, h, four_colour) for w, h in todo)

    def run() -> None:
        for w, h in todo:
            for card in range(54):
                key = (card, w, h, four_colour)
                if key in _ready:
                    continue
                svg = card_art.recolour(art(card_art.name_of(card)), card // 13, four_colour)
                drawn = render_svg(svg, w, h)
                if drawn is None:
                    return
                _ready[key] = drawn

    thread = threading.Thread(target=run, name="card-art", daemon=True)
    thread.start()
    return thread


def render_svg(svg: str, w: int, h: int) -> pygame.Surface | None:
    """``svg`` drawn at ``w`` x ``h`` pixels (None when this pygame cannot read SVG)."""
    global _svg_failed
    if _svg_failed:
        return None
    sized = _SIZE.sub(lambda m: f'{m.group(1)}width="{w}" height="{h}"', svg, count=1)
    try:
        surf = pygame.image.load(io.BytesIO(sized.encode("utf-8")), "card.svg")
    except (pygame.error, ValueError) as exc:
        # an SDL_image built without SVG: plain cards instead of no table
        log.warning("the card art cannot be drawn (%s): plain cards instead", exc)
        _svg_failed = True
        return None
    # SDL_image hands back RGBA bytes; pygame's own surfaces (and the screen) are ARGB, and a
    # blit between the two converts every pixel (20x slower): converted once here, by bytes
    # (Surface.convert would need the display up, which the tests and the worker may not have)
    surf = pygame.image.frombytes(pygame.image.tobytes(surf, "BGRA"), surf.get_size(), "BGRA")
    if surf.get_size() != (w, h):
        surf = pygame.transform.smoothscale(surf, (w, h))
    return surf


def rank_label(rank: int) -> str:
    return RANK_LABELS.get(rank, str(rank))


def card_colour(card: int, four_colour: bool) -> tuple[int, int, int]:
    """The ink of a card's index: its suit's, red for the big joker, black for the little."""
    if card >= 52:
        return theme.RED if card == 53 else theme.BLACK
    return theme.suit_colour(card // 13, four_colour)


def _draw_suit(surf: pygame.Surface, suit: int, x: float, y: float, s: float,
               colour: tuple[int, ...]) -> None:
    """Suit ``suit`` (0=S 1=H 2=D 3=C) in the box (x, y, s, s) with pygame's shapes:
    only when this pygame cannot read SVG."""

    def p(px: float, py: float) -> tuple[float, float]:
        return (x + px * s, y + py * s)

    if suit == 2:
        pygame.draw.polygon(surf, colour, [p(0.5, 0.0), p(0.9, 0.5), p(0.5, 1.0), p(0.1, 0.5)])
        return
    lobes = {1: ((0.28, 0.32), (0.72, 0.32)), 0: ((0.28, 0.58), (0.72, 0.58)),
             3: ((0.5, 0.27), (0.26, 0.58), (0.74, 0.58))}.get(suit, ())
    for cx, cy in lobes:
        pygame.draw.circle(surf, colour, p(cx, cy), 0.23 * s)
    if suit == 1:
        pygame.draw.polygon(surf, colour, [p(0.04, 0.40), p(0.5, 0.97), p(0.96, 0.40), p(0.5, 0.28)])
    elif suit == 0:
        pygame.draw.polygon(surf, colour, [p(0.06, 0.54), p(0.5, 0.02), p(0.94, 0.54), p(0.5, 0.7)])
    if suit in (0, 3):
        pygame.draw.polygon(surf, colour, [p(0.5, 0.5), p(0.32, 1.0), p(0.68, 1.0)])


@lru_cache(maxsize=256)
def suit_surface(suit: int, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A suit symbol (or, for :data:`JOKER`, the jokers' star), ``size`` pixels square."""
    size = max(4, int(size))
    drawn = render_svg(card_art.mark_svg(suit, colour), size, size)
    if drawn is not None:
        return drawn
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    _draw_suit(big, suit, 0, 0, size * k, colour)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=1024)
def card_surface(card: int, w: int, h: int, four_colour: bool = False, dim: bool = False) -> pygame.Surface:
    """A face-up card ``w`` x ``h``; ``dim`` darkens it (an unplayable card)."""
    if dim:
        s = card_surface(card, w, h, four_colour, False).copy()
        s.fill((125, 125, 135, 255), special_flags=pygame.BLEND_RGBA_MULT)
        return s
    suit, rank = min(card // 13, JOKER), (card - 37 if card >= 52 else card % 13 + 2)
    colour = card_colour(card, four_colour)
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
    return surf


def _index_room(rank: int, w: int, ix: int) -> int:
    """How wide the corner index's rank may be: up to the pips, less a gap."""
    gap = max(2, round(0.02 * w))
    if rank > 10:  # up to the notch a court's frame (and a joker's jester) leaves for it
        return int((card_art.INDEX_NOTCH[0] - 0.01) * w) - ix - gap - 1  # less the frame's line
    left, _, pip = card_art.PIP_BOX.get(rank, card_art.PIP_BOX_DEFAULT)
    return int((left - pip / 2) * w) - ix - gap


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
    """A face-up card without its corner indices: the pips, the ace, a court's
    figure or a joker, from the deck's art."""
    ready = _ready.get((card, w, h, four_colour))
    if ready is not None:
        return ready
    svg = card_art.recolour(art(card_art.name_of(card)), card // 13, four_colour)
    drawn = render_svg(svg, w, h)
    if drawn is not None:
        return drawn
    big, k, _ = _blank_card(w, h)
    s = big.get_width() // 2
    _draw_suit(big, min(card // 13, 3), (big.get_width() - s) / 2, (big.get_height() - s) / 2, s,
               card_colour(card, four_colour))
    return pygame.transform.smoothscale(big, (w, h))


def _blank_card(w: int, h: int) -> tuple[pygame.Surface, int, int]:
    """A supersampled white card with its edge: (surface, scale factor, corner radius)."""
    k = 3 if h < 260 else 2
    W, H = w * k, h * k
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(2, int(0.08 * W))
    pygame.draw.rect(big, theme.CARD_EDGE, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, theme.CARD_FACE, big.get_rect().inflate(-2 * k, -2 * k), border_radius=radius - k)
    return big, k, radius


@lru_cache(maxsize=64)
def back_surface(w: int, h: int) -> pygame.Surface:
    """The back of a card, from the deck's art."""
    drawn = render_svg(art("back"), w, h)
    if drawn is not None:
        return drawn
    big, k, radius = _blank_card(w, h)
    inner = big.get_rect().inflate(-int(0.16 * big.get_width()), -int(0.16 * big.get_width()))
    pygame.draw.rect(big, theme.BACK_MAIN, inner, border_radius=max(1, radius // 2))
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
