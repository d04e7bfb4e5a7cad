"""Where everything of the table goes at one screen size: the top bar, your hand
and the row of face-up cards above it, the buttons, each other seat's place
(its cards and its label), the trick in the middle and the step's panel.

One function, :func:`compute`, for every game and seat count, landscape and
portrait; the scene calls it again when the size or the table's shape changes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from device.app.render.cards import CARD_RATIO
from device.app.scenes.table.seating import Seating
from engine.seats import Seat

# A fingertip: 9 mm on the 7-inch 800x480 screen. Every card you may tap keeps at
# least this much of itself uncovered, and every button is at least this big.
FINGER_PX = 48
# A card of the trick is at least this wide at 800x480, so its index reads at a glance.
TRICK_CARD_W = 60
# Eight cards of a trick, clockwise from yours at the bottom: (column, row) round a
# three-by-three grid, the middle row's two a column further out.
GRID_RING = ((0, 1), (-1, 1), (-2, 0), (-1, -1), (0, -1), (1, -1), (2, 0), (1, 1))


@dataclass(frozen=True)
class Shape:
    """What the layout depends on besides the size: asked of the deal on the table."""

    cards: int = 13  # the most cards in your hand this hand
    own_row: bool = False  # a row of your face-up cards (a layout, a hand to keep) above your hand
    top_row: bool = False  # face-up cards at the top (a hand played open, a layout)
    side_row: bool = False  # a hand played open at a side seat (portrait shows it along the top)


@dataclass
class Slot:
    """Another seat's place: the rectangle its cards lie in, whether they run down
    (the left and right edges), and where its label goes."""

    rect: pygame.Rect
    vertical: bool
    label_anchor: str
    label_pos: tuple[int, int]
    edge: str
    open_rect: pygame.Rect | None = None  # where its hand lies when played open, if not in ``rect``


@dataclass
class Geometry:
    w: int
    h: int
    pad: int
    landscape: bool
    bar: pygame.Rect  # the top bar (Menu, trumps, scores)
    menu: pygame.Rect
    hint: pygame.Rect
    last: pygame.Rect
    # your hand
    card_w: int
    card_h: int
    rows: int
    step: float
    hand_x0: int
    hand_x1: int
    row_tops: list[int]
    raise_: int
    own_row: pygame.Rect  # your face-up row above the hand (empty when none)
    status: pygame.Rect  # the line saying whose turn it is and what to do
    # the others
    slots: dict[Seat, Slot]
    back_w: int
    back_h: int
    label_h: int
    # the middle
    felt: pygame.Rect  # between the others' places and your hand: trick and panels
    centre: tuple[int, int]
    tc_w: int
    tc_h: int
    trick_pos: dict[Seat, tuple[float, float]] = field(default_factory=dict)
    drop: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    label_w: int = 0  # the widest a label in the row may be
    # the first of the small face-up cards at the felt's top left (the turned card), under its caption
    aside: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def said(self) -> pygame.Rect:
        """Where the status line's words go: its strip, under the felt (a second line above it)."""
        return self.status.clip(pygame.Rect(self.felt.x, self.status.y, self.felt.w, self.status.h))


def hand_rows(span: int, card_w: int, cards: int, px: int) -> tuple[int, float]:
    """One row when every card keeps a fingertip's strip, else two."""
    n = max(cards, 1)
    step = (span - card_w) / max(1, n - 1)
    if step >= px:
        return 1, min(step, card_w * 0.8)
    per_row = math.ceil(n / 2)
    return 2, min((span - card_w) / max(1, per_row - 1), card_w * 0.8)


