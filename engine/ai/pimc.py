"""Perfect-information Monte Carlo: sample the hidden hands, solve each layout
double dummy, play the card with the best average.

Anytime: samples are drawn until the time budget is spent, the sample cap is
reached, or the best card is already clear (it beats every other card by a
margin the spread of the samples cannot explain). With ``budget=None`` no
clock is read: layouts are solved until ``samples``, the node allowance, or a
clear card after ``min_samples``, so the result depends only on the seed.

Bounded by construction: when the solver takes a ``node_limit`` (engine.solver
does), every solve is given the search nodes the move can still afford (the
time left times the measured solver speed, or with ``budget=None`` what is
left of a fixed node allowance, so the move stays reproducible) and a solve
that runs out is discarded. With a budget, the engine's solver is also given
the time left as a ``time_limit``, so a slow layout or a busy machine cannot
stretch a move past its budget. Early in the hand, where an exact solve of one
layout takes 20-200 ms, the engine's solver is asked for a narrow estimate
instead (Search.narrow: only its first few moves at each position are searched,
6-40x sooner), so a move still weighs a dozen layouts or more. When fewer than
``min_samples`` layouts complete, the textbook card is kept unless the
completed ones clearly prefer another.

Several cores: a timed move with 7 or more cards in hand solves a layout per
core at once (threads()) on a small thread pool (the C core releases the GIL and
gives each thread its own table). A fixed-work move always solves one layout
at a time, so it stays reproducible.
"""

from __future__ import annotations

import inspect
import math
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

from engine.ai import rules
from engine.ai.sampling import Sampler
from engine.ai.view import View
from engine.cards import Card

Hands = tuple[int, int, int, int]
SolveFn = Callable[..., "dict[int, int] | None"]
# weight of a sampled layout (expert inference); 1.0 = plain PIMC
WeightFn = Callable[[View, Hands], float]

# Work per move with budget=None (search nodes): about 20-40 ms of solving on the
# development machine (3,000-6,500 nodes/ms, cold tables), about 100-200 ms on a Raspberry Pi 4.
FIXED_NODES = 120_000
# A solve given fewer nodes than this would almost never finish: stop instead.
MIN_NODES = 4_000
# Python-side cost of a move outside the solves (view, sampler, bookkeeping), seconds.
OVERHEAD = 0.003
# The first layouts each get at most 1/SPREAD of what is left, so one hard layout
# cannot eat the whole budget before anything else is tried.
SPREAD = 3


class _Speed:
    """Solver speed in nodes per second, measured once per process.

    Three fixed 10-card layouts are solved (about 10 ms here, 50 ms on a
    Raspberry Pi 4) and their nodes divided by their time; a move then turns
    its time left into a node limit. The table is set up by an untimed solve
    first: timed together, its one-off allocation made the solver look 15x
    slower and starved every timed move of nodes. Measured once, not learnt
    move by move: a load spike during one solve must not shrink every later
    limit."""

    rate: float | None = None
    SAFETY = 0.8  # assume a little slower than measured (cold tables, load)

    @classmethod
    def get(cls, counter: Callable[[], int], solve: SolveFn) -> float:
        if cls.rate is None:
            solve((1, 2, 4, 8), 4, 0, ())  # untimed: sets the table up
            nodes, seconds = 0, 0.0
            for seed in (3, 4, 5):
                cards = list(range(52))
                random.Random(seed).shuffle(cards)
                hands = [0, 0, 0, 0]
                for i, c in enumerate(cards[:40]):
                    hands[i % 4] |= 1 << c
                n0, t0 = counter(), time.perf_counter()
                solve((hands[0], hands[1], hands[2], hands[3]), 4, 0, ())
                seconds += time.perf_counter() - t0
                nodes += counter() - n0
            cls.rate = cls.SAFETY * nodes / seconds if nodes > 0 and seconds > 0 else 1e6
        return cls.rate


def default_solver() -> SolveFn:
    try:
        from engine.solver import solve_moves_masks
    except ImportError:  # the wrapper module is not there yet: the C core alone
        from engine._solver import solve_moves_masks  # type: ignore[no-redef]
    return solve_moves_masks  # type: ignore[no-any-return]


_LIMIT_SUPPORT: dict[int, bool] = {}


def takes_node_limit(solve: SolveFn) -> bool:
    """Whether ``solve`` accepts ``node_limit=`` (and returns None when it is hit)."""
    key = id(solve)
    if key not in _LIMIT_SUPPORT:
        try:
            params = inspect.signature(solve).parameters
            ok = "node_limit" in params
        except (TypeError, ValueError):  # a C function without a signature: ask it
            try:
                solve((1, 2, 4, 8), 4, 0, (), node_limit=0)
                ok = True
            except TypeError:
                ok = False
        _LIMIT_SUPPORT[key] = ok
    return _LIMIT_SUPPORT[key]


