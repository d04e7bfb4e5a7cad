"""The trick in the middle: where each seat's card lies, the cards sliding to it,
the trick gathered to its winner, and the last trick shown again on request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from device.app.render import cards, layout, text, theme, widgets

if TYPE_CHECKING:
    from device.app.scenes.table.layout import Geometry
    from device.app.scenes.table.seating import Seating
    from engine.cards import Card
    from engine.seats import Seat


@dataclass
class Slide:
    card: Card
    seat: Seat
    start: tuple[float, float]
    t0: float
    duration: float
    end: tuple[float, float] = (0.0, 0.0)

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.t0) / self.duration))

    def at(self, now: float) -> tuple[int, int]:
        p = ease(self.progress(now))
        return (int(self.start[0] + (self.end[0] - self.start[0]) * p),
                int(self.start[1] + (self.end[1] - self.start[1]) * p))


def ease(p: float) -> float:
    return 1 - (1 - p) ** 3


def spots(g: Geometry, plays: list[tuple[Seat, Card]]) -> list[tuple[Card, Seat, tuple[int, int]]]:
    """Where each card of a trick lies: a seat's second card of a trick beside its first."""
    shown: dict[Seat, int] = {}
    out = []
    for seat, card in plays:
        nth = shown.get(seat, 0)
        shown[seat] = nth + 1
        x, y = g.trick_pos[seat]
        # a seat's second card of a trick goes beside its first, away from the middle
        side = 1 if x >= g.centre[0] else -1
        out.append((card, seat, (int(x + side * nth * g.tc_w * 0.55), int(y))))
    return out


def spot_of(g: Geometry, plays: list[tuple[Seat, Card]], card: Card) -> tuple[int, int]:
    return next(p for c, _, p in spots(g, plays) if c == card)


def put_card(surf: pygame.Surface, card: Card, face: pygame.Surface, **at: tuple[int, int]) -> pygame.Rect:
    """``face`` (``card`` drawn) blitted where ``at`` puts its rect (``center=(x, y)``), logged as
    a card: the layout log's checks keep everything else off it."""
    return layout.blit(surf, layout.named(face, card.symbol, layout.CARD), face.get_rect(**at))


def bounds(g: Geometry, plays: list[tuple[Seat, Card]]) -> pygame.Rect | None:
    """The rectangle the trick's cards cover (nothing may be drawn over it)."""
    rects = [pygame.Rect(0, 0, g.tc_w, g.tc_h) for _ in plays]
    for r, (_, _, p) in zip(rects, spots(g, plays), strict=True):
        r.center = p
    return rects[0].unionall(rects[1:]) if rects else None


def draw_trick(surf: pygame.Surface, g: Geometry, plays: list[tuple[Seat, Card]], skip: tuple[Card, ...],
               four: bool) -> None:
    for card, _, p in spots(g, plays):
        if card in skip:
            continue
        put_card(surf, card, cards.card_surface(card, g.tc_w, g.tc_h, four), center=p)


def draw_last(surf: pygame.Surface, g: Geometry, seating: Seating, plays: list[tuple[Seat, Card]],
              winner: Seat, four: bool, px: int) -> pygame.Rect:
    """The last trick over a shade, as it lay, with who won it; returns the panel."""
    w, h = surf.get_size()
    # as wide and tall as the trick lies on the table, with the title above it and the note below
    spread = bounds(g, plays) or pygame.Rect(g.centre, (0, 0))
    gap = px // 3
    title_size, note_size = px * 20 // 18, px
    words_h = text.line_height(title_size, True) + text.line_height(note_size)
    pw = max(int(g.tc_w * (5.6 if len(seating.seats) > 4 else 4.2)), spread.w + 2 * g.pad)
    panel = pygame.Rect(0, 0, min(pw, w - 2 * g.pad), min(spread.h + words_h + 4 * gap, h - 2 * g.pad))
    panel.center = (w // 2, h // 2)
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill(theme.SHADE)
    layout.blit(surf, shade, (0, 0), covers=True)  # what is under the shade is not to be read
    surf.blit(widgets.panel_surface(panel.w, panel.h, 255), panel.topleft)
    title = f"Last trick: won by {'you' if winner == seating.you else seating.name(winner)}"
    size = text.fit_size(title, title_size, panel.w - px, True)
    t = text.text(title, size, theme.GOLD, True)
    shown = layout.blit(surf, t, t.get_rect(midtop=(panel.centerx, panel.y + gap)))
    dx, dy = panel.centerx - spread.centerx, shown.bottom + gap - spread.y
    for card, _, (x, y) in spots(g, plays):
        put_card(surf, card, cards.card_surface(card, g.tc_w, g.tc_h, four), center=(x + dx, y + dy))
    note = text.text("tap to close", note_size, theme.INK_DIM)
    layout.blit(surf, note, note.get_rect(midbottom=(panel.centerx, panel.bottom - gap)))
    return panel


__all__ = ["Slide", "bounds", "draw_last", "draw_trick", "ease", "put_card", "spot_of", "spots"]
