"""Our solver's positions reached and processor time beside DDS's, deal by deal.

Builds ``bench/dds_nodes.c`` with ``engine/csrc/solver.c`` and endplay's own
``libdds.so`` into one program, feeds it full deals
(``engine.ddsformat.random_position``, the deals ``bench/pi_budget.py`` uses
for a seed) and prints, per seed, the positions reached (trick-start nodes:
deterministic, unlike time) and the time of both, the median and worst ratio
a deal, and the worst deals; then, over every deal, how many cost either solver
over 1.5 times the other's. Every card's value is checked against DDS's.

    python bench/dds_nodes.py [--seeds 1 2 3] [--deals 40] [--worst 3] [--cc gcc] [-D NAME=VALUE]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.ddsformat import random_position  # noqa: E402


def build(cc: str, out: Path, defines: list[str], program: str = "dds_nodes.c", dds: bool = True) -> None:
    """A bench program (bench/dds_nodes.c or another beside it) linked with solver.c, and with
    DDS (endplay's own) unless ``dds`` is False."""
    link: list[str] = []
    if dds:
        import endplay._dds

        lib = Path(endplay._dds.__file__).parent
        link = [f"-L{lib}", "-l:libdds.so", f"-Wl,-rpath,{lib}"]
    csrc = ROOT / "engine" / "csrc"
    subprocess.run([cc, "-std=c99", "-O3", "-fno-wrapv", *(f"-D{d}" for d in defines), f"-I{csrc}",
                    f"-I{ROOT / 'bench'}", str(ROOT / "bench" / program), str(csrc / "solver.c"),
                    *link, "-o", str(out)], check=True)


def deal_lines(seed: int, deals: int) -> list[str]:
    """The seed's full deals, one a line as bench/dds_nodes.c reads them."""
    rng = random.Random(seed)
    lines = []
    for _ in range(deals):
        hands, trump, leader, _trick = random_position(rng, None)
        lines.append(" ".join(str(x) for x in (*hands, trump, leader)))
    return lines


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--worst", type=int, default=3, help="worst deals to list a seed")
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("-D", dest="defines", action="append", default=[],
                    help="a macro for solver.c, as NAME or NAME=VALUE (its tuning knobs)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "dds_nodes"
        build(args.cc, exe, args.defines)
        print("seed | nodes, ours | DDS | ours/DDS nodes: sum, median, worst | time ratio: median, worst"
              " | worst deals (nodes ratio) | values differ")
        tot_o = tot_d = 0
        tot_to = tot_td = 0.0
        all_nr: list[float] = []
        all_tr: list[float] = []
        for seed in args.seeds:
            lines = deal_lines(seed, args.deals)
            run = subprocess.run([str(exe)], input="\n".join(lines) + "\n", capture_output=True,
                                 text=True, check=True)
            rows = [line.split() for line in run.stdout.splitlines()]
            ours = [int(r[1]) for r in rows]
            dds = [int(r[2]) for r in rows]
            nr = [o / max(d, 1) for o, d in zip(ours, dds, strict=True)]
            tr = [float(r[3]) / max(float(r[4]), 1e-6) for r in rows]
            bad = sum(int(r[5]) for r in rows)
            worst = sorted(range(len(nr)), key=lambda i: -nr[i])[:args.worst]
            all_nr += nr
            all_tr += tr
            tot_o += sum(ours)
            tot_d += sum(dds)
            tot_to += sum(float(r[3]) for r in rows)
            tot_td += sum(float(r[4]) for r in rows)
            print(f"{seed} | {sum(ours) / 1e6:.3f} M | {sum(dds) / 1e6:.3f} M | "
                  f"{sum(ours) / sum(dds):.3f}, {statistics.median(nr):.3f}, {max(nr):.2f} | "
                  f"{statistics.median(tr):.3f}, {max(tr):.2f} | "
                  + ", ".join(f"{i}: {nr[i]:.2f} ({ours[i]}/{dds[i]})" for i in worst) + f" | {bad}")
        print(f"all | {tot_o / 1e6:.3f} M | {tot_d / 1e6:.3f} M | {tot_o / tot_d:.3f} | time summed:"
              f" {tot_to:.2f} s ours, {tot_td:.2f} s DDS, {tot_to / tot_td:.3f}")
        print(f"the tails, both ways ({len(all_nr)} deals): {tail(all_nr, 'positions')};"
              f" {tail(all_tr, 'time')}")
    return 0


def tail(ratios: list[float], what: str) -> str:
    """How many deals cost one solver over 1.5 times the other's, each way, and the worst each way."""
    ours = sum(r > 1.5 for r in ratios)
    theirs = sum(r < 1 / 1.5 for r in ratios)
    return (f"{what} over 1.5x DDS's on {ours}, DDS's over 1.5x ours on {theirs}"
            f" (worst {max(ratios):.2f}x / {1 / min(ratios):.2f}x)")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
