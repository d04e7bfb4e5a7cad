"""Duplicate at home: the table for a deal played from one side or the other, and
the two results side by side (device.app.duplicate_run, engine.duplicate)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from device.app.duplicate_run import DuplicateRun, play_again
from device.app.render import felt, text, theme, widgets
from device.app.scenes.base import Scene
from device.app.scenes.table import TableScene
from engine.cards import SUIT_SYMBOLS, Card
from engine.deal import Deal
from engine.seats import SEAT_NAMES, Seat

# Suit symbols light enough to read on the dark panel (the card faces' red is not).
LIGHT_SUITS = {0: theme.INK, 1: (255, 130, 130), 2: (255, 150, 110), 3: theme.INK}

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from engine.match import Match


class DuplicateTableScene(TableScene):
    """A table of the duplicate: the deal in a session of its own, kept nowhere."""

    name = "duplicate_table"

    def __init__(self, app: App, run: DuplicateRun) -> None:
        self.run = run
        super().__init__(app, run.session(app.options.seed))

    def enter(self) -> None:
        super().enter()
        if not self.session.match.deals[-1].actions:
            self.dealing = 0.0 if self.pace > 0 else None
            self.next_ai_at = self.app.clock + 0.3 * self.pace
            m = self.run.match
            if self.run.single:
                self.say("The same deal from the other side: you hold what East held", 3.0)
            else:
                side = "the other side: you hold East's cards" if m.at_second_table \
                    else "you hold South's cards"
                self.say(f"Deal {m.board + 1} of {len(m.records)}, {side}", 3.0)

    def hand_over(self) -> None:
        # A practice table: not scored in the rubber, the statistics or the store.
        deal = self.session.match.current
        assert deal is not None
        self.run.table_over(deal)
        if self.run.match.at_second_table:
            self.app.go("duplicate", run=self.run, interim=True)
        else:
            self.app.go("duplicate", run=self.run)

    def on_back(self) -> None:
        self.app.go("menu")


def hand_line(cards: frozenset[Card] | None) -> str:
    """A hand as one line: ♠ A K 4  ♥ Q J ..."""
    if not cards:
        return ""
    groups = []
    for suit in range(4):
        ranks = [c for c in sorted(cards, reverse=True) if c.suit == suit]
        groups.append(SUIT_SYMBOLS[suit] + " " + (" ".join(c.symbol[1:] for c in ranks) or "-"))
    return "  ".join(groups)


class DuplicateScene(Scene):
    """Both tables of a deal side by side: where you sat, your hand, the tricks
    each side made with the same cards, the difference and the match so far."""

    name = "duplicate"
    title = "Both sides"

    def __init__(self, app: App, run: DuplicateRun, interim: bool = False) -> None:
        super().__init__(app)
        self.run = run
        self.interim = interim  # only the first table is played: offer the second

    def layout(self, w: int, h: int) -> None:
        pad = self.px(10)
        bh = self.px(56)
        m = self.run.match
        if self.interim:
            items = [("Menu", lambda: self.app.go("menu"), False),
                     ("Play the other side", self.play_on, True)]
        elif self.run.single:
            items = [("Menu", lambda: self.app.go("menu"), False),
                     ("Back to the rubber", lambda: self.app.go("summary"), True)]
        elif m.is_over:
            items = [("Menu", lambda: self.app.go("menu"), True)]
        else:
            items = [("Menu", lambda: self.app.go("menu"), False),
                     (f"Deal {m.board + 1} of {len(m.records)}", self.play_on, True)]
        bw = min(self.px(300), (w - (len(items) + 1) * pad) // len(items))
        x0 = w - len(items) * (bw + pad)
        y0 = h - bh - pad
        for i, (label, fn, primary) in enumerate(items):
            rect = pygame.Rect(x0 + i * (bw + pad), y0, bw, bh)
            self.buttons.add(widgets.Button(rect, label, fn, primary=primary, font_size=self.px(22),
                                            name=label.split()[0].lower()))
        self.buttons.focus = len(items) - 1
        self.buttons_top = y0
        self._bg = None

    def play_on(self) -> None:
        if not self.interim:
            self.run.next_deal()
        self.app.go("duplicate_table", run=self.run)

    def on_back(self) -> None:
        self.app.go("summary" if self.run.single else "menu")

    # ------------------------------------------------------------------ drawing
    def headline(self) -> str:
        m = self.run.match
        if self.interim:
            return f"Deal {m.board + 1}: now from the other side"
        last = m.results[-1] if m.results else None
        if last is None or last.difference is None:
            return self.run.title
        d = last.difference
        if d == 0:
            return "Level: the AI made as many tricks with your cards"
        word = "trick" if abs(d) == 1 else "tricks"
        return f"You made {abs(d)} {word} {'more' if d > 0 else 'fewer'} than the AI with the same cards"

    def _table_panel(self, surf: pygame.Surface, rect: pygame.Rect, number: int, deal: Deal | None,
                     you: Seat) -> None:
        """One table: where you sat, your cards, the tricks of both sides."""
        surf.blit(widgets.panel_surface(rect.w, rect.h), rect.topleft)
        x, y = rect.x + self.px(12), rect.y + self.px(8)
        inner = rect.w - self.px(24)
        head = f"Table {number}: you sat {SEAT_NAMES[you]}" if number == 1 else \
            f"Table {number}: you held East's cards"
        fs = text.fit_size(head, self.px(22), inner, True)
        t = text.text(head, fs, theme.GOLD, True)
        surf.blit(t, (x, y))
        y += t.get_height() + self.px(6)
        if deal is None:
            surf.blit(text.text("to be played", self.px(20), theme.INK_DIM), (x, y))
            return
        hand = deal.dealt_hands()[Seat.S]
        surf.blit(text.text("your hand", self.px(18), theme.INK_DIM), (x, y))
        y += text.line_height(self.px(18))
        y += self._hand(surf, hand, x, y, inner) + self.px(10)
        ns, ew = deal.tricks_taken()
        rows = [("You and partner", ns, theme.INK), ("The AI opponents", ew, theme.INK_DIM)]
        for label, tricks, colour in rows:
            surf.blit(text.text(label, self.px(21), colour), (x, y))
            n = text.text(str(tricks), self.px(30), colour, True)
            surf.blit(n, n.get_rect(topright=(rect.right - self.px(14), y - self.px(4))))
            y += text.line_height(self.px(21)) + self.px(10)
        # the tricks in the order they were won: gold yours, dim the AI's
        winners = [t.winner(deal.order).side for t in deal.tricks]
        r = max(3, min(self.px(11), (inner - self.px(4) * 12) // 26))
        for i, side in enumerate(winners):
            cx = x + r + i * (2 * r + self.px(4))
            colour = theme.GOLD if side == 0 else theme.PANEL_EDGE
            pygame.draw.circle(surf, colour, (cx, y + r), r)
        y += 2 * r + self.px(10)
        cards = "North-South" if number == 1 else "East-West"
        note = f"your side held {cards}'s cards"
        for part in text.wrap(note, self.px(18), inner):
            surf.blit(text.text(part, self.px(18), theme.INK_DIM), (x, y))
            y += text.line_height(self.px(18))

    def _hand(self, surf: pygame.Surface, cards: frozenset[Card] | None, x: int, y: int, width: int) -> int:
        """Your hand on one line, each suit's symbol in its colour; the height drawn."""
        if not cards:
            return 0
        fs = self.px(21)
        groups: list[tuple[int, str]] = []
        for gap in (" ", ""):  # the ranks close together when spaced they do not fit
            groups = []
            for suit in range(4):
                held = [c for c in sorted(cards, reverse=True) if c.suit == suit]
                groups.append((suit, gap.join(c.symbol[1:] for c in held) or "-"))
            whole = "  ".join(SUIT_SYMBOLS[suit] + " " + r for suit, r in groups)
            fs = text.fit_size(whole, self.px(21), width, False, min_size=self.px(18))
            if text.width(whole, fs) <= width:
                break
        for suit, ranks in groups:
            sym = text.text(SUIT_SYMBOLS[suit], fs, LIGHT_SUITS[suit], True)
            surf.blit(sym, (x, y))
            x += sym.get_width() + text.width(" ", fs)
            t = text.text(ranks, fs, theme.INK)
            surf.blit(t, (x, y))
            x += t.get_width() + text.width("  ", fs)
        return text.line_height(fs)

    def _background(self, w: int, h: int) -> pygame.Surface:
        bg = felt.felt_surface(w, h).copy()
        pad = self.px(10)
        head = self.headline()
        fs = text.fit_size(head, self.px(26), w - 2 * pad, True)
        t = text.text(head, fs, theme.GOLD if not self.interim else theme.INK, True)
        bg.blit(t, t.get_rect(midtop=(w // 2, pad)))
        top = pad + t.get_height() + self.px(8)
        score_h = self.px(64)
        # panels as tall as what they hold (at most), the score line centred below them
        bottom = min(self.buttons_top - pad - score_h, top + self.px(232) if w >= h else h)
        gap = pad
        if w >= h:
            col = (w - 2 * pad - gap) // 2
            rects = [pygame.Rect(pad, top, col, bottom - top),
                     pygame.Rect(pad + col + gap, top, col, bottom - top)]
        else:
            hh = (bottom - top - gap) // 2
            rects = [pygame.Rect(pad, top, w - 2 * pad, hh),
                     pygame.Rect(pad, top + hh + gap, w - 2 * pad, hh)]
        tables = self.run.tables
        for i, rect in enumerate(rects):
            self._table_panel(bg, rect, i + 1, tables[i] if i < len(tables) else None, Seat.S)
        # the score line: this deal's difference and the match
        m = self.run.match
        line_h = text.line_height(self.px(22), True)
        lines = 1 if self.interim or self.run.single or not m.results else 2
        y = (bottom + self.buttons_top - lines * line_h) // 2
        if self.interim or not m.results:
            msg = "With the cards turned a seat, the AI plays your hand and you play East's."
            sub = ""
        else:
            r = m.results[-1]
            assert r.difference is not None
            diff = "level" if r.difference == 0 else f"{r.difference:+d} to you"
            msg = f"With North-South's cards: you {r.yours} tricks, the AI {r.theirs} ({diff})"
            sub = "" if self.run.single else \
                f"Match after {len(m.results)} of {len(m.records)} deals: " \
                + ("level" if m.total == 0 else f"{m.total:+d} trick{'s' if abs(m.total) != 1 else ''}")
        fs = text.fit_size(msg, self.px(22), w - 2 * pad, True)
        s = text.text(msg, fs, theme.INK, True)
        bg.blit(s, s.get_rect(midtop=(w // 2, y)))
        if sub:
            s2 = text.text(sub, text.fit_size(sub, self.px(22), w - 2 * pad, True), theme.GOLD, True)
            bg.blit(s2, s2.get_rect(midtop=(w // 2, y + line_h)))
        return bg

    def draw(self, surf: pygame.Surface) -> None:
        self.blit_background(surf)
        self.buttons.draw(surf)


def both_sides_played(app: App, play_out: Callable[[Deal, Match], None]) -> DuplicateRun:
    """The last hand played again from the other side by ``play_out`` (screenshots,
    tests): the comparison scene on screen."""
    run = play_again(app)
    table = app.scene
    assert isinstance(table, DuplicateTableScene) and table.session.deal is not None
    play_out(table.session.deal, table.session.match)
    table.hand_over()
    return run


__all__ = ["DuplicateScene", "DuplicateTableScene", "both_sides_played", "hand_line"]
