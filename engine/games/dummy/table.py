"""Dummy whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Call, Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

SET_PENALTIES = ("shortfall", "bid")

TABLE = TableSpec(
    seat_counts=(3,),
    sides=Sides.CHOSEN,
    scores_by=ScoresBy.SEAT,
    piles=(Pile("dummy", "the dummy", 13, Place.OPPOSITE_DECLARER, Sight.EVERYONE, Moment.AUCTION_OVER,
                help="the fourth hand, face up once the auction is over, played by the declarer"),
           Pile("declarer", "the declarer's hand", 13, Place.DECLARER, Sight.TAKER, Moment.AUCTION_OVER,
                help="seen from the dummy's seat, which its declarer plays"),
           Pile("discard", "the cards laid away", 2, Place.DECLARER, Sight.TAKER, Moment.EXCHANGE,
                help="with jokers: the two cards the declarer lays away from the dummy")),
    calls=(Call("uptown", "Uptown", "high cards win"), Call("downtown", "Downtown", "low cards win"),
           Call("notrump", "No trump", "no trump suit; the declarer chooses the direction")),
    scans=(Scan("dummy", Moment.DEAL, "the dummy's cards, dealt face down"),),
    contracts=True,
)

SETTINGS = (
    SettingSpec("min_bid", "Lowest bid", (1, 2, 3, 4), "The fewest tricks over six a bid may promise."),
    SettingSpec("downtown_beats_uptown", "Downtown beats uptown", (False, True),
                "At the same number, downtown overcalls uptown."),
    SettingSpec("set_penalty", "Set loses", SET_PENALTIES, "A set loses the tricks short, or the whole bid."),
    SettingSpec("defenders_score_on_set", "Defenders score a set", (False, True),
                "A set's points go to each defender instead."),
    SettingSpec("target", "Game target", (11, 21, 31), "Points that win the match."),
    SettingSpec("jokers", "Jokers", (False, True),
                "54 cards: the dummy gets 15 and its declarer lays 2 away; the jokers are the top trumps."),
)
