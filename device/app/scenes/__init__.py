"""Scenes by name: menu, table, summary, scoresheet, stats, rules, settings, review, demo,
admin/pin, referee (real cards), enrol (the cards' reader tags), recall (the last deals replayed),
quit (asks before the table closes), celebration (a game or rubber won), scorepad
(the paper score pad) and abandon (asks before the rubber is given up)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from device.app.scenes.base import Scene

if TYPE_CHECKING:
    from device.app.app_protocol import App

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
    "games": ("game_picker", "GamePickerScene"),
    "change_game": ("game_picker", "ChangeGameScene"),
    "game_stats": ("game_stats", "GameStatsScene"),
    "phone": ("phone", "PhoneScene"),
}


def table_for(game: str) -> str:
    """The table scene that plays ``game``: the one table, for every game."""
    return "table"


def make(name: str, app: App, **kwargs: object) -> Scene:
    module, cls = SCENES[name]
    mod = importlib.import_module(f"device.app.scenes.{module}")
    scene = getattr(mod, cls)(app, **kwargs)
    if not isinstance(scene, Scene):
        raise TypeError(f"device.app.scenes.{module}.{cls} is not a Scene")
    return scene
