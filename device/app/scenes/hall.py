"""The drive between hands: a table's number, the players due, the round's hands, and after
the round where each player goes (hall.app's session; drawn by hall.screen)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from device.app.scenes.base import Scene
from device.events import Action, ButtonEvent, CardScanned, InputEvent, PointerEvent
from engine.errors import WhistError
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App
    from device.reader import Reader
    from hall.app import HallSession
    from hall.table import HallTable


log = logging.getLogger(__name__)


class HallScene(Scene):
    name = "hall"
    title = "Whist drive"

    def __init__(self, app: App, table: HallTable | None = None) -> None:
        super().__init__(app)
        from hall.app import HallSession

        if table is None:
            session = app.session
            if not isinstance(session, HallSession):
                raise TypeError("the hall scene needs a table joined to a drive")
            table = session.hall
        self.table = table
        self.reader: Reader | None = None
        self.signed: list[tuple[Seat, str]] = []  # seats signed in by tag here, N E S W in turn

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
        if self.hall_session is not None or len(self.signed) >= 4:
            return
        seat = Seat(len(self.signed))
        if self.table.sign_in(seat, tag=tag):
            self.signed.append((seat, f"tag {tag}"))

    @property
    def hall_session(self) -> HallSession | None:
        from hall.app import HallSession

        session = self.app.current_session
        return session if isinstance(session, HallSession) else None

    def update(self, dt: float) -> None:
        self.table.pump()
        if self.hall_session is None and self.table.settings is not None \
                and self.table.players(1) is not None:
            from hall.app import HallSession

            self.app.session = HallSession(self.table)

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, CardScanned):
            if ev.tag is not None:
                self.sign_in(ev.tag)
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
        session.shuffle_and_deal()
        self.app.go(session.table_scene())

    def draw(self, surf: pygame.Surface) -> None:
        from hall.screen import draw_between_rounds, draw_round_start, draw_waiting

        session = self.hall_session
        table = self.table
        if session is None or table.settings is None:
            link = table.link
            draw_waiting(surf, table.table, table.drive or "", str(link.broker) if link else "",
                         bool(link and link.connected), self.signed, self.reader is not None)
            return
        s, r = table.settings, session.round
        if session.interlude in ("moves", "over"):
            four = table.players(r) or ("North", "East", "South", "West")
            prompt = "Tap when everyone has moved" if session.interlude == "moves" else None
            draw_between_rounds(surf, s, table.table, r, four, session.results(r),
                                table.players(r + 1) if r < s.rounds else None, prompt)
        else:
            draw_round_start(surf, s, table.table, r, table.players(r), "Tap to deal")
