"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Four players, each alone; the dealer's last card is turned: the turned trump.",
        "From eldest, each passes or bids higher: propose (and another accepts: 8 tricks together), solo (5 "
        "tricks), misère (none, no trumps), abundance (9, trumps of your choice), royal abundance (9, the "
        "turned trumps), open misère (none, your hand shown), abundance declared (all 13, no trumps).",
        "Made, each other player pays you the bid's units; failed, you pay each of them. If all pass the "
        "cards are dealt again. Twelve deals; the highest total wins.",
    ),
    glossary=(
        ("Prop and cop", "a proposal and its acceptance: two players together for 8 tricks."),
        ("Misère", "a bid to take no trick at all."),
        ("Abundance", "a bid of 9 tricks with trumps the bidder names."),
    ),
)
