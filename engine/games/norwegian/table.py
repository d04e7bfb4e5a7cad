"""Norwegian whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Call, ScoresBy, SettingSpec, Sides, TableSpec

BID_STYLES = ("spoken", "cards")
COLOURS = ("black", "red")

TABLE = TableSpec(
    seat_counts=(4,),
    sides=Sides.PAIRS,
    scores_by=ScoresBy.SIDE,
    calls=(Call("grand", "Grand", "a hand played to win tricks"),
           Call("nullo", "Nullo", "a hand played to lose tricks")),
    contracts=True,
    trumps=False,
)

_MATCH = (1, 3)
SETTINGS = (
    SettingSpec("grand_made", "Grand made", (2, 4, 6), "Points a trick over six when grand is made."),
    SettingSpec("grand_set", "Grand set", (4, 8, 12),
                "The other side's points a trick over six when it is not."),
    SettingSpec("nullo", "Nullo", (1, 2, 3),
                "The low side's points for each of the other side's tricks over six."),
    SettingSpec("target", "Game target", (30, 50, 100), "Points that win a game."),
    SettingSpec("games_per_match", "Match", _MATCH, "One game, or the best of three.",
                ((1, "one game"), (3, "best of 3"))),
    SettingSpec("bid_style", "Bids", BID_STYLES,
                "Grand or nullo said aloud, or a card laid face down (Minnesota)."),
    SettingSpec("high_colour", "Colour for grand", COLOURS, "With laid cards: the colour that votes grand."),
)
