"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Two to seven players, each for themselves. Seven cards each in the first hand (or 13), one fewer "
        "each hand.",
        "In the first hand the top card of the stock is turned for trumps. After that the player who took "
        "most tricks names trumps after seeing the new hand (a tie is settled by a cut).",
        "Follow suit if you can; the highest trump wins, else the highest card of the suit led.",
        "Take no trick and you are out. The last player left wins.",
    ),
    glossary=(
        ("Knocked out", "a player who took no trick in a hand leaves the game."),
        ("Naming trumps", "the player with most tricks last hand picks the trump suit."),
        ("Cut", "tied players each draw a card; the highest chooses."),
    ),
)
