"""Scandinavian whist's player: the textbook (``textbook``) at the lower levels; above
them the simulations of ``search`` for high or low, and for the cards ``medium``'s
simulations, ``hard``'s and ``expert``'s the information-set tree search of
engine.search.pointmcts on the play as the package describes it (``point_play``), its
play-outs half guided by the tricks' card policy (bench/RESULTS.md has the sizes tried)."""

from __future__ import annotations

import random

from engine.actions import Action, Play
from engine.game import Phase
from engine.games import scandinavian
from engine.games.scandinavian import search, textbook
from engine.observation import Observation
from engine.search.players import seeded
from engine.search.pointmcts import Tree

TREES = {"hard": Tree(iterations=5000, guide=50), "expert": Tree(iterations=10000, guide=50)}


def choose(obs: Observation, level: str, rng: random.Random) -> Action:
    if level == "random":
        return rng.choice(obs.legal)
    chosen = textbook.bid(obs) if obs.phase == Phase.AUCTION else textbook.play(obs)
    if level not in search.BID_LAYOUTS:
        return chosen
    if obs.phase == Phase.AUCTION:
        return search.choose_bid(obs, level, rng, chosen)
    if level in TREES:
        if len(obs.legal) == 1:
            return obs.legal[0]
        return TREES[level].play(obs, scandinavian.GAME.point_play(obs), rng.getrandbits(64))
    assert isinstance(chosen, Play)
    return Play(obs.seat, search.choose_play(obs, level, rng, chosen.card))


PLAYER = seeded(choose)
TEXTBOOK = None

__all__ = ["PLAYER", "TEXTBOOK", "TREES", "choose"]
