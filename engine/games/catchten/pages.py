"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Two to eight players with the 36 cards from six to ace (at five or seven the six of spades is "
        "taken out, at eight every six). Four play as two pairs, six as two teams of alternate players "
        "(or three pairs sitting opposite), eight as two teams; otherwise each plays alone.",
        "Every card is dealt, one at a time. The dealer's last card is turned: its suit is trumps, and "
        "the card stays in the dealer's hand. Two players get three packets of six, three players two: "
        "each packet is played out before the next is taken up.",
        "Follow suit if you can, else play any card. In trumps the jack is the highest card, then ace, "
        "king, queen, ten, nine down to six; the other suits run ace down to six.",
        "At the end of the deal each side scores the trumps it took: jack 11, ace 4, king 3, queen 2 and "
        "the ten 10, and a point for every card it took beyond the number it was dealt.",
        "The ten of trumps is the prize: catch it from the other side, and save your own with a trick "
        "you are sure to win. The jack cannot be caught: it wins whatever trick it is played to.",
        "The first side to 41 wins. If more than one reach it in the same deal, count the cards over "
        "first, then the ten, ace, king, queen and jack: the first to 41 in that count wins.",
    ),
    glossary=(
        ("Honours", "the jack, ace, king, queen and ten of trumps: 11, 4, 3, 2 and 10 points."),
        ("Cards over", "the cards a side took beyond the number dealt to it: a point each."),
        ("Turned card", "the dealer's last card, shown to all: its suit is trumps."),
        ("Packet", "six cards of a player's deal at two or three players, played out before the next."),
        ("Count order", "who wins when more than one side reach the target in the same deal."),
    ),
)
