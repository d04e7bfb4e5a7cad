"""Pure, deterministic whist: cards, deals, rules, scoring, solver and AI.

Nothing in this package does I/O or imports pygame: given a seed and a list of
actions it always reaches the same state.
"""

from engine.cards import RANKS, SUITS, Card, parse_card, parse_cards
from engine.errors import IllegalPlay, NotationError, RulesError
from engine.seats import SEATS, Seat

__all__ = [
    "Card",
    "IllegalPlay",
    "NotationError",
    "RANKS",
    "RulesError",
    "SEATS",
    "SUITS",
    "Seat",
    "parse_card",
    "parse_cards",
]
