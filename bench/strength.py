"""How strong the table's AI is against the standard searches: game x
opponent, hard's (or expert's) margin ± one standard error over duplicate
deals, with the command that measured each cell (bench/RESULTS.md and the
README quote the table).

Opponents:

- ``textbook``: the table's rules level (engine.search.rules, engine.search.solo).
- ``ismcts-1000`` and ``ismcts-4000``: the standard single-observer ISMCTS
  (Cowling, Powley and Whitehouse 2012) with 1,000 and 4,000 simulations a
  move and random play-outs, bench/ismcts.py (the C search for Oh Hell and
  Knockout); for Hearts, Catch the Ten, classic, Norwegian, Solo, German, dummy, widow,
  Scandinavian and Bid whist
  bench/pointmcts.py (the C search of the games whose package describes their
  card play), through bench/pointmcts_arena.py; in Norwegian and Solo whist its
  auction is searched over the whole hand by the same algorithm in Python
  (bench/ismcts_any.py, rewarded by the hand's points), so it is the standard
  ISMCTS of the whole game. ``ismcts-1000-textbook`` is the same card search
  bidding as the textbook (the play's baseline alone, the cells measured before
  the auction was searched).
- ``pimc-dds``: classic whist's PIMC on DDS with 20 layouts (bench/pimc_dds.py).

Before the table, the baseline's own check, so nobody has to trust it: the
ISMCTS-1,000 against a random player (it must win by a lot) and against
itself with four times the simulations (it must lose). With ``--openspiel
PYTHON`` (a Python with the ``open_spiel`` package), also ISMCTS-1,000
against OpenSpiel's ISMCTSBot on its own Oh Hell rules
(bench/openspiel_ismcts.py), an independent implementation.

Every cell is one ``whist-table arena`` run (classic's PIMC-DDS one
``python bench/arena.py``), so any one can be rerun alone: the table prints
its command. Oh Hell is played with seven-card hands (``--rule
schedule=fixed``), the hands the outside measurement in issue 48 used.

    python bench/strength.py [--deals N] [--only CELL ...] [--seed S] [--out FILE] [--list]
    BENCH_QUICK=1 python bench/strength.py      # 4 deals a cell (make bench: two cells, 3 deals)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUICK = os.environ.get("BENCH_QUICK") == "1"
PY = "python"  # as the printed commands name it; runs use this interpreter


def ismcts(iterations: int) -> str:
    return f"cmd:{PY} bench/ismcts.py --iterations {iterations}"


OPPONENTS = {
    "textbook": "rules",
    "ismcts-1000": ismcts(1000),
    "ismcts-4000": ismcts(4000),
    "random": "random",
}
SEVEN = ("--rule", "schedule=fixed")
ONE, FOUR = OPPONENTS["ismcts-1000"], OPPONENTS["ismcts-4000"]


@dataclass(frozen=True)
class Cell:
    name: str
    game: str
    players: int
    a: str  # the level or program measured
    b: str  # its opponent
    seed: str
    rules: tuple[str, ...] = ()
    classic_bench: bool = False  # through bench/arena.py (its bench-only bots: pimc-dds)
    point_bench: bool = False  # through bench/pointmcts_arena.py (the point games' C baseline)
    by_tricks: bool = False  # its margin in tricks a deal (a game won by tricks), not points a hand

    def command(self, deals: int) -> list[str]:
        if self.point_bench:
            return [PY, "bench/pointmcts_arena.py", self.game, self.a, self.b, "--players", str(self.players),
                    "--deals", str(deals), "--seed", self.seed, *self.rules]
        if self.classic_bench:
            return [PY, "bench/arena.py", self.a, self.b, "--deals", str(deals), "--seed", self.seed]
        return ["whist-table", "arena", "--game", self.game, "--players", str(self.players), self.a, self.b,
                "--deals", str(deals), "--seed", self.seed, *self.rules, "--budget", "0", "--timeout", "120",
                "--json"]


def cells() -> list[Cell]:
    out = [
        # the baseline's check: far ahead of random, behind itself with four times the work
        Cell("check-oh-hell-3-random", "oh-hell", 3, ONE, "random", "st", SEVEN),
        Cell("check-oh-hell-3-x4", "oh-hell", 3, ONE, FOUR, "st", SEVEN),
        Cell("check-oh-hell-4-x4", "oh-hell", 4, ONE, FOUR, "st", SEVEN),
    ]
    for game, players, rules in (("oh-hell", 3, SEVEN), ("oh-hell", 4, SEVEN), ("knockout", 3, ()),
                                 ("knockout", 4, ())):
        for who in ("textbook", "ismcts-1000", "ismcts-4000"):
            out.append(Cell(f"{game}-{players}-hard-{who}", game, players, "hard", OPPONENTS[who], "st",
                            rules))
        out.append(Cell(f"{game}-{players}-expert-ismcts-1000", game, players, "expert", ONE, "st", rules))
    # the games scored by the cards taken: the C baseline of bench/pointmcts.py, checked as above
    for game in ("catch-the-ten", "hearts"):
        out.append(Cell(f"check-{game}-4-random", game, 4, "ismcts-1000", "random", "st", point_bench=True))
        out.append(Cell(f"check-{game}-4-x4", game, 4, "ismcts-1000", "ismcts-4000", "st", point_bench=True))
        for who in ("ismcts-1000", "ismcts-4000"):
            out.append(Cell(f"{game}-4-hard-{who}", game, 4, "hard", who, "st", point_bench=True))
    # Hearts at three players too, and against the textbook in the same harness
    out.append(Cell("hearts-4-hard-textbook", "hearts", 4, "hard", "rules", "st", point_bench=True))
    for who in ("textbook", "ismcts-1000", "ismcts-4000"):
        b = "rules" if who == "textbook" else who
        out.append(Cell(f"hearts-3-hard-{who}", "hearts", 3, "hard", b, "st", point_bench=True))
    # classic whist's play, the same C baseline: the game's package describes it (every card one point)
    out.append(Cell("check-classic-4-random", "classic", 4, "ismcts-1000", "random", "st", point_bench=True,
                    by_tricks=True))
    out.append(Cell("check-classic-4-x4", "classic", 4, "ismcts-1000", "ismcts-4000", "st", point_bench=True,
                    by_tricks=True))
    for level in ("hard", "expert"):
        for who in ("ismcts-1000", "ismcts-4000"):
            out.append(Cell(f"classic-{level}-{who}", "classic", 4, level, who, "st", point_bench=True,
                            by_tricks=True))
    # the games with an auction (Norwegian, Solo): the whole game, the auction searched over the
    # whole hand and checked as above, and against the same card search bidding as the textbook;
    # and hard against the baseline of the play alone, bidding as the textbook (the older cells)
    for game in ("norwegian", "solo"):
        out.append(Cell(f"check-{game}-4-random", game, 4, "ismcts-1000", "random", "st", point_bench=True))
        out.append(Cell(f"check-{game}-4-textbook-auction", game, 4, "ismcts-1000", "ismcts-1000-textbook",
                        "st", point_bench=True))
        for who in ("ismcts-1000", "ismcts-4000", "ismcts-1000-textbook", "ismcts-4000-textbook"):
            out.append(Cell(f"{game}-4-hard-{who}", game, 4, "hard", who, "st", point_bench=True))
    # dummy, widow, Bid and Scandinavian whist: the whole game (the auction and the call searched
    # as above, from a deal of the game's own shape named to fit the seat's view: a widow, a dummy
    # shown, a kitty, the layouts), checked against the textbook's auction, and hard against it
    for game, n, seed in (("dummy", 4, "st"), ("widow", 3, "st"), ("bid", 4, "bid500"),
                          ("scandinavian", 2, "st")):
        out.append(Cell(f"check-{game}-{n}-textbook-auction", game, n, "ismcts-1000", "ismcts-1000-textbook",
                        seed, point_bench=True))
        for who in ("ismcts-1000", "ismcts-4000"):
            out.append(Cell(f"{game}-{n}-hard-{who}", game, n, "hard", who, seed, point_bench=True))
    # and the older cells of the play alone (the baseline's auction, call, take and keep the
    # textbook's; widow whist's hard takes by its own thresholds), checked as above
    one, four = "ismcts-1000-textbook", "ismcts-4000-textbook"
    for game, n in (("dummy", 4), ("widow", 3)):
        out.append(Cell(f"check-{game}-{n}-random", game, n, one, "random", "st", point_bench=True))
        out.append(Cell(f"check-{game}-{n}-x4", game, n, one, four, "st", point_bench=True))
        for who in (one, four):
            out.append(Cell(f"{game}-{n}-hard-{who}", game, n, "hard", who, "st", point_bench=True))
    out.append(Cell(f"dummy-jokers-4-hard-{one}", "dummy", 4, "hard", one, "st", ("--rule", "jokers=true"),
                    point_bench=True))
    # Bid Whist the same way, on the deals of its other runs (seed bid500)
    out.append(Cell("check-bid-4-random", "bid", 4, one, "random", "bid500", point_bench=True))
    out.append(Cell("check-bid-4-x4", "bid", 4, one, four, "bid500", point_bench=True))
    for who in (one, four):
        out.append(Cell(f"bid-4-hard-{who}", "bid", 4, "hard", who, "bid500", point_bench=True))
    # German whist: no auction, its whole game is the play with the stock, so this IS the
    # standard ISMCTS of the game
    out.append(Cell("check-german-2-random", "german", 2, "ismcts-1000", "random", "st", point_bench=True))
    out.append(Cell("check-german-2-x4", "german", 2, "ismcts-1000", "ismcts-4000", "st", point_bench=True))
    for level in ("hard", "expert"):
        for who in ("ismcts-1000", "ismcts-4000"):
            if level == "hard" or who == "ismcts-1000":
                out.append(Cell(f"german-2-{level}-{who}", "german", 2, level, who, "st", point_bench=True))
    # Scandinavian whist: the play alone (its high or low the textbook's), face-up cards and
    # four-card tricks in the C model; checked as above, and expert at 1,000
    out.append(Cell("check-scandinavian-2-random", "scandinavian", 2, one, "random", "st", point_bench=True))
    out.append(Cell("check-scandinavian-2-x4", "scandinavian", 2, one, four, "st", point_bench=True))
    for who in (one, four):
        out.append(Cell(f"scandinavian-2-hard-{who}", "scandinavian", 2, "hard", who, "st", point_bench=True))
    out.append(Cell(f"scandinavian-2-expert-{one}", "scandinavian", 2, "expert", one, "st", point_bench=True))
    for level in ("hard", "expert"):
        out.append(Cell(f"classic-{level}-textbook", "classic", 4, level, "rules", "st"))
        out.append(Cell(f"classic-{level}-pimc-dds", "classic", 4, level, "pimc-dds", "st",
                        classic_bench=True))
    for game, players in (("german", 2), ("solo", 4), ("dummy", 4), ("widow", 3), ("scandinavian", 2),
                          ("bid", 4), ("norwegian", 4)):
        out.append(Cell(f"{game}-{players}-hard-textbook", game, players, "hard", "rules", "st"))
    return out


@dataclass(frozen=True)
class Result:
    mean: float
    se: float
    deals: int
    unit: str
    seconds: float


def run(cell: Cell, deals: int, python: str) -> Result:
    cmd = cell.command(deals)
    real = [python if c == PY else c for c in cmd]
    real = [c.replace(f"cmd:{PY} ", f"cmd:{python} ") for c in real]
    if real[0] == "whist-table":
        real = [python, "-m", "device.cli", *real[1:]]
    start = time.monotonic()
    done = subprocess.run(real, cwd=ROOT, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        raise SystemExit(f"{cell.name} failed ({done.returncode}): {done.stderr[-2000:]}")
    if cell.classic_bench:
        m = re.search(r"trick margin: ([-+0-9.]+) ± ([0-9.nan]+) tricks/deal", done.stdout)
        d = re.search(r": (\d+) duplicate deals", done.stdout)
        if m is None or d is None:
            raise SystemExit(f"{cell.name}: no margin in bench/arena.py's report:\n{done.stdout}")
        return Result(float(m.group(1)), float(m.group(2)), int(d.group(1)), "tricks/deal", seconds)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    if cell.point_bench:
        margin = data["trick_margin" if cell.by_tricks else "point_margin"]
        se = margin["se"] if margin["se"] is not None else math.nan
        unit = "tricks/deal" if cell.by_tricks else "points/hand"
        return Result(margin["mean"], se, int(data["deals"]), unit, seconds)
    key = "trick_margin" if cell.game == "classic" or data.get("alone_points") is None else "point_margin"
    margin = data[key]
    unit = "tricks/deal" if key == "trick_margin" else "points/hand"
    se = margin["se"] if margin["se"] is not None else math.nan
    return Result(margin["mean"], se, int(data["deals"]), unit, seconds)


def label(spec: str) -> str:
    if re.fullmatch(r"ismcts-\d+", spec):  # bench/pointmcts_arena.py's baseline
        return f"ISMCTS {spec.split('-')[1]}"
    if re.fullmatch(r"ismcts-\d+-textbook", spec):  # the same, bidding as the textbook
        return f"ISMCTS {spec.split('-')[1]} (play; textbook auction)"
    for name, value in OPPONENTS.items():
        if spec == value:
            return f"ISMCTS {name.split('-')[1]}" if name.startswith("ismcts") else name
    return spec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4 if QUICK else 500)
    parser.add_argument("--only", nargs="*", default=None, help="cells by name (--list shows them)")
    parser.add_argument("--list", action="store_true", help="the cells and their commands")
    parser.add_argument("--seed", default=None, help="another seed for every cell (default st)")
    parser.add_argument("--out", type=Path, default=None,
                        help="also write the table (Markdown) to this file, for bench/RESULTS.md")
    parser.add_argument("--openspiel", metavar="PYTHON", default=None,
                        help="a Python with open_spiel: add the reference cell against OpenSpiel's ISMCTS")
    args = parser.parse_args(argv)
    table = cells()
    if args.openspiel:
        table.insert(2, Cell("check-oh-hell-3-openspiel", "oh-hell", 3, OPPONENTS["ismcts-1000"],
                             f"cmd:{args.openspiel} bench/openspiel_ismcts.py", "st", SEVEN))
    if args.seed is not None:
        table = [replace(c, seed=args.seed) for c in table]
    wanted = [c for c in table if args.only is None or c.name in args.only]
    if args.only and len(wanted) != len(args.only):
        known = {c.name for c in table}
        raise SystemExit(f"no cell {sorted(set(args.only) - known)}; --list shows them")
    if args.list:
        for c in wanted:
            print(f"{c.name}: {shlex.join(c.command(args.deals))}")
        return 0
    lines = ["| game, players | side | against | margin ± SE | deals | command |",
             "|---|---|---|---|---|---|"]
    print("\n".join(lines), flush=True)
    for c in wanted:
        r = run(c, args.deals, sys.executable)
        lines.append(f"| {c.game}, {c.players} | {label(c.a)} | {label(c.b)} | {r.mean:+.3f} ± {r.se:.3f} "
                     f"{r.unit} | {r.deals} | `{shlex.join(c.command(args.deals)).replace('|', '/')}` |")
        print(lines[-1], flush=True)
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
