"""Review of the last hand, from engine.ai.review's double-dummy cost of every card.

A diagram: the four hands, stepped trick by trick (buttons, arrow keys), each
card of the trick marked with what it cost and the better card shown, and a
chart of the tricks your side could take as the hand went on. "List" shows the
same review as text (device.review, which ``history --show ID --review`` prints).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device import vocabulary
from device.app import ai_worker
from device.app.app_protocol import ReviewCache
from device.app.render import cards, felt, layout, text, theme, widgets
from device.app.scenes.base import ScrollScene
from device.events import Action, ButtonEvent, InputEvent, PointerEvent
from device.review import TRICKS, CardCost, plain_record, review_lines, reviewable, side_series, summary_lines
from device.words import count
from engine.cards import Card, parse_card
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from engine.deal import Deal

BAD = (235, 90, 70)
GOOD = (110, 200, 120)
SUIT_RED = (240, 90, 90)  # hearts and diamonds on the dark panel
# The suits' inks on the dark panel: light enough to read there, in the deck's hues.
PANEL_SUITS = {False: (theme.INK, SUIT_RED, SUIT_RED, theme.INK),
               True: (theme.INK, SUIT_RED, (120, 170, 255), (120, 215, 130))}
RANK_TEXT = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


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
        self._press: tuple[float, float] | None = None
        self._plot: pygame.Rect | None = None  # the chart's plot, once drawn: a tap there picks a trick

    def enter(self) -> None:
        # The review of a deal is worked out once, even if the player leaves
        # this screen and comes back while the AI is still at it.
        deal = self.app.session.last_deal
        if deal is None:
            return
        cache = self.app.review_cache
        if cache is None or cache.deal is not deal:
            if reviewable(deal.game):
                cache = ReviewCache(deal, self.app.ai.submit(ai_worker.review, deal))
            else:  # no double-dummy costs for this game: the hand as played
                cache = ReviewCache(deal, None, None, True)
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
        bar = self.px(52)
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
            dw = int(self.main.w * 0.5)
            self.diagram = pygame.Rect(self.main.x, self.main.y, dw, self.main.h)
            rx = self.diagram.right + pad
            rw = self.main.right - rx
            ih = int(self.main.h * 0.6)
            self.info = pygame.Rect(rx, self.main.y, rw, ih)
            self.chart = pygame.Rect(rx, self.info.bottom + pad, rw,
                                     self.main.bottom - self.info.bottom - pad)
        else:
            dh = int(self.main.h * 0.42)
            self.diagram = pygame.Rect(self.main.x, self.main.y, self.main.w, dh)
            ih = int(self.main.h * 0.31)
            self.info = pygame.Rect(self.main.x, self.diagram.bottom + pad, self.main.w, ih)
            self.chart = pygame.Rect(self.main.x, self.info.bottom + pad, self.main.w,
                                     self.main.bottom - self.info.bottom - pad)
        if self.deal is not None and not reviewable(self.deal.game):
            # No double-dummy figures in this game: the words take the chart's room.
            self.info = self.info.union(self.chart)
            self.chart = pygame.Rect(self.info.bottomleft, (self.info.w, 0))
        self._frame = None
        self._sync_buttons()

    def handle(self, ev: InputEvent) -> None:
        if not self.as_list:
            if isinstance(ev, ButtonEvent) and ev.action in (Action.LEFT, Action.RIGHT):
                self.go_to(self.step + (1 if ev.action == Action.RIGHT else -1))
                return
            if isinstance(ev, PointerEvent):
                if not self.buttons.pointer(ev.kind, ev.x, ev.y):
                    self._touch(ev)
                return
        super().handle(ev)

    def _touch(self, ev: PointerEvent) -> None:
        """A swipe steps (to the left: the next trick, as a page turns); a tap on the
        chart goes to the trick under the finger."""
        if ev.kind == "down":
            self._press = (ev.x, ev.y)
            return
        if ev.kind != "up" or self._press is None:
            return
        (x0, y0), self._press = self._press, None
        dx, dy = ev.x - x0, ev.y - y0
        if abs(dx) >= self.px(60) and abs(dx) > abs(dy):
            self.go_to(self.step + (1 if dx < 0 else -1))
        elif self._plot is not None and self._plot.collidepoint(ev.x, ev.y) and abs(dx) < self.px(20):
            self.go_to(self.trick_at(ev.x))

    def trick_at(self, x: float) -> int:
        """The trick drawn at ``x`` on the chart."""
        if self._plot is None or not self.steps:
            return self.step
        return max(1, min(self.steps, 1 + int((x - self._plot.left) * self.steps / max(1, self._plot.w))))

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
                for seat in deal.seats}

    # -- drawing -----------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        if self.as_list:
            self.buttons.by_name("up").visible = self.buttons.by_name("down").visible = True
            super().draw(surf)
            return
        if self._frame is None or self._frame.get_size() != surf.get_size():
            self._frame = self._render_frame(*surf.get_size())
        layout.blit(surf, self._frame, (0, 0), covers=True)
        self.buttons.draw(surf)

    def _render_frame(self, w: int, h: int) -> pygame.Surface:
        surf = felt.felt_surface(w, h).copy()
        self.draw_title(surf)
        deal = self.deal
        label = "The deal" if self.step == 0 else f"Trick {self.step} of {self.steps}"
        t = text.text(label, text.fit_size(label, self.px(20), self.bar.w, True), theme.INK, True)
        layout.blit(surf, t, t.get_rect(center=self.bar.center))
        if deal is None:
            msg = text.text("Play a hand first: the review shows what each card cost.", self.px(18),
                            theme.INK)
            layout.blit(surf, msg, msg.get_rect(center=self.main.center))
            return surf
        self._draw_diagram(surf, deal)
        self._draw_info(surf, deal)
        self._draw_chart(surf)
        return surf

    def _suit_line(self, surf: pygame.Surface, x: int, y: int, suit: int, hand: list[Card], size: int,
                   width: int, marks: dict[Card, tuple[int, int, int]],
                   rings: dict[Card, tuple[int, int, int]]) -> None:
        colour = PANEL_SUITS[self.app.config.display.four_colour][suit]
        layout.blit(surf, cards.suit_surface(suit, size, colour), (x, y + size // 8))
        cx = x + size + self.px(5)
        ranks = [RANK_TEXT.get(c.rank, str(c.rank)) for c in hand if c.suit == suit]
        if not ranks:
            layout.blit(surf, text.text("—", size, theme.INK_DIM), (cx, y))
            return
        # the gap between ranks narrows for a long suit, so it stays in its block
        inked = sum(text.width(r, size) for r in ranks)
        gap = max(2, min(self.px(7), (x + width - cx - inked) // max(1, len(ranks))))
        for c in (c for c in hand if c.suit == suit):
            label = RANK_TEXT.get(c.rank, str(c.rank))
            g = text.text(label, size, theme.INK)
            box = pygame.Rect(cx - 2, y, g.get_width() + 4, g.get_height())
            if c in marks:
                pygame.draw.rect(surf, marks[c], box, border_radius=3)
                g = text.text(label, size, theme.BLACK, True)
            elif c in rings:
                pygame.draw.rect(surf, rings[c], box, max(2, self.px(2)), border_radius=3)
            layout.blit(surf, g, (cx, y))
            cx += g.get_width() + gap

    def _hand_block(self, seat: Seat, hand: list[Card], size: int, width: int,
                    marks: dict[Card, tuple[int, int, int]],
                    rings: dict[Card, tuple[int, int, int]]) -> pygame.Surface:
        line = text.line_height(size) + self.px(1)
        assert self.deal is not None
        name = vocabulary.seat_word(self.deal.game, seat) + (" (D)" if self.deal.dealer == seat else "")
        block = pygame.Surface((width, line * 5), pygame.SRCALPHA)
        fs = text.fit_size(name, size, width, True, min_size=size)
        layout.blit(block, text.text(text.clip(name, fs, width, True), fs, theme.GOLD, True), (0, 0))
        for suit in range(4):
            self._suit_line(block, 0, line * (suit + 1), suit, hand, size, width, marks, rings)
        return block

    def _marks(self) -> tuple[dict[Card, tuple[int, int, int]], dict[Card, tuple[int, int, int]]]:
        """The trick's cards filled by their verdict, and the better cards ringed."""
        marks: dict[Card, tuple[int, int, int]] = {}
        rings: dict[Card, tuple[int, int, int]] = {}
        if self.deal is None or not self.step:
            return marks, rings
        plays = self.deal.tricks[self.step - 1].plays()
        for (_, card), cost in zip(plays, self.costs(self.step), strict=True):
            bad = cost is not None and cost.mistake
            marks[card] = BAD if bad else GOOD if cost is not None else theme.GOLD
            if bad and cost is not None:
                for b in cost.best:
                    rings[parse_card(b)] = GOOD
        return marks, rings

    def _draw_diagram(self, surf: pygame.Surface, deal: Deal) -> None:
        area = self.diagram
        layout.blit(surf, widgets.panel_surface(area.w, area.h), area.topleft)
        size = self.px(18)
        pad = self.px(8)
        side = (area.w - 2 * pad) * 3 // 8  # a block at the side; those across as wide
        hands = self.hands_before(self.step)
        marks, rings = self._marks()
        for seat, (x, y, width) in self._places(deal, side).items():
            block = self._hand_block(seat, hands[seat], size, width, marks, rings)
            layout.blit(surf, block, (x, y - block.get_height() // 2))
        # the corners: trumps (in a game that has them), and who leads this trick
        trump = deal.trump
        if deal.game.table.trumps:
            t = text.text("Trumps" if trump in range(4) else "No trumps", size, theme.INK_DIM, True)
            layout.blit(surf, t, (area.left + pad, area.top + pad))
            if trump in range(4):
                colour = PANEL_SUITS[self.app.config.display.four_colour][trump]
                layout.blit(surf, cards.suit_surface(trump, self.px(20), colour),
                          (area.left + pad + t.get_width() + self.px(4), area.top + pad))
        if deal.tricks and self.step == 0:  # a trick's leader is named beside it
            leader = vocabulary.seat_word(deal.game, deal.tricks[0].leader)
            lead = text.text(vocabulary.verb(leader, "lead"), size, theme.INK_DIM)
            layout.blit(surf, lead, (area.left + pad, area.bottom - pad - lead.get_height()))

    def _places(self, deal: Deal, side: int) -> dict[Seat, tuple[int, int, int]]:
        """Where each seat's block goes (left, vertical centre, width): you at the bottom as at
        the table, the seat on your left at the left, those across along the top, your right."""
        area = self.diagram
        pad = self.px(8)
        bh = (text.line_height(self.px(18)) + self.px(1)) * 5
        me = vocabulary.you(deal.game)
        n = deal.players
        others = [Seat((int(me) + k) % n) for k in range(1, n)]
        if n > 4:
            # Round a table this big the blocks would meet: a grid from you, clockwise,
            # under the line that names the trumps.
            top = area.top + pad + text.line_height(self.px(18)) + self.px(4)
            rows = max(1, (area.bottom - pad - top) // bh)
            cols = -(-n // rows)
            width = (area.w - 2 * pad) // cols
            order = [me, *others]
            return {seat: (area.left + pad + (i % cols) * width, top + (i // cols) * bh + bh // 2, width)
                    for i, seat in enumerate(order)}
        mid_x = area.centerx - side // 2 + self.px(10)
        places = {me: (mid_x, area.bottom - pad - bh // 2, side)}
        left = others.pop(0) if n > 2 else None
        right = others.pop() if n > 3 else None
        mid_y = area.centery
        if left is not None:
            places[left] = (area.left + pad, mid_y, side)
        if right is not None:
            places[right] = (area.right - pad - side, mid_y, side)
        if others:  # across the top, side by side
            width = min(side, (area.w - 2 * pad) // len(others))
            x0 = area.centerx - width * len(others) // 2 + (self.px(10) if len(others) == 1 else 0)
            for i, seat in enumerate(others):
                places[seat] = (x0 + i * width, area.top + pad + bh // 2, width)
        return places

    def _draw_trick(self, surf: pygame.Surface, deal: Deal, top: int) -> int:
        """The trick's cards in a row, in the order played, each marked; returns its bottom."""
        area = self.info
        pad = self.px(8)
        trick = deal.tricks[self.step - 1]
        winner = trick.winner(deal.order)
        costs = self.costs(self.step)
        size = self.px(18)
        line = text.line_height(size)
        lines = 1
        gap = self.px(10)
        played = len(trick.plays())
        cw = min(self.px(58), (area.w - 2 * pad - (played - 1) * gap) // max(1, played))
        ch = int(cw / cards.CARD_RATIO)
        four = self.app.config.display.four_colour
        x0 = area.left + (area.w - played * cw - (played - 1) * gap) // 2
        room = cw + gap - 2
        names = {s: vocabulary.seat_word(deal.game, s) for s, _ in trick.plays()}
        if any(text.width(name, size) > room for name in names.values()):  # seven or eight cards: P3
            names = {s: vocabulary.short_word(name) for s, name in names.items()}
        widest = max(text.width(part, size) for name in names.values()
                     for part in text.wrap(name, size, room))
        stagger = widest > room
        for i, (seat, card) in enumerate(trick.plays()):
            x = x0 + i * (cw + gap)
            layout.blit(surf, cards.card_surface(int(card), cw, ch, four), (x, top))
            if seat == winner:
                ring = max(2, self.px(3))
                outline = cards.outline_surface(cw, ch, theme.HIGHLIGHT, ring)
                layout.blit(surf, outline, (x - ring, top - ring))
            # A name wider than its card goes on two lines, and where even that is too wide
            # every other name drops below its neighbours'.
            parts = text.wrap(names[seat], size, room)
            below = len(parts) * (i % 2) if stagger else 0
            for k, part in enumerate(parts):
                n = text.text(part, size, theme.INK)
                y = top + ch + self.px(2) + (below + k) * line
                layout.blit(surf, n, n.get_rect(midtop=(x + cw // 2, y)))
                lines = max(lines, below + k + 1)
        for i, cost in enumerate(costs):  # over the cards, never under the next one
            if cost is not None:
                x = x0 + i * (cw + gap)
                tag = f"−{cost.cost}" if cost.mistake else "✓"
                self._badge(surf, tag, BAD if cost.mistake else GOOD, (x + cw, top + ch))
        return top + ch + self.px(2) + lines * line

    def _badge(self, surf: pygame.Surface, label: str, colour: tuple[int, int, int],
               corner: tuple[int, int]) -> None:
        t = text.text(label, self.px(18), theme.BLACK, True)
        r = pygame.Rect(0, 0, max(t.get_width() + self.px(8), t.get_height() + self.px(2)),
                        t.get_height() + self.px(2))
        r.center = (corner[0] - r.w // 3, corner[1] - r.h // 2)
        pygame.draw.rect(surf, colour, r, border_radius=r.h // 2)
        pygame.draw.rect(surf, theme.PANEL, r, 1, border_radius=r.h // 2)
        layout.blit(surf, t, t.get_rect(center=r.center))

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
            elif reviewable(deal.game):
                out.append(("t", "The double-dummy analysis is not available: the hand as played.",
                            theme.INK))
            else:
                out.append(("t", "The hand as played, trick by trick.", theme.INK))
                out.append(("dim", "Next or a swipe steps through the tricks.", theme.INK_DIM))
                return out
            out.append(("dim", "Next or a swipe steps through the tricks, a tap on the chart picks one. "
                               "A card that kept its side's best is ticked; one that cost tricks shows "
                               "how many.", theme.INK_DIM))
            return out
        trick = deal.tricks[self.step - 1]
        winner = trick.winner(deal.order)
        out.append(("b", f"{vocabulary.seat_word(deal.game, trick.leader)} led, "
                           f"{vocabulary.seat_word(deal.game, winner)} won", theme.INK))
        costs = self.costs(self.step)
        for (seat, card), cost in zip(trick.plays(), costs, strict=True):
            if cost is not None and cost.mistake:
                better = " ".join(parse_card(b).symbol for b in cost.best[:3])
                who = vocabulary.seat_word(deal.game, seat)
                out.append(("t", f"{who} {card.symbol} cost {count(cost.cost, 'trick')}: "
                                 f"{better} was better", BAD))
        if costs and all(c is not None and not c.mistake for c in costs):
            out.append(("t", "Every card kept its side's best.", GOOD))
        series = side_series(self.result or [])
        if series:
            at = min(len(series) - 1, 4 * self.step)
            out.append(("dim", f"Your side could then take {series[at]} of {TRICKS}.", theme.INK_DIM))
        return out

    def _draw_info(self, surf: pygame.Surface, deal: Deal) -> None:
        area = self.info
        layout.blit(surf, widgets.panel_surface(area.w, area.h), area.topleft)
        pad = self.px(8)
        y = area.top + pad
        if self.step:
            y = self._draw_trick(surf, deal, y + self.px(2)) + self.px(4)
        for style, line, colour in self._info_lines(deal):
            size = self.px(20) if style == "h" else self.px(18)
            bold = style in ("h", "b")
            for part in text.wrap(line, size, area.w - 2 * pad, bold):
                if y + text.line_height(size, bold) > area.bottom - pad // 2:
                    return
                layout.blit(surf, text.text(part, size, colour, bold), (area.left + pad, y))
                y += text.line_height(size, bold)

    def _draw_chart(self, surf: pygame.Surface) -> None:
        area = self.chart
        if not area.h:
            return
        layout.blit(surf, widgets.panel_surface(area.w, area.h), area.topleft)
        pad = self.px(8)
        size = self.px(18)
        label = "Tricks your side could take"
        title = text.text(label, text.fit_size(label, size, area.w - 2 * pad, True, min_size=size),
                          theme.INK, True)
        layout.blit(surf, title, (area.left + pad, area.top + pad // 2))
        series = side_series(self.result or [])
        if len(series) < 2:
            note = text.text("no double-dummy figures", size, theme.INK_DIM)
            layout.blit(surf, note, note.get_rect(center=area.center))
            return
        axis = text.width("13", size) + self.px(6)
        plot = pygame.Rect(area.left + pad + axis, area.top + pad + title.get_height() + self.px(6),
                           area.w - 2 * pad - axis - self.px(4),
                           area.h - 2 * pad - title.get_height() - self.px(10))
        cards_total = 4 * max(self.steps, 1)
        self._plot = plot

        def at(i: int, v: float) -> tuple[int, int]:
            return (plot.left + round(plot.w * i / cards_total), plot.bottom - round(plot.h * v / TRICKS))

        if self.step:
            col = pygame.Rect(at(4 * (self.step - 1), 0)[0], plot.top,
                              max(2, at(4 * self.step, 0)[0] - at(4 * (self.step - 1), 0)[0]), plot.h)
            shade = pygame.Surface(col.size, pygame.SRCALPHA)
            shade.fill((*theme.HIGHLIGHT, 60))
            layout.blit(surf, shade, col.topleft)
        for v in (0, 7, 13):
            y = at(0, v)[1]
            pygame.draw.line(surf, theme.PANEL_EDGE, (plot.left, y), (plot.right, y), 1)
            lab = text.text(str(v), size, theme.INK_DIM)
            layout.blit(surf, lab, lab.get_rect(midright=(plot.left - self.px(4), y)))
        points = []
        for i, v in enumerate(series):
            if i:
                points.append(at(i, series[i - 1]))
            points.append(at(i, v))
        pygame.draw.lines(surf, theme.GOLD, False, points, max(2, self.px(3)))
        for i, r in enumerate(self.result or [], 1):
            if r.mistake:
                ours = Seat.parse(r.seat).side == 0
                pygame.draw.circle(surf, BAD if ours else GOOD, at(i, series[i]), max(3, self.px(5)))
