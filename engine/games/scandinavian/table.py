"""Scandinavian whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Call, Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

TABLE = TableSpec(
    seat_counts=(2,),
    sides=Sides.ALONE,
    scores_by=ScoresBy.SEAT,
    piles=(Pile("layout", "the layout", 16, Place.EACH_SEAT, Sight.EVERYONE, Moment.DEAL,
                help="eight piles of two in front of each player, the top card face up and playable"),
           Pile("covered", "the face-down cards", 8, Place.EACH_SEAT, Sight.NOBODY,
                help="the face-up cards that still have a card under them, turned when they are played")),
    calls=(Call("high", "High", "a game to win tricks"), Call("low", "Low", "a game to lose tricks")),
    scans=(Scan("up", Moment.DEAL, "each player's eight face-up cards"),
           Scan("down", Moment.EVERY_TRICK, "a card turned up where one was played from a pile")),
    cards_per_trick_per_seat=2,
    trumps=False,
)

SETTINGS = (
    SettingSpec("target", "Game target", (7, 13, 21), "Points that win a game."),
    SettingSpec("games_per_match", "Match", (1, 3), "One game, or the best of three.",
                ((1, "one game"), (3, "best of 3"))),
)
