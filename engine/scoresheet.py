"""The score sheet of a rubber: a row per hand, a line per game, the rubber.

Built from a :class:`~engine.match.Match` (``match.sheet()``); it holds only
scores, so it is cheap to rebuild after every hand. ``to_dict`` is the JSON
form, ``lines`` a plain-text rendering for a terminal or a log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import STRAINS, SUIT_SYMBOLS
from engine.game import GameRules
from engine.scoring import SIDE_LONG_NAMES, GameResult, HandScore
from engine.seats import SEAT_NAMES

VALUE_NAMES = {3: "treble", 2: "double", 1: "single"}


def trump_label(trump: int) -> str:
    return "NT" if trump == 4 else SUIT_SYMBOLS[trump]


def rules_summary(rules: GameRules) -> str:
    return rules.summary()


@dataclass
class ScoreSheet:
    rules: GameRules
    hands: list[HandScore] = field(default_factory=list)
    games: list[GameResult] = field(default_factory=list)
    game_score: tuple[int, ...] = (0, 0)
    games_won: tuple[int, ...] = (0, 0)
    winner: int | None = None
    rubber_points: tuple[int, ...] | None = None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def game_of_hand(self, number: int) -> int:
        """1-based game number a hand (1-based) belongs to."""
        for game in self.games:
            if number in game.hands:
                return game.number
        return len(self.games) + 1

    def rows(self) -> list[dict[str, object]]:
        out = []
        for h in self.hands:
            out.append({
                "number": h.number,
                "game": self.game_of_hand(h.number),
                "dealer": h.dealer.name,
                "trump": STRAINS[h.trump],
                "tricks": list(h.tricks),
                "penalty": list(h.penalty),
                "trick_points": list(h.trick_points),
                "honours": list(h.honours),
                "points": list(h.points),
                "game_score": list(h.game_after),
                "game_won_by": h.game_won_by,
                "notes": list(h.notes),
            })
        return out

    def to_dict(self) -> dict[str, object]:
        return {
            "rules": self.rules.to_dict(),
            "hands": self.rows(),
            "games": [g.to_dict() for g in self.games],
            "game_score": list(self.game_score),
            "games_won": list(self.games_won),
            "winner": self.winner,
            "rubber_points": list(self.rubber_points) if self.rubber_points is not None else None,
        }

    def lines(self) -> list[str]:
        out = [f"Score sheet ({rules_summary(self.rules)})"]
        out.append("  Hand  Dealer  Trump  Tricks  Points  Honours  Penalty   Game")
        for h in self.hands:
            honours = "-" if h.honours == (0, 0) else f"{h.honours[0]}-{h.honours[1]}"
            penalty = "-" if h.penalty == (0, 0) else f"{h.penalty[0]}-{h.penalty[1]}"
            out.append(
                f"  {h.number:>4}  {SEAT_NAMES[h.dealer]:<6}  {trump_label(h.trump):<5}  "
                f"{h.tricks[0]:>2}-{h.tricks[1]:<3}  {h.points[0]:>2}-{h.points[1]:<3}  "
                f"{honours:<7}  {penalty:<8}  {h.game_after[0]}-{h.game_after[1]}"
            )
            for note in h.notes:
                out.append(f"        {note}")
            for game in self.games:
                if game.hands and game.hands[-1] == h.number:
                    value = ""
                    if self.rubber_points is not None:
                        value = f", {VALUE_NAMES[game.value]} ({game.value})"
                    out.append(
                        f"  Game {game.number} to {SIDE_LONG_NAMES[game.winner]}, "
                        f"{game.score[0]}-{game.score[1]}{value}"
                    )
        if not self.hands:
            out.append("  (no hands yet)")
        if self.winner is None:
            out.append(
                f"  Game {len(self.games) + 1} in progress: NS {self.game_score[0]} EW {self.game_score[1]}"
                f"; games NS {self.games_won[0]} EW {self.games_won[1]}"
            )
        else:
            out.append(
                f"  Rubber to {SIDE_LONG_NAMES[self.winner]}, games "
                f"{self.games_won[0]}-{self.games_won[1]}"
            )
        if self.rubber_points is not None:
            out.append(f"  Rubber points: NS {self.rubber_points[0]} EW {self.rubber_points[1]}")
        return out
