"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Four players in two partnerships: you (South) and your partner (North) against East and West.",
        "The dealer deals all 52 cards, 13 each; the last card is turned face up and its suit is trumps. It "
        "stays on the table until the dealer plays to the first trick.",
        "The player on the dealer's left leads. Everyone must follow suit if they can; if not, any card may "
        "be played, a trump included.",
        "The highest trump wins the trick; without a trump, the highest card of the suit led. The winner "
        "leads to the next trick.",
        "Each trick a side takes over six scores one point. The first side to reach the game target wins "
        "the game; two games win the rubber.",
        "Tap a raised card to choose it and tap it again to play it, or drag it to the middle. Keys: arrows "
        "choose, Enter plays, H hint, L last trick, Esc menu.",
    ),
    glossary=(
        ("Trump", "the suit that beats every other suit in this hand."),
        ("Trick", "one card from each player, in turn. The highest trump wins it; if no trump was played, "
                  "the highest card of the suit led (a card of another suit never wins)."),
        ("Lead", "the first card of a trick; the others must follow its suit if they can."),
        ("Round", "thirteen tricks: one deal played out, the same as a hand."),
        ("Hand", "one deal played out: 13 tricks (also called a round)."),
        ("Game", "hands are played until one side reaches the target score."),
        ("Rubber", "the best of three games; it ends at 2-0 without a third game."),
        ("Match", "a rubber, or a series of rubbers between the same partnerships."),
        ("Revoke", "failing to follow suit when able. The table refuses such a card; at a real table it is "
                   "a penalty of tricks given to the other side."),
        ("Honours", "the ace, king, queen and jack of trumps. When counted, a side dealt all four scores 4, "
                    "three of them 2."),
    ),
)
