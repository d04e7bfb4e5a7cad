"""Classic whist's player: the shared search towards the most tricks (``choose_card``'s)."""

from __future__ import annotations

from engine.search.players import most_tricks

PLAYER = most_tricks
TEXTBOOK = None  # the simple bots play engine.search.rules' card

__all__ = ["PLAYER", "TEXTBOOK"]
