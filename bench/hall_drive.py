"""The whist drive at scale: `hall simulate` at 10, 30 and 100 tables against a real Mosquitto.

Prints, per size, the wall time, the time per round, the messages sent and the
hub's own work (replaying every result through the engine, folding the
standings), so the growth from 10 to 100 tables can be read off. Each size
runs in its own process with a cap (``--cap`` seconds).

    python bench/hall_drive.py [--tables 10 30 100] [--rounds 6] [--hands 4] [--progress]
    python bench/hall_drive.py --hub-only   # the hub alone, fed a whole drive's results
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def hub_only(tables: int, rounds: int, hands: int) -> str:
    """The hub's own work for a whole drive: every result checked (replayed through the
    engine) and stored, then the standings folded once, as at the end of the drive."""
    from engine.actions import Play
    from hall.drive import DriveSettings, play_result
    from hall.hub import Hub
    from hall.store import HubStore

    settings = DriveSettings("bench", tables=tables, rounds=rounds, hands_per_round=hands, seed="bench")
    rng = random.Random(1)
    payloads = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            match = settings.match(r, t)
            for h in range(1, hands + 1):
                deal = match.start_deal(settings.record(r, t, h))
                while not deal.is_over:
                    seat = deal.turn
                    assert seat is not None
                    deal.apply(Play(seat, rng.choice(deal.legal_moves())))
                match.finish_deal()
                payloads.append((t, play_result(settings, r, t, h, deal.actions).to_json().encode()))
    rng.shuffle(payloads)
    with tempfile.TemporaryDirectory() as tmp:
        store = HubStore(Path(tmp) / "hub.db")
        hub = Hub(store, None, settings)
        hub.start([f"P{i}" for i in range(4 * tables)])
        t0 = time.perf_counter()
        for t, payload in payloads:
            hub.receive_result(t, payload)
        received = time.perf_counter() - t0
        t0 = time.perf_counter()
        s = hub.refold()
        folded = time.perf_counter() - t0
        assert s is not None and s.finished
        store.close()
    n = len(payloads)
    return (f"{tables:>6} {n:>6} {1000 * received / n:>14.2f} {1000 * hub.counts.check_seconds / n:>13.2f} "
            f"{1000 * folded:>14.1f}")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, nargs="+", default=[10, 30, 100])
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--hands", type=int, default=4)
    p.add_argument("--level", default="random")
    p.add_argument("--cap", type=float, default=900.0, help="seconds allowed for one size")
    p.add_argument("--progress", action="store_true", help="print each round as it completes")
    p.add_argument("--hub-only", action="store_true", help="time the hub alone on a whole drive's results")
    args = p.parse_args(argv)
    if args.hub_only:
        print(f"{'tables':>6} {'hands':>6} {'ms/result all':>14} {'ms/result replay':>13} "
              f"{'fold at end ms':>14}")
        for tables in args.tables:
            print(hub_only(tables, args.rounds, args.hands), flush=True)
        return 0
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
