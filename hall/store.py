"""The hall's two SQLite files: the hub's drive store and a table's journal with its outbox.

Built like the table's game store (device.store): WAL with
``synchronous=FULL`` and one transaction per write, committed before the
method returns, so what a method has written survives a power cut. Each
file is its own, so a table's hall journal never touches its game store.

What the disk does to them is said as it is for the game store, by the same code
(device.store.sqlite): a file is checked when opened, a damaged one is a
StoreDamaged saying what to do, read-only media a StoreReadOnly, and a full disk a
StoreFull. On a full disk nothing is lost: a table's journal holds its writes and
tries them again (``error`` says why meanwhile), and a result the hub has no room
for is not counted, so it is not acknowledged and its table sends it again.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.store.errors import StoreError, StoreFull
from device.store.sqlite import HeldWrites, ReadOnly, StoreFile, integrity_check, open_readonly
from engine.actions import Action, action_from_dict
from engine.seats import Seat
from hall.drive import DriveError, DriveSettings, HandResult, ResultBook, ResultConflict, Seating

log = logging.getLogger(__name__)


class HallStoreError(StoreError, DriveError):
    """A hall store that cannot be used as asked (another drive's, another table's), with the
    file and the reason. What the disk does to it is device.store.sqlite's (StoreFull...)."""


HUB_DAMAGED = ("restore it from a copy, or start the hub on a fresh --db (the results it had counted "
               "are then only in the tables' hall journals); keep this file for the organiser")
TABLE_DAMAGED = ("move it aside (keep it: the hands the hub has not acknowledged are in it) and "
                 "start the table again; it joins the drive afresh")


