"""Tunes the exact search's move-ordering weights on the positions it reaches beside DDS's.

The weights are the fields of ``OrderWeights EXACT`` in ``engine/csrc/solver.c`` (a narrow
search keeps its own: its order is its play). A coordinate search: each weight in turn one step
down and one up (30% of it, at least 2), kept when the objective falls by more than 0.002, then
stepped on the same way while it keeps falling; sweeps until none moves. The objective, over the
full deals of the training seeds (``bench/dds_nodes.py``'s deals): the mean log of our positions
over DDS's a deal (the typical deal, which the budget's median judges) plus 0.3 times the log of
the sums' ratio (the big deals, where the time goes). The held-out seeds are reported before and
after. Only positions are compared here: check the values and the time of the weights chosen
with ``bench/dds_nodes.py``.

    python bench/order_tune.py [--train 1 2 3 4 5 6] [--test 7 8 9] [--deals 40] [--sweeps 3]
                               [--start W,W,...] [--hold NAME ...]
"""

from __future__ import annotations

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from dds_nodes import build, deal_lines  # noqa: E402

Weights = tuple[int, ...]
S = TypeVar("S", bound=tuple[float, ...])


def current_weights() -> tuple[list[str], Weights]:
    """The field names of OrderWeights and the values of EXACT, read from solver.c."""
    src = (ROOT / "engine" / "csrc" / "solver.c").read_text()
    struct = re.search(r"typedef struct \{([^}]*)\} OrderWeights;", src)
    values = re.search(r"#else\nstatic const OrderWeights EXACT = \{([^}]*)\};", src)
    if not struct or not values:
        raise SystemExit("order_tune: OrderWeights or EXACT not found in engine/csrc/solver.c")
    names = re.findall(r"int (\w+);", struct.group(1))
    return names, tuple(int(v) for v in values.group(1).split(","))


def start_weights(tool: str, names: list[str], start: Weights, hold: list[str], text: str | None) -> Weights:
    """The weights to start from (``text``, comma-separated, else ``start``), after checking
    that every held name is a weight's."""
    unknown = sorted(set(hold) - set(names))
    if unknown:
        raise SystemExit(f"{tool}: no weight {', '.join(unknown)} (the weights: {', '.join(names)})")
    if text:
        start = tuple(int(v) for v in text.split(","))
        if len(start) != len(names):
            raise SystemExit(f"{tool}: --start needs {len(names)} weights ({', '.join(names)})")
    return start


def coordinate_search(names: list[str], start: Weights, hold: list[str], sweeps: int,
                      score: Callable[[Weights], S], better: Callable[[S, S], bool],
                      show: Callable[[S], str], floor: int | None = None) -> tuple[Weights, S]:
    """Each weight not held in turn one step down and one up (30% of it, at least 2, never
    below ``floor``); the best try kept when ``better`` than the best so far, then stepped on
    the same way while it stays better; sweeps until none moves. Scores compare objective first."""
    pool = ThreadPoolExecutor(max(1, min(2, os.cpu_count() or 1)))
    w, best = start, score(start)

    def nudged(v: Weights, i: int, d: int) -> Weights:
        return v[:i] + (v[i] + d if floor is None else max(floor, v[i] + d),) + v[i + 1:]
    for sweep in range(sweeps):
        moved = False
        for i, name in enumerate(names):
            if name in hold:
                continue
            step = max(2, round(abs(w[i]) * 0.3))
            tries = [t for t in (nudged(w, i, -step), nudged(w, i, step)) if t != w]
            got = list(pool.map(score, tries))
            ok = [j for j in range(len(tries)) if better(got[j], best)]
            if not ok:
                continue
            k = min(ok, key=lambda j: got[j])
            old, d = w[i], tries[k][i] - w[i]
            w, best = tries[k], got[k]
            while floor is None or w[i] + d >= floor:
                nxt = nudged(w, i, d)
                s = score(nxt)
                if not better(s, best):
                    break
                w, best = nxt, s
            moved = True
            print(f"sweep {sweep + 1}: {name} {old} -> {w[i]}: {show(best)}", flush=True)
        if not moved:
            break
    return w, best


def deals(seeds: list[int], n: int) -> str:
    return "".join(line + "\n" for seed in seeds for line in deal_lines(seed, n))


class Tuner:
    def __init__(self, tmp: Path, sets: dict[str, str]) -> None:
        self.tmp = tmp
        self.sets = sets
        self.seen: dict[tuple[Weights, str], tuple[float, float, float]] = {}
        exe = tmp / "dds"
        build("gcc", exe, [])
        self.dds = {}
        for name, text in sets.items():
            rows = self._rows(exe, text, [])
            if any(int(r[5]) for r in rows):  # every card's value checked against DDS's
                raise SystemExit(f"order_tune: our values differ from DDS's ({name} seeds)")
            self.dds[name] = [int(r[2]) for r in rows]

    @staticmethod
    def _rows(exe: Path, text: str, args: list[str]) -> list[list[str]]:
        out = subprocess.run([str(exe), *args], input=text, capture_output=True, text=True,
                             check=True).stdout
        return [line.split() for line in out.splitlines()]

    def score(self, w: Weights, name: str = "train") -> tuple[float, float, float]:
        """(objective, geometric mean of the ratios, ratio of the sums)."""
        if (w, name) not in self.seen:
            exe = self.tmp / ("v_" + "_".join(str(v).replace("-", "m") for v in w))
            build("gcc", exe, [f"ORDER_EXACT={','.join(map(str, w))}"])
            ours = [int(r[1]) for r in self._rows(exe, self.sets[name], ["ours"])]
            exe.unlink()
            dds = self.dds[name]
            gm = sum(math.log(o / d) for o, d in zip(ours, dds, strict=True)) / len(dds)
            tot = math.log(sum(ours) / sum(dds))
            self.seen[(w, name)] = (gm + 0.3 * tot, math.exp(gm), math.exp(tot))
        return self.seen[(w, name)]


def show(s: tuple[float, float, float]) -> str:
    return f"objective {s[0]:+.4f}, a deal {s[1]:.4f}x DDS (geometric mean), summed {s[2]:.4f}x"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", type=int, nargs="+", default=[1, 2, 3, 4, 5, 6])
    ap.add_argument("--test", type=int, nargs="+", default=[7, 8, 9])
    ap.add_argument("--deals", type=int, default=40, help="full deals a seed")
    ap.add_argument("--sweeps", type=int, default=3)
    ap.add_argument("--start", help="weights to start from, comma-separated (default: EXACT's)")
    ap.add_argument("--hold", nargs="+", default=[], metavar="NAME",
                    help="weights left as they start (one chosen for the worst deals, which the "
                         "objective does not see)")
    args = ap.parse_args(argv)
    names, start = current_weights()
    start = start_weights("order_tune", names, start, args.hold, args.start)
    with tempfile.TemporaryDirectory() as tmp:
        tuner = Tuner(Path(tmp), {"train": deals(args.train, args.deals),
                                  "test": deals(args.test, args.deals)})
        print(f"start {dict(zip(names, start, strict=True))}\n  {show(tuner.score(start))}", flush=True)
        w, best = coordinate_search(names, start, args.hold, args.sweeps, tuner.score,
                                    lambda s, b: s[0] < b[0] - 0.002, show)
        print(f"weights {{{', '.join(map(str, w))}}} ({dict(zip(names, w, strict=True))})")
        print(f"training seeds: {show(tuner.score(start))} before, {show(best)} after")
        print(f"held-out seeds: {show(tuner.score(start, 'test'))} before, "
              f"{show(tuner.score(w, 'test'))} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
