"""Knockout whist's player: the shared search of the games where each plays alone for a
count of tricks (engine.search.ismcts, engine.search.solo's textbook below hard), playing to stay
in: a player who takes no trick leaves the game."""

from __future__ import annotations

from functools import partial

from engine.search import ismcts, solo
from engine.search.players import seeded

PLAYER = seeded(partial(ismcts.choose, knockouts=True))
TEXTBOOK = partial(solo.textbook_play, knockouts=True)

__all__ = ["PLAYER", "TEXTBOOK"]
