"""Enrol cards: a guided screen asks for each of the 52 cards in turn.

Lay the card named on the reader; its tag is enrolled as that card. A tag
already enrolled as another card is refused with the reason. "Re-enrol a card"
picks one card (a damaged sticker replaced) whose next scan replaces its tag.

The enrolment has one home, the app's store: the flow edits a
``device.enrolment.Enrolment`` whose ``on_change`` hook writes each change
straight back (``Store.editable_enrolment``), and the referee screen looks
tags up in the store. Without a store the enrolment lasts until the table is
switched off, and the screen says so.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app.render import cards, felt, layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.enrolment import JOKERS, Enrolment, EnrolmentFlow
from device.events import Action, ButtonEvent, CardScanned, InputEvent, ReaderStatus
from engine.cards import SUITS, Card
from engine.errors import WhistError

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.reader import Reader

log = logging.getLogger(__name__)

RANK_ORDER = "AKQJT98765432"
# What really turns the reader on: the Settings row, which writes [reader] enabled
# to the config file (systemd/config.example.toml documents the port and protocol).
NO_READER = "the card reader is off: turn on \"Card reader\" in Settings"
COLOURS = {"ok": theme.INK, "error": (255, 150, 120), "info": theme.INK_DIM}


class EnrolScene(Scene):
    name = "enrol"
    title = "Enrol cards"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        store = app.store
        self.kept = store is not None
        self.enrolment: Enrolment = store.editable_enrolment() if store is not None else Enrolment()
        self.flow = EnrolmentFlow(self.enrolment)
        self.picking = False  # choosing the card to re-enrol
        self.message: tuple[str, str] = ("", "info")
        self.reader: Reader | None = None
        self.reader_problem = ""

    # -- the reader ------------------------------------------------------------------
    def enter(self) -> None:
        settings = self.app.config.reader
        if not settings.enabled:
            self.reader_problem = NO_READER
            return
        try:
            from device.reader import reader_from_settings

            # No lookup: this screen wants the tags themselves.
            self.reader = reader_from_settings(settings, self.app.queue, None)
            self.reader.start()
        except (WhistError, OSError, ValueError) as exc:  # a bad port or protocol must not close the screen
            log.warning("card reader not started: %s", exc)
            self.reader_problem = f"card reader not started: {exc}"
            self.reader = None

    def leave(self) -> None:
        if self.reader is not None:
            self.reader.stop()
            self.reader = None

    def on_back(self) -> None:
        if self.picking:
            self.picking = False
            self.relayout()
            return
        self.app.go("settings")

    # -- input -----------------------------------------------------------------------
    def scan(self, tag: str | None) -> None:
        if self.picking:
            return
        if not tag:
            self.message = ("this reader reports cards, not tags: there is nothing to enrol", "error")
            return
        try:
            result = self.flow.scan(tag)
        except (WhistError, OSError) as exc:  # the store could not save it: say so, keep the screen
            log.error("enrolment not saved: %s", exc)
            self.message = (f"not saved: {exc}", "error")
            return
        self.message = (result.message, "ok" if result.accepted else "error")
        self.relayout()

    def skip(self) -> None:
        self.flow.skip()
        self.relayout()

    def start_reenrol(self) -> None:
        self.picking = True
        self.relayout()

    def reenrol(self, card: str) -> None:
        self.flow.reenrol(card)
        self.picking = False
        self.message = (f"lay the new {Card(card).name} on the reader: it replaces the old tag", "info")
        self.relayout()

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, CardScanned):
            self.scan(ev.tag)
            return
        if isinstance(ev, ReaderStatus):
            self.reader_problem = "" if ev.connected else (ev.message or "reader disconnected")
            return
        if isinstance(ev, ButtonEvent) and ev.action == Action.UNDO:
            return
        super().handle(ev)

    # -- layout ----------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        top = self.header("Back")
        pad = self.px(8)
        self.top = top
        if self.picking:
            self._layout_picker(w, h, top, pad)
            return
        bh = self.px(52)
        bw = min(self.px(220), (w - 3 * pad) // 2)
        y = h - pad - bh
        self.buttons.add(widgets.Button(pygame.Rect(w - pad - bw, y, bw, bh), "Re-enrol a card",
                                        self.start_reenrol, font_size=self.px(20), name="reenrol"))
        skip = widgets.Button(pygame.Rect(w - 2 * (pad + bw), y, bw, bh), "Skip this card", self.skip,
                              font_size=self.px(20), name="skip")
        skip.enabled = not self.flow.done
        self.buttons.add(skip)
        self.body = pygame.Rect(pad, top, w - 2 * pad, y - pad - top)

    def _layout_picker(self, w: int, h: int, top: int, pad: int) -> None:
        """The 52 cards, a row per suit, and the two jokers of a 54-card pack below, to choose the one
        to enrol (again)."""
        gap = max(2, self.px(4))
        label_h = self.px(30)
        cw = (w - 2 * pad - 12 * gap) // 13
        ch = min(self.px(64), (h - top - label_h - pad - 4 * gap) // 5)
        y0 = top + label_h
        self.picker_label_y = top
        for row, suit in enumerate(SUITS):
            for col, rank in enumerate(RANK_ORDER):
                card = suit + rank
                r = pygame.Rect(pad + col * (cw + gap), y0 + row * (ch + gap), cw, ch)
                label = Card(card).symbol
                self.buttons.add(widgets.Button(r, label, partial(self.reenrol, card),
                                                font_size=self.px(18), name=card))
        y = y0 + 4 * (ch + gap)
        jw = 4 * cw + 3 * gap
        for i, joker in enumerate(JOKERS):  # tagged like any card, for the games of 54 cards
            r = pygame.Rect(pad + i * (jw + gap), y, jw, ch)
            self.buttons.add(widgets.Button(r, Card(joker).name.capitalize(), partial(self.reenrol, joker),
                                            font_size=self.px(18), name=joker))

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        layout.blit(surf, felt.felt_surface(*surf.get_size()), (0, 0), covers=True)
        self.draw_title(surf)
        if self.picking:
            t = text.text("Which card gets a new tag?", self.px(20), theme.GOLD, True)
            layout.blit(surf, t, t.get_rect(midtop=(self.size[0] // 2, self.picker_label_y)))
            self.buttons.draw(surf)
            return
        b = self.body
        layout.blit(surf, widgets.panel_surface(b.w, b.h), b.topleft)
        asked = self.flow.next_card()
        x = b.x + self.px(16)
        if asked is not None:
            ch = min(self.px(150), b.h - self.px(24))
            cw = int(ch * cards.CARD_RATIO)
            four = self.app.config.display.four_colour
            layout.blit(surf, cards.card_surface(int(Card(asked)), cw, ch, four),
                      (x, b.y + self.px(12)))
            x += cw + self.px(16)
        width = b.right - x - self.px(12)
        y = b.y + self.px(12)
        prompt = self.flow.prompt()  # names the card and says how many are enrolled
        rows: list[tuple[str, int, tuple[int, int, int], bool]] = [
            (prompt[:1].upper() + prompt[1:], self.px(22), theme.GOLD, True),
        ]
        if self.message[0]:
            rows.append((self.message[0], self.px(19), COLOURS[self.message[1]], self.message[1] == "error"))
        if self.reader_problem:
            rows.append((self.reader_problem, self.px(18), COLOURS["error"], True))
        if not self.kept:
            rows.append(("no game store: this enrolment is kept only until the table is switched off",
                         self.px(17), theme.INK_DIM, False))
        for s, size, colour, bold in rows:
            for line in text.wrap(s, size, width, bold):
                if y + text.line_height(size, bold) > b.bottom:
                    break
                layout.blit(surf, text.text(line, size, colour, bold), (x, y))
                y += text.line_height(size, bold)
            y += self.px(6)
        self.buttons.draw(surf)


__all__ = ["EnrolScene"]
