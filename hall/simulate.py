"""``whist-table hall simulate``: a whole drive of headless AI tables and a hub, through a real
broker, with the figures a hall needs: time per round, messages, the hub's own work."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from multiprocessing.queues import Queue
from pathlib import Path
from typing import TextIO

from hall.broker import BrokerFiles, MosquittoProcess, local_broker
from hall.drive import DriveError, DriveSettings
from hall.hub import Hub, hub_subscriptions
from hall.link import Broker, Credentials, Link
from hall.run import ai_chooser
from hall.store import HubStore, TableJournal
from hall.table import HallTable, table_link

WAIT = 120.0


@dataclass
class Figures:
    tables: int
    rounds: int
    hands_per_round: int
    seconds: float = 0.0
    round_seconds: list[float] = field(default_factory=list)
    results_sent: int = 0  # by the tables, resends included
    hub_received: int = 0
    hub_duplicates: int = 0
    hub_published: int = 0
    hub_check_seconds: float = 0.0  # replaying each result through the engine
    hub_fold_seconds: float = 0.0  # folding the standings
    hub_folds: int = 0
    leaderboard: list[tuple[int, str, int]] = field(default_factory=list)

    @property
    def messages(self) -> int:
        return self.results_sent + self.hub_published


def simulate(tables: int, rounds: int, hands: int, *, broker: Broker | None = None,
             broker_dir: Path | None = None, drive: str = "sim", level: str = "random", seed: str = "sim",
             progress: TextIO | None = None, plain: bool = False) -> Figures:
    """``plain``: our own broker without TLS (to measure what TLS costs)."""
    settings = DriveSettings(drive, tables=tables, rounds=rounds, hands_per_round=hands, seed=seed)
    ai_chooser(level)  # an unknown level is refused before anything starts
    with tempfile.TemporaryDirectory(prefix="whist-hall-") as tmp:
        own: MosquittoProcess | None = None
        if broker is None:
            own = local_broker(Path(tmp) / "broker", [drive], tables, plain=plain)
            broker, broker_dir = Broker("127.0.0.1", own.port), own.files.directory
        if broker_dir is None:
            raise DriveError("a running --broker needs --broker-dir: the directory hall broker-config wrote")
        try:
            return _run(settings, broker, broker_dir, level, Path(tmp), progress)
        finally:
            if own is not None:
                own.stop()


def _table_worker(broker: Broker, broker_dir: Path, settings: DriveSettings, numbers: list[int],
                  level: str, tmp: Path, out: Queue[tuple[str, int]]) -> None:
    """A process of tables (each in a thread), so the hub's process has its own share of the CPU."""
    chooser = ai_chooser(level)
    tables = []
    for t in numbers:
        cred = Credentials.read(BrokerFiles(broker_dir / "mosquitto.conf", broker_dir).table_credentials(
            settings.drive, t))
        link = table_link(broker, cred, settings.drive, t)
        tables.append(HallTable(TableJournal(tmp / f"table{t}.db", durable=False), link, t, chooser,
                                drive=settings.drive))
        link.start()
    for table in tables:
        deadline = time.monotonic() + WAIT
        while not (table.link is not None and table.link.connected) and time.monotonic() < deadline:
            table.pump(0.05)
    out.put(("ready", len(tables)))

    def play(table: HallTable) -> None:
        if table.wait_for_drive(WAIT) is None:
            raise DriveError(f"table {table.table} never heard the drive start")
        table.play()
        table.flush(WAIT)

    threads = [threading.Thread(target=play, args=(t,)) for t in tables]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for table in tables:
        if table.link is not None:
            table.link.stop()
        table.journal.close()
    out.put(("sent", sum(t.counts.sent for t in tables)))


