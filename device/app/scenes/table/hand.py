"""Rows of cards you can tap: your hand along the bottom (one row, or two when a
fingertip's strip each does not fit), a row of face-up cards (yours above the
hand, another seat's in its place), and the part of each card a tap finds."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app.render.cards import CARD_RATIO
from engine.cards import Card

if TYPE_CHECKING:
    from collections.abc import Collection

    from device.app.scenes.table.layout import Geometry

Rects = list[tuple[Card, pygame.Rect]]


def hand_rects(g: Geometry, hand: list[Card], raised: Collection[Card], selected: Card | None) -> Rects:
    """Your hand: the cards you may play (or have picked) raised, the chosen one higher."""
    out: Rects = []
    n = len(hand)
    top_row = n if g.rows == 1 else (n + 1) // 2
    row_tops, step = g.row_tops, g.step
    if n > 13:  # a kitty or a stock in hand: two rows, as close as they must be
        top_row = (n + 1) // 2
        if g.rows == 1:
            row_tops = [g.row_tops[0] - int(g.card_h * 0.56), g.row_tops[0]]
        step = min(step, (g.hand_x1 - g.hand_x0 - g.card_w) / max(1, top_row - 1))
    for i, card in enumerate(hand):
        row, col = (0, i) if i < top_row else (1, i - top_row)
        in_row = top_row if row == 0 else n - top_row
        span = g.card_w + step * (max(in_row, 1) - 1)
        x0 = g.hand_x0 + (g.hand_x1 - g.hand_x0 - span) / 2
        y = row_tops[row] - (g.raise_ if card in raised else 0)
        if card == selected:
            y -= g.raise_ // 2
        out.append((card, pygame.Rect(int(x0 + col * step), y, g.card_w, g.card_h)))
    return out


def row_rects(area: pygame.Rect, cards: list[Card], vertical: bool, gap: int) -> Rects:
    """Face-up cards in ``area``: side by side while they fit, else overlapped (down a
    column when ``vertical``), centred; each card as big as the area allows."""
    if not cards:
        return []
    n = len(cards)
    if vertical:
        ch = min(int(area.w / CARD_RATIO), area.h)
        cw = int(ch * CARD_RATIO)
        # down the column, each card showing its top strip
        step = min(ch + gap, (area.h - ch) / max(1, n - 1)) if n > 1 else 0
        top = area.y + (area.h - (ch + step * (n - 1))) / 2
        x = area.centerx - cw // 2
        return [(c, pygame.Rect(x, int(top + i * step), cw, ch)) for i, c in enumerate(cards)]
    ch = area.h
    cw = int(ch * CARD_RATIO)
    step = min(cw + gap, (area.w - cw) / max(1, n - 1)) if n > 1 else 0
    left = area.x + (area.w - (cw + step * (n - 1))) / 2
    return [(c, pygame.Rect(int(left + i * step), area.y, cw, ch)) for i, c in enumerate(cards)]


def hit_area(rects: Rects, card: Card) -> pygame.Rect:
    """The part of ``card`` no later card covers: a tap there is this card."""
    for i, (k, r) in enumerate(rects):
        if k != card:
            continue
        vis = r.copy()
        for _, r2 in rects[i + 1:]:
            if not r2.colliderect(vis):
                continue
            # keep the larger fingertip: the strip left of a neighbour in the row,
            # or the band above the row below
            cuts = []
            if r2.x > vis.x:
                cuts.append(pygame.Rect(vis.x, vis.y, r2.x - vis.x, vis.h))
            if r2.y > vis.y:
                cuts.append(pygame.Rect(vis.x, vis.y, vis.w, r2.y - vis.y))
            vis = max(cuts, key=lambda c: min(c.w, c.h)) if cuts else pygame.Rect(vis.x, vis.y, 0, 0)
        return vis
    raise KeyError(str(card))


def card_at(rects: Rects, x: float, y: float) -> Card | None:
    for card, r in reversed(rects):
        if r.collidepoint(x, y):
            return card
    return None


__all__ = ["Rects", "card_at", "hand_rects", "hit_area", "row_rects"]
