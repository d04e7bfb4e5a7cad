"""Oh Hell's player: the shared search of the games where each plays alone for a
count of tricks (engine.ai.ismcts, engine.ai.solo's textbook below hard)."""

from __future__ import annotations

from engine.ai import ismcts, solo
from engine.ai.family import seeded

PLAYER = seeded(ismcts.choose)
TEXTBOOK = solo.textbook_play

__all__ = ["PLAYER", "TEXTBOOK"]
