"""A rubber on paper: the score sheet and every hand's deal, drawn with pygame.

:func:`rubber_pages` draws A4 pages (150 dots an inch) from a stored rubber as
the engine rebuilds it: a header, the score sheet, then each hand as a
compass diagram with its trumps, tricks and points. :func:`save_pages` writes
them as PNG files or as one PDF (the pages as images; the PDF is written
here, a few objects by hand, so no PDF library is needed).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from device.app.render import text
from device.store.matches import rebuild
from device.store.recall import game_of, recall_match
from engine.cards import SUIT_SYMBOLS, Card
from engine.deal import Deal
from engine.games import get_game
from engine.scoresheet import ScoreSheet
from engine.scoring import HandScore
from engine.seats import SEAT_NAMES, Seat

if TYPE_CHECKING:
    from device.store import MatchRow, Store

PAGE = (1240, 1754)  # A4 at 150 dots an inch
DPI = 150
MARGIN = 80
INK = (20, 20, 24)
DIM = (95, 95, 100)
RED = (190, 20, 30)
RULE = (170, 170, 175)
PAPER = (255, 255, 255)
TRUMP_WORDS = {0: "spades", 1: "hearts", 2: "diamonds", 3: "clubs", 4: "no trumps"}


@dataclass(frozen=True)
class PrintedHand:
    deal: Deal
    score: HandScore | None  # None: still in play, or thrown in


@dataclass(frozen=True)
class RubberPrint:
    title: str
    subtitle: str
    players: dict[Seat, str]
    sheet: ScoreSheet | None
    hands: tuple[PrintedHand, ...]
    side_names: tuple[str, str] = ("North-South", "East-West")


def rubber_print(store: Store, row: MatchRow) -> RubberPrint:
    """What the page shows of a stored rubber, from the engine's rebuild."""
    match = rebuild(store, row)
    hands = tuple(PrintedHand(h.deal, h.score) for h in recall_match(store, row))
    game = get_game(game_of(row))
    players = {}
    raw = row.players if isinstance(row.players, dict) else {}
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        who = raw.get(seat.name)
        players[seat] = "?" if who is None else ("player" if who == "human" else f"AI {who}")
    date = (row.started or "")[:10]
    return RubberPrint(f"{game.title}: rubber {row.id}", f"{date} · {match.rules.summary()}", players,
                       match.sheet(), hands)


def _draw(surf: pygame.Surface, s: str, size: int, pos: tuple[int, int], colour: tuple[int, int, int] = INK,
          bold: bool = False) -> int:
    """Text at ``pos`` (top left); the x after it."""
    t = text.font(size, bold).render(s, True, colour)
    surf.blit(t, pos)
    return pos[0] + t.get_width()


def _hand_lines(cards: frozenset[Card] | None) -> list[tuple[int, str]]:
    if cards is None:
        return [(s, "?") for s in range(4)]
    out = []
    for suit in range(4):
        ranks = [c for c in sorted(cards, reverse=True) if c.suit == suit]
        # close together, as printed hand diagrams are: a long suit stays in its column
        out.append((suit, "".join(c.symbol[1:] for c in ranks) or "-"))
    return out


def _draw_hand(surf: pygame.Surface, cards: frozenset[Card] | None, x: int, y: int, size: int) -> None:
    lh = text.line_height(size)
    for i, (suit, ranks) in enumerate(_hand_lines(cards)):
        colour = RED if suit in (1, 2) else INK
        nx = _draw(surf, SUIT_SYMBOLS[suit], size, (x, y + i * lh), colour, True)
        _draw(surf, " " + ranks, size, (nx, y + i * lh))


