"""Seats, clockwise. At four they are N E S W and N/S, E/W are partners.

Games for two to seven number their seats 0..n-1 clockwise; the same
:class:`Seat` values serve (seat 0 is ``Seat.N``), named by
:func:`seat_names` and moved round the table by :func:`around`, never by the
four-seat helpers ``next``, ``partner``, ``side`` and ``offset``.
"""

from __future__ import annotations

from enum import IntEnum

from engine.errors import NotationError

MAX_SEATS = 8


class Seat(IntEnum):
    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def _missing_(cls, value: object) -> Seat | None:
        # Seats 4..7 exist only at tables of five to eight: made on demand, so
        # iterating Seat (a four-seat table) still gives N E S W.
        if isinstance(value, int) and not isinstance(value, bool) and 4 <= value < MAX_SEATS:
            seat = int.__new__(cls, value)
            seat._name_ = str(value)
            seat._value_ = value
            return cls._value2member_map_.setdefault(value, seat)  # type: ignore[return-value]
        return None

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

    @classmethod
    def parse_at(cls, text: str | int | Seat, players: int) -> Seat:
        """A seat at a table of ``players``: N E S W at four, else its number 0..n-1."""
        if isinstance(text, Seat):
            seat = text
        elif players == 4:
            return cls.parse(str(text))
        else:
            key = str(text).strip()
            if not key.isdigit() or int(key) >= MAX_SEATS:
                raise NotationError(f"{text!r} is not a seat: number the seats 0..{players - 1}")
            seat = cls(int(key))
        if seat >= players:
            raise NotationError(f"seat {int(seat)} does not exist at a table of {players}")
        return seat

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


_SEATS_AT = {n: tuple(Seat(i) for i in range(n)) for n in range(2, MAX_SEATS + 1)}  # asked on every move


def seats_at(players: int) -> tuple[Seat, ...]:
    """The seats of a table of ``players`` (2 to 8), clockwise from seat 0."""
    if not 2 <= players <= MAX_SEATS:
        raise NotationError(f"a table seats 2 to {MAX_SEATS} players, not {players}")
    return _SEATS_AT[players]


def around(seat: Seat, steps: int, players: int) -> Seat:
    """The seat ``steps`` places clockwise from ``seat`` at a table of ``players``."""
    return _SEATS_AT[MAX_SEATS][(seat + steps) % players]


def seat_names(players: int) -> tuple[str, ...]:
    """What the seats are called: N E S W at four, 0..n-1 otherwise."""
    if players == 4:
        return tuple(s.name for s in SEATS)
    return tuple(str(i) for i in range(players))


def seat_label(seat: Seat, players: int) -> str:
    return seat.name if players == 4 else str(int(seat))
