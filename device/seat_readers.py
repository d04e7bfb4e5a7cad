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

from collections.abc import Iterable, Mapping

from engine.seats import SEAT_NAMES, SEATS, Seat


class SeatReaders:
    """The readers of the table and their seats; the state of the setup step."""

    def __init__(self, readers: Iterable[str] = (), seats: Mapping[Seat, str] | None = None) -> None:
        self.readers: list[str] = []  # every reader the table reads, assigned or not
        self.seat_of: dict[str, Seat] = {}
        for seat, reader in (seats or {}).items():
            self.seat_of[reader] = seat
        for reader in [*readers, *self.seat_of]:
            if reader not in self.readers:
                self.readers.append(reader)
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
        """Seat -> reader, North first."""
        return {s: r for s in SEATS if (r := self.reader_of(s)) is not None}

    def unassigned(self) -> list[str]:
        return [r for r in self.readers if r not in self.seat_of]

    def add(self, reader: str) -> None:
        if reader not in self.readers:
            self.readers.append(reader)

    def name(self, reader: str | None) -> str:
        """How the screen calls a reader: "North's reader", "the reader"."""
        seat = self.seat(reader)
        if seat is not None:
            return f"{SEAT_NAMES[seat]}'s reader"
        if reader is None or len(self.readers) <= 1:
            return "the card reader"
        return f"the reader on {reader}"

    def status(self, reader: str | None, connected: bool, message: str = "") -> None:
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
        """Ask the seats again from North; the old assignment is forgotten."""
        self.seat_of.clear()
        self._asked = []
        self.asking = Seat.N

    def prompt(self) -> str:
        assert self.asking is not None
        return f"{SEAT_NAMES[self.asking]}, lay any card on your reader"

    def laid(self, reader: str | None) -> tuple[bool, str]:
        """A card laid on ``reader`` during the setup step: (taken, what to say)."""
        assert self.asking is not None
        if reader is None:
            return False, "that reader has no name: a reader per seat needs the udev rule's names"
        self.add(reader)
        seat = self.seat(reader)
        if seat is not None:
            return False, f"that is {SEAT_NAMES[seat]}'s reader - {self.prompt()}"
        asked = self.asking
        self.seat_of[reader] = asked
        self._next()
        return True, f"{SEAT_NAMES[asked]}'s reader found"

    def skip(self) -> str:
        """The seat asked has no reader of its own (an AI, or fewer readers than seats)."""
        assert self.asking is not None
        asked = self.asking
        self._next()
        return f"{SEAT_NAMES[asked]} has no reader: its cards go on any reader at its turn"

    def _next(self) -> None:
        assert self.asking is not None
        self._asked.append(self.asking)
        left = [s for s in SEATS if s not in self._asked]
        # Done when every seat was asked, or no reader is left to give.
        self.asking = left[0] if left and self.unassigned() else None

    def finish(self) -> None:
        self.asking = None

    def config_changes(self) -> dict[str, str | None]:
        """The [reader] keys that store this assignment (None: the key removed)."""
        keys = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}
        return {keys[s]: self.reader_of(s) for s in SEATS}


__all__ = ["SeatReaders"]
