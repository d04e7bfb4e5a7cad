"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Four players in two partnerships, 13 cards each. There are never trumps.",
        "Eldest speaks first: pass, grand (win tricks) or nullo (lose them). The first bid fixes the hand; "
        "if everyone passes it is nullo.",
        "Grand: the bidders with seven tricks or more score 4 a trick over six; short of that the other "
        "side scores 8 for each of theirs over six. Nullo: the side with fewer tricks scores 2 for each "
        "trick the other side took over six. First to 50 wins.",
    ),
    glossary=(
        ("Grand", "a hand played to win tricks."),
        ("Nullo", "a hand played to lose tricks."),
    ),
)
