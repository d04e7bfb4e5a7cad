"""How to play the games that had no page of their own yet (Norwegian, German,
Scandinavian and Solo whist), by game name, from the rules
file's description with the engine's default settings; and the page the game
picker shows for a game that is not the one at the table (its default
settings, how to play it, its glossary).

A page in device.app.game_pages (written beside a game's table) wins over
the one here."""

from __future__ import annotations

MORE_PAGES: dict[str, tuple[list[str], list[tuple[str, str]]]] = {
    "norwegian": (
        [
            "Four players in two partnerships, 13 cards each. There are never trumps.",
            "Eldest speaks first: pass, grand (win tricks) or nullo (lose them). The first bid fixes the "
            "hand; if everyone passes it is nullo.",
            "Grand: the bidders with seven tricks or more score 4 a trick over six; short of that the "
            "other side scores 8 for each of theirs over six. Nullo: the side with fewer tricks scores 2 "
            "for each trick the other side took over six. First to 50 wins.",
        ],
        [("Grand", "a hand played to win tricks."), ("Nullo", "a hand played to lose tricks.")],
    ),
    "german": (
        [
            "Two players, 13 cards each; the rest is the stock, its top card turned: its suit is trumps.",
            "For the first 13 tricks the winner of each trick takes the turned card and the loser the next "
            "one, unseen; then the next card is turned.",
            "With the stock gone, 13 more tricks are played for points: one point a trick. First to 50 "
            "wins.",
        ],
        [("Stock", "the cards left after the deal, its top card face up."),
         ("Second half", "the last 13 tricks, the ones that score.")],
    ),
    "scandinavian": (
        [
            "Two players. Each has 8 cards face down with 8 face up on them, and 10 in hand.",
            "The non-dealer says high or low; after low, the dealer says high or low. There are no trumps.",
            "A trick is four cards: leader, other, leader, other, each from the hand or a face-up card. "
            "Follow the suit led if you hold it in hand or face up. A card under a played one is turned "
            "at once and may be played.",
            "High: the bidder with 7 tricks or more scores a point a trick over six; short of that the "
            "other scores two a trick over six. Low: the player with fewer tricks scores 7 less those "
            "tricks. First to 13 wins.",
        ],
        [("Layout", "a player's 8 piles of two cards on the table, the top one face up."),
         ("High, low", "a game to win tricks, or to lose them.")],
    ),
    "solo": (
        [
            "Four players, each alone; the dealer's last card is turned: the turned trump.",
            "From eldest, each passes or bids higher: propose (and another accepts: 8 tricks together), "
            "solo (5 tricks), misère (none, no trumps), abundance (9, trumps of your choice), royal "
            "abundance (9, the turned trumps), open misère (none, your hand shown), abundance declared "
            "(all 13, no trumps).",
            "Made, each other player pays you the bid's units; failed, you pay each of them. If all pass "
            "the cards are dealt again. Twelve deals; the highest total wins.",
        ],
        [("Prop and cop", "a proposal and its acceptance: two players together for 8 tricks."),
         ("Misère", "a bid to take no trick at all."),
         ("Abundance", "a bid of 9 tricks with trumps the bidder names.")],
    ),
}


def other_game_lines(name: str, players: int | None) -> list[tuple[str, str]]:
    """The page of a game not at the table: what it is, its default settings, how to play it."""
    from device.app.scenes.rules import house_rules, how_to_play
    from engine.games import get_game

    game = get_game(name, players)
    out: list[tuple[str, str]] = [("h", game.title), ("t", game.blurb[0].upper() + game.blurb[1:] + "."),
                                  ("", ""), ("h", "Its settings here")]
    out += [("t", s) for s in house_rules(game.default_rules())]
    out.append(("", ""))
    return out + how_to_play(name)


__all__ = ["MORE_PAGES", "other_game_lines"]
