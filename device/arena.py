"""Duplicate matches between two players of any game.

Each deal is played twice with the same cards: A sits North-South and B
East-West, then the other way round, so the luck of the cards cancels out.
A's trick margin on a deal is A's tricks at both tables minus the tricks of
one hand; its point margin is the points A's side scored for tricks at both
tables minus B's (what the game scores for the tricks alone: honours are
left out, a duplicate pair holds the same ones both ways). A player is an AI
level (engine.ai.choose_action) or an external program (``cmd:PROGRAM``,
device.external). Every hand is a :class:`~engine.match.Match` hand run by
device.driver: the game deals, checks every action and scores it.

In a game where each plays alone at a table of *n*,
every deal is played 2n + 2 times: by B at every seat, by A at every seat,
then A alone at each seat among B's and B alone at each seat among A's. A's
margin on a deal is the mean over the seats of A's points alone at a seat
less B's points at that seat in B's field, and of A's points at that seat in
A's field less B's alone there, halved: how much better A scores than B in
the same seat with the same cards and the same company (where the lowest total
wins, B's points less A's, so a positive margin is always A ahead). Each player's mean
points a hand alone among the other, and how often it made its bid exactly
(games that bid a number of tricks), are reported beside it.

``whist-table arena`` and bench/arena.py (which adds bench-only bots) both
play through :class:`Arena`.
"""

from __future__ import annotations

import math
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TextIO

from device.driver import AIPlayer, Driver
from device.external import TIMEOUT, ExternalSeat, Fault, is_external
from engine import ai
from engine.actions import Action, Bid, Play
from engine.deal import DealRecord
from engine.errors import RulesError
from engine.game import Game, GameRules
from engine.match import Match, deal_seed
from engine.observation import Observation
from engine.scoring import HandScore
from engine.seats import Seat, seats_at
from engine.table_spec import ScoresBy

MoveSeed = int | str
FAULTS_SHOWN = 3  # an external bot's first faults printed in full


Bot = Callable[[Match, Seat, MoveSeed], Action]  # a player: the seat's action in the hand in progress


@dataclass
class Entrant:
    """One side of the arena: ``spec`` as given (a level or cmd:...), ``key`` its
    label in the report (the spec, or spec/A and spec/B when both are the same)."""

    spec: str
    key: str
    bot: Bot
    external: ExternalSeat | None = None

    def close(self) -> None:
        if self.external is not None:
            self.external.close()


def level_bot(level: str, budget: float | None, samples: int | None = None) -> Bot:
    """engine.ai at ``level`` (``budget`` seconds a move; None: fixed work)."""
    if level not in ai.LEVELS:
        raise RulesError(f"no AI level called {level!r}: choose one of {', '.join(ai.LEVELS)} "
                         "or cmd:PROGRAM")
    player = AIPlayer(level, budget, samples)

    def bot(match: Match, seat: Seat, seed: MoveSeed) -> Action:
        return player.act(match.observe(seat), seed)
    return bot


def make_entrant(spec: str, key: str, budget: float | None, samples: int | None = None, *,
                 fallback: str = "rules", timeout: float = TIMEOUT) -> Entrant:
    """An AI level, or ``cmd:PROGRAM`` falling back to the level ``fallback``."""
    if not is_external(spec):
        return Entrant(spec, key, level_bot(spec, budget, samples))
    level_bot(fallback, budget, samples)  # the same check of the level as a player's
    seat = ExternalSeat(spec, AIPlayer(fallback, budget, samples).act, timeout=timeout)

    def bot(match: Match, at: Seat, seed: MoveSeed) -> Action:
        return seat.act(match.observe(at), seed)
    return Entrant(spec, key, bot, seat)


@dataclass
class Seated:
    """An entrant at one seat of one table, as device.driver asks a player: timed."""

    entrant: Entrant
    match: Match
    times: dict[str, list[float]]  # the card play's
    bid_times: dict[str, list[float]]  # every other action's

    @property
    def label(self) -> str:
        return self.entrant.key

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action:
        assert seed is not None
        t0 = time.perf_counter()
        action = self.entrant.bot(self.match, observation.seat, seed)
        spent = time.perf_counter() - t0
        (self.times if isinstance(action, Play) else self.bid_times)[self.entrant.key].append(spent)
        return action


