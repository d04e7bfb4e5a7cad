"""Who sits where at the table, and what each seat is called, for any game.

Everything here is read from the game (its seats, whether they play in
partnerships, how many sides score) through :func:`seating_of`, the one place
the table learns a game's shape; the scene, its layout and its words ask the
:class:`Seating` and never the game's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.seats import Seat, around

if TYPE_CHECKING:
    from engine.game import Game

# Where the other people sit (you are at the bottom): how many on the left edge, the
# top and the right, by how many others there are, so no corner is crowded.
# The four seats where two sides of partners play, you sitting South: one word each,
# everywhere the table names them.
SEAT_LABELS = {Seat.S: "You", Seat.N: "Partner", Seat.W: "Left", Seat.E: "Right"}

EDGES = {1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1), 5: (1, 3, 1), 6: (2, 2, 2)}


@dataclass(frozen=True)
class Place:
    """A seat's place on the screen: an edge and how far along it (0..1, left to
    right or top to bottom)."""

    edge: str  # bottom, left, top, right
    along: float


@dataclass(frozen=True)
class Seating:
    seats: tuple[Seat, ...]  # every hand dealt, clockwise
    you: Seat  # the seat at the bottom, whose cards are the hand on the screen
    partners: bool  # two sides of partners (N/S, E/W)
    names: dict[Seat, str]
    places: dict[Seat, Place]
    hands: frozenset[Seat]  # hands that are no person (played by another once face up)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def others(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if s != self.you)

    def name(self, seat: Seat) -> str:
        return self.names[seat]

    def says(self, seat: Seat, verb: str, verbs: str = "") -> str:
        """'You win', 'Left wins': the seat's name and the verb agreeing with it."""
        if seat == self.you:
            return f"You {verb}"
        return f"{self.names[seat]} {verbs or verb + 's'}"


def places_round(count: int) -> list[Place]:
    """Places for ``count`` others, clockwise from your left: up the left edge, along
    the top from the left, down the right edge."""
    if count == 0:
        return []
    left, top, right = EDGES[count]
    out = [Place("left", 1 - (i + 0.5) / left) for i in range(left)]
    out += [Place("top", (i + 0.5) / top) for i in range(top)]
    out += [Place("right", (i + 0.5) / right) for i in range(right)]
    return out


def seating_of(game: Game) -> Seating:
    """The seating of ``game``: at four in partnerships you sit South with Partner
    opposite, Left and Right; each alone you are seat 0 and the others Player 2..n; a
    hand that is nobody's (more hands dealt than sides scoring) lies at the top."""
    seats = tuple(Seat(i) for i in range(game.players))
    if game.partnerships and game.players == 4:
        you = Seat.S  # the left of South is West (play goes clockwise)
        places = {you: Place("bottom", 0.5), around(you, 1, 4): Place("left", 0.5),
                  Seat.N: Place("top", 0.5), around(you, 3, 4): Place("right", 0.5)}
        return Seating(seats, you, True, dict(SEAT_LABELS), places, frozenset())
    you = Seat(0)
    people = seats[:game.sides] if not game.partnerships else seats
    hands = frozenset(seats[len(people):])
    names = {s: ("You" if s == you else f"Player {int(s) + 1}") for s in people}
    names.update({s: "Open hand" for s in hands})
    places = {you: Place("bottom", 0.5)}
    places.update(zip(people[1:], places_round(len(people) - 1), strict=True))
    places.update({s: Place("top", 0.5) for s in hands})
    return Seating(seats, you, False, names, places, hands)


__all__ = ["EDGES", "SEAT_LABELS", "Place", "Seating", "places_round", "seating_of"]
