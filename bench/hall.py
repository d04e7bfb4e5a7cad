"""The whist drive at scale: `hall simulate` at 10, 30 and 100 tables against a real Mosquitto.

Prints, per size, the wall time, the time per round, the messages sent and the
hub's own work (replaying every result through the engine, folding the
standings), so the growth from 10 to 100 tables can be read off. Each size
runs in its own process with a cap (``--cap`` seconds).

    python bench/hall.py [--tables 10 30 100] [--rounds 6] [--hands 4] [--progress]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, nargs="+", default=[10, 30, 100])
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--hands", type=int, default=4)
    p.add_argument("--level", default="random")
    p.add_argument("--cap", type=float, default=900.0, help="seconds allowed for one size")
    p.add_argument("--progress", action="store_true", help="print each round as it completes")
    args = p.parse_args(argv)
    print(f"{'tables':>6} {'hands':>6} {'wall s':>7} {'round s (mean, max)':>20} {'msgs':>6} "
          f"{'msgs/hand':>9} {'hub replay s':>12} {'hub fold s':>10} {'folds':>5} {'ms/fold':>7}")
    for tables in args.tables:
        command = [sys.executable, "-m", "device.cli", "hall", "simulate", "--tables", str(tables),
                   "--rounds", str(args.rounds), "--hands", str(args.hands), "--level", args.level, "--json"]
        t0 = time.monotonic()
        done = subprocess.run(command, stdout=subprocess.PIPE, text=True, timeout=args.cap,
                              stderr=None if args.progress else subprocess.DEVNULL)
        if done.returncode != 0:
            print(f"{tables:>6} failed after {time.monotonic() - t0:.0f} s", flush=True)
            continue
        f = json.loads(done.stdout.strip().splitlines()[-1])
        hands = tables * args.rounds * args.hands
        rounds = f["round_seconds"]
        messages = f["results_sent"] + f["hub_published"]
        per_fold = 1000 * f["hub_fold_seconds"] / max(1, f["hub_folds"])
        print(f"{tables:>6} {hands:>6} {f['seconds']:>7.1f} {sum(rounds) / len(rounds):>11.2f}, "
              f"{max(rounds):>6.2f} {messages:>6} {messages / hands:>9.2f} {f['hub_check_seconds']:>12.2f} "
              f"{f['hub_fold_seconds']:>10.2f} {f['hub_folds']:>5} {per_fold:>7.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
