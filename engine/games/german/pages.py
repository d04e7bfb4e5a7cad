"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Two players, 13 cards each; the rest is the stock, its top card turned: its suit is trumps.",
        "For the first 13 tricks the winner of each trick takes the turned card and the loser the next one, "
        "unseen; then the next card is turned.",
        "With the stock gone, 13 more tricks are played for points: one point a trick. First to 50 wins.",
    ),
    glossary=(
        ("Stock", "the cards left after the deal, its top card face up."),
        ("Second half", "the last 13 tricks, the ones that score."),
    ),
)