def compute(w: int, h: int, u: float, seating: Seating, shape: Shape) -> Geometry:
    def px(v: float) -> int:
        return max(1, round(v * u))

    pad = px(8)
    landscape = w >= h
    if shape.side_row:  # a side's hand played open lies along the top, where it reads
        shape = Shape(shape.cards, shape.own_row, True, True)
    bar_h = px(52) if landscape else px(100)  # portrait: the score gets a second row
    bar = pygame.Rect(0, 0, w, bar_h)
    finger = px(FINGER_PX)
    menu = pygame.Rect(pad, pad // 2, px(92), max(finger, px(52) - pad))
    btn_h = max(finger, px(50))
    colw = px(124) if landscape else 0
    # your hand along the bottom edge
    # a little smaller where rows of face-up cards need the height
    card_h = int(min(h * (0.19 if shape.top_row or shape.own_row else 0.26), w * 0.3))
    if landscape:  # as on the 7-inch screen, every part scaled alike
        card_h = min(card_h, px(108))
    card_w = int(card_h * CARD_RATIO)
    hand_x0, hand_x1 = pad, w - pad - (colw + pad if landscape else 0)
    fit_w = (hand_x1 - hand_x0) - 12 * finger  # a little smaller to keep 13 in one row
    if card_w * 0.85 <= fit_w < card_w:
        card_w, card_h = fit_w, int(fit_w / CARD_RATIO)
    rows, step = hand_rows(hand_x1 - hand_x0, card_w, shape.cards, finger)
    raise_ = int(card_h * 0.14)
    overlap = int(card_h * 0.56)
    row_tops = [h - pad - card_h] if rows == 1 else [h - pad - card_h - overlap, h - pad - card_h]
    hand_top = row_tops[0] - raise_ - raise_ // 2
    # buttons: a column right of the hand (landscape), a row above it (portrait)
    if landscape:
        x = w - pad - colw
        last = pygame.Rect(x, h - pad - btn_h, colw, btn_h)
        hint = pygame.Rect(x, last.y - pad - btn_h, colw, btn_h)
        right_bottom = hint.y - pad
    else:
        bw = px(130)
        last = pygame.Rect(w - pad - bw, hand_top - pad - btn_h, bw, btn_h)
        hint = pygame.Rect(last.x - pad - bw, last.y, bw, btn_h)
        hand_top = last.y
        right_bottom = hand_top - pad
    # your face-up row (a layout of yours, the other hand to keep) above the hand
    row_h = max(int(finger / CARD_RATIO) + 1, px(70))
    own_row = pygame.Rect(hand_x0, hand_top, hand_x1 - hand_x0, 0)
    if shape.own_row:
        own_row = pygame.Rect(hand_x0, hand_top - pad // 2 - row_h, hand_x1 - hand_x0, row_h)
        hand_top = own_row.y
    status_h = px(28)
    status = pygame.Rect(pad, hand_top - pad // 2 - status_h, w - 2 * pad - (colw + pad if landscape else 0),
                         status_h)
    hand_top = status.y
    # the others round the edges: their labels in one row under the bar, clockwise from
    # your left, so no label reaches into the felt; their cards below (backs down the side
    # edges, backs or face-up cards along the top)
    label_h = px(30) if seating.partners else px(50)  # each alone: a second line (bid, tricks)
    back_h = max(int(card_h * 0.5), px(40))
    back_w = int(back_h * CARD_RATIO)
    top = bar_h + pad
    side_w = back_h
    places = [(s, seating.places[s]) for s in seating.others]
    tops = [s for _, s in sorted((p.along, s) for s, p in places if p.edge == "top")]
    lefts = [s for _, s in sorted((-p.along, s) for s, p in places if p.edge == "left")]
    rights = [s for _, s in sorted((p.along, s) for s, p in places if p.edge == "right")]
    ring = lefts + tops + rights
    alone = len(ring) == 1 and shape.top_row  # one other, its cards face up: its label beside them
    label_row = pygame.Rect(pad, top, w - 2 * pad, 0 if alone else label_h)
    slots: dict[Seat, Slot] = {}
    span = label_row.w / max(1, len(ring))
    label_at = {seat: (int(label_row.x + (i + 0.5) * span), label_row.y) for i, seat in enumerate(ring)}
    below = label_row.bottom + (pad // 2 if label_row.h else 0)
    # backs along the top where partners sit (each alone, the label says all there is)
    top_cards = row_h if shape.top_row else (back_h if seating.partners else 0)
    # portrait: the side edges are too narrow for backs and the step's buttons both; the labels
    # say who sits there
    side_w = side_w if landscape else 0
    x_left = pad + (side_w + pad if lefts and side_w else 0)
    x_right = w - pad - (side_w + pad if rights and side_w else 0)
    for i, seat in enumerate(tops):
        width = (x_right - x_left) / len(tops)
        rect = pygame.Rect(int(x_left + i * width), below, int(width) - pad, top_cards)
        if shape.top_row and not alone:
            rect = pygame.Rect(pad, below, w - 2 * pad, top_cards)  # a face-up row: the full width
        if alone:
            label_w = px(150)
            rect = pygame.Rect(pad + label_w, below, w - 2 * pad - label_w, top_cards)
            slots[seat] = Slot(rect, False, "topright", (rect.x - pad, rect.y), "top")
        else:
            slots[seat] = Slot(rect, False, "midtop", label_at[seat], "top")
    side_top = below + (top_cards + pad if (tops or shape.side_row) and top_cards else 0)
    if shape.side_row and not tops:
        felt_top_extra = top_cards + pad  # the band of the open hand, with nobody at the top
    else:
        felt_top_extra = top_cards + pad if tops and top_cards else 0
    for edge, seats, x, bottom in (("left", lefts, pad, hand_top - pad),
                                   ("right", rights, w - pad - side_w, min(right_bottom, hand_top - pad))):
        if not seats:
            continue
        height = (bottom - side_top) / len(seats)
        for i, seat in enumerate(seats if edge == "right" else list(reversed(seats))):
            rect = pygame.Rect(x, int(side_top + i * height), side_w, int(height) - pad // 2 if side_w else 0)
            band = pygame.Rect(pad, below, w - 2 * pad, row_h) if shape.side_row else None
            slots[seat] = Slot(rect, True, "midtop", label_at[seat], edge, band)
    # the middle: the trick, and the step's panel over it
    felt_top = below + felt_top_extra
    felt_rect = pygame.Rect(x_left, felt_top, x_right - x_left, hand_top - felt_top)
    # two players' cards lie side by side, more round an oval
    tc_h = int(min(card_h * 0.85, felt_rect.h * (0.9 if seating.players == 2 else 1 / 1.6)))
    # never under the width that reads at a glance, where the felt has the room
    most = felt_rect.h * (0.9 if seating.players == 2 else 1 / 1.6)
    tc_h = max(tc_h, int(min(math.ceil(TRICK_CARD_W * u / CARD_RATIO), most)))
    tc_w = int(tc_h * CARD_RATIO)
    centre = felt_rect.center
    g = Geometry(w, h, pad, landscape, bar, menu, hint, last, card_w, card_h, rows, step, hand_x0, hand_x1,
                 row_tops, raise_, own_row, status, slots, back_w, back_h, label_h, felt_rect, centre, tc_w,
                 tc_h)
    g.aside = pygame.Rect(felt_rect.x + pad, felt_rect.y + px(24), int(tc_w * 0.8), int(tc_h * 0.8))
    g.trick_pos = trick_spots(g, seating)
    g.label_w = int(span) - pad if not alone else px(150) - pad
    g.drop = pygame.Rect(0, 0, int(tc_w * 3.6), int(tc_h * 1.9))
    g.drop.center = centre
    return g


def trick_spots(g: Geometry, seating: Seating) -> dict[Seat, tuple[float, float]]:
    """Each seat's card of the trick: from the middle towards where that seat sits,
    on an oval that keeps every index corner in view however many play."""
    cx, cy = g.centre
    out: dict[Seat, tuple[float, float]] = {}
    n = len(seating.seats)
    if n == 2:  # yours on the left, the other's on the right (a second card each beside the first)
        return {seating.you: (cx - 0.9 * g.tc_w, cy),
                seating.others[0]: (cx + 0.9 * g.tc_w, cy)}
    # clockwise from you at the bottom, as the seats sit
    rank = {"bottom": 0, "left": 1, "top": 2, "right": 3}
    ring = sorted(seating.seats, key=lambda s: (rank[seating.places[s].edge],
                                                 -seating.places[s].along if seating.places[s].edge == "left"
                                                 else seating.places[s].along))
    if n == len(GRID_RING):
        # round an oval, eight would lie two by two at the same height and hide each other's
        # index; round the edge of a three-by-three grid every card lies whole, each towards its
        # seat (the two up each side beside the middle row's ends, three above, you and two below)
        dx = min(g.tc_w + g.pad, (g.felt.w - g.tc_w) / 4)
        dy = min(g.tc_h + g.pad, g.felt.h - g.tc_h) / 2
        # the middle row's end clear of the turned card, where the felt is too narrow to pass it
        end = pygame.Rect(0, 0, g.tc_w, g.tc_h)
        end.center = (int(cx - 2 * dx), int(cy))
        middle = float(cy)
        if end.colliderect(g.aside.inflate(g.pad, g.pad)):
            middle = max(middle, min(g.aside.bottom + g.pad + g.tc_h / 2, g.felt.bottom - dy - g.tc_h / 2))
        return {seat: (cx + col * dx, middle + row * dy)
                for seat, (col, row) in zip(ring, GRID_RING, strict=True)}
    # many seats: spread across the felt, so each card shows its index
    rx = g.tc_w * 0.8 if n <= 4 else min((g.felt.w - g.tc_w) / 2 - g.pad, g.tc_w * 0.5 * n)
    ry = g.tc_h * 0.3 if n <= 4 else max(g.tc_h * 0.3, (g.felt.h - g.tc_h) / 2 - g.pad)
    # evenly round an oval
    for i, seat in enumerate(ring):
        angle = math.pi / 2 + i * 2 * math.pi / n
        out[seat] = (cx + rx * math.cos(angle), cy + ry * math.sin(angle))
    return out


__all__ = ["FINGER_PX", "GRID_RING", "Geometry", "Shape", "Slot", "TRICK_CARD_W", "compute", "hand_rows",
           "trick_spots"]