def draw_deal(surf: pygame.Surface, hand: PrintedHand, rect: pygame.Rect, number: int) -> None:
    """One hand: a heading line, the four hands round a compass, the result."""
    deal = hand.deal
    pygame.draw.rect(surf, RULE, rect, 2, border_radius=12)
    size = 22
    lh = text.line_height(size)
    x, y = rect.x + 18, rect.y + 12
    trump = TRUMP_WORDS[deal.trump]
    turned = f" (turned {deal.record.trump_card.symbol})" if deal.record.trump_card is not None else ""
    hx = _draw(surf, f"Hand {number}", 26, (x, y), INK, True) + 16
    about = f"dealer {SEAT_NAMES[deal.dealer]} · {trump}{turned}"
    _draw(surf, about, text_fit(about, size, rect.right - 18 - hx), (hx, y + 3), DIM)
    y += text.line_height(26) + 6
    dealt = deal.dealt_hands()
    block_h = 4 * lh
    col = (rect.w - 36) // 3
    top = y
    _draw_hand(surf, dealt[Seat.N], x + col, top, size)
    _draw_hand(surf, dealt[Seat.W], x, top + block_h + 4, size)
    _draw_hand(surf, dealt[Seat.E], x + 2 * col, top + block_h + 4, size)
    _draw_hand(surf, dealt[Seat.S], x + col, top + 2 * block_h + 8, size)
    # the compass in the middle
    cx, cy = x + col + col // 2 - 10, top + block_h + 4 + block_h // 2
    box = pygame.Rect(0, 0, 90, 90)
    box.center = (cx, cy)
    pygame.draw.rect(surf, RULE, box, 2, border_radius=8)
    for seat, (dx, dy) in {Seat.N: (0, -30), Seat.S: (0, 30), Seat.W: (-32, 0), Seat.E: (32, 0)}.items():
        t = text.font(20, True).render(seat.name, True, RED if seat == deal.dealer else DIM)
        surf.blit(t, t.get_rect(center=(cx + dx, cy + dy)))
    y = top + 3 * block_h + 16
    ns, ew = deal.tricks_taken()
    result = f"Tricks: North-South {ns}, East-West {ew}"
    if hand.score is not None:
        s = hand.score
        gains = [f"{side} +{s.points[i]}" for i, side in enumerate(("NS", "EW")) if s.points[i]]
        result += "  ·  " + (", ".join(gains) if gains else "no score")
        if s.honours != (0, 0):
            result += f" (honours {s.honours[0]}-{s.honours[1]})"
        if s.penalty != (0, 0):
            result += f"  ·  revoke penalty {s.penalty[0]}-{s.penalty[1]}"
    elif not deal.is_over:
        result += " (not finished)"
    _draw(surf, result, text.fit_size(result, size, rect.w - 36, True), (x, y), INK, True)
    if hand.score is not None:
        for note in hand.score.notes[:1]:
            _draw(surf, note, text_fit(note, 18, rect.w - 36), (x, y + lh + 2), DIM)


def text_fit(s: str, size: int, width: int) -> int:
    return text.fit_size(s, size, width)


SHEET_COLUMNS = (("Hand", 0), ("Dealer", 90), ("Trump", 220), ("Tricks", 320), ("Points", 440),
                 ("Honours", 560), ("Penalty", 690), ("Game", 820))


def draw_sheet(surf: pygame.Surface, sheet: ScoreSheet, x: int, y: int, width: int) -> int:
    """The score sheet as a table; the y below it."""
    size = 22
    lh = text.line_height(size) + 4
    for name, dx in SHEET_COLUMNS:
        _draw(surf, name, size, (x + dx, y), DIM, True)
    y += lh
    pygame.draw.line(surf, RULE, (x, y - 2), (x + width, y - 2), 2)
    ends = {g.hands[-1]: g for g in sheet.games if g.hands}
    for h in sheet.hands:
        trump = "NT" if h.trump == 4 else SUIT_SYMBOLS[h.trump]
        cells = (str(h.number), SEAT_NAMES[h.dealer], trump, f"{h.tricks[0]}-{h.tricks[1]}",
                 f"{h.points[0]}-{h.points[1]}",
                 "-" if h.honours == (0, 0) else f"{h.honours[0]}-{h.honours[1]}",
                 "-" if h.penalty == (0, 0) else f"{h.penalty[0]}-{h.penalty[1]}",
                 f"{h.game_after[0]}-{h.game_after[1]}")
        for (_, dx), cell in zip(SHEET_COLUMNS, cells, strict=True):
            colour = RED if cell in (SUIT_SYMBOLS[1], SUIT_SYMBOLS[2]) else INK
            _draw(surf, cell, size, (x + dx, y), colour)
        y += lh
        g = ends.get(h.number)
        if g is not None:
            side = ("North-South", "East-West")[g.winner]
            _draw(surf, f"Game {g.number} to {side}, {g.score[0]}-{g.score[1]}", size, (x + 90, y), INK, True)
            y += lh
            pygame.draw.line(surf, RULE, (x, y - 2), (x + width, y - 2), 1)
    if not sheet.hands:
        _draw(surf, "(no hands yet)", size, (x, y), DIM)
        y += lh
    y += 6
    if sheet.winner is None:
        score = sheet.game_score
        line = (f"Game {len(sheet.games) + 1} in progress: NS {score[0]} EW {score[1]}; "
                f"games NS {sheet.games_won[0]} EW {sheet.games_won[1]}")
    else:
        side = ("North-South", "East-West")[sheet.winner]
        line = f"Rubber to {side}, games {sheet.games_won[0]}-{sheet.games_won[1]}"
        if sheet.rubber_points is not None:
            line += f", rubber points {sheet.rubber_points[0]}-{sheet.rubber_points[1]}"
    _draw(surf, line, size, (x, y), INK, True)
    return y + lh


