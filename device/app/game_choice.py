"""Which game the table plays: the menu's game picker and Settings choose it,
the config's [game] section keeps it, and the table starts with it.

A game the screen cannot seat yet (has_table says) is
offered greyed with the reason; the picker asks has_table every time it is
drawn, so a game lights up as soon as its table is added.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from device.config import seat_counts
from engine.games import GAMES, UNNAMED, game_of, get_game
from engine.seats import MAX_SEATS

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.config import Config

log = logging.getLogger(__name__)

# The most people the one table and the referee seat round the screen: every table the
# engine deals (eight, two teams of four, at its most). A game played by more would be
# played at those sizes headless and in the arena only (no_screen says so).
SCREEN_SEATS = MAX_SEATS


def has_table(game: str) -> bool:
    """Whether the table app can seat ``game``: the one table draws every game there is."""
    return game in GAMES


def screen_counts(game: str) -> tuple[int, ...]:
    """The table sizes of ``game`` the screen seats (its ``seat_counts`` up to SCREEN_SEATS)."""
    return tuple(n for n in seat_counts(game) if n <= SCREEN_SEATS)


def no_screen(game: str, players: int | None) -> str | None:
    """Why the screen cannot seat ``game`` at ``players``, or None where it can."""
    counts = screen_counts(game)
    if players is None or players in counts or players not in seat_counts(game):
        return None
    return (f"{get_game(game).title} at {players} players is played headless and in the arena only: "
            f"the screen seats {counts[0]} to {counts[-1]}")


def no_table(game: str) -> str:
    """What to say when ``game`` has no table."""
    return f"there is no game called {game!r}: choose one of {', '.join(GAMES)}"


@dataclass(frozen=True)
class GameChoice:
    """One game as the picker offers it."""

    name: str
    title: str
    blurb: str
    seat_counts: tuple[int, ...]  # the table sizes it is played at
    seatable: bool  # the screen has a table for it
    reason: str  # why not, when it has none

    @property
    def several_sizes(self) -> bool:
        return len(self.seat_counts) > 1

    def players_words(self) -> str:
        counts = self.seat_counts
        if len(counts) > 1:
            return f"{counts[0]}-{counts[-1]} players"
        return f"{counts[0]} players"


def choices() -> list[GameChoice]:
    """Every game ``whist-table games`` lists, in its order."""
    out = []
    for name, game in GAMES.items():
        seatable = has_table(name)
        out.append(GameChoice(name, game.title, game.blurb, screen_counts(name), seatable,
                              "" if seatable else "No table on the screen yet (headless and arena only)"))
    return out


def choice(name: str) -> GameChoice:
    return next(c for c in choices() if c.name == name)


def configured(config: Config) -> tuple[str, int | None]:
    """The game (and table size) the config starts the table with; the first game when
    the screen cannot seat the configured game yet (said in the log, not refused:
    a kiosk must start)."""
    name, players = config.game.name, config.game.players
    if not has_table(name):
        log.warning("the config's game: %s; starting %s", no_table(name), UNNAMED.title)
        return UNNAMED.name, None
    beyond = no_screen(name, players)
    if beyond is not None:
        log.warning("the config's game: %s; starting it at its own size", beyond)
        return name, None
    return name, players


def current(app: App) -> tuple[str, int]:
    """The game being played (or to be played next) and its table size."""
    session = app.current_session
    if session is not None:
        game = session.match.game
        if session.pending_rules is not None:
            game = game_of(session.pending_rules)
        return game.name, game.players
    game = get_game(app.options.game or UNNAMED.name, app.options.players)
    return game.name, game.players


def in_progress(app: App) -> bool:
    """A match of the game has begun and is not over: changing game would abandon it."""
    session = app.current_session
    return session is not None and bool(session.match.deals) and not session.match.is_over


def default_players(name: str, app: App) -> int | None:
    """The table size offered first for ``name``: the one in use, the config's, else the game's own."""
    counts = screen_counts(name)
    if len(counts) == 1:
        return None
    now, players = current(app)
    if now == name:
        return players
    if app.config.game.name == name and app.config.game.players in counts:
        return app.config.game.players
    return 4 if 4 in counts else counts[0]


def switch(app: App, name: str, players: int | None) -> None:
    """Play ``name`` (at ``players``) from now on: kept in the config (written back
    when Settings are), and the match in play, if any, abandoned unscored (the
    scenes ask first: in_progress)."""
    if len(seat_counts(name)) == 1:
        players = None
    app.options.game, app.options.players = name, players
    app.apply_config(app.config.updated({"game": {"name": name, "players": players}}))
    session = app.current_session
    if session is None:
        return  # made with the new game when first asked for
    rules = app.house_rules(app.config)
    now = session.match.game
    if (now.name, now.players) == (name, game_of(rules).players) and session.pending_rules is None:
        return  # the same game at the same table: the match in play goes on
    session.change_game(rules)

__all__ = ["SCREEN_SEATS", "GameChoice", "choice", "choices", "configured", "current", "default_players",
           "in_progress", "no_screen", "screen_counts",
           "switch"]
