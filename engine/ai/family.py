"""``choose_action`` for every game: the game's own player (``Game.player``),
from what the seat to act may know. The pieces the games' players share are
below the games, in engine.search.players.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions import Action
from engine.errors import RulesError
from engine.games import get_game
from engine.observation import Observation
from engine.search.levels import DEFAULT_BUDGET, LEVELS


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


def plays_for_tricks(obs: Observation) -> bool:
    """Whether the seat is to play a card towards the most tricks, which is
    ``choose_card``'s search on ``obs.play_form()`` (the hint and the AI worker ask)."""
    return get_game(obs.game, obs.players).plays_for_tricks(obs)


__all__ = ["choose_action", "plays_for_tricks"]