def _run(settings: DriveSettings, broker: Broker, broker_dir: Path, level: str, tmp: Path,
         progress: TextIO | None) -> Figures:
    drive = settings.drive
    store = HubStore(tmp / "hub.db")
    hub_link = Link(broker, Credentials.read(broker_dir / f"{drive}-hub.toml"), f"hub-{drive}",
                    hub_subscriptions(drive))
    hub = Hub(store, hub_link, settings)
    hub_link.start()
    figures = Figures(settings.tables, settings.rounds, settings.hands_per_round)
    ctx = multiprocessing.get_context("spawn")
    out: Queue[tuple[str, int]] = ctx.Queue()
    workers = max(1, min(settings.tables, os.cpu_count() or 1))
    groups = [list(range(1 + w, settings.tables + 1, workers)) for w in range(workers)]
    procs = [ctx.Process(target=_table_worker, args=(broker, broker_dir, settings,
                                                      g, level, tmp, out), daemon=True) for g in groups]
    for p in procs:
        p.start()
    ready = 0
    while ready < settings.tables:
        kind, n = out.get(timeout=WAIT)
        ready += n
    # the clock starts when the drive does: every table is connected and waiting for it
    start = time.monotonic()
    hub.start([f"P{i:03d}" for i in range(1, 4 * settings.tables + 1)])
    round_done: list[float] = []
    while True:
        hub.step(0.02)
        s = hub.standings()
        assert s is not None
        while len(round_done) < s.complete_rounds:
            round_done.append(time.monotonic())
            if progress is not None:
                print(f"round {len(round_done)} complete", file=progress, flush=True)
        if s.finished:
            break
        if time.monotonic() - start > WAIT * settings.rounds:
            raise DriveError(f"the simulated drive did not finish: {s.counted} hands counted")
    figures.seconds = time.monotonic() - start
    sent = 0
    for _ in procs:
        kind, n = out.get(timeout=WAIT)
        sent += n
    for p in procs:
        p.join(WAIT)
    marks = [start, *round_done]
    figures.round_seconds = [round(b - a, 3) for a, b in zip(marks, marks[1:], strict=False)]
    figures.results_sent = sent
    figures.hub_received = hub.counts.results
    figures.hub_duplicates = hub.counts.duplicates
    figures.hub_published = hub.counts.published
    figures.hub_check_seconds = round(hub.counts.check_seconds, 3)
    figures.hub_fold_seconds = round(hub.counts.fold_seconds, 3)
    figures.hub_folds = hub.counts.folds
    s = hub.standings()
    assert s is not None
    figures.leaderboard = [(r.place, r.player, r.total) for r in s.leaderboard() if r.place]
    hub_link.stop()
    store.close()
    return figures


def report(f: Figures) -> str:
    lead = f.leaderboard
    lines = [
        f"{f.tables} tables, {f.rounds} rounds of {f.hands_per_round} hands: {f.seconds:.1f} s",
        "time per round (s): " + ", ".join(f"{x:.2f}" for x in f.round_seconds),
        f"messages: {f.results_sent} results sent by the tables, {f.hub_received} received by the hub "
        f"({f.hub_duplicates} duplicates), {f.hub_published} published by the hub; {f.messages} in all",
        f"hub's work: {f.hub_check_seconds:.2f} s replaying results, {f.hub_fold_seconds:.2f} s in "
        f"{f.hub_folds} folds of the standings",
        "leaders: " + ", ".join(f"{p}. {name} {total}" for p, name, total in lead[:5]),
        f"booby prize: {lead[-1][1]} {lead[-1][2]}" if lead else "",
    ]
    return "\n".join(line for line in lines if line)


def simulate_from_args(args: argparse.Namespace) -> int:
    broker = Broker.parse(args.broker) if args.broker else None
    f = simulate(args.tables, args.rounds, args.hands, broker=broker,
                 broker_dir=Path(args.broker_dir) if args.broker_dir else None, drive=args.drive,
                 level=args.level, seed=args.seed, progress=None if args.json else sys.stderr,
                 plain=args.plain)
    if args.json:
        print(json.dumps(asdict(f)))
    else:
        print(report(f))
    return 0
