"""Where a hand stands (``Phase``, ``Step``) and what its auction settled
(``Contract``): below the games' hooks (engine.game) and the observation, which
both name them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.seats import Seat


class Phase(StrEnum):
    """Where a hand stands; the observation's ``phase``."""

    AUCTION = "auction"  # bids and passes
    DECLARE = "declare"  # the declarer names trumps or the direction
    EXCHANGE = "exchange"  # the declarer lays cards away (kitty, widow)
    PLAY = "play"  # tricks
    OVER = "over"  # every trick played, or a claim accepted


@dataclass(frozen=True)
class Step:
    """A step before the play: which phase, and whose turn it is."""

    phase: Phase
    seat: Seat


@dataclass(frozen=True)
class Contract:
    """What the auction settled: who plays for what, in which order of cards.

    ``call`` names the contract in the game's words (``grand``, ``nullo``,
    ``4 downtown``); ``declarer`` is None where nobody bid (all passed)."""

    declarer: Seat | None
    call: str
    trump: int
    downtown: bool = False
    level: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"declarer": None if self.declarer is None else self.declarer.name, "call": self.call,
                "trump": "SHDCN"[self.trump], "order": "downtown" if self.downtown else "uptown",
                "level": self.level}


__all__ = ["Contract", "Phase", "Step"]
