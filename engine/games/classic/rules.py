"""The house rules of classic whist: every setting in the rules reference.

The other games of the family keep their settings in their own modules
under ``engine/games/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields

from engine.cards import SUITS
from engine.errors import RulesError

TARGETS = (5, 7, 9, 10)
REVOKE_PENALTIES = (3, 2)




@dataclass(frozen=True)
class Rules:
    """The house settings of classic whist, defaults as in the rules reference."""

    target: int = 5
    honours: bool = False
    revoke_penalty: int = 3
    cycling_trumps: bool = False
    cycle_order: str = "DCHS"  # then a no-trump hand every fifth deal
    rubber_points: bool = False

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise RulesError(f"game target {self.target} is not offered: choose 5, 7, 9 or 10")
        if self.revoke_penalty not in REVOKE_PENALTIES:
            raise RulesError(f"revoke penalty {self.revoke_penalty} is not offered: choose 3 or 2")
        order = self.cycle_order.upper()
        if sorted(order) != sorted(SUITS):
            raise RulesError(
                f"cycling trump order {self.cycle_order!r} must name each suit S, H, D, C once"
            )
        object.__setattr__(self, "cycle_order", order)

    def trump_for_hand(self, hand_number: int) -> int | None:
        """Strain index for hand ``hand_number`` (0-based) with cycling trumps, else None."""
        if not self.cycling_trumps:
            return None
        step = hand_number % 5
        return 4 if step == 4 else SUITS.index(self.cycle_order[step])

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        """One line for score sheets and menus."""
        parts = [f"game to {self.target}", f"honours {'on' if self.honours else 'off'}",
                 f"revoke {self.revoke_penalty} tricks"]
        if self.cycling_trumps:
            parts.append("cycling trumps " + " ".join(self.cycle_order) + " NT")
        if self.rubber_points:
            parts.append("rubber points")
        return ", ".join(parts)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise RulesError(f"unknown rule setting(s): {', '.join(sorted(unknown))}")
        return cls(**data)  # type: ignore[arg-type]
