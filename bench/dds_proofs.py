"""Where a deal's positions go: our solver beside DDS, proof by proof, each from an empty table.

Builds ``bench/dds_proofs.c`` with ``engine/csrc/solver.c`` and endplay's own ``libdds.so``,
takes one of ``bench/dds_nodes.py``'s full deals (a seed and the deal's number there) and the
cards played from its start, and prints, for the position they reach and for each card the
player to move may play there, the positions (trick-start nodes) ours and DDS's searches reach
proving the mover's side's value and refuting one trick more. A card whose counts are far over
DDS's is the one to follow: add it to the cards and run again (bench/RESULTS.md, 2026-12-07).

    python bench/dds_proofs.py --seed 1 --deal 22 [H9 H2 ...] [--total NS=7] [--cc gcc] [-D NAME=VALUE]

With --total the rows follow one proof down the tree (a side's tricks of the whole deal, and
one more) rather than the value of each position reached. ``-D ROOT_TRACE`` prints, for every
search our solver starts, the moves at its root in the order it tried them, with their order
scores, whether each cut off, and its positions: where a proof went down the wrong card first.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from dds_nodes import build, deal_lines  # noqa: E402


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deal", type=int, required=True, help="the deal's number in its seed (from 0)")
    ap.add_argument("cards", nargs="*", help="cards played from the deal's start, as SA, HT, C2")
    ap.add_argument("--total", default=None, metavar="NS=7",
                    help="follow one proof, not the value's: that side's tricks of the whole deal "
                         "(NS=7 or EW=7) proved, and one more refuted, from the position reached")
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("-D", dest="defines", action="append", default=[],
                    help="a macro for solver.c, as NAME or NAME=VALUE")
    args = ap.parse_args(argv)
    if args.deal < 0:
        raise SystemExit("dds_proofs: --deal counts from 0")
    extra: list[str] = []
    if args.total:
        total = re.fullmatch(r"(NS|EW)=(\d{1,2})", args.total)
        if not total or int(total[2]) > 13:
            raise SystemExit(f"dds_proofs: --total is a side and its tricks of the deal, as NS=7 or EW=6, "
                             f"not {args.total!r}")
        extra = [f"={total[1]}{total[2]}"]
    line = deal_lines(args.seed, args.deal + 1)[args.deal]
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "dds_proofs"
        build(args.cc, exe, args.defines, "dds_proofs.c")
        run = subprocess.run([str(exe), *extra, *args.cards], input=line + "\n", text=True)
    return run.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
