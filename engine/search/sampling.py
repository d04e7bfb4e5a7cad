"""Uniform sampling of the hidden cards, consistent with what a seat has seen.

A layout gives each unseen card to one of the other three seats so that every
seat ends with the right number of cards and no seat gets a card of a suit it
has shown out of. Every such layout is equally likely (nothing else is known
to the sampler; weighting by how players played is the expert level's job).

Method: exact counting. For each suit, the ways to split its unseen cards
among the three seats (respecting voids) are counted with multinomials, and
a small dynamic programme over suits counts the layouts for every remaining
set of hand needs. A sample picks each suit's split with probability
proportional to the number of layouts it leaves, then shuffles the suit's
cards into that split. The result is uniform over consistent layouts, with
no rejection and no greedy skew. The tables depend only on counts, so they
are cached and shared between moves.

Two implementations of one method: the C core's ``deal_layouts`` (many times
quicker in batches, bench/sampler.py; the expert level weighs 16 layouts for
each one it solves) and this module's Python, the reference it is
cross-checked against and the fallback when the extension is not built (or
WHIST_PURE_SOLVER is set).
"""

from __future__ import annotations

import bisect
import random
from array import array
from functools import lru_cache
from math import factorial

from engine.errors import WhistError
from engine.search.view import SUIT_MASKS, View, cards_of
from engine.solver import SOLVER, CSolver

# the C core when engine.solver chose it (built, and WHIST_PURE_SOLVER not set)
_DEAL_LAYOUTS = SOLVER.deal_layouts if isinstance(SOLVER, CSolver) else None
_MAXSPLIT = 105  # splits of 13 cards among three seats (deals.h)
_U64 = 1 << 64


class Inconsistent(WhistError, ValueError):
    """No layout fits the constraints (e.g. after an unproven revoke)."""


