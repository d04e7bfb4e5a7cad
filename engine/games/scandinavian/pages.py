"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Two players. Each has 8 cards face down with 8 face up on them, and 10 in hand.",
        "The non-dealer says high or low; after low, the dealer says high or low. There are no trumps.",
        "A trick is four cards: leader, other, leader, other, each from the hand or a face-up card. Follow "
        "the suit led if you hold it in hand or face up. A card under a played one is turned at once and "
        "may be played.",
        "High: the bidder with 7 tricks or more scores a point a trick over six; short of that the other "
        "scores two a trick over six. Low: the player with fewer tricks scores 7 less those tricks. First "
        "to 13 wins.",
    ),
    glossary=(
        ("Layout", "a player's 8 piles of two cards on the table, the top one face up."),
        ("High, low", "a game to win tricks, or to lose them."),
    ),
)
