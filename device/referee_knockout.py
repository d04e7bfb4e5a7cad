"""Knockout whist's dog's life with real cards, for :class:`device.referee_family.FamilyReferee`
(the rules are engine.games.knockout's, with its ``dogs_life`` setting).

A player who took no trick is not out at once the first time in a game: it is dealt one
card in the next hand while the others hold more, and in any trick but the last it plays
that card or knocks (passes the trick by). The table scans a person's one card face down
at the deal, as an AI's rack: the engine then knows the hand is a dog's (one card where
the others hold more), and the screen still never names it. The knock is a button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.referee_family_view import Choice
from engine.actions import Pass
from engine.deal import Deal
from engine.seats import Seat

if TYPE_CHECKING:
    from device.referee_family import FamilyReferee

KNOCK = "Knock"


def dogs_dealt(sizes: list[int]) -> list[Seat]:
    """The seats dealt one card while another seat holds more: on a dog's life."""
    most = max(sizes, default=0)
    return [Seat(i) for i, n in enumerate(sizes) if n == 1 and most > 1]


def knock_choices(ref: FamilyReferee, deal: Deal, seat: Seat) -> list[Choice]:
    """A person on a dog's life, to play: the Knock button (its card goes on the reader)."""
    if ref.is_ai(seat) or not ref.game.may_knock(deal, seat):
        return []
    return [Choice(KNOCK, Pass(seat))]


def prompt(ref: FamilyReferee, deal: Deal, seat: Seat) -> str:
    name = ref.name(seat)
    how = "tap Knock" if ref.touch else "press Select to knock"
    return f"trick {deal.trick_number}: {name} (a dog's life) plays its one card on the reader, or {how}"


def scan_words(ref: FamilyReferee, seat: Seat, scanned: int) -> str:
    """The prompt while a person's one card is scanned at the deal."""
    name = ref.name(seat)
    return f"{name} is on a dog's life: scan {name}'s one card face down ({scanned} of 1), then hand it back"


__all__ = ["KNOCK", "dogs_dealt", "knock_choices", "prompt", "scan_words"]
