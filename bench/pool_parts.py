"""Pools a cell of ``bench/pointmcts_arena.py`` run in parts (``--first K``, or stopped
by SIGTERM): the points a hand deal by deal, as if one run had played them.

    python bench/pool_parts.py OUT [OUT ...] [--part FIRST:N:MEAN:SE ...] [--deals TOTAL]

OUT: an arena's output (its last JSON line is read). Every part must be the same cell
(game, players, A, B, seed and house rules) and no deal may be in two parts.
``--part`` adds a part known only by its printed figure (its deals from FIRST, their
mean and standard error), where the per-deal points are gone: its sum and sum of
squares follow from the figure, up to the figure's rounding. ``--deals`` names the
cell's size, so the deals not yet played are listed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

CELL = ("game", "players", "a", "b", "seed", "rules")


@dataclass(frozen=True)
class Part:
    first: int
    n: int
    total: float  # the sum of the points a hand over the part's deals
    squares: float  # the sum of their squares
    source: str

    @property
    def mean(self) -> float:
        return self.total / self.n

    @property
    def se(self) -> float:
        return standard_error(self.n, self.total, self.squares)


def standard_error(n: int, total: float, squares: float) -> float:
    if n < 2:
        return math.nan
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    return math.sqrt(variance / n)


def last_json(path: Path) -> dict[str, object]:
    lines = [line for line in path.read_text().splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"{path}: no JSON line (the arena prints one when it ends or is stopped)")
    data: dict[str, object] = json.loads(lines[-1])
    return data


def part_of_file(path: Path) -> tuple[Part, dict[str, object]]:
    data = last_json(path)
    points = data.get("points")
    if not isinstance(points, list) or not points:
        raise SystemExit(f"{path}: no deal finished")
    xs = [float(x) for x in points]
    first = data.get("first")
    if not isinstance(first, int):
        raise SystemExit(f"{path}: no deal number \"first\" in its JSON line")
    return Part(first, len(xs), sum(xs), sum(x * x for x in xs), str(path)), data


def part_of_figure(text: str) -> Part:
    try:
        first, n, mean, se = text.split(":")
        k, m, s = int(n), float(mean), float(se)
        start = int(first)
    except ValueError:
        raise SystemExit(f"--part {text!r}: write FIRST:N:MEAN:SE, e.g. 0:65:0.431:0.120") from None
    if k < 2 or start < 0 or s < 0:
        raise SystemExit(f"--part {text!r}: at least two deals, from deal 0 up, and SE >= 0")
    return Part(start, k, k * m, (k - 1) * s * s * k + k * m * m, f"figure {text}")


def missing(parts: list[Part], total: int) -> list[tuple[int, int]]:
    gaps, at = [], 0
    for p in sorted(parts, key=lambda p: p.first):
        if p.first > at:
            gaps.append((at, p.first - 1))
        at = max(at, p.first + p.n)
    if at < total:
        gaps.append((at, total - 1))
    return gaps


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outs", nargs="*", type=Path)
    ap.add_argument("--part", action="append", default=[], help="FIRST:N:MEAN:SE of a part without its deals")
    ap.add_argument("--deals", type=int, default=None, help="the cell's deals in all")
    args = ap.parse_args(argv)
    parts: list[Part] = []
    cell: dict[str, object] | None = None
    for path in args.outs:
        part, data = part_of_file(path)
        this = {k: data.get(k) for k in CELL}
        if cell is None:
            cell = this
        elif this != cell:
            diff = ", ".join(f"{k} {cell[k]!r} / {this[k]!r}" for k in CELL if cell[k] != this[k])
            raise SystemExit(f"{path}: another cell than {args.outs[0]} ({diff})")
        parts.append(part)
    parts += [part_of_figure(t) for t in args.part]
    if not parts:
        raise SystemExit("nothing to pool: name arena outputs or --part figures")
    spans = sorted(parts, key=lambda p: p.first)
    for x, y in zip(spans, spans[1:], strict=False):
        if y.first < x.first + x.n:
            raise SystemExit(f"deals {y.first}-{x.first + x.n - 1} are in two parts ({x.source}, {y.source})")
    if cell is not None:
        print(f"{cell['game']}, {cell['players']} players, {cell['a']} over {cell['b']}, seed {cell['seed']}")
    for p in spans:
        print(f"  deals {p.first}-{p.first + p.n - 1} ({p.n}): {p.mean:+.3f} ± {p.se:.3f}  {p.source}")
    n = sum(p.n for p in parts)
    total = sum(p.total for p in parts)
    se = standard_error(n, total, sum(p.squares for p in parts))
    mean = total / n
    print(f"pooled, {n} deals: {mean:+.3f} ± {se:.3f} points a hand ({mean / se:+.1f} SE)")
    if args.deals is not None:
        gaps = missing(parts, args.deals)
        left = ", ".join(f"{a}-{b}" for a, b in gaps) or "none"
        print(f"  of {args.deals}: deals not played {left}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
