"""The rules screen's pages of this game: how to play and its glossary."""

from __future__ import annotations

from engine.table_spec import Pages

PAGES = Pages(
    how_to_play=(
        "Three to six players, each for themselves (four by default). Every card is dealt; at three, five "
        "and six the low cards ♦2, ♣2, ♣3 and ♠2 are taken out as needed so the hands are even.",
        "Before the play each player passes three cards face down: to the left, then the right, then "
        "across (at four only), then nobody, by turns. Tap three cards and pass them; you see what you "
        "receive once everyone has passed.",
        "The ♣2 (the lowest club in play) leads the first trick. Follow suit if you can; the highest card "
        "of the suit led wins. There are no trumps.",
        "No heart and no ♠Q may be played to the first trick unless you hold nothing else. Hearts may not "
        "be led until a heart has been played, unless you hold only hearts.",
        "Each heart you take scores 1 point against you, the ♠Q 13. Take all 26 and you have shot the "
        "moon: each other player scores 26 instead. With the shooter's choice the table chooses for you: "
        "26 to each other player when that ends the game with you lowest, else 26 off your own score.",
        "Omnibus (a house setting): the ♦J scores minus 10 to whoever takes it.",
        "When anyone reaches 100 at the end of a hand the game ends; the lowest total wins.",
    ),
    glossary=(
        ("Pass", "the three cards each player gives another before the play."),
        ("Hold", "a hand with no pass."),
        ("Broken", "a heart has been played, so hearts may be led."),
        ("Shooting the moon", "taking every heart and the ♠Q: the 26 points go to the others."),
        ("Omnibus", "the house rule where taking the ♦J scores minus 10."),
        ("Points", "penalties: the lowest total wins."),
    ),
)
