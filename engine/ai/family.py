"""``choose_action`` for every game: the game's own player (``Game.player``),
from what the seat to act may know.

Two pieces are shared by the games' players: ``seeded`` gives a player that
works from a seeded generator the common signature, and ``most_tricks`` is
the card play towards the most tricks (``choose_card``'s search on the
observation's card-play part), which a game of four seats in pairs with one
pack and one card a trick plays with.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from engine.actions import Action, Play
from engine.ai.levels import DEFAULT_BUDGET, LEVELS, play, seed_for
from engine.ai.view import view_of
from engine.errors import RulesError
from engine.game import Player
from engine.games import get_game
from engine.observation import Observation


def choose_action(observation: Observation | Mapping[str, object], level: str = "hard",
                  seed: int | str | None = None, *, budget: float | None = DEFAULT_BUDGET,
                  samples: int | None = None) -> Action:
    """A legal action for the seat to act, from what it may know."""
    obs = observation if isinstance(observation, Observation) else Observation.from_json(observation)
    if level not in LEVELS:
        raise RulesError(f"no AI level called {level!r}: choose one of {', '.join(LEVELS)}")
    if not obs.legal and not obs.discard:  # an open exchange offers no list: any `discard` cards
        raise RulesError(f"seat {obs.label(obs.seat)} has nothing to do now")
    if len(obs.legal) == 1:
        return obs.legal[0]
    return get_game(obs.game, obs.players).player()(obs, level, seed, budget, samples)


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


def plays_for_tricks(obs: Observation) -> bool:
    """Whether the seat is to play a card towards the most tricks, which is
    ``choose_card``'s search on ``obs.play_form()`` (the hint and the AI worker ask)."""
    return get_game(obs.game, obs.players).plays_for_tricks(obs)


__all__ = ["choose_action", "most_tricks", "plays_for_tricks", "seeded"]
