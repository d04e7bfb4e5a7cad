"""Scenes by name: menu, table, summary, scoresheet, stats, rules, settings, review, demo,
admin/pin, referee (real cards), enrol (the cards' reader tags), recall (the last deals replayed),
quit (asks before the table closes), celebration (a game or rubber won), scorepad
(the paper score pad) and abandon (asks before the rubber is given up)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from device.app.scenes.base import Scene

if TYPE_CHECKING:
    from device.app.app import App

SCENES = {
    "menu": ("menu", "MenuScene"),
    "table": ("table", "TableScene"),
    "summary": ("summary", "SummaryScene"),
    "scoresheet": ("scoresheet", "ScoreSheetScene"),
    "stats": ("stats", "StatsScene"),
    "rules": ("rules", "RulesScene"),
    "settings": ("settings", "SettingsScene"),
    "review": ("review", "ReviewScene"),
    "demo": ("demo", "DemoScene"),
    "admin": ("admin", "AdminScene"),
    "pin": ("admin", "PinScene"),
    "referee": ("referee", "RefereeScene"),
    "enrol": ("enrol", "EnrolScene"),
    "recall": ("recall", "RecallScene"),
    "quit": ("quit", "QuitScene"),
    "celebration": ("celebration", "CelebrationScene"),
    "scorepad": ("scorepad", "ScorePadScene"),
    "abandon": ("abandon", "AbandonScene"),
    "duplicate_table": ("duplicate", "DuplicateTableScene"),
    "duplicate": ("duplicate", "DuplicateScene"),
    "hall": ("hall", "HallScene"),
    "hall_seats": ("hall_seats", "HallSeatsScene"),
    "hall_referee": ("hall_referee", "HallRefereeScene"),
    "solo_table": ("solo_table", "SoloTableScene"),
    "games": ("game_picker", "GamePickerScene"),
    "change_game": ("game_picker", "ChangeGameScene"),
    "game_stats": ("game_stats", "GameStatsScene"),
    "family_table": ("family_table", "FamilyTableScene"),
}

# Games whose table is not the four-seat one: each plays alone at two to seven seats.
TABLES = {"oh-hell": "solo_table", "knockout": "solo_table", "german": "solo_table",
          "scandinavian": "solo_table",
          # the solo table with a widow, a dummy or an open misère's hand
          "solo": "family_table", "widow": "family_table", "dummy": "family_table"}


FOUR_SEAT_TABLE = ("classic", "norwegian", "bid")  # the table scene's own games


def has_table(game: str) -> bool:
    """Whether the table app can seat ``game`` (the others play headless and in the arena)."""
    return game in TABLES or game in FOUR_SEAT_TABLE


def no_table(game: str) -> str:
    """What to say when ``game`` has no table yet."""
    return (f"{game} has no table on the screen yet: play it with "
            f"`whist-table demo --headless --game {game}` or in `whist-table arena --game {game}`")


def table_for(game: str) -> str:
    """The table scene that plays ``game``."""
    return TABLES.get(game, "table")


def make(name: str, app: App, **kwargs: object) -> Scene:
    module, cls = SCENES[name]
    mod = importlib.import_module(f"device.app.scenes.{module}")
    scene = getattr(mod, cls)(app, **kwargs)
    if not isinstance(scene, Scene):
        raise TypeError(f"device.app.scenes.{module}.{cls} is not a Scene")
    return scene
