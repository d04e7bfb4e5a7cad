"""The drive between hands: a table's number, the players due, the round's hands, and after
the round where each player goes (device.app.hall.session; drawn by device.app.hall.screen).

Before the drive starts the players sign in here: a seat's button opens the
on-screen keyboard for that seat's name (hall_keyboard), or a player lays
their own tag on the card reader (it signs in the seat chosen, else the
next seat nobody has signed in to). Each sign-in goes to the hub by name
or by tag, as ``hall table --players`` sends them."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app.hall.screen import draw_between_rounds, draw_round_start, draw_waiting
from device.app.hall.session import HallSession
from device.app.render import text, theme, widgets
from device.app.scenes.base import Scene
from device.app.scenes.hall_keyboard import NameKeyboard, name_problem
from device.events import Action, ButtonEvent, CardScanned, InputEvent, PointerEvent
from engine.errors import WhistError
from engine.seats import SEAT_NAMES, Seat

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.reader import Reader
    from hall.table import HallTable


log = logging.getLogger(__name__)


class HallScene(Scene):
    name = "hall"
    title = "Whist drive"

    def __init__(self, app: App, table: HallTable | None = None) -> None:
        super().__init__(app)
        if table is None:
            session = app.session
            if not isinstance(session, HallSession):
                raise TypeError("the hall scene needs a table joined to a drive")
            table = session.hall
        self.table = table
        self.reader: Reader | None = None
        self.signed: list[tuple[Seat, str]] = []  # seats signed in here, in the order they were
        self.editing: Seat | None = None  # the seat whose name is being typed
        self.notice = ""
        self.keyboard: NameKeyboard | None = None
        self.seat_buttons: dict[Seat, widgets.Button] = {}

    def layout(self, w: int, h: int) -> None:
        pad = self.px(10)
        bw, bh = (w - 3 * pad) // 2, self.px(64)
        top = h - 2 * bh - 2 * pad
        for seat in Seat:
            col, row = seat % 2, seat // 2
            rect = pygame.Rect(pad + col * (bw + pad), top + row * (bh + pad), bw, bh)
            self.seat_buttons[seat] = self.buttons.add(widgets.Button(
                rect, "", partial(self.choose_seat, seat), font_size=self.px(22), name=f"seat-{seat.name}"))
        field_bottom = self.px(118)
        typed = self.keyboard.text if self.keyboard is not None else ""  # a new size keeps the name
        self.keyboard = NameKeyboard(self.buttons.add, pygame.Rect(pad, field_bottom + pad, w - 2 * pad,
                                                                   h - field_bottom - 2 * pad),
                                     self.u, self.finish_name, self.cancel_name)
        self.keyboard.text = typed
        self.keyboard.show(self.editing is not None)
        self._refresh_seats()

    @property
    def signing_in(self) -> bool:
        """Before the drive starts (round one not seated): players may still sign in at this table."""
        return self.hall_session is None and (self.table.settings is None or self.table.players(1) is None)

    def name_at(self, seat: Seat) -> str | None:
        return next((who for s, who in reversed(self.signed) if s == seat), None)

    def _refresh_seats(self) -> None:
        for seat, b in self.seat_buttons.items():
            who = self.name_at(seat)
            b.label = f"{SEAT_NAMES[seat]}: {who}" if who else f"{SEAT_NAMES[seat]}: tap to sign in"
            b.visible = self.signing_in and self.editing is None

    def choose_seat(self, seat: Seat) -> None:
        if not self.signing_in or self.keyboard is None:
            return
        self.editing = seat
        self.notice = ""
        self.keyboard.clear()
        self.keyboard.show(True)
        self._refresh_seats()

    def cancel_name(self) -> None:
        self.editing = None
        self.notice = ""
        if self.keyboard is not None:
            self.keyboard.show(False)
        self._refresh_seats()

    def finish_name(self) -> None:
        seat, kb = self.editing, self.keyboard
        if seat is None or kb is None:
            return
        problem = name_problem(kb.name)
        if problem is not None:
            self.notice = problem
            return
        if not self.table.sign_in(seat, name=kb.name):
            self.notice = "Not in touch with the hall's hub yet: tap Sign in again in a moment"
            return
        self.signed.append((seat, kb.name))
        self.cancel_name()

    # players sign in with their own tag on the card reader until the drive starts
    def enter(self) -> None:
        settings = self.app.config.reader
        if self.hall_session is not None or not settings.enabled:
            return
        try:
            from device.reader import reader_from_settings

            self.reader = reader_from_settings(settings, self.app.queue, None)  # the tags themselves
            self.reader.start()
        except (WhistError, OSError, ValueError) as exc:  # a bad port must not stop the drive
            log.warning("card reader not started: %s", exc)
            self.reader = None

    def leave(self) -> None:
        if self.reader is not None:
            self.reader.stop()
            self.reader = None

    def sign_in(self, tag: str) -> None:
        """A tag on the reader: the seat being typed for, else the first nobody has signed in to."""
        if not self.signing_in:
            return
        seat = self.editing
        if seat is None:
            seat = next((s for s in Seat if self.name_at(s) is None), None)
        if seat is None:
            return
        if not self.table.sign_in(seat, tag=tag):
            self.notice = "Not in touch with the hall's hub yet: lay the tag again in a moment"
            return
        self.signed.append((seat, f"tag {tag}"))
        if self.editing is not None:
            self.cancel_name()
        self._refresh_seats()

    @property
    def hall_session(self) -> HallSession | None:
        session = self.app.current_session
        return session if isinstance(session, HallSession) else None

    def update(self, dt: float) -> None:
        self.table.pump()
        if self.hall_session is None and self.table.settings is not None \
                and self.table.players(1) is not None:
            self.app.session = HallSession(self.table)
        shown = self.editing is not None or any(b.visible for b in self.seat_buttons.values())
        if shown and not self.signing_in:
            self.cancel_name()  # the drive has started: round one is seated

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, CardScanned):
            if ev.tag is not None:
                self.sign_in(ev.tag)
            return
        if isinstance(ev, PointerEvent) and self.buttons.pointer(ev.kind, ev.x, ev.y):
            return
        if self.editing is not None:
            if isinstance(ev, ButtonEvent) and ev.action == Action.BACK:
                self.cancel_name()
            elif isinstance(ev, ButtonEvent):
                super().handle(ev)  # the arrows and Select walk the keys
            return
        go = (isinstance(ev, PointerEvent) and ev.kind == "up") or \
            (isinstance(ev, ButtonEvent) and ev.action in (Action.SELECT, Action.DEAL))
        if isinstance(ev, ButtonEvent) and ev.action == Action.BACK:
            self.on_back()
        elif go:
            self.advance()

    def advance(self) -> None:
        session = self.hall_session
        if session is None or session.interlude == "over":
            return
        if session.interlude == "moves":
            session.next_round()
            return
        if not session.real_cards:
            session.shuffle_and_deal()
        self.app.go(session.table_scene())

    def draw(self, surf: pygame.Surface) -> None:
        session = self.hall_session
        table = self.table
        if session is None or table.settings is None or self.signing_in:
            if self.editing is not None:
                self._draw_keyboard(surf)
                return
            link = table.link
            draw_waiting(surf, table.table, table.drive or "", str(link.broker) if link else "",
                         bool(link and link.connected), (), False)
            hint = "Tap your seat and type your name" + (", or lay your own tag on the reader"
                                                          if self.reader is not None else "")
            if table.cut_off:
                hint = "The hall's broker and this table's credentials file do not match: give it its own"
            self._line(surf, self.notice or hint, self.px(18), self.px(175))
            self.buttons.draw(surf)
            return
        s, r = table.settings, session.round
        if session.interlude in ("moves", "over"):
            four = table.players(r) or ("North", "East", "South", "West")
            prompt = "Tap when everyone has moved" if session.interlude == "moves" else None
            draw_between_rounds(surf, s, table.table, r, four, session.results(r),
                                table.players(r + 1) if r < s.rounds else None, prompt)
        else:
            draw_round_start(surf, s, table.table, r, table.players(r), "Tap to deal")

    def _line(self, surf: pygame.Surface, words: str, size: int, y: int,
              colour: tuple[int, int, int] = theme.INK_DIM, bold: bool = False) -> None:
        w = surf.get_width()
        size = text.fit_size(words, size, w - self.px(30), bold, self.px(12))
        t = text.text(words, size, colour, bold)
        surf.blit(t, t.get_rect(center=(w // 2, y)))

    def keyboard_notice(self) -> str:
        """What the keyboard's screen says under the name: why it cannot be signed in, if it cannot."""
        typed = self.keyboard.text if self.keyboard is not None else ""
        return self.notice or (name_problem(typed) or "" if typed else "")

    def _draw_keyboard(self, surf: pygame.Surface) -> None:
        from device.app.render import felt

        w, h = surf.get_size()
        surf.blit(felt.felt_surface(w, h), (0, 0))
        seat = self.editing
        assert seat is not None and self.keyboard is not None
        self._line(surf, f"Table {self.table.table}, {SEAT_NAMES[seat]}: type your name", self.px(20),
                   self.px(20), theme.GOLD, bold=True)
        box = pygame.Rect(self.px(10), self.px(40), w - self.px(20), self.px(60))
        pygame.draw.rect(surf, theme.CARD_FACE, box, border_radius=self.px(8))
        typed = self.keyboard.text
        size = text.fit_size(typed or "W", self.px(34), box.w - self.px(30), True, self.px(14))
        t = text.text(typed + "|", size, theme.BLACK, True)
        surf.blit(t, t.get_rect(midleft=(box.x + self.px(14), box.centery)))
        notice = self.keyboard_notice()
        if notice:
            self._line(surf, notice, self.px(16), box.bottom + self.px(9), theme.GOLD)
        self.buttons.draw(surf)
