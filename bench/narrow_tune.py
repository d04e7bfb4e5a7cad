"""Tunes the narrow search's move-ordering weights on what its answers cost a PIMC decision.

A narrow search (``levels.NARROW``: early in the hand, only the first 2-4 moves of each
position searched below the root) is the AI's play there, so its weights (``OrderWeights
NARROW`` in ``engine/csrc/solver.c``) decide which card it plays. The positions: every one of
textbook play where the mover holds at least 6 cards and has a choice, deals ``PREFIX-i``;
each gets ``--layouts`` layouts drawn as the AI draws them. The cost of a weight set: over the
positions, the exact mean of the card the narrow means choose below the exact mean of the
best card (each layout solved exactly and narrow alike; ties broken as the search breaks
them), in tricks; and the positions the narrow solves reached, against the weights' now. The
exact values are kept in a file (``--cache``) across runs. A coordinate search as
``bench/order_tune.py``'s: each weight one step down and up (30% of it, at least 2), kept when
the cost falls by more than ``--min-gain`` tricks and the positions stay within ``--nodes``
times the start's; sweeps until none moves. The held-out deals are reported before and after,
by the cards in hand, with what the chosen cards lose double dummy on the deal itself (and
what the exact layouts' choices lose there).

``--narrow`` tries other searches, as (cards in hand at least, width, plies): plies > 0
searches only that many plies below the card at the width and one move deeper
(``ws_ctx_set_plies``). A lower cost here is not yet a stronger player: check it in the
arena (bench/RESULTS.md, 2026-12-07, afternoon).

    python bench/narrow_tune.py [--train 60] [--test 40] [--layouts 20] [--sweeps 2]
                                [--narrow 10,2,0;8,3,0;6,4,0] [--start W,W,...] [--hold NAME ...]
"""

from __future__ import annotations

import argparse
import pickle
import random
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from dds_nodes import build  # noqa: E402
from order_tune import coordinate_search, start_weights  # noqa: E402
from order_tune import current_weights as exact_weights  # noqa: E402

from engine.deal import Deal, DealRecord  # noqa: E402
from engine.search import levels, pimc, rules  # noqa: E402
from engine.search.sampling import Sampler  # noqa: E402
from engine.search.view import mask_of, view_of  # noqa: E402
from engine.seats import SEATS  # noqa: E402
from engine.solver import default_solver  # noqa: E402

Weights = tuple[int, ...]
Key = tuple[tuple[int, int, int, int], int, int, tuple[int, ...]]


