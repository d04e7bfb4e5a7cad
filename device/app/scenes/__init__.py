"""Scenes by name: menu, table, summary, scoresheet, stats, rules, settings, review, demo,
admin/pin, referee (real cards), enrol (the cards' reader tags), recall (the last deals replayed)
and quit (asks before the table closes)."""

from __future__ import annotations

import importlib

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
}


def make(name: str, app, **kwargs):
    module, cls = SCENES[name]
    mod = importlib.import_module(f"device.app.scenes.{module}")
    return getattr(mod, cls)(app, **kwargs)
