"""How to play, a glossary, and the house settings in force: each game's own
(``Game.pages``, ``Game.house_lines``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.app.scenes.base import ScrollScene
from engine.games import game_of, get_game

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from engine.game import GameRules

def house_rules(rules: GameRules) -> list[str]:
    """The house settings in force, in the words of the game they belong to."""
    return game_of(rules).house_lines(rules)


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
    pages = get_game(name).pages
    out: list[tuple[str, str]] = [("h", "How to play")]
    out += [("t", s) for s in pages.how_to_play]
    out.append(("", ""))
    out.append(("h", "Glossary"))
    for term, meaning in pages.glossary:
        out.append(("b", term))
        out.append(("dim", meaning))
    return out


def other_game_lines(name: str, players: int | None) -> list[tuple[str, str]]:
    """The page of a game not at the table (the game picker's Rules): what it is, its
    default settings, how to play it."""
    game = get_game(name, players)
    out: list[tuple[str, str]] = [("h", game.title), ("t", game.blurb[0].upper() + game.blurb[1:] + "."),
                                  ("", ""), ("h", "Its settings here")]
    out += [("t", s) for s in house_rules(game.default_rules())]
    out.append(("", ""))
    return out + how_to_play(name)
