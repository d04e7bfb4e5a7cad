"""A headless table with one seat on a phone: the driver in a thread of its own (as the
pygame loop would run it), the AI in the other seats, the page served on a free port."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from device.driver import AIPlayer, Driver, Listener, Player
from device.remote.link import TableLink
from device.remote.pairing import Pairing
from device.remote.player import PhoneListener, PhonePlayer
from device.remote.server import RemoteServer
from engine.actions import Action
from engine.games import get_game
from engine.match import Match
from engine.seats import Seat


@dataclass
class Applied(Listener):
    """Every action the table applied, with the wall-clock time (ms) it was applied at."""

    actions: list[tuple[float, Action]] = field(default_factory=list)

    def action_applied(self, action: Action) -> None:
        self.actions.append((time.time() * 1000, action))


class HeadlessTable:
    def __init__(self, game: str, players: int | None, phone: Seat, store: Path, *, hands: int = 1,
                 wait: float = 30.0, seed: str = "phone", pace: float = 0.0) -> None:
        self.link = TableLink()
        self.pairing = Pairing(store / "remote-seats.json")
        self.match = Match(game=get_game(game, players), seed=seed)
        ai = AIPlayer("rules")
        seats: dict[Seat, Player] = {Seat(i): ai for i in range(self.match.game.players)}
        self.phone = PhonePlayer(self.link, self.pairing, phone, ai, wait=wait)
        seats[phone] = self.phone
        self.applied = Applied()
        self.driver = Driver(self.match, seats, (PhoneListener(self.link, lambda: self.driver.match),
                                                 self.applied))
        self.server = RemoteServer(self.link, self.pairing, host="127.0.0.1", port=0)
        self.hands = hands
        self.pace = pace  # seconds after each action, as a table shows each card a while
        self.done = 0
        self.error: BaseException | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.bound}/"

    def start(self) -> HeadlessTable:
        """Serve the page; the game waits for :meth:`go` (a seat no phone holds is the AI's at once)."""
        self.server.start()
        return self

    def go(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self._stop.is_set() and self.done < self.hands:
                deal = self.match.current
                if deal is None:
                    self.driver.start()
                elif deal.is_over:
                    self.match.finish_deal()
                    self.done += 1
                elif self.driver.step() is None:
                    self.link.wait(0.05)
                elif self.pace:
                    time.sleep(self.pace)
        except BaseException as exc:  # the test reports what stopped the table's thread
            self.error = exc

    def wait_until_done(self, timeout: float) -> None:
        self._thread.join(timeout)
        if self.error is not None:
            raise self.error
        assert self.done >= self.hands, f"the table played {self.done} of {self.hands} hands in {timeout} s"

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5)
        self.server.stop()


@pytest.fixture
def make_table(tmp_path: Path) -> Iterator[type[HeadlessTable]]:
    made: list[HeadlessTable] = []

    def make(game: str, players: int | None = None, phone: Seat = Seat.S, **kw: object) -> HeadlessTable:
        table = HeadlessTable(game, players, phone, tmp_path, **kw)  # type: ignore[arg-type]
        made.append(table)
        return table.start()

    yield make  # type: ignore[misc]
    for table in made:
        table.stop()
