"""Widow whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Call, Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

TAKE, SWAP = "take", "swap"
TRUMPS = ("dealer_last_card", "fixed(S)", "fixed(H)", "fixed(D)", "fixed(C)", "none")

TABLE = TableSpec(
    seat_counts=(3,),
    sides=Sides.ALONE,
    scores_by=ScoresBy.SEAT,
    piles=(Pile("widow", "the widow", 13, Place.CENTRE, Sight.TAKER, Moment.EXCHANGE,
                help="the fourth hand, dealt face down; one player may take it and keep the better hand"),
           Pile("dead", "the dead hand", 13, Place.DECLARER, Sight.NOBODY, Moment.EXCHANGE,
                help="the hand laid away by the taker, not played this deal"),
           Pile("turned", "the turned card", 1, Place.DEALER, Sight.EVERYONE,
                help="the dealer's last card, turned and taken up (with the default trumps)")),
    calls=(Call(TAKE, "Take the widow"), Call("swap", "Swap hands"), Call("widow", "Widow"),
           Call("no taker", "No taker")),
    scans=(Scan("turned", Moment.DEAL, "its suit is trumps (with the default trumps)"),
           Scan("widow", Moment.DEAL, "the widow's cards, to give the taker")),
    turned_card=True,
)

SETTINGS = (
    SettingSpec("trumps", "Trumps", TRUMPS, "The dealer's last card turned, a fixed suit, or none.",
                (("dealer_last_card", "dealer's last card"), ("fixed(S)", "spades"), ("fixed(H)", "hearts"),
                 ("fixed(D)", "diamonds"), ("fixed(C)", "clubs"))),
    SettingSpec("chain", "Chain", (False, True),
                "The rejected hand is offered on to the players after the taker, to swap for unseen."),
    SettingSpec("deals", "Deals", (4, 8, 12, 16, 20), "Deals a match lasts."),
)
