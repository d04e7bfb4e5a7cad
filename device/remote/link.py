"""Where the game's thread and the server's thread meet.

The game's side publishes each seat's observation and the watchers' view after every
change (``player.PhoneListener``) and takes a phone's action when its seat is asked to act
(``player.PhonePlayer``); the server's side hands actions in and is told, through the
callback it registers, that something changed so it can push it to the phones. Everything
crosses under one lock; the callback must only schedule work (the server's loop runs it)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.actions import Action

Notify = Callable[[], None]
# A phone's page beats every BEAT seconds while it is open and in sight; a seat is present while
# its phone is connected, in sight and heard within SILENT seconds (three beats missed).
BEAT = 5.0
SILENT = 3 * BEAT


@dataclass
class _Seat:
    observation: str = ""  # the seat's observation and its words, JSON text ("" before the first hand)
    version: int = 0
    inbox: Action | None = None
    refusal: str = ""
    connected: int = 0  # the phone's open websockets
    heard: float = 0.0  # when the phone last said something (or its last websocket closed, or it was paired)
    hidden: bool = False  # its page said it is out of sight (another app, the screen off)


@dataclass
class TableLink:
    clock: Callable[[], float] = time.monotonic
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _arrived: threading.Condition = field(init=False, repr=False)
    _seats: dict[int, _Seat] = field(default_factory=dict)
    _view: str = ""
    _view_version: int = 0
    _players: int = 4
    _listeners: list[Notify] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._arrived = threading.Condition(self._lock)

    def _seat(self, seat: int) -> _Seat:
        return self._seats.setdefault(seat, _Seat(heard=self.clock()))

    def on_change(self, notify: Notify) -> None:
        """``notify()`` after every publication (the server schedules its pushes with it)."""
        with self._lock:
            self._listeners.append(notify)

    def _tell(self) -> None:
        for notify in list(self._listeners):
            notify()

    # -- the game's side ------------------------------------------------------------
    def publish(self, players: int, observations: dict[int, str], view: str) -> None:
        """Each seat's observation and the watchers' view, each with its words, as JSON text,
        at a table of ``players``; only what changed is pushed."""
        with self._lock:
            self._players = players
            for seat, text in observations.items():
                s = self._seat(seat)
                if s.observation != text:
                    s.observation, s.version = text, s.version + 1
            if view != self._view:
                self._view, self._view_version = view, self._view_version + 1
        self._tell()

    def show(self, seat: int, observation: str) -> None:
        """One seat's observation (the seat asked to act before anything was published)."""
        with self._lock:
            s = self._seat(seat)
            if s.observation != observation:
                s.observation, s.version = observation, s.version + 1
        self._tell()

    def show_view(self, view: str) -> None:
        """The watchers' view alone, JSON text (a drive's standings, which no seat plays and
        which need no words of a game)."""
        view = f'{{"view":{view}}}'
        with self._lock:
            if view != self._view:
                self._view, self._view_version = view, self._view_version + 1
        self._tell()

    def take(self, seat: int) -> Action | None:
        """The action the seat's phone sent, once (None: none waiting)."""
        with self._lock:
            s = self._seat(seat)
            action, s.inbox = s.inbox, None
            return action

    def refuse(self, seat: int, reason: str) -> None:
        """Tell the seat's phone its action was not taken, and why."""
        with self._lock:
            s = self._seat(seat)
            s.refusal, s.version = reason, s.version + 1
        self._tell()

    def quiet_for(self, seat: int) -> float:
        """Seconds since the seat's phone was last present (0 while it is): connected, its page
        in sight and beating. A person thinking with the page open is never quiet; a page out
        of sight is quiet from the moment it said so, a silent or closed one from its last word."""
        with self._lock:
            s = self._seat(seat)
            since = self.clock() - s.heard
            return 0.0 if s.connected and not s.hidden and since < SILENT else since

    def wait(self, timeout: float) -> bool:
        """Block until a phone sends an action or ``timeout`` seconds pass (a headless table's
        loop sleeps here rather than spinning); True when an action is waiting."""
        with self._arrived:
            if not any(s.inbox is not None for s in self._seats.values()):
                self._arrived.wait(timeout)
            return any(s.inbox is not None for s in self._seats.values())

    # -- the server's side ----------------------------------------------------------
    def hand_in(self, seat: int, action: Action) -> None:
        with self._arrived:
            s = self._seat(seat)
            s.inbox, s.refusal = action, ""
            s.heard, s.hidden = self.clock(), False
            self._arrived.notify_all()

    def connected(self, seat: int, opened: bool) -> None:
        with self._lock:
            s = self._seat(seat)
            s.connected += 1 if opened else -1
            s.heard = self.clock()
            if opened:
                s.hidden = False

    def heard(self, seat: int, visible: bool = True) -> None:
        """The seat's phone spoke (a beat or an action); ``visible``: its page is in sight."""
        with self._lock:
            s = self._seat(seat)
            s.heard, s.hidden = self.clock(), not visible

    def paired(self, seat: int) -> None:
        """A phone was given the seat: the wait for it starts now."""
        self.heard(seat)

    def state(self, seat: int) -> tuple[int, str, str]:
        """The seat's version, observation and last refusal."""
        with self._lock:
            s = self._seat(seat)
            return s.version, s.observation, s.refusal

    @property
    def players(self) -> int:
        """Seats at the table in play (how its actions name their seats)."""
        with self._lock:
            return self._players

    def view(self) -> tuple[int, str]:
        with self._lock:
            return self._view_version, self._view
