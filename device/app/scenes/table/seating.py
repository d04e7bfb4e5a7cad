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
from engine.table_spec import Place as PilePlace
from engine.table_spec import Sides

if TYPE_CHECKING:
    from engine.game import Game

# The four seats where two sides of partners play, you sitting South (as every game in
# fixed pairs names them: engine.table_spec.TableSpec.seat_name).
SEAT_LABELS = {Seat.S: "You", Seat.N: "Partner", Seat.W: "Left", Seat.E: "Right"}

# Where the other people sit (you are at the bottom): how many on the left edge, the
# top and the right, by how many others there are, so no corner is crowded; seven (at a
# table of eight) two up each side and three along the top. The real-card referee seats
# them alike.
EDGES = {1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1), 5: (2, 1, 2), 6: (2, 2, 2), 7: (2, 3, 2)}


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
    """The seating of ``game``, read from its table's description: at four in fixed pairs
    you sit South with Partner opposite, Left and Right; each alone you are seat 0 and the
    others Player 2..n; a hand dealt to nobody (more hands than people) lies at the top,
    called by the word of its pile."""
    spec = game.table
    seats = tuple(Seat(i) for i in range(game.players))
    pairs = spec.sides is Sides.PAIRS and game.players == 4
    you = Seat.S if pairs else Seat(0)
    counts = [n for n in spec.seat_counts if n <= game.players]
    people = seats[:max(counts)] if counts else seats
    hands = frozenset(seats[len(people):])
    names = {s: spec.seat_name(s, len(people), you) for s in people}
    opposite = [p.word for p in spec.piles if p.place is PilePlace.OPPOSITE_DECLARER]
    hand_word = opposite[0].removeprefix("the ").capitalize() if opposite else "Open hand"
    names.update({s: hand_word for s in hands})
    if pairs:
        places = {you: Place("bottom", 0.5), around(you, 1, 4): Place("left", 0.5),
                  around(you, 2, 4): Place("top", 0.5), around(you, 3, 4): Place("right", 0.5)}
        return Seating(seats, you, True, names, places, hands)
    others = [around(you, i, len(people)) for i in range(1, len(people))]
    places = {you: Place("bottom", 0.5)}
    places.update(zip(others, places_round(len(others)), strict=True))
    places.update({s: Place("top", 0.5) for s in hands})
    return Seating(seats, you, False, names, places, hands)


__all__ = ["EDGES", "SEAT_LABELS", "Place", "Seating", "places_round", "seating_of"]
