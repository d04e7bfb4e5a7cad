"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Four players in two partnerships: you (South) and your partner (North) against East and West. 54 "
        "cards: the 52 and a big and a little joker.",
        "Each player gets 12 cards; 6 go face down to the kitty.",
        "The auction starts on the dealer's left. A bid is a number of books over six, 1 to 7 (the kitty "
        "counts as one), uptown (high cards win), downtown (low cards win) or no trump. Each bid must beat "
        "the last: a higher number, or at the same number uptown, then downtown, then no trump. If the "
        "first three pass, the dealer must bid.",
        "The winner names trumps (at no trump: uptown or downtown), takes the kitty into hand and lays any "
        "6 cards away; they are the side's first book. Tap six cards, then Lay away.",
        "At a trump contract the big and the little joker are the two highest trumps; a joker led calls for "
        "trumps. At no trump the jokers never win a trick. Downtown the ace stays high: A 2 3 ... K.",
        "The bidder leads. Made: the side scores every book over six. Set: it loses what it was short. Only "
        "the bidding side scores; a game is won at +5 and lost at -5 (as the house sets).",
    ),
    glossary=(
        ("Book", "a trick; books over six are what a bid promises (the kitty is the first book)."),
        ("Kitty", "the six cards dealt face down, taken up by the auction's winner."),
        ("Uptown", "the usual order: A K Q ... 2."),
        ("Downtown", "low cards win: A 2 3 ... K (the ace kept high unless the house says otherwise)."),
        ("No trump", "no trump suit; the jokers are worthless and the bidder chooses uptown or downtown."),
        ("Joker", "the big joker beats the little one, and both beat every other trump."),
        ("Set", "a contract not made: the bidding side's score goes down."),
    ),
)
