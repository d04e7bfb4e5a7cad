"""Review of the last hand, from engine.ai.review's double-dummy cost of every card.

A diagram: the four hands, stepped trick by trick (buttons, arrow keys), each
card of the trick marked with what it cost and the better card shown, and a
chart of the tricks your side could take as the hand went on. "List" shows the
same review as text (``review_lines``, also for a terminal).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from device.app import ai_worker
from device.app.render import cards, felt, text, theme, widgets
from device.app.scenes.base import ScrollScene
from device.events import Action, ButtonEvent, InputEvent, PointerEvent
from device.words import count
from engine.cards import Card, parse_card
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App
    from engine.deal import Deal

NAMES = {"N": "Partner", "E": "East", "S": "You", "W": "West"}


def _int(row: Mapping[str, object], key: str) -> int:
    value = row[key]
    if not isinstance(value, int):
        raise TypeError(f"engine.ai.review's {key!r} is {value!r}, not a whole number")
    return value


@dataclass(frozen=True)
class CardCost:
    """One card of engine.ai.review's answer: the side's best tricks before and after it."""

    trick: int
    seat: str
    card: str
    before: int
    after: int
    cost: int
    mistake: bool
    best: tuple[str, ...]

    @classmethod
    def of(cls, row: Mapping[str, object]) -> CardCost:
        best = row["best"]
        if not isinstance(best, list | tuple):
            raise TypeError(f"engine.ai.review's 'best' is {best!r}, not a list of cards")
        return cls(_int(row, "trick"), str(row["seat"]), str(row["card"]), _int(row, "before"),
                   _int(row, "after"), _int(row, "cost"), bool(row["mistake"]), tuple(str(c) for c in best))


@dataclass
class ReviewCache:
    """One deal's review, kept on the app so it is worked out once, even when the
    player leaves the screen and comes back while the AI is still at it."""

    deal: Deal
    job: int | None  # None once answered
    result: list[CardCost] | None = None
    failed: bool = False


def plain_record(deal: Deal) -> list[tuple[str, str]]:
    """Without the AI's analysis: the hand trick by trick."""
    out: list[tuple[str, str]] = [
        ("dim", "The double-dummy analysis is not available; here is the hand as played.")]
    for i, t in enumerate(deal.tricks, 1):
        winner = t.winner(deal.order)
        plays = "   ".join(f"{NAMES[s.name]} {c.symbol}" for s, c in t.plays())
        out.append(("b", f"Trick {i}: {NAMES[winner.name]} won"))
        out.append(("t", plays))
    return out


def summary_lines(result: list[CardCost]) -> list[tuple[str, str]]:
    """The review's headline: costly cards and tricks lost, by side."""
    mistakes = [r for r in result if r.mistake and Seat.parse(r.seat).side == 0]
    theirs = [r for r in result if r.mistake and Seat.parse(r.seat).side == 1]
    lost = sum(r.cost for r in mistakes)
    return [("h", f"Your side: {count(len(mistakes), 'costly card')}, {count(lost, 'trick')} lost"
                  if mistakes else "Your side: no card cost a trick"),
            ("t", f"Opponents: {count(len(theirs), 'costly card')}" if theirs
                  else "Opponents: no card cost a trick"),
            ("dim", "Tricks are double-dummy: best play with every hand in view.")]


def review_lines(deal: Deal | None, result: list[CardCost] | None) -> list[tuple[str, str]]:
    """The review as text lines (style, text): the List view, and a terminal's."""
    if deal is None:
        return [("t", "Play a hand first: the review shows what each card cost.")]
    if not result:
        return plain_record(deal)
    out = summary_lines(result)
    trick: int | None = None
    for r in result:
        if r.trick != trick:
            trick = r.trick
            out.append(("", ""))
            out.append(("b", f"Trick {trick}"))
        card = parse_card(r.card)
        who = NAMES.get(r.seat, r.seat)
        line = f"{who}: {card.symbol}   (side's best: {r.after} tricks)"
        if r.mistake:
            line = f"{who}: {card.symbol}   (side's best: {r.before} → {r.after} tricks)"
        out.append(("t", line))
        if r.mistake:
            best = ", ".join(parse_card(b).symbol for b in r.best[:4])
            out.append(("bad", f"cost {count(r.cost, 'trick')}; better: {best}"))
    return out


