"""Perfect-information Monte Carlo: sample the hidden hands, solve each layout
double dummy, play the card with the best average.

Anytime: samples are drawn until the time budget is spent, the sample cap is
reached, or the best card is already clear (it beats every other card by a
margin the spread of the samples cannot explain). With ``budget=None`` no
clock is read: layouts are solved until ``samples``, the node allowance, or a
clear card after ``min_samples``, so the result depends only on the seed.

A :class:`Searcher` holds the solver (an ``engine.solver.Solver``, whose
attributes say what it can do) with what belongs to it: its speed, measured
once, and the threads it solves on. Bounded by construction: when the solver
honours ``node_limit``, every solve is given the search nodes the move can
still afford (the time left times the measured solver speed, or with
``budget=None`` what is left of a fixed node allowance, so the move stays
reproducible) and a solve that runs out is discarded. With a budget, a solver
that honours ``time_limit`` is also given the time left, so a slow layout or
a busy machine cannot stretch a move past its budget. Early in the hand, where
an exact solve of one layout is slow, a solver that can is asked for a narrow
estimate instead (Search.narrow: only its first few moves at each position are
searched), so a move still weighs a dozen layouts or more. When fewer than
``min_samples`` layouts complete, the textbook card is kept unless the
completed ones clearly prefer another.

Several cores: a timed move with 7 or more cards in hand solves a layout per
core at once (threads()) on a small thread pool, when the solver is
``concurrent`` (the C core releases the GIL and gives each thread its own
table). A fixed-work move always solves one layout at a time, so it stays
reproducible.
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from functools import cache

from engine.cards import Card
from engine.search import rules
from engine.search.sampling import Sampler
from engine.search.view import View
from engine.solver import Solver, default_solver

Hands = tuple[int, int, int, int]
# weight of a sampled layout (expert inference); 1.0 = plain PIMC
WeightFn = Callable[[View, Hands], float]

# Work per move with budget=None (search nodes): a few tens of ms of solving on a desktop,
# a few hundred on a Raspberry Pi 4 (bench/RESULTS.md).
FIXED_NODES = 120_000
# A solve given fewer nodes than this would almost never finish: stop instead.
MIN_NODES = 4_000
# Python-side cost of a move outside the solves (view, sampler, bookkeeping), seconds.
OVERHEAD = 0.003
# The first layouts each get at most 1/SPREAD of what is left, so one hard layout
# cannot eat the whole budget before anything else is tried.
SPREAD = 3
# Assume the solver a little slower than measured (cold tables, load).
SPEED_SAFETY = 0.8
# At most this many layouts are solved at once (one thread and one table each).
MAX_THREADS = 4
# cards in hand from which a timed move solves on several threads
PARALLEL_FROM = 7


def _speed_layout(seed: int) -> Hands:
    """A fixed 10-card layout (no trump) for measure_speed."""
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(cards[:40]):
        hands[i % 4] |= 1 << c
    return hands[0], hands[1], hands[2], hands[3]


def measure_speed(solver: Solver) -> float:
    """The solver's speed in nodes per second, from three fixed 10-card layouts.

    The solver's table is set up by an untimed solve of another such layout first:
    its memory is mapped as a search first writes to it, and timed together that
    one-off cost made the solver look many times slower and starved every timed
    move of nodes. Measured once, not learnt move by move: a load spike during one
    solve must not shrink every later limit."""
    solver.solve_moves_masks(_speed_layout(2), 4, 0, ())  # untimed: sets the table up
    nodes, seconds = 0, 0.0
    for seed in (3, 4, 5):
        hands = _speed_layout(seed)
        n0, t0 = solver.nodes(), time.perf_counter()
        solver.solve_moves_masks(hands, 4, 0, ())
        seconds += time.perf_counter() - t0
        nodes += solver.nodes() - n0
    return SPEED_SAFETY * nodes / seconds if nodes > 0 and seconds > 0 else 1e6


def threads_for(cores: int) -> int:
    """Layouts a timed move solves at once on a board with ``cores`` cores: one per
    core, up to MAX_THREADS, leaving one core to the screen and input where there
    are more than two (a Raspberry Pi 4 solves on 3)."""
    return max(1, min(MAX_THREADS, cores - 1 if cores > 2 else cores))


_THREADS: list[int] = []  # set_threads's number, when the device has sized the AI to its board


def set_threads(n: int) -> None:
    """Solve on ``n`` threads at most (engine.search.sizes: the board's cores, and its memory)."""
    _THREADS[:] = [max(1, min(MAX_THREADS, n))]


def threads() -> int:
    """Layouts a timed move solves at once: set_threads's number, else threads_for this
    process's cores."""
    if _THREADS:
        return _THREADS[0]
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return threads_for(cores)


class Searcher:
    """PIMC with one solver, and what belongs to that solver: its speed (measured
    on first need, when the solver counts its nodes) and the pool of threads it
    solves on (when it is concurrent)."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self.rate: float | None = None  # nodes per second, once measured
        self._pool: ThreadPoolExecutor | None = None
        self._pool_size = 0
        self._lock = threading.Lock()

    def speed(self) -> float:
        """Nodes per second: measured for a solver that counts them, a cautious guess for others."""
        if not self.solver.counts:
            return 1e6
        with self._lock:
            if self.rate is None:
                self.rate = measure_speed(self.solver)
            return self.rate

    def pool(self, n: int) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None or self._pool_size < n:  # grow only
                self._pool = ThreadPoolExecutor(max_workers=n, thread_name_prefix="pimc-solve")
                self._pool_size = n
            return self._pool

    def warm_up(self) -> None:
        """The one-off work of the first move, done now: measure the solver's speed
        and allocate one table per solving thread, so no move pays for it."""
        if self.solver.counts and self.solver.limits:
            self.speed()
            if self.solver.concurrent:
                self.solver.reserve_tables(threads())
                self.pool(threads())

    def search(self, view: View, rng: random.Random, cfg: Search) -> Result:
        return _search(self, view, rng, cfg)


@cache
def default_searcher() -> Searcher:
    """The searcher of this process's solver (engine.solver.default_solver): one, so
    its speed is measured once and its threads are kept."""
    return Searcher(default_solver())


def search(view: View, rng: random.Random, cfg: Search) -> Result:
    """A PIMC search with this process's solver."""
    return default_searcher().search(view, rng, cfg)


def warm_up() -> None:
    default_searcher().warm_up()


@dataclass
class Search:
    """Settings of one PIMC search."""

    samples: int = 64  # cap on layouts solved
    min_samples: int = 6  # never decide on fewer (unless forced or out of time)
    budget: float | None = 0.040  # seconds; None = run exactly ``samples``
    z: float = 2.0  # how clear "clear" is, in standard errors
    weight: WeightFn | None = None
    # When the clock stops the search before ``min_samples`` (slow early-hand
    # solves), the textbook card is kept unless the few samples say another card
    # is better by more than prior / sqrt(samples) tricks.
    prior: float = 1.0
    evaluate_forced: bool = False  # hints want a value even when only one card makes sense
    nodes: int = FIXED_NODES  # solver nodes per move when budget is None (0: unlimited)
    clock: Callable[[], float] = field(default=time.perf_counter)
    # layouts solved at once when timed with a concurrent solver (None: one per core);
    # a fixed-work move (budget=None) always solves one at a time, to stay reproducible
    threads: int | None = None
    # Early in the hand an exact solve of one layout is slow, so a move could weigh only one
    # or two layouts: there a solver that can estimates instead (its ``width``: only the first
    # few moves of each position searched, many times sooner), for (cards in hand at least,
    # width) in order; the first that applies is used.
    narrow: tuple[tuple[int, int], ...] = ()
    # With a weight function: each layout solved is picked from this many uniform draws in
    # proportion to their weights (sampling-importance-resampling) and then counts once, so
    # the solves go to likely layouts instead of being spent on ones weighted near zero.
    # 0 or 1: every draw is solved and its weight multiplies its values.
    resample: int = 0


@dataclass
class Result:
    card: Card
    values: dict[Card, float]  # every legal card: expected tricks from here on (side to move)
    samples: int
    forced: bool = False
    discarded: int = 0  # layouts whose solve ran out of nodes


def classes(view: View) -> list[list[Card]]:
    """Legal cards grouped into runs that are equivalent whatever the layout:
    same suit, and every card between them is ours or in a completed trick."""
    legal = view.legal()
    out: list[list[Card]] = []
    for c in legal:
        if out and out[-1][-1].suit == c.suit:
            if rules.equivalent(int(out[-1][-1]), int(c), view.hand_mask, view.gone):
                out[-1].append(c)
                continue
        out.append([c])
    return out


def _pick_in_class(view: View, group: list[Card]) -> Card:
    # Equivalent cards: lead the top of a sequence, otherwise play the lowest
    # (the cheapest winner, and what partner reads as a normal card).
    return group[-1] if not view.current.cards else group[0]


def candidates(view: View) -> tuple[list[list[Card]], list[Card], dict[Card, int]]:
    """The cards a search weighs: the legal cards' classes, the one card played for each,
    and the textbook's order of preference, which breaks ties between them."""
    groups = classes(view)
    prefs = rules.rank_preferences(view)
    pref_rank = {c: i for i, c in enumerate(prefs)}
    reps = []
    for g in groups:
        inside = [c for c in prefs if c in g]
        # the textbook card when it lies in the group, else the natural one
        reps.append(inside[0] if inside and pref_rank[inside[0]] == 0 else _pick_in_class(view, g))
    return groups, reps, pref_rank


def best_of(means: Sequence[float], ranks: Sequence[int]) -> int:
    """The index of the best mean; among (near) ties, the lowest rank (the textbook's
    preference, candidates()) decides: the search decides, the book breaks its ties (a lean
    towards the book card cost tricks, bench/RESULTS.md)."""
    top = max(means)
    return min((i for i in range(len(means)) if means[i] >= top - 1e-9), key=lambda i: ranks[i])


def _search(searcher: Searcher, view: View, rng: random.Random, cfg: Search) -> Result:
    groups, reps, pref_rank = candidates(view)
    if len(groups) == 1 and not cfg.evaluate_forced:
        return Result(reps[0], {c: math.nan for c in groups[0]}, 0, forced=True)
    job = _Job(searcher, view, rng, cfg, [int(r) for r in reps])
    n_threads = cfg.threads if cfg.threads is not None else threads()
    # late in the hand a layout solves in well under a millisecond: handing it to a
    # thread would cost more than it saves
    if (cfg.budget is not None and n_threads > 1 and searcher.solver.concurrent and job.counting
            and len(view.hand) >= PARALLEL_FROM):
        job.run_parallel(n_threads)
    else:
        job.run()
    rows, totals, wsum, discarded = job.rows, job.totals, job.wsum, job.discarded
    k = len(reps)
    if not rows:  # nothing solved in time: the textbook card
        book_card = next((r for r in reps if pref_rank[r] == 0), reps[0])
        return Result(book_card, {c: math.nan for g in groups for c in g}, 0, discarded=discarded)
    if wsum <= 0:  # every layout judged impossible: fall back to plain averages
        wsum = float(len(rows))
        totals = [sum(r[i] for r in rows) for i in range(k)]
    means = [t / wsum for t in totals]
    best_i = best_of(means, [pref_rank[r] for r in reps])
    book = next((i for i in range(k) if pref_rank[reps[i]] == 0), None)
    n = len(rows)
    if (cfg.prior and book is not None and n < cfg.min_samples
            and means[best_i] - means[book] < cfg.prior / math.sqrt(n)):
        best_i = book
    values: dict[Card, float] = {}
    for g, m in zip(groups, means, strict=True):
        for c in g:
            values[c] = m
    return Result(reps[best_i], values, len(rows), discarded=discarded)


class _Job:
    """The layouts of one search: drawn, solved (one at a time, or several at
    once on a thread pool), and tallied."""

    def __init__(self, searcher: Searcher, view: View, rng: random.Random, cfg: Search,
                 keys: list[int]) -> None:
        self.searcher, self.cfg, self.keys, self.rng = searcher, cfg, keys, rng
        solver = self.solver = searcher.solver
        self.view = view
        self.start = cfg.clock()
        self.sampler = Sampler.for_view(view)
        self.trick = tuple(int(c) for c in view.current.cards)
        self.leader = int(view.current.leader)
        self.trump = view.trump
        self.limited = solver.limits
        # a solver whose nodes are counted and bounded: a move's work is measured in nodes
        self.counting = solver.limits and solver.counts
        # nodes per second: measured when counted, a cautious guess otherwise
        timed = self.counting and cfg.budget is not None
        self.rate = searcher.speed() if timed else 1e6
        # a solver that takes a first guess of the value gets the last layout's best
        self.guess: int | None = -1 if solver.guesses else None
        self.width = 0
        if solver.narrow:
            self.width = next((w for least, w in cfg.narrow if len(view.hand) >= least), 0)
        self.rows: list[list[int]] = []
        self.totals = [0.0] * len(keys)
        self.wsum = 0.0
        self.discarded = 0

    def draw(self) -> tuple[Hands, float]:
        weigh, m = self.cfg.weight, self.cfg.resample
        if weigh is None or m <= 1:
            hands = self.sampler.sample_many(self.rng, 1)[0]
            return hands, 1.0 if weigh is None else weigh(self.view, hands)
        drawn = self.sampler.sample_many(self.rng, m)
        hands = drawn[0]
        weights = [weigh(self.view, h) for h in drawn]
        if not any(weights):  # nothing explains the play: any layout will do
            return hands, 1.0
        return self.rng.choices(drawn, weights)[0], 1.0

    def call(self, hands: Hands, node_limit: int, time_limit: float) -> dict[int, int] | None:
        guess = self.guess if self.guess is not None else -1
        return self.solver.solve_moves_masks(hands, self.trump, self.leader, self.trick,
                                             node_limit=node_limit, time_limit=time_limit, guess=guess,
                                             width=self.width)

    def add(self, vals: dict[int, int] | None, w: float) -> None:
        if vals is None:  # out of nodes or time: this layout is dropped
            self.discarded += 1
            return
        row = [vals[c] for c in self.keys]
        if self.guess is not None:
            self.guess = max(row)
        self.rows.append(row)
        self.wsum += w
        for i, v in enumerate(row):
            self.totals[i] += w * v

    def done(self) -> bool:
        # Fixed work stops at a clear card too, past min_samples (the test depends only on the
        # layouts, so the move stays reproducible): a search with min_samples below samples
        # spends its nodes where the cards are close.
        n = len(self.rows)
        return n >= self.cfg.samples or (
            n >= self.cfg.min_samples and _clear(self.rows, self.totals, self.cfg.z))

    def time_left(self) -> float:
        assert self.cfg.budget is not None
        return self.cfg.budget - OVERHEAD - (self.cfg.clock() - self.start)

    def run(self) -> None:
        """One layout at a time (reproducible when budget is None)."""
        cfg, solver = self.cfg, self.solver
        fixed_nodes = cfg.nodes if cfg.budget is None else 0
        used = 0  # nodes spent (fixed-work mode)
        if fixed_nodes and self.counting:
            solver.clear_tables()  # the nodes a solve needs must not depend on earlier moves
        slowest = 0.0
        while True:
            node_limit, time_limit = 0, 0.0
            if self.limited and (cfg.budget is not None or fixed_nodes):
                avail = self.time_left() * self.rate if cfg.budget is not None else fixed_nodes - used
                if avail < MIN_NODES:
                    break
                parts = max(1, min(SPREAD, cfg.min_samples - len(self.rows)))
                node_limit = max(MIN_NODES, int(avail / parts))
                if solver.clock and cfg.budget is not None:
                    # the solver also stops by the clock: a layout that needs far more
                    # nodes per second than measured (a loaded machine) cannot overrun
                    time_limit = max(self.time_left(), 0.001)
            hands, w = self.draw()
            n0 = solver.nodes() if self.counting else 0
            t0 = cfg.clock()
            vals = self.call(hands, node_limit, time_limit)
            t1 = cfg.clock()
            if self.counting:
                used += solver.nodes() - n0
            else:
                used += node_limit if vals is None else 0
            slowest = max(slowest, t1 - t0)
            self.add(vals, w)
            if vals is None:
                continue
            if self.done():
                break
            # without node limits: stop if another solve as slow as the slowest would overrun
            if cfg.budget is not None and not self.limited and t1 - self.start + slowest >= cfg.budget:
                break

    def run_parallel(self, n: int) -> None:
        """``n`` layouts at once on the thread pool (the C core releases the GIL
        and gives each thread its own table); every solve stops by the move's
        clock, and the solves still running when the search is decided are
        waited for and counted."""
        cfg = self.cfg
        pool = self.searcher.pool(n)
        pending: dict[Future[dict[int, int] | None], float] = {}
        stop = False
        while True:
            while not stop and len(pending) < n and len(self.rows) + len(pending) < cfg.samples:
                left = self.time_left()
                if left * self.rate < MIN_NODES:
                    stop = True
                    break
                # the first layouts of each thread get at most 1/SPREAD of the time left
                share = -(-(cfg.min_samples - len(self.rows) - len(pending)) // n)
                part = left / max(1, min(SPREAD, share))
                limit, seconds = max(MIN_NODES, int(part * self.rate)), max(part, 0.001)
                hands, w = self.draw()
                pending[pool.submit(self.call, hands, limit, seconds if self.solver.clock else 0.0)] = w
            if not pending:
                return
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for f in finished:
                self.add(f.result(), pending.pop(f))
            if not stop and self.done():
                stop = True


def _clear(rows: list[list[int]], totals: list[float], z: float) -> bool:
    """The leading card beats every other by more than ``z`` standard errors,
    or ties it in every sample so far (then the choice does not matter)."""
    n = len(rows)
    best = max(range(len(totals)), key=lambda i: totals[i])
    for j in range(len(totals)):
        if j == best:
            continue
        diffs = [r[best] - r[j] for r in rows]
        if not any(diffs):
            continue
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if mean <= 0 or mean * mean * n <= z * z * var:
            return False
    return True
