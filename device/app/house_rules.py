"""The house rules in force for a game, read from the config: the app, the demo,
the referee and the command line all start a match with them."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from engine.errors import RulesError
from engine.games import UNNAMED, get_game
from engine.settings import rules_with

if TYPE_CHECKING:
    from device.config import Config
    from engine.game import Game, GameRules

log = logging.getLogger(__name__)


def rules_from_config(config: Config, game: str | None = None, players: int | None = None) -> GameRules:
    """The house rules in force for ``game`` (the first game: engine.games.UNNAMED) from
    the config (device.config.Config.house_settings; its defaults where a setting is
    not there), at a table of ``players`` for the games played by several."""
    table = get_game(game or UNNAMED.name, players)
    values = config.house_settings(table.name)
    try:
        return rules_with(table, values)
    except RulesError as exc:
        # Checked on load at the game's usual table size: a setting that does not fit
        # this one (a fixed hand of 12 for six players) is left at its default.
        log.warning("house rules of %s at %s players: %s", table.name, table.players, exc)
        kept: dict[str, object] = {}
        for key, value in values.items():  # each setting kept while the whole still fits
            if _fits(table, {**kept, key: value}):
                kept[key] = value
        return rules_with(table, kept)


def _fits(game: Game, values: dict[str, object]) -> bool:
    try:
        rules_with(game, values)
    except RulesError:
        return False
    return True
