"""Simple bots for demos and tests (the searching AI lives in engine.ai).

Both take an observation (what one seat may know) and return a legal card as
text: ``random_card`` any legal card, ``rules_card`` the table's textbook
player (engine.search.rules, the AI's ``rules`` level), here without a search
and shown hands of any size.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.actions import Play
from engine.cards import Card
from engine.errors import ArgumentError
from engine.games import get_game
from engine.observation import Observation as Full
from engine.search import rules
from engine.search.view import View, view_of
from engine.shuffle import rng_for

Observation = Mapping[str, object]


def _view(obs: Observation) -> View:
    view = view_of(obs, dealt=None)
    if not view.hand:
        raise ArgumentError("no legal card: the hand is empty")
    return view


def legal_cards(obs: Observation) -> list[Card]:
    """The cards the observing seat may play now (follow suit if able)."""
    return view_of(obs, dealt=None).legal()


def random_card(observation: Observation, seed: int | str | None = None) -> str:
    """Any legal card, uniformly (seeded for reproducible demos)."""
    return str(rng_for(seed).choice(_view(observation).legal()))


def rules_card(observation: Observation, seed: int | str | None = None) -> str:
    """The textbook card (engine.search.rules, or the game's own: ``Game.textbook``); ``seed``
    is accepted for the bots' common shape: the textbook player has no ties left to chance."""
    game = observation.get("game")
    textbook = get_game(str(game)).textbook() if game is not None and "legal" in observation else None
    if textbook is not None:
        action = textbook(Full.from_json(observation))
        if isinstance(action, Play):
            return str(action.card)
    return str(rules.choose(_view(observation)))


BOTS: dict[str, Callable[[Observation, int | str | None], str]] = {
    "random": random_card,
    "rules": rules_card,
}


def choose_card(observation: Observation, level: str = "rules", seed: int | str | None = None) -> str:
    """Same shape as engine.ai.choose_card, for code that wants a simple bot."""
    if level not in BOTS:
        raise ArgumentError(f"unknown bot {level!r}: choose {', '.join(BOTS)}")
    return BOTS[level](observation, seed)


__all__ = ["BOTS", "choose_card", "legal_cards", "random_card", "rules_card"]
