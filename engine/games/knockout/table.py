"""Knockout whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

TIE_BREAKS = ("cut", "earliest")

TABLE = TableSpec(
    seat_counts=(2, 3, 4, 5, 6, 7),
    sides=Sides.ALONE,
    scores_by=ScoresBy.SEAT,
    piles=(Pile("turned", "the turned card", 1, Place.DEALER, Sight.EVERYONE,
                help="the first hand only: the stock's top card, its suit trumps"),),
    scans=(Scan("turned", Moment.DEAL, "the first hand's trumps"),),
    turned_card=True,
    knockouts=True,
)

SETTINGS = (
    SettingSpec("start", "First hand", (7, 13), "Cards each in the first hand; one fewer each hand after."),
    SettingSpec("tie_break", "Tie for trumps", TIE_BREAKS,
                "Players level on most tricks cut for the choice of trumps, or the earliest chooses."),
    SettingSpec("allow_no_trumps", "No trumps", (False, True), "The player naming trumps may name none."),
    SettingSpec("dogs_life", "Dog's life", (False, True),
                "A player out of tricks gets one card next hand and may knock instead of playing it."),
)
