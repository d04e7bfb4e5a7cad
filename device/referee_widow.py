"""Widow whist with real cards: the words and checks of its exchange for
:class:`device.referee_family.FamilyReferee` (the rules are engine.games.widow's).

The widow is scanned face down at the deal, as a kitty. The exchange is whole
hands: the taker keeps its own hand (the widow laid away, dead) or the widow
(its own 13 laid away); with ``chain`` a later player swaps its hand unseen for
the one rejected. A person's choice is a button where the table knows the hand
laid away (the widow), else the 13 cards laid away are scanned face down: a
person's own hand was never scanned, so only its cards tell which they keep. An
AI's choice is said at once, with where its cards go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action, Bid, Exchange
from engine.cards import Card
from engine.deal import Deal
from engine.games.widow import SWAP, TAKE, fold
from engine.seats import Seat

if TYPE_CHECKING:
    from device.referee_family import FamilyReferee

WIDOW = "widow"
DEAD = "the dead hand"


def is_widow(ref: FamilyReferee) -> bool:
    return ref.game.name == WIDOW


def _widow(deal: Deal) -> set[Card]:
    return set(deal.record.pile(WIDOW))


def swapping(deal: Deal) -> bool:
    """The exchange now is a chain's swap (the hand offered taken unseen), not the widow's."""
    return fold(deal).offering == SWAP


def exchange_label(deal: Deal, action: Exchange) -> str:
    """A person's button for a whole-hand exchange."""
    if swapping(deal):
        return "Swap hands"
    return "Keep my hand" if set(action.discard) == _widow(deal) else "Keep the widow"


def said(ref: FamilyReferee, action: Action) -> str | None:
    """The message for a widow whist action (None: the shared words)."""
    deal = ref.deal
    if deal is None:
        return None
    if isinstance(action, Bid) and action.call == TAKE:
        return "takes the widow"
    if isinstance(action, Bid) and action.call == SWAP:
        return "swaps for the hand rejected, unseen"
    if not isinstance(action, Exchange):
        return None
    if len(deal.exchanges) > 1:
        return "has swapped: its own hand is laid away, dead"
    if set(action.discard) == _widow(deal):
        return "keeps its own hand: the widow is laid away, dead"
    return "keeps the widow: its own hand is laid away, dead"


def ai_moves(ref: FamilyReferee, action: Exchange) -> str:
    """Where an AI's cards go after its exchange (its rack is face down: no card named)."""
    deal = ref.deal
    assert deal is not None
    name = ref.name(action.seat)
    if len(deal.exchanges) > 1:
        return (f"{name}'s rack aside face down (dead); the hand offered into its rack, the first laid "
                "away at the left")
    if set(action.discard) == _widow(deal):
        return "the widow aside face down: the dead hand"
    return f"{name}'s rack aside face down (dead); the widow into its rack, first scanned at the left"


def prompt(ref: FamilyReferee, deal: Deal, seat: Seat) -> str:
    """A person's exchange."""
    name = ref.name(seat)
    n = len(ref.discards)
    if swapping(deal):
        return (f"{name} swaps: scan the 13 cards of your own hand as you lay them away face down "
                f"({n} of 13), then pick up the hand offered")
    if n:
        return f"{name} lays a hand away: {n} of 13 scanned, face down"
    how = "tap Keep my hand" if ref.touch else "select Keep my hand"
    return (f"{name} took the widow: {how} (the widow laid away), or to keep the widow scan your "
            "own 13 cards as you lay them away face down")


def offer_prompt(deal: Deal, name: str, how: str) -> str:
    """A person offered the widow, or with ``chain`` the hand rejected."""
    if swapping(deal):
        return f"{name}: swap your hand for the one rejected, unseen, or pass ({how} on the screen)"
    return f"{name}: take the widow, or pass ({how} on the screen)"


def refuse_discard(ref: FamilyReferee, deal: Deal, seat: Seat, card: Card) -> str | None:
    """Why a person's scanned card cannot be laid away now: the 13 are one hand whole."""
    laid = ref.discards
    if swapping(deal):
        offered = set(deal.exchanges[-1].discard) if deal.exchanges else set()
        if card in offered:
            return f"{card.symbol} is of the hand offered: lay away your own hand's 13"
        return None
    widow = _widow(deal)
    if laid and (laid[0] in widow) != (card in widow):
        first = "the widow" if laid[0] in widow else "your own hand"
        return f"keep one hand whole: {card.symbol} is not of {first}, the hand being laid away"
    return None


__all__ = ["DEAD", "WIDOW", "ai_moves", "exchange_label", "is_widow", "offer_prompt", "prompt",
           "refuse_discard", "said", "swapping"]
