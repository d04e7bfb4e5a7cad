"""Catch the Ten's table and house settings, for the screens, the config and the referee.

The table differs by size and by ``sides``: each alone, two pairs at four, or two or
three teams at six and eight, so there is a description for each and the game picks
the one its size and setting make."""

from __future__ import annotations

from engine.table_spec import Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

SIZES = (2, 3, 4, 5, 6, 7, 8)
SIDES = ("two", "three", "none")
COUNT_ORDERS = ("cards_then_honours", "honours_first")

_TURNED = Pile("turned", "the turned card", 1, Place.DEALER, Sight.EVERYONE,
               help="the dealer's last card, turned for trumps; it stays in the dealer's hand")
_SCAN = Scan("turned", Moment.DEAL, "its suit is trumps")

ALONE = TableSpec(seat_counts=SIZES, sides=Sides.ALONE, scores_by=ScoresBy.SEAT, piles=(_TURNED,),
                  scans=(_SCAN,), turned_card=True)
TEAMS = TableSpec(seat_counts=SIZES, sides=Sides.PAIRS, scores_by=ScoresBy.SIDE, piles=(_TURNED,),
                  scans=(_SCAN,), turned_card=True)
TABLE = TEAMS

SETTINGS = (
    SettingSpec("sides", "Partners", SIDES,
                "Two teams of alternate players (four, six, eight), three pairs sitting opposite (six), "
                "or each alone. Two, three and five or seven players always play alone.",
                words=(("two", "Two teams"), ("three", "Three pairs"), ("none", "Each alone"))),
    SettingSpec("packets", "Packets", (False, True),
                "Two or three players get their cards in packets of six, each played out in turn."),
    SettingSpec("target", "Game", (31, 41, 61), "Points that win the game."),
    SettingSpec("count_order", "Count first", COUNT_ORDERS,
                "When more than one side reaches the target: count the cards over first, then the "
                "ten, ace, king, queen, jack; or the honours first.",
                words=(("cards_then_honours", "Cards, then honours"), ("honours_first", "Honours first"))),
    SettingSpec("games_per_match", "Match", (1, 3), "One game, or the best of three.",
                words=((1, "One game"), (3, "Best of three"))),
)

__all__ = ["ALONE", "COUNT_ORDERS", "SETTINGS", "SIDES", "SIZES", "TABLE", "TEAMS"]
