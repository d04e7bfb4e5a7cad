"""Statistics game by game, and player by player where each plays alone.

device.stats folds every game's hands into one partnership count (North-South
against East-West). Here each game (at each table size) has its own figures:
by side in the partnership games, by seat where each plays alone
(``Game.partnerships``). Hands, tricks and points, and what the game's
description says it counts besides (engine.table_spec.TableSpec): bids of a
number of tricks and exact bids, contracts declared and made (a contract is
made when the engine's score pays its side), knockouts.

Every figure comes from the store's rubbers replayed through the engine
(device.journal.rebuild), so the rules are the engine's and nothing here scores.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from device import vocabulary
from engine.actions import Bid
from engine.errors import WhistError
from engine.game import Game
from engine.seats import Seat, seat_label
from engine.table_spec import ScoresBy

if TYPE_CHECKING:
    from device.store import MatchRow, Store
    from engine.match import Match

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class Figures:
    """One side's or one seat's count in a game."""

    who: str  # the side's word (docs/vocabulary.md): "We", "They", "Team 2", "Player 3" ...
    player: str = ""  # who sat there: "human", an AI level, or mixed ("hard+human")
    hands: int = 0  # scored hands it was dealt into
    hands_won: int = 0  # took the most tricks (alone or tied for the most)
    tricks: int = 0
    points: int = 0
    bids: int = 0  # hands it bid a number of tricks
    exact: int = 0  # bids met exactly
    contracts: int = 0  # contracts it declared (a side, where sides are pairs)
    made: int = 0
    knocked_out: int = 0  # matches it was knocked out of
    matches_won: int = 0

    @property
    def exact_rate(self) -> float | None:
        return self.exact / self.bids if self.bids else None

    @property
    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def plus(self, other: Figures) -> Figures:
        def mix(a: str, b: str) -> str:
            kinds = sorted({k for k in (a.split("+") + b.split("+")) if k})
            return "+".join(kinds)

        return replace(self, player=mix(self.player, other.player), hands=self.hands + other.hands,
                       hands_won=self.hands_won + other.hands_won, tricks=self.tricks + other.tricks,
                       points=self.points + other.points, bids=self.bids + other.bids,
                       exact=self.exact + other.exact, contracts=self.contracts + other.contracts,
                       made=self.made + other.made, knocked_out=self.knocked_out + other.knocked_out,
                       matches_won=self.matches_won + other.matches_won)

    def to_dict(self) -> dict[str, Any]:
        return {"who": self.who, "player": self.player, "hands": self.hands, "hands_won": self.hands_won,
                "tricks": self.tricks, "points": self.points, "bids": self.bids, "exact": self.exact,
                "contracts": self.contracts, "made": self.made, "knocked_out": self.knocked_out,
                "matches_won": self.matches_won}


@dataclass(frozen=True)
class GameFigures:
    """A game's figures at one table size."""

    game: str
    title: str
    players: int
    alone: bool  # each plays alone: figures by seat, else by side
    matches: int = 0
    matches_finished: int = 0
    hands: int = 0
    rows: tuple[Figures, ...] = field(default_factory=tuple)
    sides: int = 2  # the sides that score: more than two teams are counted apart from two

    @property
    def teams(self) -> int:
        """More than two teams (three pairs at six): 3, else 0 (each alone, or two sides)."""
        return self.sides if not self.alone and self.sides > 2 else 0

    @property
    def key(self) -> str:
        key = self.game if not self.several_sizes else f"{self.game}/{self.players}"
        return f"{key}/{self.teams}" if self.teams else key

    @property
    def size_word(self) -> str:
        """The table's size, in a chooser's button: "6", or "3 teams" (the teams say the size)."""
        return f"{self.teams} teams" if self.teams else str(self.players)

    @property
    def several_sizes(self) -> bool:
        from device.config import seat_counts

        return len(seat_counts(self.game)) > 1

    @property
    def name(self) -> str:
        name = f"{self.title}, {self.players} players" if self.several_sizes else self.title
        return f"{name} in {self.teams} teams" if self.teams else name

    def columns(self) -> list[str]:
        """The figures that mean something in this game, in the order shown."""
        from engine.games import get_game

        table = get_game(self.game).table
        cols = ["hands", "hands_won", "tricks", "points"]
        if table.bids_tricks:
            cols += ["bids", "exact"]
        if table.contracts:
            cols += ["contracts", "made"]
        if table.knockouts:  # the points are the tricks: who is left is what counts
            cols = ["hands", "hands_won", "tricks", "knocked_out"]
        return cols + ["matches_won"]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "title": self.title, "alone": self.alone,
                "matches": self.matches, "matches_finished": self.matches_finished, "hands": self.hands,
                "by_seat" if self.alone else "by_side": [r.to_dict() for r in self.rows]}


COLUMN_WORDS = {"hands": "Hands", "hands_won": "Most tricks", "tricks": "Tricks", "points": "Points",
                "bids": "Bids", "exact": "Exact", "contracts": "Contracts", "made": "Made",
                "knocked_out": "Knocked out", "matches_won": "Won"}


def who_words(game: Game, index: int) -> str:
    """Side ``index`` in the table's words (docs/vocabulary.md): We and They, or the seat's
    word where each plays alone (You, Player 2 ...)."""
    return vocabulary.side_words(game)[index]


