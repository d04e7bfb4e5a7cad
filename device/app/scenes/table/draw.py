"""Drawing the table. Everything that only changes when the game's state changes
is composed into one cached layer; a frame blits it and then the few cards that
are moving. Nothing is drawn over the trick's cards, a hand or a seat's label:
the step's panel lies in the felt between them, and the status line has its own
strip above your hand."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from device.app.render import cards, felt, text, theme, widgets
from device.app.scenes.table import trick, words
from device.app.scenes.table.score import draw_scores
from engine.game import Phase

if TYPE_CHECKING:
    from device.app.scenes.table.scene import TableScene
    from engine.cards import Card
    from engine.seats import Seat


class TableDrawing:
    _layer: pygame.Surface | None = None
    _layer_key: tuple[object, ...] | None = None
    _moved: list[pygame.Rect] = []  # noqa: RUF012 (replaced per instance on the first frame)
    label_rects: dict[Seat, pygame.Rect] = {}  # noqa: RUF012
    overlay_rect: pygame.Rect | None = None
    status_rects: list[pygame.Rect] = []  # noqa: RUF012 (where the status line's words went)
    turned_rects: list[pygame.Rect] = []  # noqa: RUF012 (face-up cards of no hand: turned, a stock's)

    def _moving(self: TableScene) -> tuple[Card, ...]:
        now = self.app.clock
        return tuple(s.card for s in self.slides if s.progress(now) < 1)

    def _layer_state(self: TableScene) -> tuple[object, ...]:
        deal = self.deal
        return (self.size, id(deal), len(deal.actions) if deal else -1, self._moving(), self.held is not None,
                self.collect is not None, self.selected, self.overlay is not None, self.status(),
                self.thinking_seat, None if self.dealing is None else math.ceil(self.dealing * 13),
                self.drag.card if self.drag and self.drag.moved else None, self.app.config.display.four_colour,
                self.waiting_for_human, id(self.session.match), tuple(sorted(self.panel.picked)), self.event)

    def draw(self: TableScene, surf: pygame.Surface) -> None:
        """Blit the cached layer only when it changed; otherwise repair the patches the
        moving cards covered last frame and draw them anew."""
        buttons = tuple((b.enabled, b.visible, b.pressed, b.label, b.primary) for b in self.buttons.buttons)
        key = self._layer_state() + (buttons, self.buttons.focus, id(surf))
        full = self._layer is None or key != self._layer_key or self._layer.get_size() != surf.get_size()
        if full or self._layer is None:
            layer = self._layer
            if layer is None or layer.get_size() != surf.get_size():
                layer = self._layer = pygame.Surface(surf.get_size()).convert()
            self.compose(layer, self._moving())
            self.buttons.draw(layer)
            self._draw_heads(layer)
            if self.overlay is not None:
                deal = self.dealt
                self.overlay_rect = trick.draw_last(layer, self.geo, self.seating, self.overlay.plays(),
                                                    self.overlay.winner(deal.order), self.four, self.px(18))
            self._layer_key = key
            surf.blit(layer, (0, 0))
            dirty: list[pygame.Rect] = []
        else:
            dirty = [surf.blit(self._layer, r, r) for r in self._moved]
        self._moved = self._draw_moving(surf)
        self.dirty = None if full else dirty + self._moved

    @property
    def four(self: TableScene) -> bool:
        return self.app.config.display.four_colour

    def compose(self: TableScene, surf: pygame.Surface, moving: tuple[Card, ...]) -> None:
        g = self.geo
        surf.blit(felt.felt_surface(g.w, g.h), (0, 0))
        deal = self.deal
        self.label_rects = {}
        draw_scores(self, surf)
        self.draw_extra(surf)
        if deal is not None:
            self._draw_others(surf)
            self._draw_turned(surf)
            trick.draw_trick(surf, g, self.trick_on_table(), moving, self.four)
            self._draw_yours(surf)
        self._draw_status(surf)

    def draw_extra(self, surf: pygame.Surface) -> None:
        """Hook: the demo draws its caption here."""

    # ------------------------------------------------------------------ the others
    def _draw_others(self: TableScene, surf: pygame.Surface) -> None:
        deal = self.dealt
        g = self.geo
        thinking = self.thinking_seat
        count = None if self.dealing is None else self.dealing
        acting = deal.turn if deal.turn is not None and self.actor(deal) == self.you else None
        playable = set(deal.legal_moves()) if self.waiting_for_human else set()
        for seat in self.seating.others:
            slot = g.slots[seat]
            shown = self.faceup_rects(seat) if count is None else []
            if shown:
                for card, r in shown:
                    dim = seat == acting and self.step() == "" and card not in playable
                    surf.blit(cards.card_surface(card, r.w, r.h, self.four, dim), r.topleft)
                    self._outline(surf, card, r)
            else:
                held = len(deal.hand(seat) or ())
                if seat == deal.dealer and deal.trump_card_showing:
                    held -= 1  # the turned card lies face up beside the dealer instead
                n = held if count is None else round(held * count)
                if n > 0:
                    self._fan(surf, slot.rect, slot.vertical, n)
            live = deal.turn == seat and not deal.is_over
            self._label(surf, seat, slot.label_anchor, slot.label_pos, live, seat == thinking)

    def _fan(self: TableScene, surf: pygame.Surface, rect: pygame.Rect, vertical: bool, n: int) -> None:
        g = self.geo
        bw, bh = g.back_w, g.back_h
        if vertical and rect.h < bw:
            return  # a crowded edge: the label alone
        if vertical:
            bh = min(bh, rect.w)
            bw = int(bh * cards.CARD_RATIO)
            step = max(2, min(int(bw * 0.3), int((rect.h - bw) / max(1, n - 1))))
        else:
            bh = min(bh, rect.h)
            bw = int(bh * cards.CARD_RATIO)
            step = max(2, min(int(bw * 0.28), int((rect.w - bw) / max(1, n - 1))))
        fan = cards.fan_surface(n, bw, bh, vertical, step)
        pos = fan.get_rect(midtop=(rect.centerx, rect.y)) if not vertical else fan.get_rect(midtop=rect.midtop)
        surf.blit(fan, pos)

    def _label(self: TableScene, surf: pygame.Surface, seat: Seat, anchor: str, pos: tuple[int, int],
               turn: bool, thinking: bool) -> None:
        lines = words.label_lines(self.deal, self.seating, seat, self.session.match, thinking)
        size = self.px(18)
        fg = theme.BUTTON_TEXT if turn else theme.INK
        pad = self.px(8)
        room = (self.geo.label_w or self.geo.w) - 2 * pad
        while len(lines) > 1 and text.width(lines[-1], size) > room and " · " in lines[-1]:
            lines[-1] = lines[-1].rsplit(" · ", 1)[0]  # the score goes first (it is on the score pad)
        rows = [text.text(line, size, fg, i == 0) for i, line in enumerate(lines)]
        w = max(r.get_width() for r in rows) + 2 * pad
        h = sum(r.get_height() for r in rows) + self.px(6)
        box = pygame.Rect(0, 0, w, h)
        setattr(box, anchor, pos)
        box.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, theme.GOLD if turn else theme.PANEL, box, border_radius=min(h // 2, self.px(14)))
        y = box.y + self.px(3)
        for r in rows:
            surf.blit(r, r.get_rect(midtop=(box.centerx, y)))
            y += r.get_height()
        self.label_rects[seat] = box

    def _draw_turned(self: TableScene, surf: pygame.Surface) -> None:
        """The turned trump card beside its dealer (yours stays in your hand), and other
        face-up piles (a stock's top card, a turned kitty) at the felt's left."""
        deal = self.dealt
        g = self.geo
        tw, th = int(g.tc_w * 0.8), int(g.tc_h * 0.8)
        shown: list[tuple[str, Card]] = []
        if deal.trump_card_showing and deal.record.trump_card is not None and deal.dealer != self.you:
            shown.append(("Turned", deal.record.trump_card))
        faced = {c for s in self.seating.others for c in self.faceup(s)} | set(self.own_row_cards())
        for name, pile in deal.game.visible_piles(deal, self.you).items():
            if pile and not set(pile) & faced and len(pile) <= 3 and deal.phase == Phase.PLAY:
                shown += [(name.capitalize(), c) for c in pile]
        x, y = g.felt.x + g.pad, g.felt.y + self.px(24)
        self.turned_rects = []
        for caption, card in shown[:3]:
            lab = text.text(caption, self.px(18), theme.INK, True)
            surf.blit(lab, (x, y - lab.get_height()))
            self.turned_rects.append(surf.blit(cards.card_surface(card, tw, th, self.four), (x, y)))
            x += tw + g.pad

    # ------------------------------------------------------------------ yours
    def _draw_yours(self: TableScene, surf: pygame.Surface) -> None:
        g = self.geo
        deal = self.dealt
        dragged = self.drag.card if self.drag and self.drag.moved else None
        playable = self.playable()
        your_turn = self.waiting_for_human and deal.turn == self.you and self.step() in ("", "knock")
        for card, r in self.own_row_rects() + self.hand_rects():
            if card == dragged:
                continue
            dim = your_turn and card not in playable
            surf.blit(cards.card_surface(card, r.w, r.h, self.four, dim), r.topleft)
            self._outline(surf, card, r)
        if deal.dealer == self.you and self.seating.partners:
            anchor = "bottomleft"
            pos = (g.hand_x0, g.status.y - g.pad // 2) if not self.own_row_cards() else (g.hand_x0, g.own_row.y)
            self._label(surf, self.you, anchor, pos, False, False)

    def _outline(self: TableScene, surf: pygame.Surface, card: Card, r: pygame.Rect) -> None:
        picked = card in self.panel.picked
        if card == self.selected or picked:
            t = max(2, self.px(3))
            colour = theme.HIGHLIGHT if card == self.selected else theme.BUTTON_FOCUS
            surf.blit(cards.outline_surface(r.w, r.h, colour, t), (r.x - t, r.y - t))

    def _draw_status(self: TableScene, surf: pygame.Surface) -> None:
        """Whose turn and what to do, in its strip above your hand (clear of your label)."""
        status = self.status()
        self.status_rects = []
        if not status:
            return
        g = self.geo
        area = g.status.copy()
        mine = self.label_rects.get(self.you)
        if mine is not None and mine.colliderect(area):
            area.width -= mine.right - area.x
            area.x = mine.right + g.pad
        fs = text.fit_size(status, self.px(21), area.w, True, min_size=self.px(18))
        lines = text.wrap(status, fs, area.w, True)
        step = text.line_height(fs, True)
        for i, line in enumerate(reversed(lines[-2:])):  # a second line goes up, into the felt
            st = text.text(line, fs, theme.GOLD, True)
            self.status_rects.append(surf.blit(st, st.get_rect(center=(area.centerx, area.centery - i * step))))

    def _draw_heads(self: TableScene, surf: pygame.Surface) -> None:
        """A grid's row names, left of their first button."""
        for word, rect in self.panel.heads:
            label = text.text(word, self.px(19), theme.GOLD, True)
            surf.blit(label, label.get_rect(midright=rect.midright))

    def _draw_moving(self: TableScene, surf: pygame.Surface) -> list[pygame.Rect]:
        """Cards in flight; returns the rects drawn."""
        g = self.geo
        now = self.app.clock
        out: list[pygame.Rect] = []
        for s in self.slides:
            if s.progress(now) >= 1:
                continue
            img = cards.card_surface(s.card, g.tc_w, g.tc_h, self.four)
            out.append(surf.blit(img, img.get_rect(center=s.at(now))))
        if self.collect is not None:
            done, winner, t0 = self.collect
            p = trick.ease(min(1.0, (now - t0) / max(0.01, 0.3 * self.pace)))
            tx, ty = self.fan_origin(winner)
            for card, _, (sx, sy) in trick.spots(g, done.plays()):
                img = cards.card_surface(card, g.tc_w, g.tc_h, self.four)
                out.append(surf.blit(img, img.get_rect(center=(int(sx + (tx - sx) * p), int(sy + (ty - sy) * p)))))
        if self.drag and self.drag.moved and self.drag.card is not None:
            img = cards.card_surface(self.drag.card, g.card_w, g.card_h, self.four)
            out.append(surf.blit(img, img.get_rect(center=(int(self.drag.x), int(self.drag.y)))))
        return out


__all__ = ["TableDrawing", "widgets"]
