"""Soak: thousands of AI hands through the headless demo, journalled; speed and memory.

    .venv/bin/python bench/soak.py [--hands 10000] [--level rules] [--seed 1] [--db PATH]

Every hand goes the way ``whist-table demo --headless --db PATH`` plays it:
device.headless.run_headless with the device.journal bridge writing every
action, deal, hand result and rubber to a real SQLite store (WAL,
synchronous=FULL). The store is a file on tmpfs (/dev/shm) by default: the
same SQLite work, without the disk's fsync (~6 ms an action on the dev
machine's disk, which would make this a disk benchmark). An in-memory store
(``--db :memory:``) is no good here: its pages are the process's memory and
would read as growth. The terminal output is thrown away.

Prints hands per second and the resident memory (from /proc/self/statm) at
hand 1,000 and at the end, and the growth between them (the issue asks for at
most 10 MB over 10,000 hands). Exit status 1 when the growth is above that.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from device.headless import run_headless  # noqa: E402
from device.journal import demo_run  # noqa: E402
from device.store import Store  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.match import Match  # noqa: E402

FIRST_MARK = 1000
GROWTH_LIMIT_MB = 10.0


class Discard:
    """A terminal that nobody reads (the demo still formats every line)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def rss_mb() -> float:
    """Resident set size now, from /proc/self/statm (pages -> MB)."""
    with open("/proc/self/statm") as f:
        resident = int(f.read().split()[1])
    return resident * os.sysconf("SC_PAGE_SIZE") / 2**20


def chooser(level: str):  # -> Chooser
    if level == "bots":
        from engine.bots import rules_card

        return rules_card
    from engine.ai import choose_card

    def choose(observation: dict, move_seed: str) -> str:
        # Fixed work (no time budget), as the journalled demo does.
        return choose_card(observation, level=level, seed=move_seed, budget=None)

    return choose


def default_db() -> tuple[Path, tempfile.TemporaryDirectory]:
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    tmp = tempfile.TemporaryDirectory(prefix="whist-soak-", dir=base)
    return Path(tmp.name) / "soak.sqlite3", tmp


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--level", default="rules",
                    help="AI level for all four seats (engine.ai levels), or 'bots' for "
                    "engine.bots.rules_card; default rules (engine.ai's textbook player)")
    ap.add_argument("--seed", default="soak")
    ap.add_argument("--db", default=None, help="store file (default: a fresh file on tmpfs)")
    args = ap.parse_args(argv)

    tmp = None
    if args.db is None:
        db, tmp = default_db()
    else:
        db = Path(args.db)
    marks: dict[int, tuple[float, float]] = {}  # hands done -> (seconds, RSS MB)
    mark_at = min(FIRST_MARK, args.hands)
    start = time.perf_counter()
    done = 0

    def on_match(match: Match, rubber: int, hands_before: int) -> None:
        nonlocal done
        done = hands_before
        run.on_match(match, rubber, hands_before)

    def on_action(match: Match, action: Action) -> None:
        # The first card of a hand: every hand before it is finished and journalled.
        deal = match.current
        if deal is not None and len(deal.actions) == 1 and not marks:
            if done + len(match.hands) >= mark_at:
                gc.collect()
                marks[done + len(match.hands)] = (time.perf_counter() - start, rss_mb())

    store = Store(db)
    try:
        run = demo_run(store, args.seed, args.level if args.level != "bots" else "rules")
        kwargs = run.headless_kwargs()
        kwargs["on_match"] = on_match
        run_headless(args.hands, args.seed, out=Discard(), chooser=chooser(args.level),
                     on_action=on_action, keep_matches=False, **kwargs)
        gc.collect()
        marks[args.hands] = (time.perf_counter() - start, rss_mb())
        stats = store.stats()
    finally:
        store.close()
        if tmp is not None:
            tmp.cleanup()

    total_t, end_rss = marks[args.hands]
    print(f"soak: {args.hands} hands, level {args.level}, store {'tmpfs' if tmp else db} "
          f"(WAL, synchronous=FULL), python {sys.version.split()[0]}")
    print(f"journal: {stats['hands']} deals, {stats['rubbers']} rubbers "
          f"({stats['rubbers_finished']} finished)")
    print(f"speed: {args.hands / total_t:.1f} hands/s overall ({total_t:.1f} s)")
    first = min(marks)
    first_t, first_rss = marks[first]
    if args.hands > first:
        rate = (args.hands - first) / max(1e-9, total_t - first_t)
        print(f"speed after hand {first}: {rate:.1f} hands/s")
    print(f"resident memory: {first_rss:.1f} MB at hand {first}, {end_rss:.1f} MB at hand "
          f"{args.hands}: growth {end_rss - first_rss:+.1f} MB (limit {GROWTH_LIMIT_MB:.0f} MB)")
    return 0 if end_rss - first_rss <= GROWTH_LIMIT_MB else 1


if __name__ == "__main__":
    sys.exit(main())
