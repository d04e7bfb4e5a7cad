"""The games this table plays, one module each; ``GAMES`` lists them in menu order."""

from __future__ import annotations

from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase
from engine.games import classic, dummy, german, norwegian, scandinavian, solo, widow

GAMES: dict[str, Game] = {g.name: g for g in (classic.GAME, norwegian.GAME, german.GAME, scandinavian.GAME,
                                             solo.GAME, widow.GAME, dummy.GAME)}


def get_game(name: str) -> Game:
    """The game called ``name``; the error lists the games there are."""
    key = name.strip().lower()
    if key not in GAMES:
        raise RulesError(f"no game called {name!r}: choose one of {', '.join(GAMES)}")
    return GAMES[key]


def game_of(rules: object) -> Game:
    """The game whose settings ``rules`` are."""
    for game in GAMES.values():
        if game.owns(rules):
            return game
    raise RulesError(f"{type(rules).__name__} are not the settings of any game")


__all__ = ["Contract", "GAMES", "Game", "GameRules", "Phase", "game_of", "get_game"]
