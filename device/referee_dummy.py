"""Dummy whist with real cards, for :class:`device.referee_family.FamilyReferee` (the rules
are engine.games.dummy's).

Three players and a fourth hand, the dummy, dealt face down. The table scans the dummy's
13 at the deal, face down, as an AI's rack: the engine then knows the dummy's hand, so a
card laid at the dummy's turn that is not the dummy's is refused, and its revokes are
proven like anyone's. After the auction (by touch, Bid Whist's bids) the dummy is turned
face up opposite the declarer, who names trumps or the direction by touch and plays the
dummy's cards: a scan at the dummy's turn is the dummy's card, from a person declarer's
hand of cards on the table or, for an AI declarer, the card the screen shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.dummy import DUMMY
from engine.seats import Seat

if TYPE_CHECKING:
    from device.referee_family import FamilyReferee

NAME = "Dummy"


def is_dummy(ref: FamilyReferee) -> bool:
    return ref.game.name == "dummy"


def scanned_seats(ref: FamilyReferee) -> tuple[Seat, ...]:
    """Seats scanned at the deal besides the AIs': the dummy."""
    return (DUMMY,) if is_dummy(ref) else ()


def may_deal(ref: FamilyReferee, seat: Seat) -> bool:
    return not (is_dummy(ref) and seat == DUMMY)


def scan_words(n: int, count: int) -> str:
    return f"the dummy: {n} of {count} scanned - lay the dummy's cards on the reader face down"


__all__ = ["DUMMY", "NAME", "is_dummy", "may_deal", "scan_words",
           "scanned_seats"]
