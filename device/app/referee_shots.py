"""Screenshots of the Real cards screen in states a table reaches only with cards
in hand: ``whist-table screenshot --scene referee-readers`` (a reader per seat:
the setup step), ``referee-rack`` (an AI seat's card asked for by its place in
the rack), ``referee-taken`` (one reader: a card taken as a person's, shown big
with its undo) and ``referee-unplugged`` (the reader pulled out in play).

The session is built and fed the way a table would feed it (scans, no reader
thread): a seeded deal stands for the real deck.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from device.events import ReaderStatus
from device.reader import Reader
from device.referee import PLAY, RefereeSession
from device.seat_readers import SeatReaders
from engine.deal import DealRecord
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App

SCENES = ("referee-readers", "referee-rack", "referee-taken", "referee-unplugged")
# As the udev rule names them: one per USB socket of a Pi 4.
SOCKETS = tuple(f"/dev/whist-readers/usb-1-1.{i}" for i in range(1, 5))


def _rules_ai(observation: object, level: str, seed: str | None) -> str:
    from device.moves import choose_card_fixed

    return choose_card_fixed(observation, "rules", seed)  # type: ignore[arg-type]


class _Pictured(Reader):
    """The reader the picture shows (a screenshot opens no port)."""

    @property
    def connected(self) -> bool:
        return True

    def start(self) -> None:
        pass

    def stop(self, timeout: float = 5.0) -> None:
        pass


def prepare(app: App, scene: str, seed: int = 1) -> None:
    """Put the app's referee session in the state ``scene`` shows and open the screen."""
    from device.app.app import classic_rules

    if scene == "referee-readers":
        session = RefereeSession(classic_rules(app.config), readers=SeatReaders(SOCKETS))
        session.begin_reader_setup()
        session.scan(None, "0A1B2C3D4E", reader=SOCKETS[2])  # North lays a card on the third socket's
    else:
        ai: dict[Seat | str, str] = {Seat.S: "rules"} if scene == "referee-rack" else {}
        session = RefereeSession(classic_rules(app.config), ai, choose=_rules_ai, seed=seed)
        session.touch = True
        session.reader_status(ReaderStatus(True, "reader connected on /dev/whist-reader"))
        _play_to(session, scene, seed)
    app.referee_session = session
    app.go("referee")
    scene_now = app.scene
    from device.app.scenes.referee import RefereeScene

    assert isinstance(scene_now, RefereeScene)
    scene_now.readers = [_Pictured() for _ in range(max(1, len(session.readers.readers)))]


def _play_to(session: RefereeSession, scene: str, seed: int) -> None:
    record = DealRecord.deal(Seat.W, seed=seed)
    hands = {s: set(h or ()) for s, h in zip(Seat, record.hands(), strict=True)}
    session.choose_dealer(Seat.W)
    session.scan(record.trump_card)
    for seat in session.ai_seats:
        # Face down, in no order: the AI's card lies anywhere in its rack.
        rack = sorted(hands[seat] - {record.trump_card})
        random.Random(seed).shuffle(rack)
        for card in rack:
            session.scan(card)
    tricks = {"referee-rack": 2, "referee-taken": 1, "referee-unplugged": 1}[scene]
    while session.phase == PLAY:
        deal = session.deal
        assert deal is not None and deal.turn is not None
        seat = deal.turn
        if scene == "referee-rack" and len(deal.tricks) >= tricks and session.is_ai(seat):
            break
        if scene == "referee-taken" and len(deal.tricks) >= tricks and len(deal.current.cards) == 2:
            break  # the card just taken for the player to move shows big
        if scene == "referee-unplugged" and len(deal.tricks) >= tricks and len(deal.current.cards) == 1:
            session.reader_status(ReaderStatus(False, "reader disconnected"))
            break
        want = session.expected_card()
        if want is None:
            led = deal.current.led_suit
            follow = sorted(c for c in hands[seat] if c.suit == led)
            want = (follow or sorted(hands[seat]))[0]
        session.scan(want)
        hands[seat].discard(want)
    if scene != "referee-taken":
        session.taken = None  # its moment has passed: the trick is in view again


__all__ = ["SCENES", "prepare"]