def node_counter(solve: SolveFn) -> Callable[[], int] | None:
    """The C core's node counter when ``solve`` is the engine's solver (None otherwise)."""
    try:
        from engine import _solver  # type: ignore[attr-defined]
    except ImportError:
        return None
    engine_fns = {getattr(_solver, "solve_moves_masks", None)}
    try:
        from engine import solver as wrapper

        if not wrapper.HAVE_C:
            return None
        engine_fns.add(wrapper.solve_moves_masks)
    except ImportError:
        pass
    if solve not in engine_fns or not hasattr(_solver, "nodes"):
        return None
    return _solver.nodes  # type: ignore[no-any-return]


# At most this many layouts are solved at once (one thread and one 64 MiB table each).
MAX_THREADS = 4


def threads() -> int:
    """Layouts a timed move solves at once: one per core, up to MAX_THREADS,
    leaving one core to the screen and input where there are more than two
    (a Raspberry Pi 4 solves on 3)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(MAX_THREADS, cores - 1 if cores > 2 else cores))


# cards in hand from which a timed move solves on several threads
PARALLEL_FROM = 7

_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool(n: int) -> ThreadPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL._max_workers < n:  # noqa: SLF001 (grow only)
            _POOL = ThreadPoolExecutor(max_workers=n, thread_name_prefix="pimc-solve")
        return _POOL


def warm_up() -> None:
    """The one-off work of the first move, done now: measure the solver's speed
    and allocate one table per solving thread (~0.1 s each here), so no move
    pays for it."""
    solve = default_solver()
    counter = node_counter(solve) if takes_node_limit(solve) else None
    if counter is not None:
        _Speed.get(counter, solve)
        from engine import solver

        solver.reserve_tables(threads())
        _pool(threads())


def fresh_tables() -> None:
    """Empty the engine solver's transposition tables.

    The C core keeps its tables between calls, so how many nodes a solve needs
    depends on what was solved before. A fixed-work move (budget=None) starts
    from empty tables, so whether each solve fits its node limit, and so the
    card, depends only on the position and the seed (after a restart too).
    """
    from engine import solver

    solver.clear_tables()


@dataclass
class Search:
    """Settings of one PIMC search."""

    samples: int = 64  # cap on layouts solved
    min_samples: int = 6  # never decide on fewer (unless forced or out of time)
    budget: float | None = 0.040  # seconds; None = run exactly ``samples``
    z: float = 2.0  # how clear "clear" is, in standard errors
    solver: SolveFn | None = None
    weight: WeightFn | None = None
    # When the clock stops the search before ``min_samples`` (slow early-hand
    # solves), the textbook card is kept unless the few samples say another card
    # is better by more than prior / sqrt(samples) tricks.
    prior: float = 1.0
    evaluate_forced: bool = False  # hints want a value even when only one card makes sense
    nodes: int = FIXED_NODES  # solver nodes per move when budget is None (0: unlimited)
    clock: Callable[[], float] = field(default=time.perf_counter)
    # layouts solved at once when timed with the engine's solver (None: one per core);
    # a fixed-work move (budget=None) always solves one at a time, to stay reproducible
    threads: int | None = None
    # Early in the hand an exact solve of one layout takes 20-200 ms here, so a move could
    # weigh only one or two layouts: there the engine's solver estimates instead (its
    # ``width``: only the first few moves of each position searched, 6-40x sooner), for
    # (cards in hand at least, width) in order; the first that applies is used.
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


def search(view: View, rng: random.Random, cfg: Search) -> Result:
    groups = classes(view)
    prefs = rules.rank_preferences(view)
    pref_rank = {c: i for i, c in enumerate(prefs)}
    reps = []
    for g in groups:
        inside = [c for c in prefs if c in g]
        # the textbook card when it lies in the group, else the natural one
        reps.append(inside[0] if inside and pref_rank[inside[0]] == 0 else _pick_in_class(view, g))
    if len(groups) == 1 and not cfg.evaluate_forced:
        return Result(reps[0], {c: math.nan for c in groups[0]}, 0, forced=True)
    solve = cfg.solver or default_solver()
    job = _Job(view, rng, cfg, solve, [int(r) for r in reps])
    n_threads = cfg.threads if cfg.threads is not None else threads()
    # late in the hand a layout solves in well under a millisecond: handing it to a
    # thread would cost more than it saves
    if (cfg.budget is not None and n_threads > 1 and job.counter is not None
            and len(view.hand) >= PARALLEL_FROM):
        job.run_parallel(n_threads)
    else:
        job.run()
    rows, totals, wsum, discarded = job.rows, job.totals, job.wsum, job.discarded
    k = len(reps)
    if not rows:  # nothing solved in time: the textbook card
        book = next((r for r in reps if pref_rank[r] == 0), reps[0])
        return Result(book, {c: math.nan for g in groups for c in g}, 0, discarded=discarded)
    if wsum <= 0:  # every layout judged impossible: fall back to plain averages
        wsum = float(len(rows))
        totals = [sum(r[i] for r in rows) for i in range(k)]
    means = [t / wsum for t in totals]
    top = max(means)
    # among (near) ties, the textbook preference decides. Measured for expert at fixed work,
    # 500 duplicate deals against rules, paired: handing the book card's ties to another card
    # (its mean -0.1) cost 0.43 tricks a deal; a lean towards it (+0.05) was level (-0.03 +- 0.04),
    # a stronger one (+0.25) cost 0.28: the search decides, the book breaks its ties.
    best_i = min((i for i in range(k) if means[i] >= top - 1e-9), key=lambda i: pref_rank[reps[i]])
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

    def __init__(self, view: View, rng: random.Random, cfg: Search, solve: SolveFn,
                 keys: list[int]) -> None:
        self.cfg, self.solve, self.keys, self.rng = cfg, solve, keys, rng
        self.view = view
        self.start = cfg.clock()
        self.sampler = Sampler.for_view(view)
        self.trick = tuple(int(c) for c in view.current.cards)
        self.leader = int(view.current.leader)
        self.trump = view.trump
        self.limited = takes_node_limit(solve)
        self.counter = node_counter(solve) if self.limited else None
        # nodes per second: measured for the engine's solver, a cautious guess for others
        timed = self.counter is not None and cfg.budget is not None
        self.rate = _Speed.get(self.counter, solve) if timed else 1e6  # type: ignore[arg-type]
        # the engine's solver takes a first guess of the value: the last layout's best
        self.guess = -1 if self.counter is not None else None
        # only the engine's C solver estimates narrow (any other solver is exact, e.g. DDS)
        self.width = 0
        if self.counter is not None:
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

    def call(self, hands: Hands, limits: dict[str, float]) -> dict[int, int] | None:
        if self.guess is not None and self.guess >= 0:
            limits = {**limits, "guess": self.guess}
        if self.width:
            limits = {**limits, "width": self.width}
        return self.solve(hands, self.trump, self.leader, self.trick, **limits)

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
        # Fixed work stops at a clear card too (the test depends only on the layouts, so the
        # move stays reproducible): it lets a fixed move spend its nodes where the cards are
        # close, instead of stopping at a flat count (measured: engine.ai.levels.FIXED_CAP).
        n = len(self.rows)
        return n >= self.cfg.samples or (
            n >= self.cfg.min_samples and _clear(self.rows, self.totals, self.cfg.z))

    def time_left(self) -> float:
        assert self.cfg.budget is not None
        return self.cfg.budget - OVERHEAD - (self.cfg.clock() - self.start)

    def run(self) -> None:
        """One layout at a time (reproducible when budget is None)."""
        cfg = self.cfg
        fixed_nodes = cfg.nodes if cfg.budget is None else 0
        used = 0  # nodes spent (fixed-work mode)
        if fixed_nodes and self.counter is not None:
            fresh_tables()
        slowest = 0.0
        while True:
            limits: dict[str, float] = {}
            if self.limited and (cfg.budget is not None or fixed_nodes):
                avail = self.time_left() * self.rate if cfg.budget is not None else fixed_nodes - used
                if avail < MIN_NODES:
                    break
                parts = max(1, min(SPREAD, cfg.min_samples - len(self.rows)))
                limits["node_limit"] = max(MIN_NODES, int(avail / parts))
                if self.counter is not None and cfg.budget is not None:
                    # the engine's solver also stops by the clock: a layout that needs far
                    # more nodes per second than measured (a loaded machine) cannot overrun
                    limits["time_limit"] = max(self.time_left(), 0.001)
            hands, w = self.draw()
            n0 = self.counter() if self.counter is not None else 0
            t0 = cfg.clock()
            vals = self.call(hands, limits)
            t1 = cfg.clock()
            if self.counter is not None:
                used += self.counter() - n0
            else:
                used += int(limits.get("node_limit", 0)) if vals is None else 0
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
        pool = _pool(n)
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
                limits = {"node_limit": max(MIN_NODES, int(part * self.rate)),
                          "time_limit": max(part, 0.001)}
                hands, w = self.draw()
                pending[pool.submit(self.call, hands, limits)] = w
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
