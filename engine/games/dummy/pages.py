"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Three players and a fourth hand, the dummy, face down until the auction is over.",
        "Each bids once, in turn from the dealer's left: a number of tricks over six (1 to 7) and a type, "
        "uptown (high cards win), downtown (low cards win, the ace still high) or no trump. A bid must beat "
        "the one before: a higher number, or the same number with uptown < downtown < no trump. If the "
        "other two pass, the dealer must bid.",
        "The highest bidder declares: the dummy is turned face up opposite them, and they name trumps (a "
        "suit bid) or the direction (no trump).",
        "The declarer leads and plays the dummy's cards too, in turn: declarer, left opponent, dummy, right "
        "opponent. When you declare, tap the dummy's cards like your own.",
        "Only the declarer scores: made, the tricks over six (with the dummy's); set, minus the tricks "
        "short. First to 21 wins.",
        "With the jokers setting the pack is 54: the dummy gets 15 and the declarer lays 2 of them away "
        "before it is turned. The jokers are the two top trumps, big above little; at no trump they belong "
        "to no suit and never win.",
    ),
    glossary=(
        ("Dummy", "the fourth hand, face up, played by the declarer from across the table."),
        ("Declarer", "the highest bidder, who plays with the dummy against the other two."),
        ("Uptown, downtown", "high cards win, or low cards win (the ace stays high)."),
        ("Set", "the declarer and the dummy took fewer tricks than bid."),
    ),
)
