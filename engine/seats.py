"""The four seats, clockwise N E S W; N/S and E/W are partners."""

from __future__ import annotations

from enum import IntEnum

from engine.errors import NotationError


class Seat(IntEnum):
    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def parse(cls, text: str | Seat) -> Seat:
        if isinstance(text, Seat):
            return text
        key = str(text).strip().upper()
        names = {"N": cls.N, "E": cls.E, "S": cls.S, "W": cls.W,
                 "NORTH": cls.N, "EAST": cls.E, "SOUTH": cls.S, "WEST": cls.W}
        if key not in names:
            raise NotationError(f"{text!r} is not a seat: use N, E, S or W")
        return names[key]

    def __bool__(self) -> bool:
        # North is 0: a seat must never read as "no seat" in a condition.
        return True

    @property
    def next(self) -> Seat:
        """The seat on this one's left: play goes clockwise."""
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def side(self) -> int:
        """0 for North-South, 1 for East-West."""
        return self % 2

    def offset(self, n: int) -> Seat:
        return Seat((self + n) % 4)

    def __str__(self) -> str:
        return self.name


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
SIDE_NAMES = ("NS", "EW")
SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
