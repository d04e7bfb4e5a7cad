"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Three to seven players, each for themselves. You sit at the bottom; the next player is on your "
        "left.",
        "The hands shrink and grow: by default the largest hand first, one card fewer each hand down to "
        "one, then back up. The top card of what is left is turned: its suit is trumps (no trumps when "
        "every card is dealt).",
        "Each player bids the exact number of tricks they will take, the player on the dealer's left first "
        "and the dealer last. With the hook, the dealer may not bid the number that makes the bids add up "
        "to the tricks in the hand: someone must miss.",
        "Follow suit if you can; the highest trump wins, else the highest card of the suit led.",
        "Take exactly your bid: 10 points plus 1 a trick. Miss, and you lose a point for each trick over or "
        "under. The highest total after the last hand wins.",
        "Bid with the big numbered buttons; a greyed number is the dealer's hook.",
    ),
    glossary=(
        ("Bid", "the exact number of tricks you say you will take this hand."),
        ("Hook", "the dealer may not make the bids add up to the tricks in the hand."),
        ("Over, under", "the bids add up to more (or fewer) tricks than the hand has."),
        ("Turn-up", "the card turned from the undealt stock; its suit is trumps all hand."),
        ("Schedule", "the hand sizes in order: down, up, down and up, or fixed."),
    ),
)
