"""German whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

SCORE_MODES = ("per_trick", "difference", "majority")

TABLE = TableSpec(
    seat_counts=(2,),
    sides=Sides.ALONE,
    scores_by=ScoresBy.SEAT,
    piles=(Pile("turned", "the turned card", 1, Place.CENTRE, Sight.EVERYONE,
                help="the stock's top card at the deal: its suit is trumps"),
           Pile("stock", "the stock", 26, Place.CENTRE, Sight.NOBODY,
                help="the cards left after the deal; its top card (the upcard) face up"),
           Pile("upcard", "the upcard", 1, Place.CENTRE, Sight.EVERYONE, Moment.DEAL,
                help="the stock's top card: the trick's winner takes it")),
    scans=(Scan("turned", Moment.DEAL, "its suit is trumps, and the first trick's winner takes it"),
           Scan("stock", Moment.EVERY_TRICK, "the stock's next card as it is turned up")),
    turned_card=True,
)

SETTINGS = (
    SettingSpec("score_mode", "Scoring", SCORE_MODES,
                "A point a trick of the second half; the difference in tricks; or a point to the majority."),
    SettingSpec("phase1_counts", "First half counts", (False, True),
                "The first 13 tricks, played for the stock's cards, score too."),
    SettingSpec("target", "Game target", (25, 50, 100), "Points that win a game."),
    SettingSpec("games_per_match", "Match", (1, 3), "One game, or the best of three.",
                ((1, "one game"), (3, "best of 3"))),
)
