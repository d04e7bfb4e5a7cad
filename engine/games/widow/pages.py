"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Three players, each for themselves, and a fourth hand, the widow, dealt face down.",
        "Trumps: by default the dealer's last card is turned and taken up; its suit stands all hand.",
        "The player on the dealer's left, then the next, then the dealer may take the widow: tap Take the "
        "widow or Pass. The taker sees it face up above their hand and keeps either hand whole with a "
        "button; the other is laid away, dead.",
        "With the chain setting the hand laid away is offered on to the players after the taker, each of "
        "whom may swap their own hand for it unseen.",
        "The player on the dealer's left leads; thirteen tricks of three cards. Follow suit if you can; the "
        "highest trump wins, else the highest card of the suit led.",
        "Each scores tricks taken less par: 4 for the widow's taker, 3 for everyone else (a minus score is "
        "possible). Twelve deals; the highest total wins.",
    ),
    glossary=(
        ("Widow", "the fourth hand, dealt first; one player may take it and keep the better hand."),
        ("Dead hand", "the hand laid away by the taker: not played this deal."),
        ("Par", "the tricks a player must take to score nothing: 4 for the taker, 3 for the others."),
        ("Chain", "the rejected hand offered on in turn, to swap for unseen."),
    ),
)
