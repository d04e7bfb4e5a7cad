"""The table area of the Real cards screen (device.app.scenes.referee): two to eight seats round
it, each with its label (its player's name cut short to fit, clear of its card), the trick, an
AI's card asked for by its place in its rack (face down, its number on it), a hand face up for
all, a stock's turned card, the kitty shown to all, the turned card; and the readers step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from device.app.render import cards, text, theme, widgets
from device.app.scenes.table.seating import EDGES
from device.referee_view import AI_HANDS, PLAY, RACKS, STEPS, RefereeView, SeatView
from engine.cards import SUIT_SYMBOLS, Card
from engine.seats import Seat


class TableLayout(Protocol):
    """What the seats are drawn from (the Real cards screen, device.app.scenes.referee,
    is one): named here so that this module need not import the screen that imports it."""

    @property
    def spots(self) -> Sequence[tuple[int, int]]: ...

    @property
    def table_rect(self) -> pygame.Rect: ...

    @property
    def four_colour(self) -> bool: ...

    def px(self, base: float) -> int: ...

FOUND = (150, 230, 160)  # a seat's reader found, in the readers step
SAID = {"pass": "passed", "take": "took it", "swap": "swapped"}  # a call's word under the seat's name


def seat_spots(players: int, r: pygame.Rect, inset: int) -> list[tuple[int, int]]:
    """The middle of each seat's label: at four the compass (South at the bottom, North at the
    top); else seat 0 at the bottom, then clockwise up the left, along the top, down the right,
    as many a side as the table seats there (device.app.scenes.table.seating.EDGES)."""
    if players == 4:
        return [(r.centerx, r.top + inset), (r.right - inset * 3, r.centery),
                (r.centerx, r.bottom - inset), (r.left + inset * 3, r.centery)]
    left, top, right = EDGES[players - 1]
    spots = [(r.centerx, r.bottom - inset)]
    spots += [(r.left + inset * 3, int(r.bottom - (i + 1) * r.h / (left + 1))) for i in range(left)]
    spots += [(int(r.left + (i + 1) * r.w / (top + 1)), r.top + inset) for i in range(top)]
    spots += [(r.right - inset * 3, int(r.top + (i + 1) * r.h / (right + 1))) for i in range(right)]
    return spots


def row_room(spots: Sequence[tuple[int, int]], seat: Seat) -> int:
    """How wide a thing centred on ``seat``'s spot may be and keep clear of its neighbours in
    its row (three along the top at eight seats)."""
    x, y = spots[seat]
    return min((abs(x - ox) for i, (ox, oy) in enumerate(spots) if i != seat and oy == y), default=1 << 16)


def reader_state(found: bool, asked: bool, passed: bool) -> tuple[str, tuple[int, int, int]]:
    """A seat's word in the readers step, and its colour: its reader ``found``, the seat
    ``asked`` now, or ``passed`` over (asked before) without one."""
    if found:
        return "reader found", FOUND
    if asked:
        return "lay any card now", theme.GOLD
    if passed:
        return "no reader", theme.INK_DIM
    return "waiting", theme.INK_DIM


def card_size(scene: TableLayout, players: int) -> tuple[int, int]:
    t = scene.table_rect
    ch = min(scene.px(96 if players <= 4 else 80 if players <= 5 else 66), t.h // (3 if players <= 4 else 4))
    return int(ch * cards.CARD_RATIO), ch


def side(scene: TableLayout, seat: Seat) -> int:
    """-1 a seat on the left edge, 1 on the right, 0 along the top or the bottom."""
    x, y = scene.spots[seat]
    t = scene.table_rect
    cx, cy = t.center
    if abs(x - cx) * t.h <= abs(y - cy) * t.w:
        return 0
    return -1 if x < cx else 1


def card_spot(scene: TableLayout, seat: Seat, players: int) -> pygame.Rect:
    """Where ``seat``'s card of the trick lies: between its label and the middle."""
    cw, ch = card_size(scene, players)
    x, y = scene.spots[seat]
    cx, cy = scene.table_rect.center
    fx, fy = (0.45, 0.9) if side(scene, seat) else (0.55, 0.55)  # two seats up one edge: kept apart
    r = pygame.Rect(0, 0, cw, ch)
    r.center = (int(cx + (x - cx) * fx), int(cy + (y - cy) * fy))
    if players == 4:  # the compass: the four cards close round the middle
        dx, dy = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}[int(seat)]
        r.center = (cx + dx * int(cw * 1.05), cy + dy * int(ch * 0.55))
    return r


