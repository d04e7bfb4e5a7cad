"""Hearts' table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Pile, Place, ScoresBy, SettingSpec, Sides, Sight, TableSpec

PASS_CYCLES = ("cycle", "left", "none")
MOONS = ("others_plus_26", "choice", "off")
TARGETS = (50, 100)

TABLE = TableSpec(
    seat_counts=(3, 4, 5, 6),
    sides=Sides.ALONE,
    scores_by=ScoresBy.SEAT,
    piles=(Pile("passed", "the cards you passed", 0, Place.DECLARER, Sight.TAKER,
                help="the cards you passed before the play, face down to the others"),),
    lowest_wins=True,
    trumps=False,
)

SETTINGS = (
    SettingSpec("pass_count", "Cards passed", (0, 1, 2, 3, 4),
                "Cards each player passes before the play."),
    SettingSpec("pass_cycle", "Pass to", PASS_CYCLES,
                "Left, right, across, hold in turn (across only at four), left every hand, or no pass.",
                words=(("cycle", "In turn"), ("left", "Left always"), ("none", "No pass"))),
    SettingSpec("first_trick_points", "Points on trick 1", (False, True),
                "Hearts and the queen of spades may be played to the first trick."),
    SettingSpec("queen_breaks_hearts", "Queen breaks hearts", (False, True),
                "Playing the queen of spades lets hearts be led."),
    SettingSpec("jack_diamonds", "Jack of diamonds", (False, True),
                "Omnibus: taking the jack of diamonds scores minus 10."),
    SettingSpec("moon", "Shooting the moon", MOONS,
                "Taking every heart and the queen: 26 to each other, the shooter's choice, or nothing.",
                words=(("others_plus_26", "26 to the others"), ("choice", "Shooter's choice"),
                       ("off", "Off"))),
    SettingSpec("target", "Game to", TARGETS, "The game ends when anyone reaches this; lowest total wins."),
)
