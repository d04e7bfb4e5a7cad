"""How to play, a glossary, and the house settings in force."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.app.scenes.base import ScrollScene
from engine.rules import Rules

if TYPE_CHECKING:
    from device.app.app import App
    from engine.game import GameRules

HOW_TO_PLAY = [
    "Four players in two partnerships: you (South) and your partner (North) against East and West.",
    "The dealer deals all 52 cards, 13 each; the last card is turned face up and its suit is trumps. "
    "It stays on the table until the dealer plays to the first trick.",
    "The player on the dealer's left leads. Everyone must follow suit if they can; if not, any card "
    "may be played, a trump included.",
    "The highest trump wins the trick; without a trump, the highest card of the suit led. The winner "
    "leads to the next trick.",
    "Each trick a side takes over six scores one point. The first side to reach the game target wins "
    "the game; two games win the rubber.",
    "Tap a raised card to choose it and tap it again to play it, or drag it to the middle. Keys: arrows "
    "choose, Enter plays, H hint, L last trick, Esc menu.",
]

GLOSSARY = [
    ("Trump", "the suit that beats every other suit in this hand."),
    ("Trick", "one card from each player, in turn. The highest trump wins it; if no trump was played, "
              "the highest card of the suit led (a card of another suit never wins)."),
    ("Lead", "the first card of a trick; the others must follow its suit if they can."),
    ("Round", "thirteen tricks: one deal played out, the same as a hand."),
    ("Hand", "one deal played out: 13 tricks (also called a round)."),
    ("Game", "hands are played until one side reaches the target score."),
    ("Rubber", "the best of three games; it ends at 2-0 without a third game."),
    ("Match", "a rubber, or a series of rubbers between the same partnerships."),
    ("Revoke", "failing to follow suit when able. The table refuses such a card; at a real table "
               "it is a penalty of tricks given to the other side."),
    ("Honours", "the ace, king, queen and jack of trumps. When counted, a side dealt all four "
                "scores 4, three of them 2."),
]


def house_rules(rules: GameRules) -> list[str]:
    from device.app.scenes import bid_rules
    from engine.games.bid import BidRules

    if isinstance(rules, BidRules):
        return bid_rules.house_rules(rules)
    if not isinstance(rules, Rules):  # another game's settings: its own one-line summary
        return [f"Settings: {rules.summary()}"]
    out = [f"Game target: {rules.target} points",
           f"Honours: {'counted' if rules.honours else 'not counted'}",
           f"Revoke penalty: {rules.revoke_penalty} tricks",
           "Trumps: " + (f"cycling {' '.join(rules.cycle_order)} then no trumps" if rules.cycling_trumps
                         else "the dealer's last card is turned"),
           f"Rubber points: {'kept' if rules.rubber_points else 'not kept'}"]
    return out


class RulesScene(ScrollScene):
    name = "rules"
    title = "Rules & glossary"

    def __init__(self, app: App, game: str | None = None, players: int | None = None, back: str = "menu",
                 back_args: dict[str, object] | None = None) -> None:
        """``game``: another game's page than the one at the table (the game picker's Rules)."""
        super().__init__(app)
        self.game = game
        self.players = players
        self.back = back
        self.back_args = back_args or {}

    def on_back(self) -> None:
        self.app.go(self.back, **self.back_args)

    def header(self, back_label: str = "Menu") -> int:
        return super().header(back_label if self.back == "menu" else "Back")

    def lines(self) -> list[tuple[str, str]]:
        session = self.app.session
        name = self.game or session.match.game.name
        if name != session.match.game.name:
            from device.app.game_pages_more import other_game_lines

            return other_game_lines(name, self.players)
        out: list[tuple[str, str]] = [("h", "House settings in force")]
        out += [("t", s) for s in house_rules(session.rules)]
        if session.pending_rules is not None:
            out.append(("dim", "From the next rubber: " + "; ".join(house_rules(session.pending_rules))))
        out.append(("", ""))
        out += how_to_play(name)
        return out


def how_to_play(name: str) -> list[tuple[str, str]]:
    """A game's how-to-play and glossary lines."""
    from device.app import three_pages
    from device.app.game_pages import PAGES
    from device.app.game_pages_more import MORE_PAGES
    from device.app.scenes import bid_rules

    # the pages written beside a game's table win over the picker's short ones
    pages = {**MORE_PAGES, **three_pages.PAGES, **PAGES, "bid": (bid_rules.HOW_TO_PLAY, bid_rules.GLOSSARY)}
    how, glossary = pages.get(name, (HOW_TO_PLAY, GLOSSARY))
    out: list[tuple[str, str]] = [("h", "How to play")]
    out += [("t", s) for s in how]
    out.append(("", ""))
    out.append(("h", "Glossary"))
    for term, meaning in glossary:
        out.append(("b", term))
        out.append(("dim", meaning))
    return out
