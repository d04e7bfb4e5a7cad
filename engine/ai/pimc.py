"""Perfect-information Monte Carlo: sample the hidden hands, solve each layout
double dummy, play the card with the best average.

Anytime: samples are drawn until the time budget is spent, the sample cap is
reached, or the best card is already clear (it beats every other card by a
margin the spread of the samples cannot explain). With ``budget=None`` the
count is fixed by ``samples`` and the result depends only on the seed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.ai import rules
from engine.ai.sampling import Sampler
from engine.ai.view import View
from engine.cards import Card

Hands = tuple[int, int, int, int]
SolveFn = Callable[[Hands, int, int, tuple[int, ...]], dict[int, int]]
# weight of a sampled layout (expert inference); 1.0 = plain PIMC
WeightFn = Callable[[View, Hands], float]


def default_solver() -> SolveFn:
    try:
        from engine.solver import solve_moves_masks
    except ImportError:  # the wrapper module is not there yet: the C core alone
        from engine._solver import solve_moves_masks  # type: ignore[no-redef]
    return solve_moves_masks  # type: ignore[no-any-return]


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
    clock: Callable[[], float] = field(default=time.perf_counter)


@dataclass
class Result:
    card: Card
    values: dict[Card, float]  # every legal card: expected tricks from here on (side to move)
    samples: int
    forced: bool = False


def classes(view: View) -> list[list[Card]]:
    """Legal cards grouped into runs that are equivalent whatever the layout:
    same suit, and every card between them is ours or in a completed trick."""
    legal = view.legal()
    out: list[list[Card]] = []
    for c in legal:
        if out and out[-1][-1].suit == c.suit:
            prev = int(out[-1][-1])
            between = ((1 << int(c)) - 1) & ~((1 << (prev + 1)) - 1)
            if between & ~(view.gone | view.hand_mask) == 0:
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
    start = cfg.clock()
    sampler = Sampler.for_view(view)
    trick = tuple(int(c) for c in view.current.cards)
    leader = int(view.current.leader)
    trump = view.trump
    k = len(reps)
    keys = [int(r) for r in reps]
    rows: list[list[int]] = []
    wts: list[float] = []
    totals = [0.0] * k
    wsum = 0.0
    slowest = 0.0
    while True:
        hands = sampler.sample(rng)
        w = cfg.weight(view, hands) if cfg.weight is not None else 1.0
        t0 = cfg.clock()
        vals = solve(hands, trump, leader, trick)
        t1 = cfg.clock()
        slowest = max(slowest, t1 - t0)
        row = [vals[c] for c in keys]
        rows.append(row)
        wts.append(w)
        wsum += w
        for i, v in enumerate(row):
            totals[i] += w * v
        n = len(rows)
        if n >= cfg.samples:
            break
        if cfg.budget is not None:
            # stop if another solve as slow as the slowest so far would overrun
            if t1 - start + slowest >= cfg.budget:
                break
            if n >= cfg.min_samples and _clear(rows, totals, cfg.z):
                break
    if wsum <= 0:  # every layout judged impossible: fall back to plain averages
        wts = [1.0] * len(rows)
        wsum = float(len(rows))
        totals = [sum(r[i] for r in rows) for i in range(k)]
    means = [t / wsum for t in totals]
    top = max(means)
    # among (near) ties, the textbook preference decides
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
    return Result(reps[best_i], values, len(rows))


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
