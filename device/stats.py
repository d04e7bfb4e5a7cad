"""Statistics: hands, games and rubbers played and won, tricks per hand, by group.

One computation for both places that count: the store's (``Store.stats``, every
game it keeps, grouped by the AI seats' levels) and the table's own count when
it has no store (device.app.session.Stats). Each hands in what happened, hand
by hand and rubber by rubber, and :func:`tally` folds it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.scoring import HandScore
from engine.seats import SIDE_NAMES

Pair = tuple[int, ...]  # by side (North-South, East-West) or by seat


@dataclass(frozen=True)
class HandOutcome:
    """One deal as the statistics count it."""

    group: str  # the bucket it counts in (the AI levels at the table)
    finished: bool = True  # scored (a hand still in play counts as played only)
    misdeal: bool = False  # thrown in before play: not a hand
    tricks: Pair = (0, 0)  # as played
    points: Pair = (0, 0)
    game_won_by: int | None = None  # 0 NS, 1 EW
    # where the deal is kept (the store's deal id, or the table's own count's
    # index), so a chart can ask for its review; None: not kept
    ref: int | None = None

    @classmethod
    def of(cls, group: str, score: HandScore, ref: int | None = None) -> HandOutcome:
        return cls(group, True, False, score.tricks, score.points, score.game_won_by, ref)

    @property
    def won_by(self) -> int | None:
        """The side (or seat) that took the most tricks as played; None on a tie."""
        best = max(self.tricks)
        return None if self.tricks.count(best) > 1 else self.tricks.index(best)


@dataclass(frozen=True)
class RubberOutcome:
    group: str
    finished: bool
    winner: int | None = None  # 0 NS, 1 EW


@dataclass(frozen=True)
class Tally:
    hands: int = 0  # played or in play (misdeals not counted)
    hands_finished: int = 0
    hands_won: Pair = (0, 0)
    misdeals: int = 0
    tricks: Pair = (0, 0)  # over the finished hands
    points: Pair = (0, 0)
    games: int = 0
    games_won: Pair = (0, 0)
    rubbers: int = 0
    rubbers_finished: int = 0
    rubbers_won: Pair = (0, 0)

    @property
    def tricks_per_hand(self) -> tuple[float, float]:
        n = self.hands_finished
        return (self.tricks[0] / n, self.tricks[1] / n) if n else (0.0, 0.0)

    def to_dict(self) -> dict[str, Any]:
        """The store's form: every pair as {"NS": n, "EW": n}."""
        def sides(pair: tuple[Any, ...]) -> dict[str, Any]:
            return dict(zip(SIDE_NAMES, pair, strict=True))

        return {"hands": self.hands, "hands_finished": self.hands_finished,
                "hands_won": sides(self.hands_won), "misdeals": self.misdeals,
                "tricks": sides(self.tricks), "points": sides(self.points), "games": self.games,
                "games_won": sides(self.games_won), "rubbers": self.rubbers,
                "rubbers_finished": self.rubbers_finished, "rubbers_won": sides(self.rubbers_won),
                "tricks_per_hand": sides(self.tricks_per_hand)}


@dataclass(frozen=True)
class Statistics:
    total: Tally
    by_group: Mapping[str, Tally] = field(default_factory=dict)  # sorted by name
    # the finished hands in the order they were played: the charts' time line
    hands: tuple[HandOutcome, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """``Store.stats()``'s form: the total's keys, and ``by_ai_level``."""
        return {**self.total.to_dict(),
                "by_ai_level": {k: v.to_dict() for k, v in self.by_group.items()}}


def _count(sides: Iterable[int | None]) -> Pair:
    """How often each side won; as long as the most sides seen (two at least)."""
    won = [0, 0]
    for side in sides:
        if side is not None:
            won.extend([0] * (side + 1 - len(won)))
            won[side] += 1
    return tuple(won)


def _sum(pairs: Iterable[Pair]) -> Pair:
    """Side by side sums; games scored by seat add their seats beyond the first two."""
    total = [0, 0]
    for pair in pairs:
        total.extend([0] * (len(pair) - len(total)))
        for i, v in enumerate(pair):
            total[i] += v
    return tuple(total)


def _fold(hands: list[HandOutcome], rubbers: list[RubberOutcome]) -> Tally:
    played = [h for h in hands if not h.misdeal]
    done = [h for h in played if h.finished]
    return Tally(
        hands=len(played), hands_finished=len(done), hands_won=_count(h.won_by for h in done),
        misdeals=len(hands) - len(played),
        tricks=_sum(h.tricks for h in done), points=_sum(h.points for h in done),
        games=sum(h.game_won_by is not None for h in done),
        games_won=_count(h.game_won_by for h in done),
        rubbers=len(rubbers), rubbers_finished=sum(r.finished for r in rubbers),
        rubbers_won=_count(r.winner for r in rubbers))


def tally(hands: Iterable[HandOutcome], rubbers: Iterable[RubberOutcome] = ()) -> Statistics:
    """The statistics of these hands and rubbers: in all, and group by group."""
    hands, rubbers = list(hands), list(rubbers)
    groups = sorted({h.group for h in hands} | {r.group for r in rubbers})
    return Statistics(_fold(hands, rubbers), {
        g: _fold([h for h in hands if h.group == g], [r for r in rubbers if r.group == g])
        for g in groups}, tuple(h for h in hands if h.finished and not h.misdeal))


# ----- the store's rows ------------------------------------------------------------


def ai_label(players: object) -> str:
    """``"hard"``, or ``"easy+hard"`` for mixed tables, from the AI seats' levels."""
    if not isinstance(players, dict):
        return "unknown"
    levels = sorted({str(v) for v in players.values() if v not in ("human", None)})
    return "+".join(levels) if levels else "all human"


def _side(value: object) -> int | None:
    return {"NS": 0, "EW": 1}.get(value) if isinstance(value, str) else None


class Row(Protocol):
    """A row of the store's statistics views, read by column name (sqlite3.Row)."""

    def __getitem__(self, key: str) -> Any: ...


def stored(deals: Iterable[Row], thrown: set[int], matches: Iterable[Row],
           players: Mapping[int, object], abandoned: frozenset[int] = frozenset()) -> Statistics:
    """The statistics of the store's ``deal_results`` and ``match_results`` rows;
    ``thrown`` holds the ids of deals thrown in, ``players`` each rubber's seats,
    ``abandoned`` the rubbers given up unscored (played, never finished)."""
    def group(match_id: int) -> str:
        return ai_label(players[match_id]) if match_id in players else "unknown"

    hands = [HandOutcome(
        group(d["match_id"]), finished=d["finished"] is not None, misdeal=d["deal_id"] in thrown,
        tricks=(int(d["tricks_ns"] or 0), int(d["tricks_ew"] or 0)),
        points=(int(d["points_ns"] or 0), int(d["points_ew"] or 0)),
        game_won_by=_side(d["game_winner"]), ref=int(d["deal_id"]))
        for d in sorted(deals, key=lambda d: int(d["deal_id"]))]
    rubbers = [RubberOutcome(group(m["match_id"]),
                             m["finished"] is not None and m["match_id"] not in abandoned, _side(m["winner"]))
               for m in matches]
    return tally(hands, rubbers)
