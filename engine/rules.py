"""House rules (every setting in the rules reference) and the variant shape."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from engine.cards import SUITS
from engine.errors import RulesError

TARGETS = (5, 7, 9, 10)
REVOKE_PENALTIES = (3, 2)


@dataclass(frozen=True)
class Variant:
    """What differs between whist games: parameters, not constants in the code.

    Only classic whist is implemented; the others in the rules reference (Bid
    Whist, Knockout, German, Nomination, Scandinavian) are new values of these
    fields plus their own bidding and scoring functions.
    """

    name: str = "classic"
    players: int = 4
    partnerships: bool = True
    deck: tuple[str, ...] = field(default=tuple(s + r for s in SUITS for r in "AKQJT98765432"))
    hand_size: int = 13
    trump_choice: str = "turned"  # "turned" | "cycling" | "bid" | "stock"
    bidding: bool = False
    book: int = 6  # tricks a side must exceed to score


CLASSIC = Variant()


@dataclass(frozen=True)
class Rules:
    """The house settings of classic whist, defaults as in the rules reference."""

    target: int = 5
    honours: bool = False
    revoke_penalty: int = 3
    cycling_trumps: bool = False
    cycle_order: str = "DCHS"  # then a no-trump hand every fifth deal
    rubber_points: bool = False
    variant: Variant = CLASSIC

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
        d = asdict(self)
        d.pop("variant")
        return d

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Rules:
        names = {f.name for f in fields(cls)} - {"variant"}
        unknown = set(data) - names
        if unknown:
            raise RulesError(f"unknown rule setting(s): {', '.join(sorted(unknown))}")
        return cls(**data)  # type: ignore[arg-type]
