"""How every AI seat of a seeded or journalled game picks its card: reproducibly.

The table app, the referee's AI seats and the headless demo all seed an AI
move with :func:`engine.match.move_seed` (the match seed, the deal's index in
the match, the action's index in the deal) and give it a fixed amount of work
instead of a time budget, which depends on the machine's load. The same
position and seed then give the same card on every run, so a game rebuilt
from the store after a power cut plays on exactly as it would have.

No pygame here: the headless demo and the referee import it too.
"""

from __future__ import annotations

# Samples per move for the searching levels. Early in a hand each layout costs
# far more to solve, so fewer are drawn there: roughly the work the default
# time budget allows. Whatever the count, a fixed-work move also has a fixed
# allowance of solver nodes (engine.ai.pimc.FIXED_NODES), so it stays quick
# on the hardest deals; layouts it cannot afford are dropped, deterministically.
# Rows are (cards in hand at least, samples); with fewer cards than the last
# row, the level's own fixed count is used (engine.ai.levels: 6 for medium, 32
# for hard and expert).
_SEARCH = ((11, 2), (9, 8), (7, 24))
FIXED_SAMPLES: dict[str, tuple[tuple[int, int], ...]] = {
    "medium": ((11, 2), (9, 4)),
    "hard": _SEARCH,
    "expert": _SEARCH,
}


def fixed_samples(observation: dict, level: str) -> int | None:
    """The sample count for a reproducible move (None: the level's own default)."""
    held = len(observation.get("hand") or ())
    for at_least, samples in FIXED_SAMPLES.get(level, ()):
        if held >= at_least:
            return samples
    return None


def choose_card_fixed(observation: dict, level: str, seed: int | str | None) -> str:
    """engine.ai's card at ``level`` with a fixed amount of work (errors propagate)."""
    from engine.ai import choose_card

    samples = fixed_samples(observation, level)
    if samples is None:
        return str(choose_card(observation, level, seed, budget=None))
    return str(choose_card(observation, level, seed, budget=None, samples=samples))


__all__ = ["FIXED_SAMPLES", "choose_card_fixed", "fixed_samples"]
