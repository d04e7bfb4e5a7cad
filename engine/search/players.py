"""Two pieces the games' players share: ``seeded`` gives a player that works
from a seeded generator the common signature (``Game.player``'s), and
``most_tricks`` is the card play towards the most tricks (``choose_card``'s
search on the observation's card-play part), which a game of four seats in
pairs with one pack and one card a trick plays with.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import Action, Play
from engine.game import Player
from engine.observation import Observation
from engine.search.levels import play, seed_for
from engine.search.view import view_of


def seeded(choose: Callable[[Observation, str, random.Random], Action]) -> Player:
    """A player that draws from a generator seeded by the seed and the whole observation."""
    def player(obs: Observation, level: str, seed: int | str | None, budget: float | None,
               samples: int | None) -> Action:
        return choose(obs, level, seed_for(obs.to_json(), seed))
    return player


def most_tricks(obs: Observation, level: str, seed: int | str | None, budget: float | None,
                samples: int | None) -> Action:
    """The card towards the most tricks: seeded from the card-play part of the
    observation, so a play here is ``choose_card``'s for the same position and seed."""
    form = obs.play_form()
    return Play(obs.seat, play(view_of(form), level, seed_for(form, seed), budget, samples))


__all__ = ["most_tricks", "seeded"]
