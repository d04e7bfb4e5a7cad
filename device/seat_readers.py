"""Which card reader lies at which seat (a reader per seat; one central reader still works).

With a reader in front of each player the table knows who laid a card, so the
referee can refuse a card laid out of turn at once instead of guessing it was
the card of the player to move. Readers are known by name (their port); a
seat gets its reader from the config (``[reader] north = "/dev/..."``) or from
the setup step, which asks each seat in turn to "lay any card on your reader"
and gives that seat the reader the card was laid on.

A reader with no seat (the central reader, or one not yet assigned) reads the
card of the player to move, as the one-reader table does. No pygame, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from engine.seats import SEAT_NAMES, SEATS, Seat

# The config's [reader] keys of the seats at four (the compass seats).
CONFIG_KEYS = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}


class SeatReaders:
    """The readers of the table and their seats; the state of the setup step.

    ``seats`` are the seats a reader may be given (the seats where somebody sits), in the
    order the step asks them; ``name`` calls a seat as the screen does."""

    def __init__(self, readers: Iterable[str] = (), seats: Mapping[Seat, str] | None = None) -> None:
        self.order: tuple[Seat, ...] = SEATS
        self.seat_name: Callable[[Seat], str] = SEAT_NAMES.__getitem__
        self.readers: list[str] = []  # every reader the table reads, assigned or not
        self.seat_of: dict[str, Seat] = {}
        for seat, reader in (seats or {}).items():
            self.seat_of[reader] = seat
        for reader in [*readers, *self.seat_of]:
            if reader not in self.readers:
                self.readers.append(reader)
        # The readers plugged in are known (the screen lists them, or each has said it is
        # there): the step ends when none is left to give; else every seat is asked.
        self.known = bool(self.readers)
        self.connected: dict[str, bool] = {}  # by reader; a reader not heard from yet is absent
        self.messages: dict[str, str] = {}
        self.asking: Seat | None = None  # the setup step: the seat asked to lay a card
        self._asked: list[Seat] = []

    # -- the table's readers -----------------------------------------------------------
    @property
    def per_seat(self) -> bool:
        """Some seat has a reader of its own: the table knows who laid those cards."""
        return bool(self.seat_of)

    def seat(self, reader: str | None) -> Seat | None:
        """The seat whose reader ``reader`` is; None for a central or unassigned one."""
        return None if reader is None else self.seat_of.get(reader)

    def reader_of(self, seat: Seat) -> str | None:
        return next((r for r, s in self.seat_of.items() if s == seat), None)

    def seats(self) -> dict[Seat, str]:
        """Seat -> reader, in seat order."""
        return {s: r for s in sorted(self.seat_of.values()) if (r := self.reader_of(s)) is not None}

    def seat_table(self, order: tuple[Seat, ...], name: Callable[[Seat], str]) -> None:
        """The seats of the game played (a reader at a seat no longer there is forgotten)."""
        self.order, self.seat_name = order, name
        self.seat_of = {r: s for r, s in self.seat_of.items() if s in order}

    def unassigned(self) -> list[str]:
        return [r for r in self.readers if r not in self.seat_of]

    def add(self, reader: str) -> None:
        if reader not in self.readers:
            self.readers.append(reader)

    def name(self, reader: str | None) -> str:
        """How the screen calls a reader: "North's reader", "the reader"."""
        seat = self.seat(reader)
        if seat is not None:
            return f"{self.seat_name(seat)}'s reader"
        if reader is None or len(self.readers) <= 1:
            return "the card reader"
        return f"the reader on {reader}"

    def status(self, reader: str | None, connected: bool, message: str = "") -> None:
        self.known = self.known or reader is not None
        self.connected[reader or ""] = connected
        self.messages[reader or ""] = message

    def message(self, reader: str | None) -> str:
        """The reader's last word on its state ("reader not found: ...")."""
        return self.messages.get(reader or "", "")

    def unplugged(self) -> list[str | None]:
        """Readers heard to be disconnected (None: the one unnamed reader)."""
        return [r or None for r, up in self.connected.items() if not up]

    # -- the setup step: "North, lay any card on your reader" --------------------------
    @property
    def setting_up(self) -> bool:
        return self.asking is not None

    def start_setup(self) -> None:
        """Ask the seats again from the first; the old assignment is forgotten."""
        self.seat_of.clear()
        self._asked = []
        self.asking = self.order[0] if self.order else None

    def prompt(self) -> str:
        assert self.asking is not None
        return f"{self.seat_name(self.asking)}, lay any card on your reader"

    def laid(self, reader: str | None) -> tuple[bool, str]:
        """A card laid on ``reader`` during the setup step: (taken, what to say)."""
        assert self.asking is not None
        if reader is None:
            return False, "that reader has no name: a reader per seat needs the udev rule's names"
        self.add(reader)
        seat = self.seat(reader)
        if seat is not None:
            return False, f"that is {self.seat_name(seat)}'s reader - {self.prompt()}"
        asked = self.asking
        self.seat_of[reader] = asked
        self._next()
        return True, f"{self.seat_name(asked)}'s reader found"

    def skip(self) -> str:
        """The seat asked has no reader of its own (an AI, or fewer readers than seats)."""
        assert self.asking is not None
        asked = self.asking
        self._next()
        return f"{self.seat_name(asked)} has no reader: its cards go on any reader at its turn"

    def _next(self) -> None:
        assert self.asking is not None
        self._asked.append(self.asking)
        left = [s for s in self.order if s not in self._asked]
        # Done when every seat was asked, or no reader is left to give.
        self.asking = left[0] if left and (self.unassigned() or not self.known) else None

    def finish(self) -> None:
        self.asking = None

    def config_changes(self) -> dict[str, str | None]:
        """The [reader] keys that store this assignment (None: the key removed); the config
        keeps the four compass seats' readers."""
        return {key: self.reader_of(s) for s, key in CONFIG_KEYS.items()}


__all__ = ["SeatReaders"]
