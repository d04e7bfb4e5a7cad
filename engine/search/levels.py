"""The AI's levels: who sits in the empty seat, from careless to expert."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping

from engine.cards import Card
from engine.errors import ArgumentError
from engine.search import pimc, rules
from engine.search.inference import RESAMPLE, PlayInference
from engine.search.view import View

# "hard" draws the layouts it solves in proportion to how well they explain every card the
# others played (engine.search.inference); "expert" is the same search (expert_search). Margins: README.
LEVELS = ("random", "rules", "easy", "medium", "hard", "expert")

# Think time per move (seconds). Each solve gets a node limit from the time left
# and the solver speed measured on the machine itself (engine.search.pimc), so a move
# ends near this on any machine, a Raspberry Pi 4 included (bench/RESULTS.md).
DEFAULT_BUDGET = 0.040
SLIP_RATE = 0.12  # easy: share of moves where the player slips
# Narrow solves early in the hand, (cards in hand at least, width): see pimc.Search.narrow.
# The best of the schedules tried against rules (bench/RESULTS.md).
NARROW = ((10, 2), (8, 3), (6, 4))


def seed_for(observation: Mapping[str, object], seed: int | str | None) -> random.Random:
    """A generator seeded by ``seed`` and the position, so a move is reproducible
    and two seats (or two moves) do not share a random stream."""
    text = json.dumps(observation, sort_keys=True, default=str) + "|" + repr(seed)
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


# Hard solves MIN_LAYOUTS layouts with fixed work (budget None, every move of a kept game, within
# pimc.FIXED_NODES), and when timed goes on while the best card is unclear, up to 200 or the budget.
# The layouts are drawn in proportion to how well they explain every card the others played
# (engine.search.inference): against PIMC-DDS-20 that gained about 0.1 tricks a deal, within the
# processor time a move allows (bench/RESULTS.md).
MIN_LAYOUTS = 32


def hard_search(budget: float | None = DEFAULT_BUDGET, samples: int | None = None) -> pimc.Search:
    if budget is None:
        n = samples or MIN_LAYOUTS
        cfg = pimc.Search(samples=n, min_samples=n, budget=None, narrow=NARROW)
    else:
        cfg = pimc.Search(samples=samples or 200, min_samples=MIN_LAYOUTS, budget=budget, narrow=NARROW)
    cfg.weight = PlayInference()
    cfg.resample = RESAMPLE
    return cfg


def expert_search(budget: float | None, samples: int | None) -> pimc.Search:
    # hard's search: what was tried on top of it (twice the solver nodes, discards read as
    # weakness, count signals between partners) did not gain against PIMC-DDS-20, and ten
    # times the nodes is over the smallest Pi's move budget (bench/RESULTS.md)
    return hard_search(budget, samples)


def medium_search(budget: float | None = DEFAULT_BUDGET, samples: int | None = None) -> pimc.Search:
    n = samples or 6
    return pimc.Search(samples=n, min_samples=n, budget=budget)


def _slip(view: View, rng: random.Random) -> Card:
    """A human-like slip: the textbook card usually, sometimes a plausible wrong one
    (another card of the same suit: too high, too low, the wrong suit to discard)."""
    good = rules.choose(view)
    legal = view.legal()
    if len(legal) == 1 or rng.random() >= SLIP_RATE:
        return good
    same = [c for c in legal if c.suit == good.suit and c != good]
    return rng.choice(same or [c for c in legal if c != good])


def play(view: View, level: str, rng: random.Random, budget: float | None = DEFAULT_BUDGET,
         samples: int | None = None, searcher: pimc.Searcher | None = None) -> Card:
    """The card ``level`` plays; the searching levels search with ``searcher``
    (default: this process's solver)."""
    search = (searcher or pimc.default_searcher()).search
    if level == "random":
        return rng.choice(view.legal())
    if level == "rules":
        return rules.choose(view)
    if level == "easy":
        return _slip(view, rng)
    if level == "medium":
        return search(view, rng, medium_search(budget, samples)).card
    if level == "hard":
        return search(view, rng, hard_search(budget, samples)).card
    if level == "expert":
        return search(view, rng, expert_search(budget, samples)).card
    raise ArgumentError(f"unknown AI level {level!r}: choose from {', '.join(LEVELS)}")
