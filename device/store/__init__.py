"""The table's memory: one SQLite file with the journal of every deal.

Durability first: WAL mode with ``synchronous=FULL``, and every write is one
transaction committed before the method returns, so once ``append_action``
returns the action survives a power cut and the screen may show it.

On open the file is checked (``PRAGMA integrity_check``). A damaged file, or
one that is not a database at all, is renamed aside with a timestamp
(``whist.sqlite3.corrupt-20261130T101500``, its -wal/-shm files with it), a
warning is logged, ``recovered_from`` names the moved file so the screen can
say so, and a fresh store is created. Nothing is silently overwritten.

The JSON columns are opaque to the store: the engine owns those formats. A
few keys are read where they exist, for history and statistics:

- deal record: ``dealer``, ``trump`` (S H D C or N), ``trump_card``, and the
  cards as ``pack`` (52 card strings in dealing order: one at a time from the
  dealer's left, so the dealer gets the last, turned, card), or ``known``
  (four lists, N E S W, for a real deck's scanned hands), or ``hands``
  (``{"N": [...], ...}``), or ``deal`` (a PBN deal string);
- action: ``card`` (a play) and ``seat``; any other action is kept as is;
- deal result: ``tricks`` and ``points`` as ``[ns, ew]`` (or ``{"NS": n,
  "EW": n}``), and ``game_won_by`` (side 0 = NS, 1 = EW, or "NS"/"EW";
  also read as ``game_winner``) on the deal that ended a game;
- match players: ``{"N": "human" | an AI level, ...}``; match result:
  ``winner`` (0/1 or "NS"/"EW").
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from device.enrolment import Enrolment, is_tag
from device.paths import default_db_path
from device.stats import Statistics
from device.stats import stored as stored_statistics
from device.store import lock
from device.store.errors import DuplicateAction as DuplicateAction  # re-exported
from device.store.errors import StoreDamaged as StoreDamaged  # re-exported
from device.store.errors import StoreError as StoreError  # re-exported
from device.store.errors import StoreFull as StoreFull  # re-exported
from device.store.errors import StoreReadOnly as StoreReadOnly  # re-exported
from device.store.lock import StoreInUse as StoreInUse  # re-exported
from device.store.sqlite import (
    ReadOnly,
    StoreFile,
    check_beside_wal,
    connect_readonly,
    integrity_check,
    is_damage,
    open_readonly,
)
from engine.seats import MAX_SEATS

log = logging.getLogger(__name__)


# The view of each deal's result, made by step 2 and again after each rebuild of the deals table.
_DEAL_RESULTS = """\
    CREATE VIEW deal_results AS
        SELECT d.id AS deal_id, d.match_id, d.number, d.dealer, d.started, d.finished,
               json_extract(d.record, '$.trump') AS trump,
               coalesce(json_extract(d.result, '$.tricks.NS'),
                        json_extract(d.result, '$.tricks[0]')) AS tricks_ns,
               coalesce(json_extract(d.result, '$.tricks.EW'),
                        json_extract(d.result, '$.tricks[1]')) AS tricks_ew,
               coalesce(json_extract(d.result, '$.points.NS'),
                        json_extract(d.result, '$.points[0]')) AS points_ns,
               coalesce(json_extract(d.result, '$.points.EW'),
                        json_extract(d.result, '$.points[1]')) AS points_ew,
               CASE coalesce(json_extract(d.result, '$.game_winner'),
                             json_extract(d.result, '$.game_won_by'))
                   WHEN 0 THEN 'NS' WHEN 1 THEN 'EW' WHEN 'NS' THEN 'NS' WHEN 'EW' THEN 'EW'
               END AS game_winner
        FROM deals AS d;
"""


def _deals_rebuilt(seats: int) -> str:
    """The deals table rebuilt to let its dealer be N, E, S, W or any seat 0..``seats`` - 1
    (with its view, which SQLite will not keep over the rebuild)."""
    numbers = ", ".join(f"'{i}'" for i in range(seats))
    return _DEALS_REBUILT.replace("{seats}", numbers)


_DEALS_REBUILT = """
    DROP VIEW deal_results;
    CREATE TABLE deals_new (
        id       INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        number   INTEGER NOT NULL,
        dealer   TEXT NOT NULL CHECK (dealer IN ('N', 'E', 'S', 'W', {seats})),
        record   TEXT NOT NULL,
        started  TEXT NOT NULL,
        finished TEXT,
        result   TEXT,
        UNIQUE (match_id, number)
    );
    INSERT INTO deals_new SELECT id, match_id, number, dealer, record, started, finished, result FROM deals;
    DROP TABLE deals;
    ALTER TABLE deals_new RENAME TO deals;
    CREATE INDEX deals_unfinished ON deals (finished, id);
