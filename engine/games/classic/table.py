"""Classic whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.games.classic.rules import REVOKE_PENALTIES, TARGETS
from engine.table_spec import Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

TABLE = TableSpec(
    seat_counts=(4,),
    sides=Sides.PAIRS,
    scores_by=ScoresBy.SIDE,
    piles=(Pile("turned", "the turned card", 1, Place.DEALER, Sight.EVERYONE,
                help="the dealer's last card, face up until the dealer plays to the first trick"),),
    scans=(Scan("turned", Moment.DEAL, "its suit is trumps"),),
    turned_card=True,
)

SETTINGS = (
    SettingSpec("target", "Game target", TARGETS, "Points a side needs to win a game.",
                tuple((t, f"{t} points") for t in TARGETS)),
    SettingSpec("honours", "Honours", (False, True),
                "Count the ace, king, queen and jack of trumps: all four dealt to a side score 4, three 2."),
    SettingSpec("revoke_penalty", "Revoke penalty", REVOKE_PENALTIES,
                "Tricks a side gives the other for failing to follow suit when able (a real-card table).",
                tuple((p, f"{p} tricks") for p in REVOKE_PENALTIES)),
    SettingSpec("cycling_trumps", "Cycling trumps", (False, True),
                "No card turned: trumps go round the suits in the cycle order, then a hand of no trumps."),
    SettingSpec("cycle_order", "Cycle order", ("DCHS", "HSDC", "SHDC", "CDHS"),
                "The order of the suits with cycling trumps.",
                tuple((o, " ".join(o)) for o in ("DCHS", "HSDC", "SHDC", "CDHS"))),
    SettingSpec("rubber_points", "Rubber points", (False, True),
                "Keep the value of each game (treble, double, single) and the rubber's bonus."),
)
