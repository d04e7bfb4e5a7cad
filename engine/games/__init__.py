"""The games this table plays, one package each; ``GAMES`` lists them in menu order.

Adding a game is its package under ``engine/games/`` and its line here."""

from __future__ import annotations

from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase
from engine.games import (
    bid,
    catchten,
    classic,
    dummy,
    german,
    hearts,
    knockout,
    norwegian,
    ohhell,
    scandinavian,
    solo,
    widow,
)

GAMES: dict[str, Game] = {g.name: g for g in (classic.GAME, norwegian.GAME, german.GAME, scandinavian.GAME,
                                              bid.GAME, ohhell.GAME, knockout.GAME, solo.GAME, widow.GAME,
                                              dummy.GAME, catchten.GAME, hearts.GAME)}
# The game of a match that names none: saved matches and files from before there were others.
UNNAMED = classic.GAME


def get_game(name: str, players: int | None = None) -> Game:
    """The game called ``name`` (at a table of ``players``, for the games
    played by several table sizes); the error lists the games there are."""
    key = name.strip().lower()
    if key not in GAMES:
        raise RulesError(f"no game called {name!r}: choose one of {', '.join(GAMES)}")
    game = GAMES[key]
    return game if players is None else game.with_players(players)


def game_of(rules: object) -> Game:
    """The game whose settings ``rules`` are (at the table size they name)."""
    for game in GAMES.values():
        if isinstance(rules, type(game.default_rules())):
            return game.with_rules(rules)
    raise RulesError(f"{type(rules).__name__} are not the settings of any game")


__all__ = ["Contract", "GAMES", "UNNAMED", "Game", "GameRules", "Phase", "game_of", "get_game"]
