"""The actions that advance a hand. A hand's state is a fold of these.

Every action is a small frozen value with a JSON form (``to_dict``) of a
``type`` and its fields; :func:`action_from_dict` reads it back, saying what
is wrong with a malformed one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.cards import STRAINS, Card, parse_card, parse_cards
from engine.errors import NotationError
from engine.seats import Seat, seat_label

ACTION_TYPES = ("play", "claim", "bid", "pass", "declare", "exchange")
FIELDS = ("play: card; claim: tricks; bid: level and mode, tricks or call; pass: none; "
          "declare: trump and/or order; exchange: discard")


@dataclass(frozen=True)
class Play:
    """A card played by a seat. At a physical table the hand may be unknown,
    so the engine cannot check following suit: revokes are found later."""

    seat: Seat
    card: Card

    def to_dict(self, players: int = 4) -> dict[str, object]:
        return {"type": "play", "seat": seat_label(self.seat, players), "card": str(self.card)}


@dataclass(frozen=True)
class Claim:
    """``seat`` claims that its side takes ``tricks`` of the tricks not yet won;
    accepted, it ends the hand (the other side takes the rest)."""

    seat: Seat
    tricks: int

    def __post_init__(self) -> None:
        # How many the hand allows is the rules' (a RulesError); a count that is
        # not a whole number is no claim at all (7.5 would score 1.5 points).
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise NotationError(
                f"a claim's tricks are a whole number of tricks (e.g. 7), not {self.tricks!r}"
            )

    def to_dict(self, players: int = 4) -> dict[str, object]:
        return {"type": "claim", "seat": seat_label(self.seat, players), "tricks": self.tricks}


@dataclass(frozen=True)
class Bid:
    """A bid in an auction. Games use the fields they need: ``level`` and
    ``mode`` (Bid Whist: books over six, uptown/downtown/notrump), ``tricks``
    (Oh Hell: an exact count), ``call`` (a named bid: Norwegian grand/nullo,
    Solo's bids, Scandinavian high/low)."""

    seat: Seat
    level: int | None = None
    mode: str | None = None
    tricks: int | None = None
    call: str | None = None

    def to_dict(self, players: int = 4) -> dict[str, object]:
        out: dict[str, object] = {"type": "bid", "seat": seat_label(self.seat, players)}
        for key in ("level", "mode", "tricks", "call"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


@dataclass(frozen=True)
class Pass:
    """A pass in an auction."""

    seat: Seat

    def to_dict(self, players: int = 4) -> dict[str, object]:
        return {"type": "pass", "seat": seat_label(self.seat, players)}


@dataclass(frozen=True)
class Declare:
    """The declarer names trumps (``S H D C`` or ``N``) and/or the direction."""

    seat: Seat
    trump: str | None = None
    order: str | None = None

    def to_dict(self, players: int = 4) -> dict[str, object]:
        out: dict[str, object] = {"type": "declare", "seat": seat_label(self.seat, players)}
        if self.trump is not None:
            out["trump"] = self.trump
        if self.order is not None:
            out["order"] = self.order
        return out


@dataclass(frozen=True)
class Exchange:
    """Cards laid away face down (Bid Whist's kitty, a widow)."""

    seat: Seat
    discard: tuple[Card, ...]

    def to_dict(self, players: int = 4) -> dict[str, object]:
        return {"type": "exchange", "seat": seat_label(self.seat, players),
                "discard": [str(c) for c in self.discard]}


Action = Play | Claim | Bid | Pass | Declare | Exchange


def _int(data: Mapping[str, object], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"action {dict(data)!r}: {key!r} must be a whole number, not {value!r}")
    return value


def _text(data: Mapping[str, object], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise NotationError(f"action {dict(data)!r}: {key!r} must be text, not {value!r}")
    return value


def action_from_dict(data: Mapping[str, object], players: int = 4) -> Action:
    """Read an action's JSON form; ``players`` says how seats are named."""
    if not isinstance(data, Mapping):
        raise NotationError(
            f"an action is an object with a 'type' ({', '.join(ACTION_TYPES)}), not {data!r}"
        )
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise NotationError(
            f"action {dict(data)!r}: type must be one of {', '.join(ACTION_TYPES)}"
        )
    if "seat" not in data:
        raise NotationError(
            f"action {dict(data)!r} lacks the field 'seat': every action names its seat, and each "
            f"type must be given its fields ({FIELDS})"
        )
    seat = Seat.parse_at(str(data["seat"]), players)
    if kind == "play":
        if "card" not in data:
            raise NotationError(f"action {dict(data)!r} lacks the field 'card'")
        return Play(seat, parse_card(str(data["card"])))
    if kind == "claim":
        tricks = _int(data, "tricks")
        if tricks is None:
            raise NotationError(f"action {dict(data)!r} lacks the field 'tricks'")
        return Claim(seat, tricks)
    if kind == "bid":
        bid = Bid(seat, _int(data, "level"), _text(data, "mode"), _int(data, "tricks"), _text(data, "call"))
        if bid == Bid(seat):
            raise NotationError(f"action {dict(data)!r}: a bid needs a level, tricks or a call")
        return bid
    if kind == "pass":
        return Pass(seat)
    if kind == "declare":
        trump = _text(data, "trump")
        if trump is not None and trump.upper() not in STRAINS:
            raise NotationError(f"action {dict(data)!r}: trump must be S, H, D, C or N")
        return Declare(seat, trump.upper() if trump is not None else None, _text(data, "order"))
    discard = data.get("discard")
    if not isinstance(discard, list):
        raise NotationError(f"action {dict(data)!r}: 'discard' must be a list of cards")
    return Exchange(seat, tuple(parse_cards([str(c) for c in discard])))


__all__ = ["ACTION_TYPES", "Action", "Bid", "Claim", "Declare", "Exchange", "Pass", "Play",
           "action_from_dict"]