def _state(v: RefereeView, sv: SeatView) -> str:
    """The seat's line under its name: its scanning, its call, its tricks, "wins"."""
    parts = []
    if sv.out:
        parts.append("out")
    elif v.phase in (AI_HANDS, RACKS) and sv.scanned is not None:
        parts.append(f"{sv.scanned} of {sv.size} " + ("scanned" if v.phase == AI_HANDS else "in order"))
    elif v.phase in (PLAY, STEPS):
        if sv.bid is not None:
            parts.append(SAID.get(sv.bid, f"bid {sv.bid}"))
        if v.phase == PLAY and len(v.sides) != 2:  # partnerships: the sides' tricks are in the panel
            parts.append(f"won {sv.tricks}")
    if sv.seat == v.trick_winner:
        parts.append("wins")
    return " · ".join(parts)


def seat_label(scene: TableLayout, v: RefereeView, seat: Seat) -> list[tuple[str, int, pygame.Rect]]:
    """``seat``'s label: its lines, each with its size and where it is drawn. A name that does not
    fit beside a side seat's card goes under the seat, smaller if need be, cut short ("…")."""
    sv = v.seats[seat]
    bold = seat == v.turn or seat == v.trick_winner
    size, small = scene.px(19), scene.px(15)
    who = v.names.get(seat)
    base = sv.name if who is None else sv.name[:len(sv.name) - len(who) - 3]
    name = sv.name + (" (AI)" if sv.ai and who is None else "")
    t = scene.table_rect
    where = side(scene, seat)
    x, _ = scene.spots[seat]
    if where:  # room from the table's edge to the seat's card (or to the middle, before the play)
        inner = card_spot(scene, seat, v.players) if v.phase == PLAY else None
        edge = (inner.left if where < 0 else t.right - inner.right) if inner is not None else t.w // 2
        room = edge - (0 if where > 0 else t.x) - scene.px(12)
    else:
        room = min(t.w - scene.px(16), 2 * min(x - t.x, t.right - x),
                   row_room(scene.spots, seat) - scene.px(8))
    lines: list[tuple[str, int]] = []
    state = _state(v, sv)
    if text.width(name, size, bold) <= room:
        lines.append((name, size))
    elif who is None:  # "(AI)" joins the line under the seat's name
        lines.append((text.clip(sv.name, size, room, bold), size))
        state = "AI" + (f" · {state}" if state else "") if sv.ai else state
    else:
        lines.append((text.clip(base, size, room, bold), size))
        fit = text.fit_size(who, size, room, bold, small)
        lines.append((text.clip(who, fit, room, bold), fit))
    lines.extend((line, small) for line in _packed(state, small, room))
    dims = [text.font(s, bold).size(line) for line, s in lines]
    box = pygame.Rect(0, 0, max(w for w, _ in dims), sum(h for _, h in dims))
    box.center = scene.spots[seat]
    if where < 0:
        box.left = t.left + scene.px(4)
    elif where > 0:
        box.right = t.right - scene.px(4)
    box.clamp_ip(t)
    out, y = [], box.y
    for (line, s), (w, h) in zip(lines, dims, strict=True):
        lx = box.x if where < 0 else box.right - w if where > 0 else box.centerx - w // 2
        out.append((line, s, pygame.Rect(lx, y, w, h)))
        y += h
    return out


def _packed(state: str, size: int, room: int) -> list[str]:
    """A seat's state ("AI · bid 3 · won 2") on as few lines as fit ``room``, broken
    between its parts (a side seat beside its card in portrait); a part wider than the
    room alone is cut short."""
    lines: list[str] = []
    for part in state.split(" · ") if state else []:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and text.width(joined, size) <= room:
            lines[-1] = joined
        else:
            lines.append(part)
    return [text.clip(line, size, room) for line in lines]


