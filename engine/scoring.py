"""What one hand scored and a finished game, in every game of the family: the
tuples are by side or, where each plays alone, by seat."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import STRAINS, SUIT_NAMES
from engine.record import Revoke
from engine.seats import Seat

SIDE_LONG_NAMES = ("North-South", "East-West")


@dataclass(frozen=True)
class HandScore:
    """The scoring of one hand; every tuple is by side (North-South, East-West)
    or, where each plays alone, by seat."""

    number: int
    dealer: Seat
    trump: int
    tricks: tuple[int, ...]
    revokes: tuple[Revoke, ...]
    penalty: tuple[int, ...]
    adjusted: tuple[int, ...]
    trick_points: tuple[int, ...]
    honours_held: tuple[int, ...]
    honours: tuple[int, ...]
    notes: tuple[str, ...]
    points: tuple[int, ...]
    game_before: tuple[int, ...]
    game_after: tuple[int, ...]
    game_won_by: int | None

    @property
    def trump_name(self) -> str:
        return "no trumps" if self.trump == 4 else SUIT_NAMES[self.trump]

    def to_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "dealer": self.dealer.name,
            "trump": STRAINS[self.trump],
            "tricks": list(self.tricks),
            "revokes": [r.to_dict() for r in self.revokes],
            "penalty": list(self.penalty),
            "adjusted": list(self.adjusted),
            "trick_points": list(self.trick_points),
            "honours_held": list(self.honours_held),
            "honours": list(self.honours),
            "notes": list(self.notes),
            "points": list(self.points),
            "game_before": list(self.game_before),
            "game_after": list(self.game_after),
            "game_won_by": self.game_won_by,
        }


@dataclass(frozen=True)
class GameResult:
    """A finished game: who won, the final scores, the hands it took, its value."""

    number: int  # 1-based game number in the rubber
    winner: int  # side: 0 = North-South, 1 = East-West
    score: tuple[int, ...]
    hands: tuple[int, ...]  # hand numbers (1-based, in the rubber)
    value: int  # rubber points: 3 treble, 2 double, 1 single

    def to_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "winner": self.winner,
            "score": list(self.score),
            "hands": list(self.hands),
            "value": self.value,
        }


__all__ = ["GameResult", "HandScore", "SIDE_LONG_NAMES"]
