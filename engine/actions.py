"""The actions that advance a deal. A deal's state is a fold of these."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, parse_card
from engine.errors import NotationError
from engine.seats import Seat


@dataclass(frozen=True)
class Play:
    """A card played by a seat. At a physical table the hand may be unknown,
    so the engine cannot check following suit: revokes are found later."""

    seat: Seat
    card: Card

    def to_dict(self) -> dict[str, object]:
        return {"type": "play", "seat": self.seat.name, "card": str(self.card)}


@dataclass(frozen=True)
class Claim:
    """``seat`` claims that its side takes ``tricks`` of the tricks not yet won;
    accepted, it ends the hand (the other side takes the rest)."""

    seat: Seat
    tricks: int

    def to_dict(self) -> dict[str, object]:
        return {"type": "claim", "seat": self.seat.name, "tricks": self.tricks}


Action = Play | Claim


def action_from_dict(data: dict[str, object]) -> Action:
    kind = data.get("type")
    try:
        if kind == "play":
            return Play(Seat.parse(str(data["seat"])), parse_card(str(data["card"])))
        if kind == "claim":
            return Claim(Seat.parse(str(data["seat"])), int(data["tricks"]))  # type: ignore[call-overload]
    except KeyError as exc:
        raise NotationError(f"action {data!r} lacks the field {exc.args[0]!r}") from None
    raise NotationError(f"action {data!r}: type must be 'play' or 'claim'")