def rubber_pages(rubber: RubberPrint) -> list[pygame.Surface]:
    """The pages: header and score sheet, then the hands, two across."""
    pages: list[pygame.Surface] = []

    def new_page() -> pygame.Surface:
        page = pygame.Surface(PAGE)
        page.fill(PAPER)
        pages.append(page)
        _draw(page, f"whist-table · {rubber.title}", 18, (MARGIN, PAGE[1] - MARGIN + 20), DIM)
        n = f"page {len(pages)}"
        _draw(page, n, 18, (PAGE[0] - MARGIN - text.width(n, 18), PAGE[1] - MARGIN + 20), DIM)
        return page

    page = new_page()
    width = PAGE[0] - 2 * MARGIN
    y = MARGIN
    _draw(page, rubber.title, 44, (MARGIN, y), INK, True)
    y += text.line_height(44) + 4
    _draw(page, rubber.subtitle, text_fit(rubber.subtitle, 24, width), (MARGIN, y), DIM)
    y += text.line_height(24) + 6
    players = "   ".join(f"{SEAT_NAMES[s]}: {who}" for s, who in rubber.players.items())
    _draw(page, players, text_fit(players, 22, width), (MARGIN, y), INK)
    y += text.line_height(22) + 24
    if rubber.sheet is not None:
        _draw(page, "Score sheet", 30, (MARGIN, y), INK, True)
        y += text.line_height(30) + 6
        y = draw_sheet(page, rubber.sheet, MARGIN, y, width) + 30
    gap = 24
    cell_w = (width - gap) // 2
    cell_h = 430
    bottom = PAGE[1] - MARGIN
    col = 0
    for i, hand in enumerate(rubber.hands):
        if y + cell_h > bottom:
            page = new_page()
            y = MARGIN
            col = 0
        rect = pygame.Rect(MARGIN + col * (cell_w + gap), y, cell_w, cell_h)
        draw_deal(page, hand, rect, i + 1)
        col += 1
        if col == 2:
            col = 0
            y += cell_h + gap
    return pages


def pdf_bytes(pages: Sequence[pygame.Surface], dpi: int = DPI) -> bytes:
    """The pages as a PDF, each an RGB image filling an A4 page."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below
    pages_obj = add(b"")
    kids = []
    for surf in pages:
        w, h = surf.get_size()
        pw, ph = w * 72 / dpi, h * 72 / dpi
        data = zlib.compress(pygame.image.tostring(surf, "RGB"), 6)
        image = add(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
                    b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % (w, h, len(data))
                    + data + b"\nendstream")
        draw = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (pw, ph)
        content = add(b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.2f %.2f] "
                        b"/Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                        % (pages_obj, pw, ph, image, content)))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_obj
    objects[pages_obj - 1] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids)
                              + b"] /Count %d >>" % len(kids))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += (b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, catalog, xref))
    return bytes(out)


def save_pages(pages: Sequence[pygame.Surface], out: Path) -> list[Path]:
    """``out.pdf``: one PDF; otherwise PNGs, ``out`` for one page and ``stem-2.png``... after it."""
    if out.suffix.lower() == ".pdf":
        out.write_bytes(pdf_bytes(pages))
        return [out]
    written = []
    for i, page in enumerate(pages):
        path = out if i == 0 else out.with_name(f"{out.stem}-{i + 1}{out.suffix or '.png'}")
        pygame.image.save(page, str(path))
        written.append(path)
    return written


def print_rubber(store: Store, row: MatchRow, out: Path) -> list[Path]:
    """A stored rubber's pages written to ``out`` (see :func:`save_pages`): what the
    history's USB copy (device.share.usb.export_history) is given to draw them."""
    return save_pages(rubber_pages(rubber_print(store, row)), out)


__all__ = ["PrintedHand", "RubberPrint", "pdf_bytes", "print_rubber", "rubber_pages", "rubber_print",
           "save_pages"]
