"""The project's own input events and the one thread-safe queue they travel on.

Touch, mouse and keys (UI thread), gpiozero buttons and the serial card reader
(their own threads) all post here; scenes read from here. Hardware threads
never touch pygame or the game state: posting an event is all they do.
"""

from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass
from enum import StrEnum

log = logging.getLogger(__name__)


class Action(StrEnum):
    """What a button, key or menu press means to a scene."""

    SELECT = "select"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    BACK = "back"
    DEAL = "deal"
    LAST_TRICK = "last_trick"
    HINT = "hint"
    UNDO = "undo"
    ADMIN = "admin"  # back held: opens the admin menu


@dataclass(frozen=True)
class ButtonEvent:
    action: Action
    held: bool = False
    source: str = "gpio"  # "gpio", "key"


@dataclass(frozen=True)
class PointerEvent:
    """A tap, press, drag or release in window pixels (rotation already undone)."""

    kind: str  # "down", "up", "move"
    x: float
    y: float
    source: str = "touch"  # "touch", "mouse"


@dataclass(frozen=True)
class CardScanned:
    """A card laid on the reader. ``card`` is None for a tag not enrolled.
    ``reader`` names the reader it was laid on (its port) when the table has
    more than one: a reader at a seat tells whose card it is."""

    card: str | None
    tag: str | None = None
    source: str = "reader"
    reader: str | None = None


@dataclass(frozen=True)
class ReaderStatus:
    connected: bool
    message: str = ""
    reader: str | None = None  # as in CardScanned


@dataclass(frozen=True)
class QuitRequest:
    reason: str = ""


InputEvent = ButtonEvent | PointerEvent | CardScanned | ReaderStatus | QuitRequest


class EventQueue:
    """Thread-safe FIFO of input events; the UI drains it once per frame.

    It is bounded: a stuck UI must not block a hardware thread, so an event
    posted to a full queue is refused and counted in ``dropped``. Losing an
    event is never silent: the first loss of a run of them is logged at once,
    and ``drain()`` logs how many were lost since it last ran; a consumer
    that reports by itself (``whist-table reader``) calls ``take_dropped()``.
    Producers of reports nobody must see (a reader's dropped frames) post
    only while ``has_room()``, so the room left stays for scans and taps.
    """

    def __init__(self, maxsize: int = 1024) -> None:
        self.maxsize = maxsize
        self._q: queue.Queue[InputEvent] = queue.Queue(maxsize=maxsize)
        self.dropped = 0  # events refused because the queue was full
        self._reported = 0  # of those, how many take_dropped() has handed out
        self._lock = threading.Lock()

    def post(self, event: InputEvent) -> bool:
        """Queue ``event``; False when the queue was full and it was dropped."""
        try:
            self._q.put_nowait(event)
            return True
        except queue.Full:
            with self._lock:
                self.dropped += 1
                first = self.dropped - self._reported == 1
            if first:
                log.warning("input queue full (%d events): events are being dropped", self.maxsize)
            return False

    def has_room(self, share: float = 0.5) -> bool:
        """True while the queue is less than ``share`` full."""
        return self._q.qsize() < self.maxsize * share

    def take_dropped(self) -> int:
        """Events dropped since the last call (or since the start)."""
        with self._lock:
            lost = self.dropped - self._reported
            self._reported = self.dropped
        return lost

    def get(self, timeout: float | None = None) -> InputEvent | None:
        try:
            return self._q.get(timeout=timeout) if timeout else self._q.get_nowait()
        except queue.Empty:
            return None

    def drain(self) -> list[InputEvent]:
        out: list[InputEvent] = []
        while True:
            try:
                out.append(self._q.get_nowait())
            except queue.Empty:
                break
        if self.dropped != self._reported:
            lost = self.take_dropped()
            log.warning("%d input events were dropped: the queue was full", lost)
        return out
