"""Bid Whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.order import JOKER_LEADS
from engine.table_spec import Call, Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

TABLE = TableSpec(
    seat_counts=(4,),
    sides=Sides.PAIRS,
    scores_by=ScoresBy.SIDE,
    piles=(Pile("kitty", "the kitty", 6, Place.CENTRE, Sight.EVERYONE, Moment.AUCTION_OVER,
                help="six cards face down; turned for all to see (as the house says), then taken up"),
           Pile("discard", "the cards laid away", 6, Place.DECLARER, Sight.TAKER, Moment.EXCHANGE,
                help="the bidder's six cards laid away: the side's first book")),
    calls=(Call("uptown", "Uptown", "high cards win"), Call("downtown", "Downtown", "low cards win"),
           Call("notrump", "No trump", "no trump suit; the bidder chooses the direction")),
    scans=(Scan("kitty", Moment.DEAL, "the kitty's cards, to give the bidder"),),
    contracts=True,
)

_ON = (False, True)
SETTINGS = (
    SettingSpec("kitty_deal", "Kitty dealt", ("spread", "last_six"),
                "The kitty dealt a card after each of the first six rounds, or the last six cards."),
    SettingSpec("min_bid", "Lowest bid", (1, 2, 3, 4), "The fewest books over six a bid may promise."),
    SettingSpec("downtown_beats_uptown", "Downtown beats uptown", _ON,
                "At the same number, downtown overcalls uptown."),
    SettingSpec("auction", "Auction", ("once", "open"), "Each player speaks once, or until three pass."),
    SettingSpec("dealer_may_match", "Dealer may match", _ON,
                "The dealer may take the bid at the same number."),
    SettingSpec("trump_before_kitty", "Trumps before the kitty", _ON,
                "The bidder names trumps before seeing the kitty."),
    SettingSpec("kitty_shown", "Kitty shown", ("except_nt", "always", "never"),
                "Whether the kitty is turned for all to see before the bidder takes it.",
                (("except_nt", "unless NT"),)),
    SettingSpec("downtown_ace", "Downtown ace", ("high", "low"), "Whether the ace stays high downtown."),
    SettingSpec("joker_lead", "A led joker", JOKER_LEADS,
                "A joker led calls for trumps, or the next card sets the suit.",
                (("trump", "calls trumps"), ("free", "free"))),
    SettingSpec("made_score", "Made scores", ("all_odd", "bid_only"),
                "A made contract scores every book over six, or only the bid.",
                (("all_odd", "every book"), ("bid_only", "the bid"))),
    SettingSpec("set_penalty", "Set loses", ("shortfall", "bid"),
                "A set loses the books short, or the whole bid."),
    SettingSpec("nt_double", "No trump doubled", _ON, "A no-trump contract scores double, made or set."),
    SettingSpec("win_at", "Game won at", (5, 7, 9, 11), "The score that wins a game."),
    SettingSpec("lose_at", "Game lost at", (-5, -7, -9, None), "The score that loses a game, or never."),
    SettingSpec("games_per_match", "Match", (1, 3), "One game, or the best of three.",
                ((1, "one game"), (3, "best of 3"))),
)
