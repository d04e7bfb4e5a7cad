"""What every SQLite file of the table does when the disk fails it: the game store
(device.store), the hub's drive store and a table's hall journal (hall.store).

Three things go wrong with a file on an SD card or a USB stick, and each is one
error class with a message a person can act on, whichever store it is:

- a full disk (:class:`StoreFull`): the write is refused whole (SQLite rolls the
  transaction back), so the caller may hold it and try again later
  (:class:`HeldWrites`, the game journal's and the hall journal's way);
- a damaged file (:class:`StoreDamaged`): junk in it, or not a database at all;
  what to do is the store's own (``StoreFile.when_damaged``);
- read-only media (:class:`StoreReadOnly`): nothing can be written; a store is
  still read (:func:`open_readonly`), from a private copy when SQLite cannot
  make its -shm file beside it.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from device.store.errors import StoreDamaged, StoreError, StoreFull, StoreReadOnly

# SQLite primary result codes (the low byte of an extended code).
_SQLITE_READONLY = 8
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26


def code(exc: sqlite3.Error) -> int:
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def is_damage(exc: sqlite3.Error) -> bool:
    if code(exc) in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return True
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


def is_full(exc: sqlite3.Error) -> bool:
    return code(exc) == _SQLITE_FULL or "database or disk is full" in str(exc).lower()


def is_read_only(exc: sqlite3.Error | OSError) -> bool:
    if isinstance(exc, OSError):
        return exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM)
    return code(exc) == _SQLITE_READONLY or "readonly database" in str(exc).lower()


def is_cannot_open(exc: sqlite3.Error) -> bool:
    return code(exc) == _SQLITE_CANTOPEN


@dataclass(frozen=True)
class StoreFile:
    """One store's file, for naming what went wrong with it: ``name`` (the game store, the
    hub's store...), its ``path``, and what a person does with it when it is damaged."""

    name: str
    path: Path
    when_damaged: str

    def error(self, exc: sqlite3.Error | OSError, doing: str | None = None) -> StoreError:
        """The error for ``exc``, raised while saving ``doing`` (None: while opening)."""
        where = f"the {self.name} {self.path}"
        if isinstance(exc, sqlite3.Error) and is_full(exc):
            lost = f"{doing} was not saved (nothing was half-written)" if doing else "it cannot be opened"
            return StoreFull(f"the disk holding {where} is full: {lost}; free some space and try again")
        if isinstance(exc, sqlite3.Error) and is_damage(exc):
            return StoreDamaged(f"{where} is damaged ({exc}); {self.when_damaged}")
        if is_read_only(exc) or (isinstance(exc, sqlite3.Error) and is_cannot_open(exc)
                                 and not _writable(self.path)):
            what = f"{doing} was not saved" if doing else "it cannot be written"
            return StoreReadOnly(f"{where} is on read-only media or in a folder this program cannot "
                                 f"write ({_reason(exc)}): {what}; mount it read-write or give a --db "
                                 "somewhere writable")
        if doing:
            return StoreError(f"could not save {doing} to {where}: {_reason(exc)}")
        return StoreError(f"cannot open {where}: {_reason(exc)}")


def _writable(path: Path) -> bool:
    """Whether ``path`` (or, not there yet, the nearest folder it would be made in) can be
    written; read-only media say no even to root."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return os.access(path, os.W_OK)


def _reason(exc: sqlite3.Error | OSError) -> str:
    return exc.strerror or str(exc) if isinstance(exc, OSError) else str(exc)


def integrity_check(db: sqlite3.Connection) -> None:
    rows = db.execute("PRAGMA integrity_check").fetchall()
    if rows != [("ok",)]:
        detail = "; ".join(str(r[0]) for r in rows[:3])
        # Worded so is_damage() recognises it like SQLite's own corruption errors.
        raise sqlite3.DatabaseError(f"integrity check failed: malformed: {detail}")


def check_beside_wal(path: Path) -> None:
    """A write-ahead log beside an empty or missing main file is a store cut in
    two: SQLite, even read-only, would delete that log (and what is in it) and
    see an empty store. Raised as damage, so both are kept together."""
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0 and (
            not path.exists() or path.stat().st_size == 0):
        raise sqlite3.DatabaseError(
            f"malformed: the main file is empty beside a {wal.stat().st_size}-byte "
            f"write-ahead log ({wal.name})")


def connect_readonly(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)


@dataclass
class ReadOnly:
    """A checked read-only connection; ``copy`` is the private folder read from when the
    store's own could not be (read-only media), removed by :meth:`close`."""

    db: sqlite3.Connection
    copy: Path | None = None

    def close(self) -> None:
        self.db.close()
        if self.copy is not None:
            shutil.rmtree(self.copy, ignore_errors=True)
            self.copy = None


def open_readonly(path: Path) -> ReadOnly:
    """Open ``path`` for reading only, checked; nothing beside it is written, created or
    moved. Raises sqlite3.Error (``StoreFile.error`` names it)."""
    check_beside_wal(path)
    try:
        return ReadOnly(_checked(path))
    except sqlite3.OperationalError as exc:
        if not is_cannot_open(exc):
            raise
    # Read-only media and no -shm file: SQLite cannot make one, so it reads a copy (the
    # main file and its write-ahead log, whose games are not yet in the main file).
    copy = Path(tempfile.mkdtemp(prefix="whist-store-"))
    try:
        for suffix in ("", "-wal"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                shutil.copyfile(side, copy / (path.name + suffix))
        return ReadOnly(_checked(copy / path.name), copy)
    except BaseException:
        shutil.rmtree(copy, ignore_errors=True)
        raise


def _checked(path: Path) -> sqlite3.Connection:
    db = connect_readonly(path)
    try:
        integrity_check(db)
    except BaseException:
        db.close()
        raise
    return db


@dataclass(eq=False)  # each is its own queue: a journal is found in lists of listeners by identity
class HeldWrites:
    """Writes that go out in order; one the store refuses, and every later one, wait in
    ``pending`` and are tried again, first thing, at the next write or :meth:`flush`.

    With ``hold`` (a game going on at a table) the refusal is kept in ``error``, not
    raised: the game goes on in memory and the screen says what is wrong until the store
    has caught up. Without, it is raised as well (and still retried next time).
    """

    hold: bool = False
    pending: list[Callable[[], None]] = field(default_factory=list)
    error: StoreError | None = None

    def flush(self) -> bool:
        """Write what waits, oldest first. True when the store has everything."""
        while self.pending:
            try:
                self.pending[0]()
            except StoreError as exc:
                self.error = exc
                if self.hold:
                    return False
                raise
            self.pending.pop(0)
        self.error = None
        return True

    def write(self, write: Callable[[], None]) -> None:
        self.pending.append(write)
        self.flush()


__all__ = ["HeldWrites", "ReadOnly", "StoreDamaged", "StoreError", "StoreFile", "StoreFull",
           "StoreReadOnly", "check_beside_wal", "code", "connect_readonly", "integrity_check",
           "is_damage", "is_full", "is_read_only", "open_readonly"]