def _player(players: dict[str, Any], game: Game, index: int) -> str:
    """Who sat in a seat (or a side's two seats), from the rubber's players."""
    if not isinstance(players, dict):
        return ""
    seats = [Seat(i) for i in range(game.players) if game.side_of(Seat(i)) == index]
    # keyed by the game's seat labels (the table app), or N E S W (the demo's, at any size)
    kinds = {str(players[key]) for s in seats for key in (seat_label(s, game.players), s.name)
             if key in players}
    return "+".join(sorted(kinds))


def match_figures(match: Match, players: dict[str, Any]) -> list[Figures]:
    """One rubber's figures, by side or by seat, from its replayed deals and the engine's scores."""
    game = match.game
    n = game.sides
    rows = [Figures(who_words(game, i), _player(players, game, i)) for i in range(n)]
    counts: list[dict[str, int]] = [dict.fromkeys(("hands", "hands_won", "tricks", "points", "bids", "exact",
                                                   "contracts", "made", "knocked_out", "matches_won"), 0)
                                    for _ in range(n)]
    for deal, score in zip(match.deals, match.hands, strict=False):
        side_tricks = score.tricks
        most = max(side_tricks) if side_tricks else 0
        for i in range(n):
            if game.table.scores_by is ScoresBy.SEAT and Seat(i) in deal.out:
                continue
            c = counts[i]
            c["hands"] += 1
            c["tricks"] += side_tricks[i]
            c["points"] += score.points[i]
            c["hands_won"] += side_tricks[i] == most and most > 0
        if game.table.bids_tricks:
            for action in deal.auction:
                if isinstance(action, Bid) and action.tricks is not None:
                    c = counts[int(action.seat)]
                    c["bids"] += 1
                    c["exact"] += deal.taken[action.seat] == action.tricks
        contract = deal.contract
        if game.table.contracts and contract is not None and contract.declarer is not None:
            side = game.side_of(contract.declarer) if game.partnerships else int(contract.declarer)
            counts[side]["contracts"] += 1
            counts[side]["made"] += score.points[side] > 0  # the engine's score pays a made contract
    if game.table.knockouts and match.hands:
        left = set(game.still_in(match))
        for i in range(n):
            counts[i]["knocked_out"] += Seat(i) not in left
    winner = match.winner if match.is_over else None
    if winner is not None:
        counts[winner]["matches_won"] += 1
    return [Figures(r.who, r.player, c["hands"], c["hands_won"], c["tricks"], c["points"], c["bids"],
                    c["exact"], c["contracts"], c["made"], c["knocked_out"], c["matches_won"])
            for r, c in zip(rows, counts, strict=True)]


def game_figures(store: Store, game: str | None = None) -> list[GameFigures]:
    """Every game's figures (or ``game``'s alone), at each table size it was played at, in
    ``whist-table games``' order. Rubbers that cannot be rebuilt are left out (logged)."""
    from device.journal import header_of, rebuild
    from engine.games import GAMES, UNNAMED, get_game

    found: dict[tuple[str, int, int], GameFigures] = {}
    for row in sorted(store.matches(), key=lambda r: r.id):
        name = str(header_of(row).get("game") or UNNAMED.name)
        if game is not None and name != game:
            continue
        match = _rebuilt(store, row, rebuild)
        if match is None:
            continue
        g = match.game
        key = (g.name, g.players, g.sides)
        now = found.get(key) or GameFigures(g.name, get_game(g.name).title, g.players,
                                            g.table.scores_by is ScoresBy.SEAT, sides=g.sides)
        figures = match_figures(match, row.players)
        rows = figures if not now.rows else [a.plus(b) for a, b in zip(now.rows, figures, strict=True)]
        found[key] = replace(now, matches=now.matches + 1,
                             matches_finished=now.matches_finished + match.is_over,
                             hands=now.hands + len(match.hands), rows=tuple(rows))
    order = list(GAMES)
    return sorted(found.values(), key=lambda f: (order.index(f.game), f.players, f.sides))


def _rebuilt(store: Store, row: MatchRow, rebuild: Any) -> Match | None:
    try:
        match: Match = rebuild(store, row)
    except (WhistError, ValueError, KeyError, TypeError) as exc:
        log.warning("rubber %d cannot be replayed for the statistics: %s", row.id, exc)
        return None
    return match


def table_lines(figures: GameFigures) -> list[str]:
    """A game's figures as text: one line a side or seat, the columns that mean something."""
    cols = figures.columns()
    heads = ["", *(COLUMN_WORDS[c] for c in cols)]
    body = []
    for r in figures.rows:
        who = r.who + (f" ({r.player})" if r.player else "")
        cells = [who]
        for c in cols:
            value = getattr(r, c)
            cells.append(f"{value} ({100 * value / r.bids:.0f}%)" if c == "exact" and r.bids else str(value))
        body.append(cells)
    widths = [max(len(row[i]) for row in [heads, *body]) for i in range(len(heads))]
    return ["  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                      for i, cell in enumerate(row)) for row in [heads, *body]]


def summary_line(figures: GameFigures) -> str:
    finished = (f", {figures.matches_finished} finished" if figures.matches_finished != figures.matches
                else "")
    return (f"{figures.name}: {figures.matches} match{'es' if figures.matches != 1 else ''}{finished}, "
            f"{figures.hands} hand{'s' if figures.hands != 1 else ''}")


def choose(all_figures: Iterable[GameFigures], key: str) -> GameFigures | None:
    return next((f for f in all_figures if key in (f.key, f.game)), None)


__all__ = ["COLUMN_WORDS", "Figures", "GameFigures", "choose", "game_figures", "match_figures",
           "summary_line", "table_lines", "who_words"]
