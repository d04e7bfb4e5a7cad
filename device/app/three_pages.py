"""How to play and the glossary of the three-handed games at the table (widow
whist, dummy whist), by game name, for the rules screen."""

from __future__ import annotations

PAGES: dict[str, tuple[list[str], list[tuple[str, str]]]] = {
    "widow": (
        [
            "Three players, each for themselves, and a fourth hand, the widow, dealt face down.",
            "Trumps: by default the dealer's last card is turned and taken up; its suit stands all hand.",
            "The player on the dealer's left, then the next, then the dealer may take the widow: tap "
            "Take the widow or Pass. The taker sees it face up above their hand and keeps either hand "
            "whole with a button; the other is laid away, dead.",
            "With the chain setting the hand laid away is offered on to the players after the taker, "
            "each of whom may swap their own hand for it unseen.",
            "The player on the dealer's left leads; thirteen tricks of three cards. Follow suit if you "
            "can; the highest trump wins, else the highest card of the suit led.",
            "Each scores tricks taken less par: 4 for the widow's taker, 3 for everyone else (a minus "
            "score is possible). Twelve deals; the highest total wins.",
        ],
        [
            ("Widow", "the fourth hand, dealt first; one player may take it and keep the better hand."),
            ("Dead hand", "the hand laid away by the taker: not played this deal."),
            ("Par", "the tricks a player must take to score nothing: 4 for the taker, 3 for the others."),
            ("Chain", "the rejected hand offered on in turn, to swap for unseen."),
        ],
    ),
    "dummy": (
        [
            "Three players and a fourth hand, the dummy, face down until the auction is over.",
            "Each bids once, in turn from the dealer's left: a number of tricks over six (1 to 7) and a "
            "type, uptown (high cards win), downtown (low cards win, the ace still high) or no trump. "
            "A bid must beat the one before: a higher number, or the same number with uptown < downtown "
            "< no trump. If the other two pass, the dealer must bid.",
            "The highest bidder declares: the dummy is turned face up opposite them, and they name "
            "trumps (a suit bid) or the direction (no trump).",
            "The declarer leads and plays the dummy's cards too, in turn: declarer, left opponent, "
            "dummy, right opponent. When you declare, tap the dummy's cards like your own.",
            "Only the declarer scores: made, the tricks over six (with the dummy's); set, minus the "
            "tricks short. First to 21 wins.",
            "With the jokers setting the pack is 54: the dummy gets 15 and the declarer lays 2 of them "
            "away before it is turned. The jokers are the two top trumps, big above little; at no "
            "trump they belong to no suit and never win.",
        ],
        [
            ("Dummy", "the fourth hand, face up, played by the declarer from across the table."),
            ("Declarer", "the highest bidder, who plays with the dummy against the other two."),
            ("Uptown, downtown", "high cards win, or low cards win (the ace stays high)."),
            ("Set", "the declarer and the dummy took fewer tricks than bid."),
        ],
    ),
}

__all__ = ["PAGES"]