@contextmanager
def _tx(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")  # a full disk may refuse the commit itself: rolled back then
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


class _File:
    """One hall SQLite file: opened and checked, each write one transaction, every failure
    of the disk named as device.store.sqlite names it."""

    def __init__(self, file: StoreFile, schema: str, *, durable: bool = True,
                 readonly: bool = False) -> None:
        self.path = file.path
        self.file = file
        self._lock = threading.Lock()
        self._readonly: ReadOnly | None = None
        self.held = HeldWrites(hold=True)  # writes a full disk refused, tried again at the next
        try:
            if readonly:
                self._readonly = open_readonly(self.path)
                self._db = self._readonly.db
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (sqlite3.Error, OSError) as exc:
            raise file.error(exc) from None
        try:
            integrity_check(db)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL" if durable else "PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA busy_timeout=5000")
            with _tx(db):
                for statement in schema.split(";"):
                    if statement.strip():
                        db.execute(statement)
        except sqlite3.Error as exc:
            db.close()
            raise file.error(exc) from None
        self._db = db

    def close(self) -> None:
        self._db.close()
        if self._readonly is not None:
            self._readonly.close()

    @property
    def error(self) -> StoreError | None:
        """Why some writes wait (a full disk), or None."""
        return self.held.error

    def flush(self) -> bool:
        """Write what waits; True when the file has everything."""
        return self.held.flush()

    def _hold(self, doing: str, sql: str, params: tuple[Any, ...]) -> None:
        """One statement written in order after what waits; held (and logged once) when the
        disk is full."""
        def write() -> None:
            with self._write(doing) as db:
                db.execute(sql, params)

        was = self.held.error
        self.held.write(write)
        if self.held.error is not None and was is None:
            log.error("%s; kept, and written when there is room", self.held.error)

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        try:
            return self._db.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:  # damaged since it was opened and checked
            raise self.file.error(exc) from None

    @contextmanager
    def _write(self, doing: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                with _tx(self._db) as db:
                    yield db
            except sqlite3.Error as exc:
                raise self.file.error(exc, doing) from None


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


class HubStore(_File):
    """The hub's drive: its settings, round one's seating, the sign-ins and every result once.

    ``readonly`` (``hall status``) writes nothing, not even beside the file, so a store on
    read-only media, or one a running hub holds, is read as it is."""

    def __init__(self, path: str | Path, *, readonly: bool = False) -> None:
        super().__init__(StoreFile("hub's drive store", Path(path), HUB_DAMAGED), HUB_SCHEMA,
                         readonly=readonly)
        self._full = False  # a result was refused for want of room, and none counted since

    def settings(self) -> DriveSettings | None:
        rows = self._rows("SELECT settings FROM drive")
        return None if not rows else DriveSettings.from_dict(json.loads(rows[0][0]))

    def create(self, settings: DriveSettings) -> None:
        known = self.settings()
        if known is not None and known != settings:
            raise HallStoreError(f"{self.path} holds drive {known.drive!r} with other settings: "
                                 "use another --db for a new drive")
        with self._write("the drive's settings") as db:
            db.execute("INSERT OR IGNORE INTO drive (id, settings) VALUES (1, ?)",
                       (json.dumps(settings.to_dict()),))

    def seating(self) -> Seating | None:
        rows = self._rows("SELECT seating FROM drive")
        return None if not rows or rows[0][0] is None else Seating.from_dict(json.loads(rows[0][0]))

    def start(self, seating: Seating) -> None:
        self.flush()  # the sign-ins that wait go in first: round one seats them
        with self._write("round one's seating") as db:
            db.execute("UPDATE drive SET seating = ? WHERE seating IS NULL", (json.dumps(seating.to_dict()),))

    def sign_in(self, table: int, seat: Seat, name: str) -> None:
        self._hold(f"{name}'s sign-in at table {table}", "INSERT OR REPLACE INTO signins VALUES (?, ?, ?)",
                   (table, seat.name, name))

    def signins(self) -> dict[tuple[int, Seat], str]:
        self.flush()
        return {(t, Seat.parse(s)): n for t, s, n in self._rows("SELECT tbl, seat, name FROM signins")}

    def add(self, result: HandResult) -> bool:
        """Keep a result: True when new, False when the same hand was counted already, or
        when the disk has no room for it: then it is not in :meth:`counted`, so the hub does
        not acknowledge it and its table sends it again. A different result for a counted
        hand is a :class:`ResultConflict`."""
        self.flush()
        try:
            with self._write(f"table {result.table}'s result of round {result.round}, hand "
                             f"{result.hand}") as db:
                row = db.execute("SELECT ns, ew FROM results WHERE drive=? AND round=? AND tbl=? AND hand=?",
                                 result.key).fetchone()
                if row is not None:
                    if tuple(row) != result.tricks:
                        ResultBook([HandResult(*result.key, tricks=(row[0], row[1]))]).add(result)
                    return False
                db.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (*result.key, *result.tricks, result.to_json()))
        except StoreFull as exc:
            self.held.error = exc
            if not self._full:  # once, not at every table's every resend
                log.error("%s; the table sends it again, and so does every table until there is room", exc)
            self._full = True
            return False
        if self._full:
            log.info("the hub's drive store %s has room again", self.path)
            self._full = False
        return True

    def refuse(self, table: int | None, reason: str) -> None:
        self._hold("a refusal", "INSERT INTO refused (tbl, reason) VALUES (?, ?)", (table, reason))

    def refusals(self) -> list[tuple[int | None, str]]:
        return [(t, r) for t, r in self._rows("SELECT tbl, reason FROM refused ORDER BY id")]

    def results(self) -> list[HandResult]:
        return [HandResult.from_json(p) for (p,) in
                self._rows("SELECT payload FROM results ORDER BY round, tbl, hand")]

    def counted(self, table: int) -> list[tuple[int, int]]:
        return [(r, h) for r, h in self._rows(
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


class TableJournal(_File):
    """A table's part of a drive: every action as it is played, and each finished hand's result
    in the outbox until the hub has acknowledged it.

    Its writes go out in order (device.store.sqlite.HeldWrites, as the game journal's): one a
    full disk refuses, and every later one, wait and are tried again at the next write or
    :meth:`flush`; the game goes on meanwhile and ``error`` says why. A result that waits is
    not in the outbox yet, so nothing is sent that could still be lost."""

    def __init__(self, path: str | Path, *, durable: bool = True) -> None:
        """``durable`` False (a simulation: many tables on one disk) drops the sync of each write;
        a power cut may then lose the last actions, never corrupt the file."""
        super().__init__(StoreFile("table's hall journal", Path(path), TABLE_DAMAGED), TABLE_SCHEMA,
                         durable=durable)

    def join(self, settings: DriveSettings, table: int) -> None:
        self.flush()
        rows = self._rows("SELECT tbl, settings FROM drive WHERE drive = ?", (settings.drive,))
        if rows and (rows[0][0] != table or DriveSettings.from_dict(json.loads(rows[0][1])) != settings):
            raise HallStoreError(f"{self.path} plays drive {settings.drive} as table {rows[0][0]} with other "
                                 "settings: give this table its own --db")
        if not rows:  # OR IGNORE: a join that waited for room may be asked for again meanwhile
            self._hold(f"joining drive {settings.drive}",
                       "INSERT OR IGNORE INTO drive (drive, tbl, settings) VALUES (?, ?, ?)",
                       (settings.drive, table, json.dumps(settings.to_dict())))

    def joined(self, drive: str | None = None) -> tuple[DriveSettings, int] | None:
        """The drive this journal plays (the latest one when ``drive`` is None) and its table."""
        sql = "SELECT settings, tbl FROM drive" + (" WHERE drive = ?" if drive else " ORDER BY rowid DESC")
        rows = self._rows(sql, (drive,) if drive else ())
        return None if not rows else (DriveSettings.from_dict(json.loads(rows[0][0])), rows[0][1])

    def set_seating(self, drive: str, round_: int, four: tuple[str, str, str, str]) -> None:
        # one key of the JSON set in place: written when it is its turn, whatever waited before
        self._hold(f"round {round_}'s seating",
                   "UPDATE drive SET seatings = json_set(seatings, ?, json(?)) WHERE drive = ?",
                   (f'$."{round_}"', json.dumps(list(four)), drive))

    def seating(self, drive: str, round_: int) -> tuple[str, str, str, str] | None:
        rows = self._rows("SELECT seatings FROM drive WHERE drive = ?", (drive,))
        four = None if not rows else json.loads(rows[0][0]).get(str(round_))
        return None if four is None else (four[0], four[1], four[2], four[3])

    def append(self, drive: str, round_: int, hand: int, seq: int, action: Action) -> None:
        self._hold(f"action {seq} of round {round_}, hand {hand}",
                   "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                   (drive, round_, hand, seq, json.dumps(action.to_dict())))

    def drop_last(self, drive: str, round_: int, hand: int) -> None:
        """A card taken back (the table's take back): the hand's last action goes."""
        self._hold(f"the take back in round {round_}, hand {hand}",
                   "DELETE FROM actions WHERE drive=? AND round=? AND hand=? AND seq = "
                   "(SELECT max(seq) FROM actions WHERE drive=? AND round=? AND hand=?)",
                   (drive, round_, hand, drive, round_, hand))

    def actions(self, drive: str, round_: int, hand: int) -> list[Action]:
        return [action_from_dict(json.loads(a)) for (a,) in self._rows(
            "SELECT action FROM actions WHERE drive=? AND round=? AND hand=? ORDER BY seq",
            (drive, round_, hand))]

    def finish(self, result: HandResult) -> None:
        """The hand is over: its result goes in the outbox, in the same transaction as nothing
        else, so a power cut leaves it either unplayed-to-the-end or waiting to be sent."""
        self._hold(f"the result of round {result.round}, hand {result.hand}",
                   "INSERT OR IGNORE INTO outbox (drive, round, hand, payload) VALUES (?, ?, ?, ?)",
                   (result.drive, result.round, result.hand, result.to_json()))

    def finished(self, drive: str, round_: int, hand: int) -> bool:
        return bool(self._rows("SELECT 1 FROM outbox WHERE drive=? AND round=? AND hand=?",
                               (drive, round_, hand)))

    def outbox(self, drive: str, *, unacked_only: bool = True) -> list[OutboxRow]:
        self.flush()  # a full disk freed: the results that waited go out now
        sql = "SELECT round, hand, payload, acked FROM outbox WHERE drive = ?"
        if unacked_only:
            sql += " AND acked = 0"
        return [OutboxRow(r, h, p, bool(a)) for r, h, p, a in self._rows(sql + " ORDER BY round, hand",
                                                                        (drive,))]

    def ack(self, drive: str, hands: list[tuple[int, int]]) -> int:
        """Mark the hands the hub says it has counted; returns how many were newly acknowledged
        (none while earlier writes wait: the hub says them all again)."""
        if not self.flush():
            return 0
        try:
            with self._write("the hub's acknowledgement") as db:
                before = db.total_changes
                db.executemany("UPDATE outbox SET acked = 1 WHERE drive=? AND round=? AND hand=? AND acked=0",
                               [(drive, r, h) for r, h in hands])
                return db.total_changes - before
        except StoreFull as exc:
            self.held.error = exc
            return 0

    def results(self, drive: str) -> list[HandResult]:
        return [HandResult.from_json(row.payload) for row in self.outbox(drive, unacked_only=False)]


__all__ = ["HallStoreError", "HubStore", "OutboxRow", "ResultConflict", "TableJournal"]