""" + _DEAL_RESULTS


# Forward migrations: MIGRATIONS[i] takes a file from user_version i to i + 1.
# Never edit a released step; append a new one.
MIGRATIONS: list[str] = [
    # 1: the tables
    """
    CREATE TABLE matches (
        id       INTEGER PRIMARY KEY,
        started  TEXT NOT NULL,
        rules    TEXT NOT NULL,
        players  TEXT NOT NULL,
        finished TEXT,
        result   TEXT
    );
    CREATE TABLE deals (
        id       INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        number   INTEGER NOT NULL,
        dealer   TEXT NOT NULL CHECK (dealer IN ('N', 'E', 'S', 'W')),
        record   TEXT NOT NULL,
        started  TEXT NOT NULL,
        finished TEXT,
        result   TEXT,
        UNIQUE (match_id, number)
    );
    CREATE TABLE actions (
        deal_id INTEGER NOT NULL REFERENCES deals(id),
        seq     INTEGER NOT NULL CHECK (seq >= 0),
        action  TEXT NOT NULL,
        at      TEXT NOT NULL,
        PRIMARY KEY (deal_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE enrolment (
        tag  TEXT PRIMARY KEY,
        card TEXT NOT NULL UNIQUE
    );
    """,
    # 2: resume lookups and the statistics views
    """
    CREATE INDEX deals_unfinished ON deals (finished, id);
    CREATE INDEX matches_unfinished ON matches (finished, id);
""" + _DEAL_RESULTS + """
    CREATE VIEW match_results AS
        SELECT m.id AS match_id, m.started, m.finished, m.players,
               CASE json_extract(m.result, '$.winner')
                   WHEN 0 THEN 'NS' WHEN 1 THEN 'EW' WHEN 'NS' THEN 'NS' WHEN 'EW' THEN 'EW'
               END AS winner
        FROM matches AS m;
    """,
    # 3: a deal's dealer is any seat of a table of two to seven (N E S W at four, else 0..6);
    # SQLite cannot drop a CHECK, so the table is rebuilt (foreign keys are off meanwhile)
    _deals_rebuilt(7),
    # 4: a table of eight (two teams of four): its dealer may be seat 7
    _deals_rebuilt(8),
]
SCHEMA_VERSION = len(MIGRATIONS)
# The oldest schema read as it is, without the upgrade only the table may write: schemas 3
# and 4 only let a deal's dealer be any seat of a larger or smaller table, so a schema-2 file
# reads the same.
READABLE_FROM = 2

# What to do with a damaged game store: the table does it itself when it starts.
WHEN_DAMAGED = "the table moves it aside, with its -wal file, and starts a fresh one when it next starts"

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class MatchRow:
    id: int
    started: str
    rules: dict[str, Any]
    players: dict[str, Any]
    finished: str | None
    result: dict[str, Any] | None


@dataclass(frozen=True)
class DealRow:
    id: int
    match_id: int
    number: int
    dealer: str
    record: dict[str, Any]
    started: str
    finished: str | None
    result: dict[str, Any] | None
    actions: list[dict[str, Any]] = field(default_factory=list)


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _dump(value: Any) -> str:
    # Compact and key-sorted, so the same value is always the same text.
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


class Store:
    """One open database. Use as a context manager or call ``close()``."""

    def __init__(self, path: str | Path, *, clock: Clock | None = None,
                 recover: bool = True, readonly: bool = False) -> None:
        """Open or create the store.

        ``readonly=True`` (tools that only look: ``history``, ``stats``) never
        writes, creates, moves or migrates anything (on read-only media it reads
        a copy); a damaged or foreign file is a StoreError, left as it is.
        ``recover=False`` reports a damaged file as a StoreError and leaves it
        where it is. A store opened for writing holds its lock
        (:mod:`device.store.lock`): a second program gets StoreInUse.
        """
        self.path = Path(path)
        self.file = StoreFile("game store", self.path, WHEN_DAMAGED)
        self.clock: Clock = clock or _utc_now
        self.readonly = readonly
        # One connection shared by the UI thread and any helper thread: one
        # statement or transaction at a time.
        self._lock = threading.RLock()
        # Set when a damaged file had to be moved aside on open.
        self.recovered_from: Path | None = None
        self._held: Path | None = None  # the lock file, while this store holds it
        self._readonly: ReadOnly | None = None  # its connection, perhaps to a copy
        if readonly:
            self._db = self._open_readonly()
            return
        # ":memory:" gives a throwaway store (benchmarks, tests): no file, no fsync.
        if str(self.path) != ":memory:":
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise self.file.error(exc) from exc
            self._held = lock.acquire(self.path)
        try:
            self._db = self._open_or_recover(recover)
        except BaseException:
            self._release()
            raise

    def _open_or_recover(self, recover: bool) -> sqlite3.Connection:
        try:
            return self._open_checked()
        except sqlite3.Error as exc:
            if not is_damage(exc) or not recover:
                raise self.file.error(exc) from exc
            self.recovered_from = self._move_aside(str(exc))
            try:
                return self._open_checked()
            except sqlite3.Error as exc2:
                raise StoreError(
                    f"cannot create a fresh game store {self.path}: {exc2}") from exc2

    # ----- opening, checking, migrating ---------------------------------

    def _open_readonly(self) -> sqlite3.Connection:
        if str(self.path) == ":memory:":
            raise StoreError("a throwaway store in memory has nothing to read")
        if not self.path.is_file():
            raise StoreError(f"there is no game store at {self.path}")
        try:
            self._readonly = open_readonly(self.path)
            db = self._readonly.db
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.Error as exc:
            self._release()
            raise self.file.error(exc) from exc
        try:
            self._check_version(version)
            if version < READABLE_FROM:
                raise StoreError(
                    f"the game store {self.path} is in an older format (schema {version}, "
                    f"this version reads {SCHEMA_VERSION}): the table upgrades it when it "
                    "next starts; read it after that")
        except StoreError:
            self._release()
            raise
        return db

    def _precheck(self) -> bool:
        """Check an existing file through a read-only connection first.

        A read-write connection to a damaged file would, on close, checkpoint
        its WAL into it and delete the WAL; read-only leaves every byte as
        found, so what is moved aside is exactly what was there. Returns
        whether the check could be made this way.
        """
        if str(self.path) == ":memory:":
            return False
        check_beside_wal(self.path)
        if not self.path.exists() or self.path.stat().st_size == 0:
            return False
        try:
            db = connect_readonly(self.path)
        except sqlite3.Error:
            return False  # the read-write open decides
        try:
            integrity_check(db)
        except sqlite3.Error as exc:
            if is_damage(exc):
                raise
            return False
        finally:
            db.close()
        return True

    def _open_checked(self) -> sqlite3.Connection:
        checked = self._precheck()
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, one per write.
        db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0,
                             check_same_thread=False)
        try:
            if not checked:
                integrity_check(db)
            mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal" and str(self.path) != ":memory:":
                log.warning("store %s: WAL mode refused (journal_mode=%s)", self.path, mode)
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the game store {self.path} was written by a newer whist-table "
                f"(schema {version}, this one knows {SCHEMA_VERSION}): update the software")
        if version < 0:
            raise StoreError(
                f"the game store {self.path} is marked schema {version}, which no "
                "whist-table writes: it is another program's file; move it away or "
                "give another --db")

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        self._check_version(version)
        for step in range(version, SCHEMA_VERSION):
            # Each step and its version bump commit together or not at all. A step may
            # rebuild a table that others refer to: foreign keys are off while it runs
            # (they cannot change inside a transaction) and checked before it commits.
            db.execute("PRAGMA foreign_keys=OFF")
            db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _statements(MIGRATIONS[step]):
                    db.execute(statement)
                broken = db.execute("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise StoreError(f"upgrading the store to schema {step + 1} would break "
                                     f"{len(broken)} reference(s) between its tables")
                db.execute(f"PRAGMA user_version = {step + 1}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            finally:
                db.execute("PRAGMA foreign_keys=ON")
            if version > 0:
                log.info("store %s: upgraded schema to version %d", self.path, step + 1)
        if version == 0:
            # a new store went through every step, some rebuilding tables: start it compact
            # (instant while it is empty) so its free room is the disk's, not left-over pages
            db.execute("VACUUM")
            log.info("store %s: a new game store (schema %d)", self.path, SCHEMA_VERSION)

    def _move_aside(self, reason: str) -> Path:
        stamp = self.clock().astimezone(UTC).strftime("%Y%m%dT%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        if self.path.exists():
            os.replace(self.path, aside)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                os.replace(side, aside.with_name(aside.name + suffix))
        log.warning("the game store %s was damaged (%s); moved it to %s and started a "
                    "fresh one", self.path, reason, aside)
        return aside

    # ----- plumbing -----------------------------------------------------

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self._release()

    def _release(self) -> None:
        if self._held is not None:
            lock.release(self._held)
            self._held = None
        if self._readonly is not None:
            self._readonly.close()
            self._readonly = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _now(self) -> str:
        return self.clock().astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    @property
    def schema_version(self) -> int:
        return int(self._rows("PRAGMA user_version")[0][0])

    @contextmanager
    def _write(self, what: str) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is committed, or none of it."""
        with self._lock:
            yield from self._transaction(what)

    def _transaction(self, what: str) -> Iterator[sqlite3.Connection]:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self.file.error(exc, what) from exc
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if isinstance(exc, sqlite3.IntegrityError | StoreError) or not isinstance(
                    exc, sqlite3.Error):
                raise
            raise self.file.error(exc, what) from exc

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._lock:
            cur = self._db.cursor()
            cur.row_factory = sqlite3.Row
            try:
                return cur.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                if is_damage(exc):  # damaged since it was opened and checked
                    raise self.file.error(exc) from exc
                raise

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                if is_damage(exc):  # damaged since it was opened and checked
                    raise self.file.error(exc) from exc
                raise

    # ----- matches (rubbers) --------------------------------------------

    def start_match(self, rules: dict[str, Any], players: dict[str, Any]) -> int:
        with self._write("the new rubber") as db:
            cur = db.execute(
                "INSERT INTO matches (started, rules, players) VALUES (?, ?, ?)",
                (self._now(), _dump(rules), _dump(players)))
            return int(cur.lastrowid or 0)

    def finish_match(self, match_id: int, result: dict[str, Any]) -> None:
        with self._write("the rubber's result") as db:
            cur = db.execute(
                "UPDATE matches SET finished = ?, result = ? WHERE id = ? AND finished IS NULL",
                (self._now(), _dump(result), match_id))
            if cur.rowcount != 1:
                raise StoreError(f"rubber {match_id} does not exist or is already finished")

    def match(self, match_id: int) -> MatchRow | None:
        rows = self._read("SELECT * FROM matches WHERE id = ?", (match_id,))
        return _match_row(rows[0]) if rows else None

    def unfinished_match(self) -> MatchRow | None:
        """The latest rubber not yet finished (the one to resume), if any."""
        rows = self._read(
            "SELECT * FROM matches WHERE finished IS NULL ORDER BY id DESC LIMIT 1")
        return _match_row(rows[0]) if rows else None

    def unfinished_matches(self) -> list[MatchRow]:
        """Every rubber not yet finished, newest first (the table, the referee and
        the demo each resume their own)."""
        rows = self._read("SELECT * FROM matches WHERE finished IS NULL ORDER BY id DESC")
        return [_match_row(r) for r in rows]

    def matches(self) -> list[MatchRow]:
        """Every rubber, newest first (the demo looks for its own run's last one)."""
        return [_match_row(r) for r in self._read("SELECT * FROM matches ORDER BY id DESC")]

    # ----- deals and the action journal ---------------------------------

    def start_deal(self, match_id: int, number: int, record: dict[str, Any]) -> int:
        """Journal a new deal's record (dealer, cards, trump) before it is shown."""
        dealer = str(record.get("dealer", ""))
        if dealer not in ("N", "E", "S", "W", *map(str, range(MAX_SEATS))):
            raise StoreError(f"deal record's dealer {dealer!r} is not a seat "
                             f"(N, E, S or W; 0 to {MAX_SEATS - 1})")
        with self._write("the new deal") as db:
            try:
                cur = db.execute(
                    "INSERT INTO deals (match_id, number, dealer, record, started) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (match_id, number, dealer, _dump(record), self._now()))
            except sqlite3.IntegrityError as exc:
                raise StoreError(
                    f"deal {number} of rubber {match_id} cannot be stored: {exc}") from exc
            return int(cur.lastrowid or 0)

    def append_action(self, deal_id: int, seq: int, action: dict[str, Any]) -> None:
        """Journal one action; committed (durable) when this returns.

        A seq already stored raises DuplicateAction: the journal is never
        overwritten. Appending to a finished or unknown deal raises StoreError.
        """
        with self._write(f"action {seq} of deal {deal_id}") as db:
            row = db.execute("SELECT finished FROM deals WHERE id = ?", (deal_id,)).fetchone()
            if row is None:
                raise StoreError(f"deal {deal_id} does not exist")
            if row[0] is not None:
                raise StoreError(f"deal {deal_id} is finished: no more actions can be added")
            try:
                db.execute("INSERT INTO actions (deal_id, seq, action, at) VALUES (?, ?, ?, ?)",
                           (deal_id, seq, _dump(action), self._now()))
            except sqlite3.IntegrityError as exc:
                raise DuplicateAction(
                    f"deal {deal_id} already has action {seq}: the journal is never "
                    "overwritten") from exc

    def finish_deal(self, deal_id: int, result: dict[str, Any]) -> None:
        with self._write(f"the result of deal {deal_id}") as db:
            cur = db.execute(
                "UPDATE deals SET finished = ?, result = ? WHERE id = ? AND finished IS NULL",
                (self._now(), _dump(result), deal_id))
            if cur.rowcount != 1:
                raise StoreError(f"deal {deal_id} does not exist or is already finished")

    def actions(self, deal_id: int) -> list[dict[str, Any]]:
        rows = self._rows("SELECT action FROM actions WHERE deal_id = ? ORDER BY seq", (deal_id,))
        return [json.loads(r[0]) for r in rows]

    def deal(self, deal_id: int) -> DealRow | None:
        rows = self._read("SELECT * FROM deals WHERE id = ?", (deal_id,))
        return self._deal_row(rows[0]) if rows else None

    def unfinished_deal(self, match_id: int | None = None) -> DealRow | None:
        """The latest unfinished deal (of a rubber, if given), with its actions."""
        if match_id is None:
            rows = self._read(
                "SELECT * FROM deals WHERE finished IS NULL ORDER BY id DESC LIMIT 1")
        else:
            rows = self._read(
                "SELECT * FROM deals WHERE finished IS NULL AND match_id = ? "
                "ORDER BY id DESC LIMIT 1", (match_id,))
        return self._deal_row(rows[0]) if rows else None

    def deals_of_match(self, match_id: int) -> list[DealRow]:
        rows = self._read("SELECT * FROM deals WHERE match_id = ? ORDER BY number, id",
                          (match_id,))
        return [self._deal_row(r) for r in rows]

    def recent_deals(self, n: int = 10) -> list[DealRow]:
        """The last ``n`` deals, newest first, with their actions (for recall)."""
        rows = self._read("SELECT * FROM deals ORDER BY id DESC LIMIT ?", (max(0, n),))
        return [self._deal_row(r) for r in rows]

    def _deal_row(self, row: sqlite3.Row) -> DealRow:
        return DealRow(id=row["id"], match_id=row["match_id"], number=row["number"],
                       dealer=row["dealer"], record=json.loads(row["record"]),
                       started=row["started"], finished=row["finished"],
                       result=_load(row["result"]), actions=self.actions(row["id"]))

    # ----- settings and card-reader enrolment ---------------------------

    def set_setting(self, key: str, value: Any) -> None:
        with self._write(f"setting {key}") as db:
            db.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       (key, _dump(value)))

    def setting(self, key: str, default: Any = None) -> Any:
        rows = self._rows("SELECT value FROM settings WHERE key = ?", (key,))
        return default if not rows else json.loads(rows[0][0])

    def settings(self) -> dict[str, Any]:
        return {k: json.loads(v) for k, v in
                self._rows("SELECT key, value FROM settings ORDER BY key")}

    def enrol(self, tag: str, card: str) -> None:
        """Map a reader tag to a card; re-enrolling a tag or a card replaces the old pair."""
        with self._write(f"the enrolment of tag {tag}") as db:
            db.execute("DELETE FROM enrolment WHERE tag = ? OR card = ?", (tag, card))
            db.execute("INSERT INTO enrolment (tag, card) VALUES (?, ?)", (tag, card))

    def forget_enrolment(self, tag: str | None = None) -> None:
        """Forget one tag, or every enrolment when ``tag`` is None."""
        with self._write("the enrolment change") as db:
            if tag is None:
                db.execute("DELETE FROM enrolment")
            else:
                db.execute("DELETE FROM enrolment WHERE tag = ?", (tag,))

    def enrolment(self) -> dict[str, str]:
        return dict(self._rows("SELECT tag, card FROM enrolment ORDER BY card"))

    def card_for_tag(self, tag: str) -> str | None:
        """The card a reader tag is enrolled as (tags compare upper-case, unspaced), or
        None. The card reader's lookup: safe from the reader's thread."""
        if not isinstance(tag, str) or not tag.strip():
            return None
        rows = self._rows("SELECT card FROM enrolment WHERE upper(trim(tag)) = ?", (tag.strip().upper(),))
        return str(rows[0][0]) if rows else None

    def replace_enrolment(self, tags: dict[str, str]) -> None:
        """Make the stored enrolment exactly ``tags`` (tag -> card), in one transaction."""
        with self._write("the enrolment") as db:
            db.execute("DELETE FROM enrolment")
            db.executemany("INSERT INTO enrolment (tag, card) VALUES (?, ?)", sorted(tags.items()))

    def editable_enrolment(self) -> Enrolment:
        """The enrolment as an editable ``device.enrolment.Enrolment`` whose every
        change is written straight back here (its ``on_change`` hook): the store
        stays the one source of truth."""

        def store(e: Enrolment) -> None:
            tags = e.to_dict()["tags"]
            assert isinstance(tags, dict)
            self.replace_enrolment({str(tag): str(card) for tag, card in tags.items()})
        kept = {tag: card for tag, card in self.enrolment().items() if is_tag(tag)}
        if len(kept) < len(self.enrolment()):
            # imported before tags were checked: no reader gives them, so the cards are enrolled again
            log.warning("the game store %s holds %d tag(s) no card reader gives; they are left out",
                        self.path, len(self.enrolment()) - len(kept))
        return Enrolment(kept, on_change=store)

    # ----- statistics -----------------------------------------------------

    def stats(self) -> dict[str, Any]:
        """Hands, games and rubbers played and won, tricks per hand, by AI level.

        A deal thrown in before play (a misdeal: result ``{"misdeal": true}``) is
        not a hand played: it is counted apart, as ``misdeals``."""
        return self.statistics().to_dict()

    def statistics(self) -> Statistics:
        """:meth:`stats` as device.stats' value, with the hands in the order played.

        Only the partnership games count here (North-South against East-West); the
        games where each plays alone have their own figures by seat (device.game_stats)."""
        alone = self._alone_matches()
        deals = [d for d in self._read("SELECT * FROM deal_results") if d["match_id"] not in alone]
        thrown = {int(r[0]) for r in self._rows(
            "SELECT id FROM deals WHERE json_extract(result, '$.misdeal')")}
        matches = [m for m in self._read("SELECT * FROM match_results") if m["match_id"] not in alone]
        players = {r["match_id"]: _load(r["players"]) for r in matches}
        abandoned = frozenset(int(r[0]) for r in self._rows(
            "SELECT id FROM matches WHERE json_extract(result, '$.abandoned')"))
        return stored_statistics(deals, thrown, matches, players, abandoned)


    def _alone_matches(self) -> set[int]:
        """The rubbers of games where each plays alone (their seat 0 and 1 are not two sides)."""
        from engine.games import GAMES  # every game's rules: loaded once stats are asked for, not by the menu

        alone = [name for name, game in GAMES.items() if not game.partnerships]
        marks = ", ".join("?" for _ in alone)
        # the journal's match header (device.store.matches.MATCH_KEY); stores before games name none
        return {int(r[0]) for r in self._rows(
            f"SELECT id FROM matches WHERE json_extract(rules, '$.match.game') IN ({marks})", tuple(alone))}


def _statements(script: str) -> list[str]:
    # Migration scripts are plain CREATE statements with no ';' inside them.
    return [s.strip() for s in script.split(";") if s.strip()]


def _match_row(row: sqlite3.Row) -> MatchRow:
    return MatchRow(id=row["id"], started=row["started"], rules=json.loads(row["rules"]),
                    players=json.loads(row["players"]), finished=row["finished"],
                    result=_load(row["result"]))


def open_store(path: str | Path | None = None, *, clock: Clock | None = None) -> Store:
    """Open (creating if needed) the store at ``path`` or the default location."""
    return Store(path if path is not None else default_db_path(), clock=clock)
