"""The hall's two SQLite files: the hub's drive store and a table's journal with its outbox.

Built like the table's game store (device.store): WAL with
``synchronous=FULL`` and one transaction per write, committed before the
method returns, so what a method has written survives a power cut. Each
file is its own, so a table's hall journal never touches its game store.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from engine.actions import Action, action_from_dict
from engine.seats import Seat
from hall.drive import DriveError, DriveSettings, HandResult, ResultBook, ResultConflict, Seating


class HallStoreError(DriveError):
    """A hall store that cannot be opened or written, with the file and the reason."""


def _connect(path: Path, schema: str, durable: bool = True) -> sqlite3.Connection:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL" if durable else "PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA busy_timeout=5000")
        with _tx(db):
            for statement in schema.split(";"):
                if statement.strip():
                    db.execute(statement)
    except sqlite3.Error as exc:
        raise HallStoreError(f"cannot open the hall store {path}: {exc}") from None
    return db


@contextmanager
def _tx(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


HUB_SCHEMA = """
CREATE TABLE IF NOT EXISTS drive (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    settings TEXT NOT NULL,
    seating  TEXT
);
CREATE TABLE IF NOT EXISTS signins (
    tbl  INTEGER NOT NULL,
    seat TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (tbl, seat)
);
CREATE TABLE IF NOT EXISTS results (
    drive    TEXT NOT NULL,
    round    INTEGER NOT NULL,
    tbl      INTEGER NOT NULL,
    hand     INTEGER NOT NULL,
    ns       INTEGER NOT NULL,
    ew       INTEGER NOT NULL,
    payload  TEXT NOT NULL,
    PRIMARY KEY (drive, round, tbl, hand)
);
CREATE TABLE IF NOT EXISTS refused (
    id      INTEGER PRIMARY KEY,
    tbl     INTEGER,
    reason  TEXT NOT NULL
)
"""


class HubStore:
    """The hub's drive: its settings, round one's seating, the sign-ins and every result once."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = _connect(self.path, HUB_SCHEMA)
        self._lock = threading.Lock()

    def close(self) -> None:
        self._db.close()

    def settings(self) -> DriveSettings | None:
        row = self._db.execute("SELECT settings FROM drive").fetchone()
        return None if row is None else DriveSettings.from_dict(json.loads(row[0]))

    def create(self, settings: DriveSettings) -> None:
        known = self.settings()
        if known is not None and known != settings:
            raise HallStoreError(f"{self.path} holds drive {known.drive!r} with other settings: "
                                 "use another --db for a new drive")
        with self._lock, _tx(self._db) as db:
            db.execute("INSERT OR IGNORE INTO drive (id, settings) VALUES (1, ?)",
                       (json.dumps(settings.to_dict()),))

    def seating(self) -> Seating | None:
        row = self._db.execute("SELECT seating FROM drive").fetchone()
        return None if row is None or row[0] is None else Seating.from_dict(json.loads(row[0]))

    def start(self, seating: Seating) -> None:
        with self._lock, _tx(self._db) as db:
            db.execute("UPDATE drive SET seating = ? WHERE seating IS NULL", (json.dumps(seating.to_dict()),))

    def sign_in(self, table: int, seat: Seat, name: str) -> None:
        with self._lock, _tx(self._db) as db:
            db.execute("INSERT OR REPLACE INTO signins VALUES (?, ?, ?)", (table, seat.name, name))

    def signins(self) -> dict[tuple[int, Seat], str]:
        return {(t, Seat.parse(s)): n for t, s, n in self._db.execute("SELECT tbl, seat, name FROM signins")}

    def add(self, result: HandResult) -> bool:
        """Keep a result: True when new, False when the same hand was counted already.
        A different result for a counted hand is a :class:`ResultConflict`."""
        with self._lock, _tx(self._db) as db:
            row = db.execute("SELECT ns, ew FROM results WHERE drive=? AND round=? AND tbl=? AND hand=?",
                             result.key).fetchone()
            if row is not None:
                if tuple(row) != result.tricks:
                    ResultBook([HandResult(*result.key, tricks=(row[0], row[1]))]).add(result)
                return False
            db.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (*result.key, *result.tricks, result.to_json()))
        return True

    def refuse(self, table: int | None, reason: str) -> None:
        with self._lock, _tx(self._db) as db:
            db.execute("INSERT INTO refused (tbl, reason) VALUES (?, ?)", (table, reason))

    def refusals(self) -> list[tuple[int | None, str]]:
        return [(t, r) for t, r in self._db.execute("SELECT tbl, reason FROM refused ORDER BY id")]

    def results(self) -> list[HandResult]:
        return [HandResult.from_json(p) for (p,) in
                self._db.execute("SELECT payload FROM results ORDER BY round, tbl, hand")]

    def counted(self, table: int) -> list[tuple[int, int]]:
        return [(r, h) for r, h in self._db.execute(
            "SELECT round, hand FROM results WHERE tbl = ? ORDER BY round, hand", (table,))]


TABLE_SCHEMA = """
CREATE TABLE IF NOT EXISTS drive (
    drive    TEXT PRIMARY KEY,
    tbl      INTEGER NOT NULL,
    settings TEXT NOT NULL,
    seatings TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS actions (
    drive  TEXT NOT NULL,
    round  INTEGER NOT NULL,
    hand   INTEGER NOT NULL,
    seq    INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (drive, round, hand, seq)
);
CREATE TABLE IF NOT EXISTS outbox (
    drive   TEXT NOT NULL,
    round   INTEGER NOT NULL,
    hand    INTEGER NOT NULL,
    payload TEXT NOT NULL,
    acked   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (drive, round, hand)
)
"""


