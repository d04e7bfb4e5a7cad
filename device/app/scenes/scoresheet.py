"""The score sheet of the rubber in progress: every hand, games and the rubber."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.app.scenes.base import ScrollScene
from engine.games.classic.rules import Rules
from engine.seats import SEAT_NAMES

if TYPE_CHECKING:
    from device.app.app import App

SIDES = ("You/Partner", "Opponents")
TRUMP = {0: "♠ spades", 1: "♥ hearts", 2: "♦ diamonds", 3: "♣ clubs", 4: "no trumps"}


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
        if isinstance(r, Rules):
            out.append(("dim", f"Game to {r.target}; honours {'counted' if r.honours else 'not counted'}; "
                               f"revoke costs {r.revoke_penalty} tricks"
                               + ("; rubber points" if r.rubber_points else "")))
        else:  # another game's settings: its own one-line summary
            out.append(("dim", f"Settings: {r.summary()}"))
        if not m.hands:
            out.append(("t", "No hands played in this rubber yet."))
        ends = {g.hands[-1]: g for g in m.games if g.hands}
        for h in m.hands:
            out.append(("", ""))
            out.append(("b", f"Hand {h.number} · dealer {SEAT_NAMES[h.dealer]} · {TRUMP[h.trump]}"))
            out.append(("t", f"Tricks {h.tricks[0]}-{h.tricks[1]}   Points +{h.points[0]} / +{h.points[1]}"
                             f"   Game {h.game_after[0]}-{h.game_after[1]}"))
            if h.honours != (0, 0):
                out.append(("dim", f"Honours {h.honours[0]}-{h.honours[1]}"))
            if h.penalty != (0, 0):
                out.append(("dim", f"Revoke penalty {h.penalty[0]}-{h.penalty[1]}"))
            for note in h.notes:
                out.append(("dim", note))
            g = ends.get(h.number)
            if g is not None:
                out.append(("h", f"Game {g.number} to {SIDES[g.winner]}, {g.score[0]}-{g.score[1]}"))
        out.append(("", ""))
        gw = m.games_won
        if m.winner is not None:  # the rubber is over
            out.append(("h", f"Rubber to {SIDES[m.winner]}, games {gw[0]}-{gw[1]}"))
        else:
            gs = m.game_score
            out.append(("b", f"Game {len(m.games) + 1} in progress: You/Partner {gs[0]}, Opponents {gs[1]}"))
            out.append(("b", f"Games: You/Partner {gw[0]}, Opponents {gw[1]}"))
        if m.game.counts_rubber_points(r):
            rp = m.rubber_points()
            out.append(("b", f"Rubber points: You/Partner {rp[0]}, Opponents {rp[1]}"))
        return out