def _splits(n: int, allowed: tuple[bool, bool, bool]) -> list[tuple[int, int, int, int]]:
    """(a, b, c, ways) for every split of n cards among three seats."""
    out = []
    fn = factorial(n)
    for a in range(n + 1 if allowed[0] else 1):
        for b in range(n - a + 1 if allowed[1] else 1):
            c = n - a - b
            if c and not allowed[2]:
                continue
            out.append((a, b, c, fn // (factorial(a) * factorial(b) * factorial(c))))
    return out


class _Plan:
    """Counting tables for one set of (suit sizes, needs, voids)."""

    def __init__(self, units: tuple[int, ...], needs: tuple[int, int, int],
                 allowed: tuple[tuple[bool, bool, bool], ...]) -> None:
        self.units = units
        self.needs = needs
        self.splits = [_splits(u, al) for u, al in zip(units, allowed, strict=True)]
        # after[k][(r0, r1)]: layouts of suits k.. giving seats 0 and 1 exactly r0, r1
        # (seat 2 gets the rest, which is fixed by the card count)
        after: list[dict[tuple[int, int], int]] = [{} for _ in range(5)]
        after[4][(0, 0)] = 1
        for k in range(3, -1, -1):
            table: dict[tuple[int, int], int] = {}
            for (q0, q1), ways in after[k + 1].items():
                for a, b, _c, w in self.splits[k]:
                    key = (q0 + a, q1 + b)
                    if key[0] > needs[0] or key[1] > needs[1]:
                        continue
                    table[key] = table.get(key, 0) + w * ways
            after[k] = table
        self.after = after
        self.total = after[0].get((needs[0], needs[1]), 0)
        self._choices: dict[tuple[int, int, int], tuple[list[int], list[tuple[int, int, int]]]] = {}
        self._packed: bytes | None = None

    def packed(self) -> bytes | None:
        """The tables as the C core's wd_plan (deals.h): None if a count does not fit 64 bits."""
        if self._packed is None:
            words = [len(sp) for sp in self.splits]
            for sp in self.splits:
                rows = [x for split in sp for x in split]
                words += rows + [0] * (4 * _MAXSPLIT - len(rows))
            for k in range(1, 5):
                table = self.after[k]
                words += [table.get((r0, r1), 0) for r0 in range(14) for r1 in range(14)]
            # each running sum the C side forms is at most a count of these tables
            if any(v >= _U64 for table in self.after for v in table.values()):
                return None
            self._packed = array("Q", words).tobytes()
        return self._packed

    def _choice(self, k: int, r0: int, r1: int) -> tuple[list[int], list[tuple[int, int, int]]]:
        key = (k, r0, r1)
        got = self._choices.get(key)
        if got is None:
            cum: list[int] = []
            opts: list[tuple[int, int, int]] = []
            acc = 0
            nxt = self.after[k + 1]
            for a, b, c, w in self.splits[k]:
                rest = nxt.get((r0 - a, r1 - b), 0)
                if rest and r0 >= a and r1 >= b:
                    acc += w * rest
                    cum.append(acc)
                    opts.append((a, b, c))
            got = (cum, opts)
            self._choices[key] = got
        return got

    def split_counts(self, rng: random.Random) -> list[tuple[int, int, int]]:
        r0, r1 = self.needs[0], self.needs[1]
        out = []
        for k in range(4):
            cum, opts = self._choice(k, r0, r1)
            pick = opts[bisect.bisect_right(cum, rng.randrange(cum[-1]))]
            out.append(pick)
            r0 -= pick[0]
            r1 -= pick[1]
        return out


@lru_cache(maxsize=64)
def _plan(units: tuple[int, ...], needs: tuple[int, int, int],
          allowed: tuple[tuple[bool, bool, bool], ...]) -> _Plan:
    return _Plan(units, needs, allowed)


class Sampler:
    """Draws full layouts (four 52-bit hand masks, N E S W) for one view."""

    def __init__(self, view: View, use_voids: bool = True) -> None:
        self.view = view
        self.others = [s for s in range(4) if s != view.seat]
        self.base = list(view.known)
        unseen = view.unseen
        self.suit_cards = [cards_of(unseen & SUIT_MASKS[s]) for s in range(4)]
        self.suit_masks = [unseen & SUIT_MASKS[s] for s in range(4)]
        units = tuple(len(cs) for cs in self.suit_cards)
        needs = tuple(view.sizes[s] - view.known[s].bit_count() for s in self.others)
        if any(n < 0 for n in needs) or sum(needs) != sum(units):
            raise Inconsistent("hand sizes do not fit the unseen cards")
        allowed = tuple(
            tuple(not (use_voids and suit in view.voids[s]) for s in self.others) for suit in range(4)
        )
        self.simple = all(all(a) for a in allowed)
        self.needs = needs
        self.plan = None if self.simple else _plan(units, needs, allowed)
        if self.plan is not None and self.plan.total == 0:
            raise Inconsistent("no layout fits the suits the players showed out of")

    @classmethod
    def for_view(cls, view: View) -> Sampler:
        """A sampler, ignoring voids if they contradict the counts (a revoke at a real table)."""
        try:
            return cls(view)
        except Inconsistent:
            return cls(view, use_voids=False)

    def sample(self, rng: random.Random) -> tuple[int, int, int, int]:
        hands = list(self.base)
        o0, o1, o2 = self.others
        if self.simple:
            pool = [c for cs in self.suit_cards for c in cs]
            rng.shuffle(pool)
            i = 0
            for seat, need in zip(self.others, self.needs, strict=True):
                m = 0
                for c in pool[i:i + need]:
                    m |= 1 << c
                hands[seat] |= m
                i += need
            return hands[0], hands[1], hands[2], hands[3]
        assert self.plan is not None
        for suit, (a, b, _c) in enumerate(self.plan.split_counts(rng)):
            cs = self.suit_cards[suit]
            if not cs:
                continue
            cs = cs[:]
            rng.shuffle(cs)
            for i, c in enumerate(cs):
                bit = 1 << c
                if i < a:
                    hands[o0] |= bit
                elif i < a + b:
                    hands[o1] |= bit
                else:
                    hands[o2] |= bit
        return hands[0], hands[1], hands[2], hands[3]

    def sample_many(self, rng: random.Random, n: int) -> list[tuple[int, int, int, int]]:
        """``n`` layouts, each uniform and independent (one draw from ``rng``
        seeds them all when the C core deals them)."""
        deal = _DEAL_LAYOUTS
        packed = None
        if deal is not None:
            packed = b"" if self.plan is None else self.plan.packed()  # b"": no voids, a plain shuffle
        if deal is None or packed is None:
            return [self.sample(rng) for _ in range(n)]
        return deal(packed, self.base, self.suit_masks, self.others, self.needs[:2], n, rng.getrandbits(64))

    def count(self) -> int:
        """How many consistent layouts there are (exact)."""
        if self.plan is not None:
            return self.plan.total
        total = sum(len(cs) for cs in self.suit_cards)
        out = factorial(total)
        for n in self.needs:
            out //= factorial(n)
        return out