@dataclass(frozen=True)
class OutboxRow:
    round: int
    hand: int
    payload: str
    acked: bool


class TableJournal:
    """A table's part of a drive: every action as it is played, and each finished hand's result
    in the outbox until the hub has acknowledged it."""

    def __init__(self, path: str | Path, *, durable: bool = True) -> None:
        """``durable`` False (a simulation: many tables on one disk) drops the sync of each write;
        a power cut may then lose the last actions, never corrupt the file."""
        self.path = Path(path)
        self._db = _connect(self.path, TABLE_SCHEMA, durable)
        self._lock = threading.Lock()

    def close(self) -> None:
        self._db.close()

    def join(self, settings: DriveSettings, table: int) -> None:
        with self._lock, _tx(self._db) as db:
            row = db.execute("SELECT tbl, settings FROM drive WHERE drive = ?", (settings.drive,)).fetchone()
            if row is None:
                db.execute("INSERT INTO drive (drive, tbl, settings) VALUES (?, ?, ?)",
                           (settings.drive, table, json.dumps(settings.to_dict())))
            elif row[0] != table or DriveSettings.from_dict(json.loads(row[1])) != settings:
                raise HallStoreError(f"{self.path} plays drive {settings.drive} as table {row[0]} with other "
                                     "settings: give this table its own --db")

    def joined(self, drive: str | None = None) -> tuple[DriveSettings, int] | None:
        """The drive this journal plays (the latest one when ``drive`` is None) and its table."""
        sql = "SELECT settings, tbl FROM drive" + (" WHERE drive = ?" if drive else " ORDER BY rowid DESC")
        row = self._db.execute(sql, (drive,) if drive else ()).fetchone()
        return None if row is None else (DriveSettings.from_dict(json.loads(row[0])), row[1])

    def set_seating(self, drive: str, round_: int, four: tuple[str, str, str, str]) -> None:
        with self._lock, _tx(self._db) as db:
            row = db.execute("SELECT seatings FROM drive WHERE drive = ?", (drive,)).fetchone()
            if row is None:
                return
            seatings = json.loads(row[0])
            seatings[str(round_)] = list(four)
            db.execute("UPDATE drive SET seatings = ? WHERE drive = ?", (json.dumps(seatings), drive))

    def seating(self, drive: str, round_: int) -> tuple[str, str, str, str] | None:
        row = self._db.execute("SELECT seatings FROM drive WHERE drive = ?", (drive,)).fetchone()
        four = None if row is None else json.loads(row[0]).get(str(round_))
        return None if four is None else (four[0], four[1], four[2], four[3])

    def append(self, drive: str, round_: int, hand: int, seq: int, action: Action) -> None:
        with self._lock, _tx(self._db) as db:
            db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                       (drive, round_, hand, seq, json.dumps(action.to_dict())))

    def drop_last(self, drive: str, round_: int, hand: int) -> None:
        """A card taken back (the table's take back): the hand's last action goes."""
        with self._lock, _tx(self._db) as db:
            db.execute("DELETE FROM actions WHERE drive=? AND round=? AND hand=? AND seq = "
                       "(SELECT max(seq) FROM actions WHERE drive=? AND round=? AND hand=?)",
                       (drive, round_, hand, drive, round_, hand))

    def actions(self, drive: str, round_: int, hand: int) -> list[Action]:
        return [action_from_dict(json.loads(a)) for (a,) in self._db.execute(
            "SELECT action FROM actions WHERE drive=? AND round=? AND hand=? ORDER BY seq",
            (drive, round_, hand))]

    def finish(self, result: HandResult) -> None:
        """The hand is over: its result goes in the outbox, in the same transaction as nothing
        else, so a power cut leaves it either unplayed-to-the-end or waiting to be sent."""
        with self._lock, _tx(self._db) as db:
            db.execute("INSERT OR IGNORE INTO outbox (drive, round, hand, payload) VALUES (?, ?, ?, ?)",
                       (result.drive, result.round, result.hand, result.to_json()))

    def finished(self, drive: str, round_: int, hand: int) -> bool:
        return self._db.execute("SELECT 1 FROM outbox WHERE drive=? AND round=? AND hand=?",
                                (drive, round_, hand)).fetchone() is not None

    def outbox(self, drive: str, *, unacked_only: bool = True) -> list[OutboxRow]:
        sql = "SELECT round, hand, payload, acked FROM outbox WHERE drive = ?"
        if unacked_only:
            sql += " AND acked = 0"
        return [OutboxRow(r, h, p, bool(a)) for r, h, p, a in self._db.execute(sql + " ORDER BY round, hand",
                                                                             (drive,))]

    def ack(self, drive: str, hands: list[tuple[int, int]]) -> int:
        """Mark the hands the hub says it has counted; returns how many were newly acknowledged."""
        with self._lock, _tx(self._db) as db:
            before = db.total_changes
            db.executemany("UPDATE outbox SET acked = 1 WHERE drive=? AND round=? AND hand=? AND acked=0",
                           [(drive, r, h) for r, h in hands])
            return db.total_changes - before

    def results(self, drive: str) -> list[HandResult]:
        return [HandResult.from_json(row.payload) for row in self.outbox(drive, unacked_only=False)]


__all__ = ["HallStoreError", "HubStore", "OutboxRow", "ResultConflict", "TableJournal"]
