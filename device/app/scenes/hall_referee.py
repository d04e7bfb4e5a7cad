"""A drive's round played with real cards: the referee's screen (device.app.scenes.referee) on
a :class:`hall.referee.DriveReferee`, which sends each confirmed hand through the table's
outbox; after the round's last hand, the hall scene shows where everyone goes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.app.hall.session import HallSession
from device.app.scenes.referee import RefereeScene
from device.events import InputEvent
from engine.seats import SEATS
from hall.referee import DriveReferee

if TYPE_CHECKING:
    from device.app.app_protocol import App


class HallRefereeScene(RefereeScene):
    name = "hall_referee"

    title = "Whist drive: real cards"

    def _where(self) -> str:
        """Where the drive is: the table, the round and the hand (the referee's panel says the rest)."""
        d = self.drive
        s = d.settings
        return f"Table {d.table.table} · round {d.round} of {s.rounds} · hand {d.hand} of {s.hands_per_round}"

    def __init__(self, app: App) -> None:
        session = app.current_session
        if not isinstance(session, HallSession):
            raise TypeError("the drive's real-card table needs a table joined to a drive")
        self.hall_session: HallSession = session
        drive = session.drive_referee
        if drive is None or drive.round != session.round:
            # kept on the session, so a visit to the menu does not lose the hand on the table
            # the app's store journals every card: a power cut resumes the hand at its card
            drive = DriveReferee(session.hall, session.round, level={s: app.ai_level(s) for s in SEATS},
                                 ai_async=True, store=app.store)
            session.drive_referee = drive
        self.drive: DriveReferee = drive
        # the referee scene takes the app's referee session: this round's, while it lasts
        app.referee_session = drive.session
        super().__init__(app)
        self.title = self._where()

    def handle(self, ev: InputEvent) -> None:
        super().handle(ev)
        self.drive.settle()  # the next hand's trumps, the drive's, once the last was confirmed

    def update(self, dt: float) -> None:
        self.hall_session.hall.pump()  # the broker's news; the outbox sent again when due
        self.drive.settle()
        self.title = self._where()
        super().update(dt)
        if self.drive.round_over:
            self.hall_session.real_round_over()
            self.app.referee_session = None  # the next round has other players and another dealer
            self.app.go("hall")

    def on_back(self) -> None:
        self.app.go("hall")  # back to this hand from the drive's screen (Tap to deal)
