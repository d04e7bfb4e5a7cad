"""Makes store-schema3.db and its transcript with the release at fd4908c (schema 3),
the last before one table drew every game: run from that release's checkout,

    PYTHONPATH=<release checkout> python tests/data/make_store_schema3.py OUT_DIR

It plays a headless demo of every game of that release into one store, then starts
a classic run and cuts its power (SIGKILL) in the middle of a hand, and writes what
that release printed about the store, command by command."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from device.cli import main

RUNS = [  # (game, players, hands, seed)
    ("classic", 4, 2, 31), ("oh-hell", 4, 2, 32), ("bid", 4, 1, 33), ("solo", 4, 1, 34),
    ("knockout", 3, 2, 35), ("scandinavian", 2, 1, 36), ("german", 2, 1, 37),
    ("norwegian", 4, 1, 38), ("widow", 3, 1, 39), ("dummy", 4, 1, 40),
]
CUT_SEED = 41  # the classic run whose power is cut mid-hand


def run(args: list[str]) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(args) == 0, args
    return buf.getvalue()


def cut_mid_hand(db: Path) -> None:
    args = [sys.executable, "-m", "device.cli", "demo", "--headless", "--db", str(db), "--hands", "1",
            "--seed", str(CUT_SEED), "--delay", "0.3"]
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, env=os.environ)
    time.sleep(3.0)
    child.send_signal(signal.SIGKILL)
    child.wait()


def main_(out: Path) -> None:
    db = out / "store-schema3.db"
    db.unlink(missing_ok=True)
    for game, players, hands, seed in RUNS:
        run(["demo", "--headless", "--db", str(db), "--game", game, "--players", str(players),
             "--hands", str(hands), "--seed", str(seed), "--delay", "0"])
    cut_mid_hand(db)
    commands = [["history", "--db", "F", "--last", "1000"], ["history", "--db", "F", "--json"]]
    commands += [["history", "--db", "F", "--pbn", "--rubber", "1"]]
    lines = []
    for args in commands:
        printed = run([str(db) if a == "F" else a for a in args])
        lines.append("$ whist-table " + " ".join(args) + "\n" + printed)
    (out / "store-schema3.transcript").write_text("".join(lines))


if __name__ == "__main__":
    main_(Path(sys.argv[1]))
