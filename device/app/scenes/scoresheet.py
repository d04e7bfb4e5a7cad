"""The score sheet of the rubber in progress: every hand, games and the rubber."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import vocabulary
from device.app.scenes.base import ScrollScene
from device.vocabulary import by_side
from device.words import count

if TYPE_CHECKING:
    from device.app.app_protocol import App


class ScoreSheetScene(ScrollScene):
    name = "scoresheet"
    title = "Score sheet"

    def __init__(self, app: App, back: str = "menu") -> None:
        super().__init__(app)
        self.back = back  # the scene it was opened from: Back returns there

    def header(self, back_label: str = "Menu") -> int:
        return super().header("Menu" if self.back == "menu" else "Back")

    def on_back(self) -> None:
        self.app.go(self.back)

    def lines(self) -> list[tuple[str, str]]:
        m = self.app.session.match
        out: list[tuple[str, str]] = []
        r = m.rules
        out.append(("dim", "; ".join(m.game.house_lines(r))))
        game = m.game
        sides = vocabulary.side_words(game)
        word = vocabulary.match_word(game)
        if not m.hands:
            out.append(("t", f"No hands played in this {word} yet."))
        ends = {g.hands[-1]: g for g in m.games if g.hands}
        for h in m.hands:
            out.append(("", ""))
            out.append(("b", f"Hand {h.number} · dealt by {vocabulary.seat_word(game, h.dealer)} · "
                             f"{vocabulary.trumps_word(h.trump)}"))
            out.append(("t", f"Tricks: {by_side(sides, h.tricks)}"))
            out.append(("t", f"Points: {by_side(sides, h.points)}"))
            if m.rules.target > 0:
                out.append(("t", f"Game: {by_side(sides, h.game_after)}"))
            else:
                out.append(("t", f"Total: {by_side(sides, h.game_after)}"))
            if any(h.honours):
                out.append(("dim", f"Honours: {by_side(sides, h.honours)}"))
            if any(h.penalty):
                moved = [f"{count(p, 'trick')} to {vocabulary.object_word(sides[i])}"
                         for i, p in enumerate(h.penalty) if p]
                out.append(("dim", "Revoke: " + ", ".join(moved)))
            for note in h.notes:
                out.append(("dim", vocabulary.say(game, note)))
            g = ends.get(h.number)
            if g is not None:
                out.append(("h", f"{vocabulary.verb(sides[g.winner], 'win')} game {g.number}, "
                                 + "–".join(str(v) for v in g.score)))
        out.append(("", ""))
        gw = m.games_won
        need = game.games_to_win(r)
        if m.winner is not None:  # the match is over
            out.append(("h", f"{vocabulary.verb(sides[m.winner], 'win')} the {word}"
                             + (f", games {by_side(sides, gw)}" if need > 1 else "")))
        else:
            if r.target > 0:
                out.append(("b", f"Game {len(m.games) + 1} in progress: {by_side(sides, m.game_score)}"))
            if need > 1:
                out.append(("b", f"Games: {by_side(sides, gw)}"))
        if game.counts_rubber_points(r):
            out.append(("b", f"Rubber points: {by_side(sides, m.rubber_points())}"))
        return out
