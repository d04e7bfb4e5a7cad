"""Oh Hell's player: the shared search of the games where each plays alone for a
count of tricks (engine.search.ismcts, engine.search.solo's textbook below hard)."""

from __future__ import annotations

from engine.search import ismcts, solo
from engine.search.players import seeded

PLAYER = seeded(ismcts.choose)
TEXTBOOK = solo.textbook_play

__all__ = ["PLAYER", "TEXTBOOK"]
