"""Scandinavian whist's player: the textbook (``ai``) at the lower levels, the
simulations of ``search`` above them, which fall back on the textbook's choice."""

from __future__ import annotations

import random

from engine.actions import Action, Play
from engine.game import Phase
from engine.games.scandinavian import ai, search
from engine.observation import Observation


def choose(obs: Observation, level: str, rng: random.Random) -> Action:
    if level == "random":
        return rng.choice(obs.legal)
    textbook = ai.bid(obs) if obs.phase == Phase.AUCTION else ai.play(obs)
    if level not in search.PLAY_WORK:
        return textbook
    if obs.phase == Phase.AUCTION:
        return search.choose_bid(obs, level, rng, textbook)
    assert isinstance(textbook, Play)
    return Play(obs.seat, search.choose_play(obs, level, rng, textbook.card))


__all__ = ["choose"]