def draw_table(scene: TableLayout, surf: pygame.Surface, v: RefereeView) -> None:
    four = scene.four_colour
    cw, ch = card_size(scene, v.players)
    played: dict[Seat, list[str]] = {}
    for seat, c in v.trick:  # two a seat where a trick takes two of each
        played.setdefault(seat, []).append(c)
    for sv in v.seats:
        colour = theme.HIGHLIGHT if sv.seat == v.turn else theme.INK_DIM if sv.out else theme.INK
        if sv.seat == v.trick_winner:
            colour = theme.GOLD
        bold = sv.seat == v.turn or sv.seat == v.trick_winner
        for line, size, where in seat_label(scene, v, sv.seat):
            surf.blit(text.text(line, size, colour, bold), where)
        spot = card_spot(scene, sv.seat, v.players)
        laid = played.get(sv.seat, [])
        for i, card in enumerate(laid):  # a second card beside the first
            surf.blit(cards.card_surface(int(Card(card)), cw, ch, four), (spot.x + i * cw // 2, spot.y))
        here = (spot.x + len(laid) * cw // 2, spot.y)
        if sv.seat == v.expected_seat and v.expected_shown is not None:  # an AI's face-up card
            surf.blit(cards.card_surface(int(Card(v.expected_shown)), cw, ch, four, True), here)
            surf.blit(cards.outline_surface(cw, ch, theme.HIGHLIGHT, scene.px(3)), here)
        elif sv.seat == v.expected_seat and v.expected_place is not None:
            # The AI's hand stays hidden: its place in the rack, face down.
            surf.blit(cards.back_surface(cw, ch), here)
            n = text.text(str(v.expected_place), scene.px(28), theme.GOLD, True)
            surf.blit(n, n.get_rect(center=(here[0] + cw // 2, here[1] + ch // 2)))
            surf.blit(cards.outline_surface(cw, ch, theme.HIGHLIGHT, scene.px(3)), here)
    for seat, held in v.face_up:
        _draw_face_up(scene, surf, scene.spots[seat], held)
    t = scene.table_rect
    if v.upcard is not None:
        # A stock, its turned card face up, at the side of the table.
        at = (t.x + scene.px(12), t.centery - ch // 2)
        surf.blit(cards.back_surface(cw, ch), (at[0] + scene.px(6), at[1] + scene.px(4)))
        surf.blit(cards.card_surface(int(Card(v.upcard)), cw, ch, four), at)
        lt = text.text("stock", scene.px(15), theme.INK_DIM)
        surf.blit(lt, lt.get_rect(midtop=(at[0] + cw // 2, at[1] + ch + scene.px(6))))
    if v.phase == STEPS and v.discard_count:
        _draw_kitty(scene, surf, v, cw, ch)
    elif v.trump_card is not None and v.phase in (AI_HANDS, STEPS, PLAY) and not v.trick and \
            v.expected_seat is None:
        # The turned card, face up for all, in the middle until the play covers it.
        middle = (t.centerx - cw // 2, t.centery - ch // 2)
        surf.blit(cards.card_surface(int(Card(v.trump_card)), cw, ch, four), middle)


def _draw_face_up(scene: TableLayout, surf: pygame.Surface, at: tuple[int, int],
                  held: tuple[str, ...]) -> None:
    """A hand face up for all (a dummy) as a suit a line, in the table's corner on its side."""
    if not held:
        return
    t = scene.table_rect
    size = scene.px(16)
    by_suit: dict[int, list[Card]] = {}
    for c in map(Card, held):
        by_suit.setdefault(c.suit, []).append(c)
    lines = [f"{SUIT_SYMBOLS[suit]} " + " ".join(c.symbol[1:] for c in sorted(cs, key=lambda c: -c.rank))
             for suit, cs in sorted(by_suit.items())]
    lh = text.line_height(size, True)
    y = t.y + scene.px(6) if at[1] < t.centery else t.bottom - scene.px(6) - lh * len(lines)
    for words in lines:
        surf.blit(text.text(words, size, theme.INK, True), (t.x + scene.px(8), y))
        y += lh


def _draw_kitty(scene: TableLayout, surf: pygame.Surface, v: RefereeView, cw: int, ch: int) -> None:
    """The kitty as all may see it once taken up, and the count of discards scanned."""
    four = scene.four_colour
    t = scene.table_rect
    w, h = int(cw * 0.7), int(ch * 0.7)
    shown = v.kitty
    if v.passes_to is not None:
        _draw_pass(scene, surf, v, w, h)
        return
    room = t.w // 2  # the middle half: the seats' labels keep the sides
    step = min(int(w * 1.05), (room - w) // max(1, len(shown) - 1))
    x = t.centerx - (step * (len(shown) - 1) + w) // 2
    y = t.centery - h // 2 - scene.px(10)
    if shown:
        for c in shown:
            surf.blit(cards.card_surface(int(Card(c)), w, h, four), (x, y))
            x += step
        caption = "the kitty, shown to all"
    else:
        for i in range(6):
            surf.blit(cards.back_surface(w, h), (t.centerx - w + i * scene.px(6), y))
        caption = "one hand whole, face down" if v.whole_hands else \
            "the kitty: the bidder's alone (no trumps)"
    note = f"{caption} · laid away {v.discards} of {v.discard_count}"
    size = text.fit_size(note, scene.px(17), t.w - scene.px(40), True)
    nt = text.text(note, size, theme.GOLD, True)
    surf.blit(nt, nt.get_rect(midtop=(t.centerx, y + h + scene.px(6))))


def _draw_pass(scene: TableLayout, surf: pygame.Surface, v: RefereeView, w: int, h: int) -> None:
    """The cards of a pass scanned so far, face down on their way to the seat they go to."""
    assert v.passes_to is not None
    t = scene.table_rect
    to = scene.spots[v.passes_to]
    # Between the middle and the seat they go to: the direction of the pass at a glance.
    x = (t.centerx * 2 + to[0]) // 3 - w // 2
    y = (t.centery * 2 + to[1]) // 3 - h // 2
    for i in range(v.discards):
        surf.blit(cards.back_surface(w, h), (x + i * scene.px(8), y))
    if v.expected_card is not None:
        return  # an AI's pass: the prompt says it, and the rack's next card is shown by its place
    sv = next(s for s in v.seats if s.seat == v.passes_to)
    note = f"to {sv.name} · passed {v.discards} of {v.discard_count}"
    size = text.fit_size(note, scene.px(17), t.w - scene.px(40), True)
    nt = text.text(note, size, theme.GOLD, True)
    surf.blit(nt, nt.get_rect(midtop=(t.centerx, t.centery + h // 2 + scene.px(6))))


def draw_readers(scene: TableLayout, surf: pygame.Surface, v: RefereeView, total: int) -> None:
    """The readers step: each seat says whether its reader is found."""
    t = scene.table_rect
    surf.blit(widgets.panel_surface(t.w, t.h, 120), t.topleft)
    order = [sv.seat for sv in v.seats]
    asked = order.index(v.asking) if v.asking in order else len(order)
    for sv in v.seats:
        state, colour = reader_state(sv.seat in v.readers, sv.seat == v.asking, order.index(sv.seat) < asked)
        x, y = scene.spots[sv.seat]
        nt = text.text(sv.name, scene.px(20), theme.INK, True)
        st = text.text(state, scene.px(17), colour, sv.seat == v.asking)
        box = pygame.Rect(0, 0, max(nt.get_width(), st.get_width()) + scene.px(16),
                          nt.get_height() + st.get_height() + scene.px(10))
        box.center = (x, y)
        box.clamp_ip(t)
        surf.blit(widgets.panel_surface(box.w, box.h), box.topleft)
        if sv.seat == v.asking:
            pygame.draw.rect(surf, theme.HIGHLIGHT, box, scene.px(3), border_radius=scene.px(10))
        surf.blit(nt, nt.get_rect(midtop=(box.centerx, box.top + scene.px(4))))
        surf.blit(st, st.get_rect(midtop=(box.centerx, box.top + scene.px(4) + nt.get_height())))
    note = f"{len(v.readers)} of {total} reader{'s' if total != 1 else ''} placed"
    nt = text.text(note, scene.px(18), theme.INK_DIM)
    surf.blit(nt, nt.get_rect(center=(t.centerx, t.y + t.h // 3)))


__all__ = ["card_spot", "draw_readers", "draw_table", "reader_state", "row_room", "seat_label", "seat_spots"]