@dataclass(frozen=True)
class Position:
    layouts: tuple[tuple[int, int, int, int], ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    width: int
    plies: int  # searched at the width, one move deeper (0: all)
    cards: int  # in the mover's hand
    truth: tuple[int, int, int, int]  # the deal's own hands
    reps: tuple[int, ...]  # the card weighed for each class, as the search weighs them
    ties: tuple[int, ...]  # the textbook's rank of each, which breaks ties


def current_weights() -> tuple[list[str], Weights]:
    """The field names of OrderWeights and the values of NARROW, read from solver.c."""
    names, _ = exact_weights()
    src = (ROOT / "engine" / "csrc" / "solver.c").read_text()
    values = re.search(r"#else\nstatic const OrderWeights NARROW = \{([^}]*)\};", src)
    if not values:
        raise SystemExit("narrow_tune: NARROW not found in engine/csrc/solver.c")
    return names, tuple(int(v) for v in values.group(1).split(","))


def positions(prefix: str, deals: int, layouts: int,
              narrow: tuple[tuple[int, int, int], ...]) -> list[Position]:
    out = []
    for i in range(deals):
        deal = Deal(DealRecord.deal(SEATS[i % 4], seed=f"{prefix}-{i}"))
        k = 0
        while deal.turn is not None and len(deal.hand(deal.turn) or ()) >= 6:
            view = view_of(deal.observation(deal.turn))
            groups, reps, pref_rank = pimc.candidates(view)
            width, plies = next(((w, d) for least, w, d in narrow if len(view.hand) >= least), (0, 0))
            if len(groups) > 1 and width:
                north, east, south, west = (mask_of(deal.hand(seat) or ()) for seat in SEATS)
                drawn = Sampler.for_view(view).sample_many(random.Random(f"{prefix}-{i}-{k}"), layouts)
                out.append(Position(tuple(drawn), view.trump, int(view.current.leader),
                                    tuple(int(c) for c in view.current.cards), width, plies, len(view.hand),
                                    (north, east, south, west),
                                    tuple(int(r) for r in reps), tuple(pref_rank[r] for r in reps)))
            k += 1
            deal.play(rules.choose(view))
    return out


def exact_values(pos: list[Position], cache_file: Path) -> list[list[list[int]]]:
    """Every layout's exact values of the positions' cards, and last the deal's own (kept in
    cache_file)."""
    cache: dict[Key, dict[int, int]] = {}
    if cache_file.exists():
        cache = pickle.loads(cache_file.read_bytes())
    solver = default_solver()
    n0 = len(cache)
    out = []
    for k, p in enumerate(pos):
        rows = []
        for h in (*p.layouts, p.truth):
            key = (h, p.trump, p.leader, p.trick)
            if key not in cache:
                vals = solver.solve_moves_masks(h, p.trump, p.leader, p.trick)
                assert vals is not None  # no limit: an exact answer
                cache[key] = vals
            rows.append([cache[key][c] for c in p.reps])
        out.append(rows)
        if (k + 1) % 200 == 0:
            print(f"  exact values: {k + 1} of {len(pos)} positions", flush=True)
    if len(cache) > n0:
        cache_file.write_bytes(pickle.dumps(cache))
    return out


def lines(pos: list[Position]) -> str:
    rows = []
    for p in pos:
        for j, h in enumerate(p.layouts):
            rows.append(" ".join(map(str, (*h, p.trump, p.leader, p.width, p.plies, int(j == 0), len(p.trick),
                                            *p.trick))))
    return "\n".join(rows) + "\n"


def cost(pos: list[Position], exact: list[list[list[int]]], out: str,
         by_size: dict[int, list[float]] | None = None) -> tuple[float, int]:
    """(tricks the narrow choices lose against the exact best, positions reached); by_size
    gets [positions, tricks lost, nodes, tricks lost on the deal itself, the same by the
    exact layouts' choice] for each number of cards in hand."""
    it = iter(out.splitlines())
    lost, nodes = 0.0, 0
    for p, rows in zip(pos, exact, strict=True):
        narrow = [0.0] * len(p.reps)
        here = 0
        for _ in p.layouts:
            head, *pairs = next(it).split()
            here += int(head)
            vals = dict(pair.split(":") for pair in pairs)
            for i, c in enumerate(p.reps):
                narrow[i] += int(vals[str(c)])
        chosen = pimc.best_of(narrow, p.ties)
        *solved, truth = rows
        means = [sum(r[i] for r in solved) / len(solved) for i in range(len(p.reps))]
        here_lost = max(means) - means[chosen]
        lost += here_lost
        nodes += here
        if by_size is not None:
            ref = pimc.best_of(means, p.ties)
            row = by_size.setdefault(p.cards, [0, 0.0, 0, 0.0, 0.0])
            row[0] += 1
            row[1] += here_lost
            row[2] += here / len(p.layouts)
            row[3] += max(truth) - truth[chosen]
            row[4] += max(truth) - truth[ref]
    return lost, nodes


class Tuner:
    def __init__(self, tmp: Path, sets: dict[str, tuple[list[Position], list[list[list[int]]]]],
                 defines: list[str]) -> None:
        self.tmp, self.sets, self.defines = tmp, sets, defines  # defines: -D's macros for solver.c
        self.text = {name: lines(pos) for name, (pos, _) in sets.items()}
        self.seen: dict[tuple[Weights, str], tuple[float, int]] = {}
        self.by_size: dict[tuple[Weights, str], dict[int, list[float]]] = {}

    def score(self, w: Weights, name: str = "train") -> tuple[float, int]:
        if (w, name) not in self.seen:
            exe = self.tmp / ("n_" + "_".join(str(v).replace("-", "m") for v in w))
            build("gcc", exe, [f"ORDER_NARROW={','.join(map(str, w))}", *self.defines], "narrow_values.c",
                  dds=False)
            out = subprocess.run([str(exe)], input=self.text[name], capture_output=True, text=True,
                                 check=True).stdout
            exe.unlink()
            pos, exact = self.sets[name]
            self.by_size[(w, name)] = {}
            self.seen[(w, name)] = cost(pos, exact, out, self.by_size[(w, name)])
        return self.seen[(w, name)]

    def report(self, w: Weights, name: str) -> str:
        self.score(w, name)
        rows = sorted(self.by_size[(w, name)].items(), reverse=True)
        return "\n".join(f"    {n} cards: {int(r[0])} positions, {r[1] / r[0]:.4f} tricks lost a position, "
                         f"{r[2] / r[0]:.0f} positions reached a layout; on the deal itself "
                         f"{r[3] / r[0]:.4f} lost ({r[4] / r[0]:.4f} by the exact layouts)" for n, r in rows)


def show(s: tuple[float, int], base: tuple[float, int], count: int) -> str:
    return (f"{s[0]:.2f} tricks lost over {count} positions ({s[0] / count:.4f} a position), "
            f"positions reached {s[1] / base[1]:.3f}x the start's")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", type=int, default=60, help="training deals (prefix ntrain)")
    ap.add_argument("--test", type=int, default=40, help="held-out deals (prefix ntest)")
    ap.add_argument("--layouts", type=int, default=20)
    ap.add_argument("--sweeps", type=int, default=2)
    ap.add_argument("--min-gain", type=float, default=0.5, help="tricks a step must save (training)")
    ap.add_argument("--nodes", type=float, default=1.1, help="most positions reached, times the start's")
    ap.add_argument("--start", help="weights to start from, comma-separated (default: NARROW's)")
    ap.add_argument("--hold", nargs="+", default=[], metavar="NAME", help="weights left as they start")
    ap.add_argument("--narrow", help="the narrow searches, as levels.NARROW (cards in hand at least, width, "
                                     "plies): 10,2,12;8,3,0;6,4,0 (default: its own)")
    ap.add_argument("-D", dest="defines", action="append", default=[],
                    help="a macro for solver.c, as NAME or NAME=VALUE (NARROW_AS_EXACT: the exact order)")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "narrow_tune_exact.pickle")
    args = ap.parse_args(argv)
    names, start = current_weights()
    start = start_weights("narrow_tune", names, start, args.hold, args.start)
    narrow = tuple((least, width, 0) for least, width in levels.NARROW)
    if args.narrow:
        parts = (part.split(",") for part in args.narrow.split(";"))
        narrow = tuple((int(a), int(b), int(d)) for a, b, d in parts)
    sets = {}
    for name, prefix, n in (("train", "ntrain", args.train), ("test", "ntest", args.test)):
        pos = positions(prefix, n, args.layouts, narrow)
        print(f"{name}: {len(pos)} positions from {n} deals", flush=True)
        sets[name] = (pos, exact_values(pos, args.cache))
    count = len(sets["train"][0])
    with tempfile.TemporaryDirectory() as tmp:
        tuner = Tuner(Path(tmp), sets, args.defines)
        base = tuner.score(start)
        print(f"start {dict(zip(names, start, strict=True))}\n  {show(base, base, count)}", flush=True)

        def better(s: tuple[float, int], b: tuple[float, int]) -> bool:
            return bool(s[0] < b[0] - args.min_gain and s[1] <= args.nodes * base[1])
        w, best = coordinate_search(names, start, args.hold, args.sweeps, tuner.score, better,
                                    lambda s: show(s, base, count), floor=0)
        test = len(sets["test"][0])
        tbase = tuner.score(start, "test")
        print(f"weights {{{', '.join(map(str, w))}}} ({dict(zip(names, w, strict=True))})")
        print(f"training deals: {show(base, base, count)} before, {show(best, base, count)} after")
        print(f"held-out deals: {show(tbase, tbase, test)} before, "
              f"{show(tuner.score(w, 'test'), tbase, test)} after")
        print(f"by the cards in hand, held-out, before:\n{tuner.report(start, 'test')}\n  after:\n"
              f"{tuner.report(w, 'test')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
