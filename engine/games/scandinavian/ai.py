"""Scandinavian whist's player: the textbook (``textbook``) at the lower levels, the
simulations of ``search`` above them, which fall back on the textbook's choice."""

from __future__ import annotations

import random

from engine.actions import Action, Play
from engine.game import Phase
from engine.games.scandinavian import search, textbook
from engine.observation import Observation
from engine.search.players import seeded


def choose(obs: Observation, level: str, rng: random.Random) -> Action:
    if level == "random":
        return rng.choice(obs.legal)
    chosen = textbook.bid(obs) if obs.phase == Phase.AUCTION else textbook.play(obs)
    if level not in search.PLAY_WORK:
        return chosen
    if obs.phase == Phase.AUCTION:
        return search.choose_bid(obs, level, rng, chosen)
    assert isinstance(chosen, Play)
    return Play(obs.seat, search.choose_play(obs, level, rng, chosen.card))


PLAYER = seeded(choose)
TEXTBOOK = None

__all__ = ["PLAYER", "TEXTBOOK", "choose"]
