"""How every AI seat of a seeded or journalled game picks its card: reproducibly.

The table app, the referee's AI seats and the headless demo all seed an AI
move with :func:`engine.match.move_seed` (the match seed, the deal's index in
the match, the action's index in the deal) and give it a fixed amount of work
instead of a time budget, which depends on the machine's load. The same
position and seed then give the same card on every run, so a game rebuilt
from the store after a power cut plays on exactly as it would have.

No pygame here: the headless demo and the referee import it too. engine.ai is
imported where a move is chosen, not here: loading the searches takes half a
second, which the menu, the store's commands and the drive's hub do without.
"""

from __future__ import annotations

from collections.abc import Mapping, Sized
from typing import TYPE_CHECKING

from engine.actions import Action, Play
from engine.cards import parse_card

if TYPE_CHECKING:
    from engine.observation import Observation

# Samples per move, by cards in hand: rows are (cards in hand at least, samples);
# with fewer cards than the last row, or for a level not listed, the level's own
# fixed-work search is used (engine.search.levels: 32 layouts for expert, 32 to 96 for
# hard, solved narrow early in the hand), which is the search bench/arena.py measures
# with --budget 0. Every fixed-work move also has a fixed allowance of solver nodes
# (engine.search.pimc.FIXED_NODES), so it stays quick on the hardest deals; layouts it
# cannot afford are dropped, deterministically.
# Hard and expert once drew only 2 layouts with 11 or more cards, 8 with 9 or 10
# and 24 with 7 or 8: over the same 500 duplicate deals against rules that made
# +0.696 tricks a deal where the level's own search makes +0.862 (-0.166 +- 0.063
# paired). Medium stays deliberately light.
FIXED_SAMPLES: dict[str, tuple[tuple[int, int], ...]] = {
    "medium": ((11, 2), (9, 4)),
}


def fixed_samples(observation: Mapping[str, object], level: str) -> int | None:
    """The sample count for a reproducible move (None: the level's own default)."""
    hand = observation.get("hand") or ()
    if not isinstance(hand, Sized):
        raise TypeError(f"the observation's hand is not a list of cards: {hand!r}")
    held = len(hand)
    for at_least, samples in FIXED_SAMPLES.get(level, ()):
        if held >= at_least:
            return samples
    return None


def choose_card_fixed(observation: Mapping[str, object], level: str, seed: int | str | None) -> str:
    """engine.ai's card at ``level`` with a fixed amount of work (errors propagate)."""
    from engine.ai import choose_card

    samples = fixed_samples(observation, level)
    if samples is None:
        return str(choose_card(observation, level, seed, budget=None))
    return str(choose_card(observation, level, seed, budget=None, samples=samples))


def choose_action_fixed(observation: Observation, level: str, seed: int | str | None) -> Action:
    """engine.ai's action at ``level`` with a fixed amount of work, for any game:
    in the play the same card as :func:`choose_card_fixed`."""
    from engine.ai import choose_action

    samples = fixed_samples(observation.play_form(), level)
    return choose_action(observation, level, seed, budget=None, samples=samples)


def act_fixed(observation: Observation, level: str, seed: int | str | None) -> Action:
    """engine.ai's action at ``level`` with a fixed amount of work, for any game and
    step: in the play the card :func:`choose_card_fixed` picks."""
    from engine.ai.family import plays_for_tricks

    if plays_for_tricks(observation):
        return Play(observation.seat, parse_card(choose_card_fixed(observation.play_form(), level, seed)))
    return choose_action_fixed(observation, level, seed)


__all__ = ["FIXED_SAMPLES", "act_fixed", "choose_action_fixed", "choose_card_fixed", "fixed_samples"]