def entrant_keys(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a != b else (a + "/A", b + "/B")


def teams(game: Game) -> bool:
    """Whether ``game`` is played in teams other than two pairs at four (six or eight players
    in two or three teams): it scores by side without ``partnerships``."""
    return game.table.scores_by is ScoresBy.SIDE and not game.partnerships


def standard_deals(game: Game, rules: GameRules, seed: int | str,
                   count: int) -> Iterator[tuple[DealRecord, MoveSeed]]:
    """Deal ``index`` of an arena seeded ``seed``: the game's hand ``index`` of its
    schedule (the first hand in games that have none) shuffled with
    ``deal_seed(seed, index)``, the dealer moving round the table; every move of
    that deal is seeded with the same string."""
    seats = seats_at(game.players)
    if not game.partnerships and not teams(game):
        seats = seats[:game.sides]  # the players deal (not a dummy hand)
    cycle = game.arena_hands(rules)
    for i in range(count):
        text = deal_seed(seed, i)
        yield game.next_record(rules, seats[i % len(seats)], i % cycle, text), text


@dataclass(frozen=True)
class Figure:
    mean: float
    se: float | None  # None with fewer than two deals

    @classmethod
    def of(cls, xs: list[float]) -> Figure:
        if not xs:
            return cls(math.nan, None)
        se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else None
        return cls(statistics.fmean(xs), se)

    def text(self) -> str:
        se = "nan" if self.se is None else f"{self.se:.3f}"
        return f"{self.mean:+.3f} ± {se}"

    def to_json(self) -> dict[str, float | None]:
        return {"mean": self.mean, "se": self.se}


@dataclass(frozen=True)
class Latency:
    moves: int
    median_ms: float
    p99_ms: float
    max_ms: float

    @classmethod
    def of(cls, seconds: list[float]) -> Latency:
        if not seconds:
            return cls(0, math.nan, math.nan, math.nan)
        s = sorted(seconds)
        p99 = s[min(len(s) - 1, math.ceil(0.99 * len(s)) - 1)]
        return cls(len(s), 1000 * statistics.median(s), 1000 * p99, 1000 * s[-1])

    def text(self) -> str:
        return (f"{self.moves} moves, median {self.median_ms:.1f} ms, p99 {self.p99_ms:.1f} ms, "
                f"max {self.max_ms:.1f} ms")

    def to_json(self) -> dict[str, float]:
        return {"moves": self.moves, "median": round(self.median_ms, 3), "p99": round(self.p99_ms, 3),
                "max": round(self.max_ms, 3)}


@dataclass
class Arena:
    """Two entrants playing duplicate deals of ``game``."""

    game: Game
    a: Entrant
    b: Entrant
    rules: GameRules | None = None
    margins: list[float] = field(default_factory=list)
    points: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    alone: dict[str, list[float]] = field(default_factory=dict)  # each plays alone: points a hand
    exact: dict[str, list[bool]] = field(default_factory=dict)  # each plays alone: made the bid
    bid_times: dict[str, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.rules is None:
            self.rules = self.game.default_rules()
        self.times = {self.a.key: [], self.b.key: []}
        self.bid_times = {self.a.key: [], self.b.key: []}
        self.alone = {self.a.key: [], self.b.key: []}
        self.exact = {self.a.key: [], self.b.key: []}

    def play_deal(self, record: DealRecord, seed: MoveSeed) -> tuple[float, float]:
        """Play ``record`` at both tables (every table of a game where each plays
        alone); A's trick and point margins."""
        if teams(self.game):
            return self._play_teams(record, seed)
        if not self.game.partnerships:
            return self._play_alone(record, seed)
        first = self.play_table(record, self.a, self.b, seed)  # A is North-South
        second = self.play_table(record, self.b, self.a, seed)  # A is East-West
        per_hand = sum(first.tricks)
        margin = first.tricks[0] + second.tricks[1] - per_hand
        played = self.game.played_points
        gained = (played(first, 0) - played(first, 1) + played(second, 1) - played(second, 0))
        self.margins.append(margin)
        self.points.append(gained)
        return margin, gained

    def play_table(self, record: DealRecord, ns: Entrant, ew: Entrant, seed: MoveSeed) -> HandScore:
        return self.play_seats(record, [ns if self.game.side_of(s) % 2 == 0 else ew
                                        for s in seats_at(self.game.players)], seed)[0]

    def play_seats(self, record: DealRecord, who: list[Entrant], seed: MoveSeed
                   ) -> tuple[HandScore, dict[Seat, int]]:
        """Play ``record`` with ``who[seat]`` at each seat: the hand's score and the bids
        of a number of tricks made in it."""
        assert self.rules is not None
        match = Match(self.game.rules_for_record(self.rules, record), record.dealer, None, self.game)
        # who sits at the players' seats: a dummy's cards are played by its declarer (Game.actor)
        seats = {s: Seated(who[s], match, self.times, self.bid_times)
                 for s in seats_at(self.game.players) if s < len(who)}
        driver = Driver(match, seats, seeds=lambda _: seed)  # every move of the deal alike, at both tables
        deal = driver.start(record)
        score = driver.play_hand()
        bids = {a.seat: a.tricks for a in deal.auction if isinstance(a, Bid) and a.tricks is not None}
        return score, bids

    def _play_teams(self, record: DealRecord, seed: MoveSeed) -> tuple[float, float]:
        """Each team's seats played by A among B's, then by B among A's: A's points over
        B's in the same seats, a team's mean."""
        game = self.game
        seats = seats_at(game.players)
        played: dict[tuple[int, bool], HandScore] = {}
        diffs = []
        for side in range(game.sides):
            scores = []
            for a_in in (True, False):
                # two teams: A in one team is B in the other, the same table
                key = (side, a_in) if game.sides > 2 else (0, a_in == (side == 0))
                if key not in played:
                    inside, outside = (self.a, self.b) if a_in else (self.b, self.a)
                    played[key], _ = self.play_seats(
                        record, [inside if game.side_of(t) == side else outside for t in seats], seed)
                scores.append(played[key].points[side])
            diffs.append(scores[0] - scores[1])
        margin = statistics.fmean(diffs)
        self.margins.append(margin)
        self.points.append(margin)
        return margin, margin

    def _play_alone(self, record: DealRecord, seed: MoveSeed) -> tuple[float, float]:
        seats = seats_at(self.game.players)[:self.game.sides]  # the players (not a dummy hand)
        a, b = self.a, self.b
        in_b, _ = self.play_seats(record, [b] * len(seats), seed)
        in_a, _ = self.play_seats(record, [a] * len(seats), seed)
        diffs = []
        sign = -1 if self.game.table.lowest_wins else 1  # penalty points: A ahead is A taking fewer
        for s in seats:
            a_alone, a_bids = self.play_seats(record, [a if t == s else b for t in seats], seed)
            b_alone, b_bids = self.play_seats(record, [b if t == s else a for t in seats], seed)
            diffs.append(sign * (a_alone.points[s] - in_b.points[s] + in_a.points[s] - b_alone.points[s]) / 2)
            self.alone[a.key].append(a_alone.points[s])
            self.alone[b.key].append(b_alone.points[s])
            if s in a_bids:
                self.exact[a.key].append(a_alone.tricks[s] == a_bids[s])
            if s in b_bids:
                self.exact[b.key].append(b_alone.tricks[s] == b_bids[s])
        margin = statistics.fmean(diffs)
        self.margins.append(margin)
        self.points.append(margin)
        return margin, margin

    def play(self, deals: Iterable[tuple[DealRecord, MoveSeed]], progress: int = 0,
             err: TextIO | None = None) -> bool:
        """Play every deal; a running line on ``err`` every ``progress`` deals.
        Ctrl-C or SIGTERM stops after the deals finished so far: returns False then."""
        err = err if err is not None else sys.stderr
        ai.warm_up()  # as the table does when its AI starts: no move pays for the set-up
        start = time.monotonic()
        previous = signal.getsignal(signal.SIGTERM)
        # a background job ignores Ctrl-C: let `kill PID` also stop the match with a report
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        done = len(self.margins)
        try:
            for record, seed in deals:
                self.play_deal(record, seed)
                done = len(self.margins)
                if progress and done % progress == 0:
                    unit = "tricks/deal" if self.game.partnerships else "points/hand"
                    print(f"  ... {done} deals: {Figure.of(self.margins).text()} {unit}, "
                          f"{time.monotonic() - start:.0f} s", file=err, flush=True)
        except KeyboardInterrupt:
            print(f"interrupted after {done} deals", file=err, flush=True)
            del self.margins[done:], self.points[done:]
            return False
        finally:
            signal.signal(signal.SIGTERM, previous)
        return True

    def close(self) -> None:
        self.a.close()
        self.b.close()

    def __enter__(self) -> Arena:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def summary(self, seed: int | str, run_time: float, note: str = "") -> Summary:
        faults = {e.key: list(e.external.faults) for e in (self.a, self.b) if e.external is not None}
        alone = {k: Figure.of(v) for k, v in self.alone.items() if v}
        exact = {k: statistics.fmean(v) for k, v in self.exact.items() if v}
        return Summary(
            alone=alone, exact=exact,
            bid_latency={k: Latency.of(v) for k, v in self.bid_times.items() if v},
            game=self.game, a=self.a.key, b=self.b.key, seed=seed, deals=len(self.margins),
            tricks=Figure.of(self.margins), points=Figure.of(self.points),
            margins=tuple(self.margins), point_margins=tuple(self.points),
            latency={k: Latency.of(v) for k, v in self.times.items()}, faults=faults,
            run_time=run_time, note=note,
        )


@dataclass(frozen=True)
class Summary:
    """What an arena run found: margins, latencies, external bots' faults."""

    game: Game
    a: str
    b: str
    seed: int | str
    deals: int
    tricks: Figure
    points: Figure
    margins: tuple[float, ...]
    point_margins: tuple[float, ...]
    latency: dict[str, Latency]
    faults: dict[str, list[Fault]]
    run_time: float
    note: str = ""  # the run-time line's parenthesis: budget, solver
    alone: dict[str, Figure] = field(default_factory=dict)
    exact: dict[str, float] = field(default_factory=dict)
    bid_latency: dict[str, Latency] = field(default_factory=dict)

    @property
    def hands(self) -> int:
        n = self.game.sides
        if teams(self.game):
            return self.deals * (2 if n == 2 else 2 * n)
        return self.deals * (2 if self.game.partnerships else 2 * n + 2)

    def lines(self) -> list[str]:
        a = self.a.removesuffix("/A")
        out = [
            f"{a} vs {self.b.removesuffix('/B')}: {self.deals} duplicate deals ({self.hands} hands), "
            f"seed {self.seed!r}, {self.game.title}"
            + ("" if self.game.partnerships else f", {self.game.players} players in {self.game.sides} teams"
               if teams(self.game) else f", {self.game.sides} players"),
        ]
        if teams(self.game):
            out.append(f"  {a} point margin: {self.points.text()} points/hand a team in the same seats "
                       "(mean ± 1 SE)")
        elif self.game.partnerships:
            out += [f"  {a} trick margin: {self.tricks.text()} tricks/deal (mean ± 1 SE)",
                    f"  {a} point margin: {self.points.text()} points/deal"]
        else:
            out.append(f"  {a} point margin: {self.points.text()} points/hand in the same seat "
                       "(mean ± 1 SE)")
            for key, fig in self.alone.items():
                rate = f", exact bid {100 * self.exact[key]:.1f}%" if key in self.exact else ""
                out.append(f"  {key:>9} alone among the other: {fig.text()} points/hand{rate}")
        out.append("  move latency:")
        out += [f"  {key:>9}: {lat.text()}" for key, lat in self.latency.items()]
        if self.bid_latency:
            out.append("  bid latency:")
            out += [f"  {key:>9}: {lat.text()}" for key, lat in self.bid_latency.items()]
        for key, faults in self.faults.items():
            if not faults:
                out.append(f"  {key}: no errors")
                continue
            out.append(f"  {key}: {len(faults)} error{'s' if len(faults) != 1 else ''} "
                       "(the table's AI played those moves):")
            out += [f"    {f.describe()}" for f in faults[:FAULTS_SHOWN]]
            if len(faults) > FAULTS_SHOWN:
                out.append(f"    ... and {len(faults) - FAULTS_SHOWN} more")
        tail = f" ({self.note})" if self.note else ""
        out.append(f"  run time {self.run_time:.0f} s{tail}")
        return out

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game.name, "a": self.a, "b": self.b,
            "players": self.game.players if self.game.partnerships else self.game.sides,
            "seed": self.seed, "deals": self.deals, "hands": self.hands,
            **({} if self.game.partnerships else {
                "alone_points": {k: v.to_json() for k, v in self.alone.items()},
                "exact_bid_rate": self.exact,
                "bid_latency_ms": {k: v.to_json() for k, v in self.bid_latency.items()}}),
            "trick_margin": self.tricks.to_json(),
            "point_margin": self.points.to_json(),
            "per_deal": [{"tricks": t, "points": p}
                         for t, p in zip(self.margins, self.point_margins, strict=True)],
            "latency_ms": {k: v.to_json() for k, v in self.latency.items()},
            "errors": {k: {"count": len(v), "first": [f.to_json() for f in v[:FAULTS_SHOWN]]}
                       for k, v in self.faults.items()},
            "run_time_s": round(self.run_time, 3),
        }


__all__ = ["Arena", "Bot", "Entrant", "Seated", "Figure", "Latency", "Summary", "entrant_keys", "level_bot",
           "make_entrant", "standard_deals"]
