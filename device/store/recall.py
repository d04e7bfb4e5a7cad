"""Reading stored deals back: the hands, the tricks, and PBN export.

Works on the stored JSON (see device.store for the keys it looks at) with
only engine.cards / engine.pbn for notation, so recall does not depend on the
engine's state classes. Trick winners are worked out here by the plain rule
(the highest trump, else the highest card of the suit led); the engine
referees the play, this only reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from device.store import DealRow
from engine.cards import Card, parse_card
from engine.errors import NotationError
from engine.pbn import format_hands, parse_hands
from engine.seats import Seat

TRUMP_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "N": "no trumps"}


@dataclass(frozen=True)
class Trick:
    leader: str
    plays: list[tuple[str, str]]  # (seat, card) in playing order
    winner: str | None  # None while the trick is incomplete


def hands_of(record: dict[str, Any]) -> tuple[frozenset[Card], ...] | None:
    """The four dealt hands (N, E, S, W) from a deal record, or None if it has no cards."""
    try:
        if isinstance(record.get("deal"), str):
            return parse_hands(record["deal"])
        known = record.get("known")
        if isinstance(known, list) and len(known) == 4 and all(known):
            return tuple(frozenset(parse_card(c) for c in h) for h in known)
        hands = record.get("hands")
        if isinstance(hands, dict):
            return tuple(frozenset(parse_card(c) for c in hands.get(s, [])) for s in "NESW")
        pack = record.get("pack")
        if isinstance(pack, list) and len(pack) == 52:
            # Dealt one at a time from the dealer's left; the dealer's is the last card.
            dealer = Seat.parse(record.get("dealer", "N"))
            dealt: list[list[Card]] = [[], [], [], []]
            for i, text in enumerate(pack):
                dealt[dealer.offset(1 + i % 4)].append(parse_card(text))
            return tuple(frozenset(h) for h in dealt)
    except (NotationError, TypeError, KeyError):
        return None
    return None


def deal_pbn(record: dict[str, Any]) -> str | None:
    hands = hands_of(record)
    return None if hands is None else format_hands(hands, record.get("dealer", "N"))


UNDO = "undo"  # an action row {"undo": true}: the action before it was taken back


def fold_undos(actions: list[Any]) -> list[Any]:
    """A deal's stored actions with every undo applied. The journal is append-only,
    so an undo (the referee's scanning mistakes) is a row of its own that cancels
    the action before it."""
    out: list[Any] = []
    for action in actions:
        if isinstance(action, dict) and action.get(UNDO):
            if out:
                out.pop()
        else:
            out.append(action)
    return out


def tricks_of(deal: DealRow) -> list[Trick]:
    """The card plays grouped into tricks; the first lead is the dealer's left."""
    trump = str(deal.record.get("trump") or "N").upper()[:1]
    leader = Seat.parse(deal.dealer).next
    out: list[Trick] = []
    plays: list[tuple[str, str]] = []
    for action in fold_undos(deal.actions):
        if not isinstance(action, dict) or "card" not in action:
            continue
        seat = str(action.get("seat") or leader.offset(len(plays)).name)
        plays.append((seat, str(action["card"])))
        if len(plays) == 4:
            winner = _winner(plays, trump)
            out.append(Trick(leader.name, plays, winner))
            leader = Seat.parse(winner)
            plays = []
    if plays:
        out.append(Trick(leader.name, plays, None))
    return out


def _winner(plays: list[tuple[str, str]], trump: str) -> str:
    cards = [(seat, parse_card(c)) for seat, c in plays]
    led = cards[0][1].suit_letter

    def strength(card: Card) -> int:
        if card.suit_letter == trump:
            return 200 + card.rank
        return 100 + card.rank if card.suit_letter == led else card.rank

    return max(cards, key=lambda sc: strength(sc[1]))[0]


def other_actions(deal: DealRow) -> list[dict[str, Any]]:
    """Actions that are not card plays (claims, concessions...), in order."""
    return [a for a in fold_undos(deal.actions) if not (isinstance(a, dict) and "card" in a)]


def side_pair(value: object) -> tuple[object, object] | None:
    """(NS, EW) from ``[ns, ew]`` or ``{"NS": ns, "EW": ew}``; None if neither."""
    if isinstance(value, list | tuple) and len(value) == 2:
        return value[0], value[1]
    if isinstance(value, dict) and ("NS" in value or "EW" in value):
        return value.get("NS", "?"), value.get("EW", "?")
    return None


def side_name(value: object) -> str | None:
    """A side as "NS"/"EW" from 0/1 or the name itself."""
    if value in (0, "NS"):
        return "NS"
    if value in (1, "EW"):
        return "EW"
    return None


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def export_pbn(deal: DealRow, board: int | None = None) -> str:
    """One deal as a PBN game: tags, the deal, and the play section."""
    record = deal.record
    trump = str(record.get("trump") or "N").upper()[:1]
    date = (deal.started or "")[:10].replace("-", ".") or "?"
    lines = [
        _tag("Event", "whist-table"),
        _tag("Date", date),
        _tag("Board", board if board is not None else deal.number),
        _tag("Dealer", deal.dealer),
        _tag("Deal", deal_pbn(record) or "?"),
        _tag("Trump", trump),
    ]
    if record.get("trump_card"):
        lines.append(_tag("TrumpCard", record["trump_card"]))
    result = deal.result or {}
    tricks = side_pair(result.get("tricks"))
    if tricks:
        lines.append(_tag("TricksNS", tricks[0]))
        lines.append(_tag("TricksEW", tricks[1]))
    points = side_pair(result.get("points"))
    if points:
        lines.append(_tag("Score", f"NS {points[0]} EW {points[1]}"))
    tricks_played = tricks_of(deal)
    first = Seat.parse(deal.dealer).next
    lines.append(_tag("Play", first.name))
    # PBN play lines have one column per seat, starting with the first leader.
    for trick in tricks_played:
        by_seat = dict(trick.plays)
        lines.append(" ".join(by_seat.get(first.offset(i).name, "-") for i in range(4)))
    if any(a.get("type") == "claim" for a in other_actions(deal) if isinstance(a, dict)):
        lines.append("*")
    return "\n".join(lines) + "\n"


def export_match_pbn(deals: list[DealRow]) -> str:
    """A rubber: its deals as consecutive PBN games, separated by blank lines."""
    return "\n".join(export_pbn(d, board=i + 1) for i, d in enumerate(deals))