def side_series(result: list[CardCost]) -> list[int]:
    """The tricks your side (North-South) could take in the whole hand, double
    dummy: before the first card, then after every card reviewed."""
    if not result:
        return []

    def ours(r: CardCost, value: int) -> int:
        return value if Seat.parse(r.seat).side == 0 else TRICKS - value

    return [ours(result[0], result[0].before)] + [ours(r, r.after) for r in result]


TRICKS = 13
BAD = (235, 90, 70)
GOOD = (110, 200, 120)
RANK_TEXT = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}
# Where each seat sits in the diagram: you at the bottom, as at the table.
PLACES = {Seat.N: "top", Seat.E: "right", Seat.S: "bottom", Seat.W: "left"}


class ReviewScene(ScrollScene):
    name = "review"
    title = "Review of the hand"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.result: list[CardCost] | None = None
        self.job: int | None = None
        self.failed = False
        self.step = 0  # 0: the deal; k: the k-th trick
        self.as_list = False
        self._frame: pygame.Surface | None = None

    def enter(self) -> None:
        # The review of a deal is worked out once, even if the player leaves
        # this screen and comes back while the AI is still at it.
        deal = self.app.session.last_deal
        if deal is None:
            return
        cache = self.app.review_cache
        if cache is None or cache.deal is not deal:
            cache = ReviewCache(deal, self.app.ai.submit(ai_worker.review, deal))
            self.app.review_cache = cache
        self._cache = cache
        if cache.job is None:
            self.result = cache.result
            self.failed = cache.failed
        else:
            self.job = cache.job

    @property
    def deal(self) -> Deal | None:
        return self.app.session.last_deal

    @property
    def steps(self) -> int:
        """The last step: one a trick played."""
        return len(self.deal.tricks) if self.deal is not None else 0

    def on_back(self) -> None:
        self.app.go("summary" if self.app.session.last_score is not None else "menu")

    # -- stepping ----------------------------------------------------------------
    def go_to(self, step: int) -> None:
        self.step = max(0, min(self.steps, step))
        self._frame = None
        self._sync_buttons()

    def toggle_list(self) -> None:
        self.as_list = not self.as_list
        self.invalidate()
        self._frame = None
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        if not self.buttons.buttons:
            return
        diagram = not self.as_list
        self.buttons.by_name("prev").visible = diagram
        self.buttons.by_name("next").visible = diagram
        self.buttons.by_name("prev").enabled = self.step > 0
        self.buttons.by_name("next").enabled = self.step < self.steps
        self.buttons.by_name("up").visible = self.as_list
        self.buttons.by_name("down").visible = self.as_list
        self.buttons.by_name("list").label = "Diagram" if self.as_list else "List"

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)  # the header, and the List view's text panel and scroll buttons
        self.buttons.by_name("back").label = "Back"
        pad = self.px(8)
        bar = self.px(46)
        top = self.view.top
        # the List view keeps the scroll panel above the bottom bar
        self.view.h = h - top - bar - 2 * pad
        for name, sign in (("up", 0), ("down", 1)):
            b = self.buttons.by_name(name)
            half = (self.view.h - pad) // 2
            b.rect = pygame.Rect(b.rect.x, top + sign * (half + pad), b.rect.w, half)
        y = h - bar - pad
        bw = self.px(150) if w >= h else (w - 5 * pad) * 3 // 10  # Previous, Next; List is narrower
        lw = bw * 2 // 3
        self.buttons.add(widgets.Button(pygame.Rect(pad, y, bw, bar), "◀ Previous",
                                        lambda: self.go_to(self.step - 1), font_size=self.px(19),
                                        name="prev"))
        self.buttons.add(widgets.Button(pygame.Rect(w - 2 * pad - bw - lw, y, bw, bar),
                                        "Next ▶", lambda: self.go_to(self.step + 1), primary=True,
                                        font_size=self.px(19), name="next"))
        self.buttons.add(widgets.Button(pygame.Rect(w - pad - lw, y, lw, bar),
                                        "List", self.toggle_list, font_size=self.px(19), name="list"))
        self.bar = pygame.Rect(2 * pad + bw, y, w - 5 * pad - 2 * bw - lw, bar)
        self.main = pygame.Rect(pad, top, w - 2 * pad, y - top - pad)
        if w >= h:
            dw = int(self.main.w * 0.54)
            self.diagram = pygame.Rect(self.main.x, self.main.y, dw, self.main.h)
            rx = self.diagram.right + pad
            rw = self.main.right - rx
            ih = int(self.main.h * 0.56)
            self.info = pygame.Rect(rx, self.main.y, rw, ih)
            self.chart = pygame.Rect(rx, self.info.bottom + pad, rw,
                                     self.main.bottom - self.info.bottom - pad)
        else:
            dh = int(self.main.h * 0.46)
            self.diagram = pygame.Rect(self.main.x, self.main.y, self.main.w, dh)
            ih = int(self.main.h * 0.31)
            self.info = pygame.Rect(self.main.x, self.diagram.bottom + pad, self.main.w, ih)
            self.chart = pygame.Rect(self.main.x, self.info.bottom + pad, self.main.w,
                                     self.main.bottom - self.info.bottom - pad)
        self._frame = None
        self._sync_buttons()

    def handle(self, ev: InputEvent) -> None:
        if not self.as_list:
            if isinstance(ev, ButtonEvent) and ev.action in (Action.LEFT, Action.RIGHT):
                self.go_to(self.step + (1 if ev.action == Action.RIGHT else -1))
                return
            if isinstance(ev, PointerEvent):
                self.buttons.pointer(ev.kind, ev.x, ev.y)
                self._frame = None if ev.kind != "move" else self._frame
                return
        super().handle(ev)

    def update(self, dt: float) -> None:
        if self.job is None:
            return
        job = self.app.ai.poll(self.job)
        if job is None:
            return
        self.job = None
        self.result = [CardCost.of(r) for r in job.result] if job.error is None else None
        self.failed = self.result is None
        self._cache.job, self._cache.result, self._cache.failed = None, self.result, self.failed
        self.invalidate()
        self._frame = None

    def plain_record(self, deal: Deal) -> list[tuple[str, str]]:
        return plain_record(deal)

    def lines(self) -> list[tuple[str, str]]:
        if self.job is not None and self.deal is not None:
            return [("t", "Reviewing the hand…")]
        return review_lines(self.deal, self.result)

    # -- what the diagram shows --------------------------------------------------
    def costs(self, step: int) -> list[CardCost | None]:
        """The review of each card of trick ``step`` (None where it was not reviewed)."""
        if self.deal is None or not 1 <= step <= self.steps:
            return []
        plays = self.deal.tricks[step - 1].plays()
        by_card = {(r.trick, r.card): r for r in self.result or []}
        return [by_card.get((step, str(c))) for _, c in plays]

    def hands_before(self, step: int) -> dict[Seat, list[Card]]:
        """Each seat's cards before trick ``step`` is played (all of them at step 0 and 1)."""
        deal = self.deal
        assert deal is not None
        gone = {c for t in deal.tricks[:max(0, step - 1)] for c in t.cards}
        dealt = deal.dealt_hands()
        return {seat: sorted((c for c in (dealt[seat] or ()) if c not in gone), reverse=True)
                for seat in (Seat.N, Seat.E, Seat.S, Seat.W)}

    # -- drawing -----------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        if self.as_list:
            self.buttons.by_name("up").visible = self.buttons.by_name("down").visible = True
            super().draw(surf)
            return
        if self._frame is None or self._frame.get_size() != surf.get_size():
            self._frame = self._render_frame(*surf.get_size())
        surf.blit(self._frame, (0, 0))
        self.buttons.draw(surf)

    def _render_frame(self, w: int, h: int) -> pygame.Surface:
        surf = felt.felt_surface(w, h).copy()
        self.draw_title(surf)
        deal = self.deal
        label = "The deal" if self.step == 0 else f"Trick {self.step} of {self.steps}"
        t = text.text(label, text.fit_size(label, self.px(20), self.bar.w, True), theme.INK, True)
        surf.blit(t, t.get_rect(center=self.bar.center))
        if deal is None:
            msg = text.text("Play a hand first: the review shows what each card cost.", self.px(18),
                            theme.INK)
            surf.blit(msg, msg.get_rect(center=self.main.center))
            return surf
        self._draw_diagram(surf, deal)
        self._draw_info(surf, deal)
        self._draw_chart(surf)
        return surf

    def _suit_line(self, surf: pygame.Surface, x: int, y: int, suit: int, hand: list[Card], size: int,
                   marks: dict[Card, tuple[int, int, int]], rings: dict[Card, tuple[int, int, int]]) -> None:
        four = self.app.config.display.four_colour
        colour = theme.suit_colour(suit, four)
        sym = cards.suit_surface(suit, size, colour if suit in (0, 3) or four else (235, 80, 80))
        if suit in (0, 3) and not four:
            sym = cards.suit_surface(suit, size, theme.INK)
        surf.blit(sym, (x, y + size // 8))
        cx = x + size + self.px(5)
        ranks = [c for c in hand if c.suit == suit]
        if not ranks:
            surf.blit(text.text("—", size, theme.INK_DIM), (cx, y))
            return
        for c in ranks:
            label = RANK_TEXT.get(c.rank, str(c.rank))
            g = text.text(label, size, theme.INK, True)
            box = pygame.Rect(cx - 2, y - 1, g.get_width() + 4, g.get_height() + 1)
            if c in marks:
                pygame.draw.rect(surf, marks[c], box, border_radius=3)
                g = text.text(label, size, theme.BLACK, True)
            elif c in rings:
                pygame.draw.rect(surf, rings[c], box, max(2, self.px(2)), border_radius=3)
            surf.blit(g, (cx, y))
            cx += g.get_width() + self.px(6)

    def _hand_block(self, seat: Seat, hand: list[Card], size: int,
                    marks: dict[Card, tuple[int, int, int]],
                    rings: dict[Card, tuple[int, int, int]]) -> pygame.Surface:
        line = text.line_height(size, True) + self.px(2)
        name = NAMES[seat.name] + (" (dealer)" if self.deal is not None and self.deal.dealer == seat else "")
        width = max(text.width(name, size, True), size * 9)
        block = pygame.Surface((width, line * 5), pygame.SRCALPHA)
        block.blit(text.text(name, size, theme.GOLD, True), (0, 0))
        for i, suit in enumerate(range(4)):
            self._suit_line(block, 0, line * (i + 1), suit, hand, size, marks, rings)
        return block

    def _draw_diagram(self, surf: pygame.Surface, deal: Deal) -> None:
        area = self.diagram
        surf.blit(widgets.panel_surface(area.w, area.h), area.topleft)
        size = self.px(15)
        hands = self.hands_before(self.step)
        plays = deal.tricks[self.step - 1].plays() if self.step else []
        costs = self.costs(self.step)
        marks: dict[Card, tuple[int, int, int]] = {}
        rings: dict[Card, tuple[int, int, int]] = {}
        for (_, card), cost in zip(plays, costs, strict=True):
            bad = cost is not None and cost.mistake
            marks[card] = BAD if bad else GOOD if cost is not None else theme.GOLD
            if bad and cost is not None:
                for b in cost.best:
                    rings[parse_card(b)] = GOOD
        blocks = {seat: self._hand_block(seat, hands[seat], size, marks, rings) for seat in hands}
        trump = deal.trump
        label = "No trumps" if trump not in range(4) else "Trumps"
        t = text.text(label, self.px(14), theme.INK_DIM, True)
        surf.blit(t, (area.left + self.px(10), area.top + self.px(8)))
        if trump in range(4):
            four = self.app.config.display.four_colour
            colour = theme.INK if trump in (0, 3) and not four else (235, 80, 80) if not four \
                else theme.suit_colour(trump, four)
            surf.blit(cards.suit_surface(trump, self.px(18), colour),
                      (area.left + self.px(14) + t.get_width(), area.top + self.px(6)))
        pad = self.px(10)
        bh = blocks[Seat.N].get_height()
        top = blocks[Seat.N]
        surf.blit(top, (area.centerx - top.get_width() // 2 + self.px(20), area.top + pad))
        bottom = blocks[Seat.S]
        surf.blit(bottom, (area.centerx - bottom.get_width() // 2 + self.px(20), area.bottom - pad - bh))
        mid_top, mid_bottom = area.top + pad + bh, area.bottom - pad - bh
        mid = (mid_top + mid_bottom) // 2
        surf.blit(blocks[Seat.W], (area.left + pad, mid - bh // 2))
        east = blocks[Seat.E]
        surf.blit(east, (area.right - pad - size * 7, mid - bh // 2))
        # the trick in the middle, each card with its mark
        if not plays:
            lead = text.text(f"{NAMES[deal.tricks[0].leader.name]} leads" if deal.tricks else "",
                             self.px(16), theme.INK_DIM)
            surf.blit(lead, lead.get_rect(center=(area.centerx, mid)))
            return
        ch = max(30, min((mid_bottom - mid_top - self.px(6)) // 2, self.px(84)))
        cw = int(ch * cards.CARD_RATIO)
        cx = area.left + pad + size * 9 + (area.right - pad - size * 7 - (area.left + pad + size * 9)) // 2
        spots = {"top": (cx - cw // 2, mid - ch - self.px(2)), "bottom": (cx - cw // 2, mid + self.px(2)),
                 "left": (cx - cw // 2 - int(cw * 1.1), mid - ch // 2),
                 "right": (cx - cw // 2 + int(cw * 1.1), mid - ch // 2)}
        winner = deal.tricks[self.step - 1].winner(deal.order)
        four = self.app.config.display.four_colour
        for seat, card in plays:
            x, y = spots[PLACES[seat]]
            surf.blit(cards.card_surface(int(card), cw, ch, four), (x, y))
            if seat == winner:
                ring = max(2, self.px(3))
                surf.blit(cards.outline_surface(cw, ch, theme.HIGHLIGHT, ring), (x - ring, y - ring))
        for (seat, _), cost in zip(plays, costs, strict=True):  # over the cards, never under one
            if cost is not None:
                x, y = spots[PLACES[seat]]
                tag = f"−{cost.cost}" if cost.mistake else "✓"
                self._badge(surf, tag, BAD if cost.mistake else GOOD, (x + cw, y + ch))

    def _badge(self, surf: pygame.Surface, label: str, colour: tuple[int, int, int],
               corner: tuple[int, int]) -> None:
        t = text.text(label, self.px(15), theme.BLACK, True)
        r = pygame.Rect(0, 0, max(t.get_width() + self.px(8), t.get_height() + self.px(2)),
                        t.get_height() + self.px(2))
        r.center = (corner[0] - r.w // 3, corner[1] - r.h // 3)
        pygame.draw.rect(surf, colour, r, border_radius=r.h // 2)
        pygame.draw.rect(surf, theme.PANEL, r, 1, border_radius=r.h // 2)
        surf.blit(t, t.get_rect(center=r.center))

    def _info_lines(self, deal: Deal) -> list[tuple[str, str, tuple[int, int, int]]]:
        """(style, text, colour) for the panel beside the diagram."""
        out: list[tuple[str, str, tuple[int, int, int]]] = []
        if self.job is not None:
            return [("t", "Reviewing the hand…", theme.INK)]
        if self.step == 0:
            if self.result:
                for style, line in summary_lines(self.result):
                    out.append((style, line, theme.GOLD if style == "h" else
                                theme.INK_DIM if style == "dim" else theme.INK))
            else:
                out.append(("t", "The double-dummy analysis is not available: the hand as played.",
                            theme.INK))
            out.append(("dim", "◀ ▶ step through the tricks: each card is marked ✓ when it kept "
                               "your side's best, or with the tricks it cost.", theme.INK_DIM))
            return out
        trick = deal.tricks[self.step - 1]
        winner = trick.winner(deal.order)
        out.append(("b", f"{NAMES[trick.leader.name]} led, {NAMES[winner.name]} won", theme.INK))
        for (seat, card), cost in zip(trick.plays(), self.costs(self.step), strict=True):
            who = f"{NAMES[seat.name]} {card.symbol}"
            if cost is None:
                out.append(("t", who, theme.INK))
            elif cost.mistake:
                better = " ".join(parse_card(b).symbol for b in cost.best[:3])
                out.append(("t", f"{who}: cost {count(cost.cost, 'trick')}, better {better}", BAD))
            else:
                out.append(("t", f"{who}: best", GOOD))
        won = [0, 0]
        for t in deal.tricks[:self.step]:
            won[t.winner(deal.order).side] += 1
        out.append(("dim", f"Tricks so far: You/Partner {won[0]} · Opponents {won[1]}", theme.INK_DIM))
        series = side_series(self.result or [])
        if series:
            at = min(len(series) - 1, 4 * self.step)
            out.append(("dim", f"After it your side could take {series[at]} of {TRICKS}.", theme.INK_DIM))
        return out

    def _draw_info(self, surf: pygame.Surface, deal: Deal) -> None:
        area = self.info
        surf.blit(widgets.panel_surface(area.w, area.h), area.topleft)
        pad = self.px(10)
        y = area.top + pad
        for style, line, colour in self._info_lines(deal):
            size = {"h": self.px(19), "b": self.px(18), "dim": self.px(15)}.get(style, self.px(16))
            bold = style in ("h", "b")
            for part in text.wrap(line, size, area.w - 2 * pad, bold):
                if y + text.line_height(size, bold) > area.bottom - pad // 2:
                    return
                surf.blit(text.text(part, size, colour, bold), (area.left + pad, y))
                y += text.line_height(size, bold)
            y += self.px(3)

    def _draw_chart(self, surf: pygame.Surface) -> None:
        area = self.chart
        surf.blit(widgets.panel_surface(area.w, area.h), area.topleft)
        pad = self.px(8)
        title = text.text("Tricks your side could take", self.px(15), theme.INK, True)
        surf.blit(title, (area.left + pad, area.top + pad // 2))
        series = side_series(self.result or [])
        if len(series) < 2:
            note = text.text("no double-dummy figures for this hand", self.px(14), theme.INK_DIM)
            surf.blit(note, note.get_rect(center=area.center))
            return
        axis = self.px(22)
        plot = pygame.Rect(area.left + pad + axis, area.top + pad + title.get_height(),
                           area.w - 2 * pad - axis - self.px(4),
                           area.h - 2 * pad - title.get_height() - self.px(14))
        cards_total = 4 * max(self.steps, 1)

        def at(i: int, v: float) -> tuple[int, int]:
            return (plot.left + round(plot.w * i / cards_total), plot.bottom - round(plot.h * v / TRICKS))

        if self.step:
            col = pygame.Rect(at(4 * (self.step - 1), 0)[0], plot.top,
                              max(2, at(4 * self.step, 0)[0] - at(4 * (self.step - 1), 0)[0]), plot.h)
            shade = pygame.Surface(col.size, pygame.SRCALPHA)
            shade.fill((*theme.HIGHLIGHT, 60))
            surf.blit(shade, col.topleft)
        for v in (0, 7, 13):
            y = at(0, v)[1]
            pygame.draw.line(surf, theme.PANEL_EDGE, (plot.left, y), (plot.right, y), 1)
            lab = text.text(str(v), self.px(12), theme.INK_DIM)
            surf.blit(lab, lab.get_rect(midright=(plot.left - self.px(4), y)))
        for k in (1, 5, 9, 13):
            if k <= self.steps:
                x = at(4 * k - 2, 0)[0]
                lab = text.text(str(k), self.px(11), theme.INK_DIM)
                surf.blit(lab, lab.get_rect(midtop=(x, plot.bottom + self.px(2))))
        points = []
        for i, v in enumerate(series):
            if i:
                points.append(at(i, series[i - 1]))
            points.append(at(i, v))
        pygame.draw.lines(surf, theme.GOLD, False, points, max(2, self.px(2)))
        for i, r in enumerate(self.result or [], 1):
            if r.mistake:
                ours = Seat.parse(r.seat).side == 0
                pygame.draw.circle(surf, BAD if ours else GOOD, at(i, series[i]), max(3, self.px(4)))
