"""The project's own input events and the one thread-safe queue they travel on.

Touch, mouse and keys (UI thread), gpiozero buttons and the serial card reader
(their own threads) all post here; scenes read from here. Hardware threads
never touch pygame or the game state: posting an event is all they do.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass
from enum import StrEnum


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
    """A card laid on the reader. ``card`` is None for a tag not enrolled."""

    card: str | None
    tag: str | None = None
    source: str = "reader"


@dataclass(frozen=True)
class ReaderStatus:
    connected: bool
    message: str = ""


@dataclass(frozen=True)
class QuitRequest:
    reason: str = ""


InputEvent = ButtonEvent | PointerEvent | CardScanned | ReaderStatus | QuitRequest


class EventQueue:
    """Thread-safe FIFO of input events; the UI drains it once per frame."""

    def __init__(self, maxsize: int = 1024) -> None:
        self._q: queue.Queue[InputEvent] = queue.Queue(maxsize=maxsize)
        self.dropped = 0

    def post(self, event: InputEvent) -> None:
        # A stuck UI must not block a hardware thread: drop and count instead.
        try:
            self._q.put_nowait(event)
        except queue.Full:
            self.dropped += 1

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
                return out
