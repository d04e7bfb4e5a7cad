"""The AI seat: choose_card for play, hint for the Hint button, review after a hand.

Everything here works from an observation (what one seat may know), never
from the hidden hands, except ``review``, which runs after the hand when all
cards are known. It sits above the games (``choose_action`` finds an
observation's game in the registry); the searches it and the games' players
share are below the games, in engine.search.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from engine.ai.family import choose_action
from engine.ai.review import review
from engine.search import pimc
from engine.search.levels import DEFAULT_BUDGET, LEVELS, hard_search, play, seed_for
from engine.search.view import view_of


def choose_card(observation: Mapping[str, object], level: str = "hard", seed: int | str | None = None, *,
                budget: float | None = DEFAULT_BUDGET, samples: int | None = None) -> str:
    """A legal card for the seat to move, using only ``observation``.

    ``budget`` is the thinking time in seconds (None: a fixed number of
    samples, ``samples`` or the level's default, for reproducible results).
    """
    view = view_of(observation)
    return str(play(view, level, seed_for(observation, seed), budget, samples))


def warm_up() -> None:
    """Measure the solver and allocate its table before the first move (the table
    calls this when its AI worker starts), so the first move is as quick as any."""
    pimc.warm_up()


def hint(observation: Mapping[str, object], seed: int | str | None = None, *,
         budget: float | None = DEFAULT_BUDGET, samples: int | None = None) -> dict[str, object]:
    """The hard AI's card and every legal card's expected tricks (from here on,
    for the side to move, this trick included). In the first tricks the layouts
    are solved narrow (engine.search.levels.NARROW), so the values there are estimates."""
    view = view_of(observation)
    cfg = hard_search(budget, samples)
    cfg.evaluate_forced = True
    result = pimc.search(view, seed_for(observation, seed), cfg)
    values = {str(c): (round(v, 2) if not math.isnan(v) else None) for c, v in sorted(result.values.items())}
    return {"card": str(result.card), "values": values, "samples": result.samples}


__all__ = ["DEFAULT_BUDGET", "LEVELS", "choose_action", "choose_card", "hint", "review", "warm_up"]
