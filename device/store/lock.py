"""One writer per game store: an advisory lock on ``<store>.lock`` beside it.

Two programs writing one store would each number their deals and actions as
if alone; SQLite would refuse the second's rows only when they clash. The
lock is ``flock(2)``: the kernel drops it when its holder dies (a power cut
or SIGKILL leaves nothing to clean up), and :mod:`device.locks` names the holder.
Readers take no lock. Within one process the lock is shared and counted, so
the same program may open its store twice.
"""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

from device.locks import flock_holder
from device.store.errors import StoreError
from device.store.sqlite import StoreFile, is_read_only

_held: dict[str, tuple[int, int]] = {}  # lock path -> (fd, stores holding it)
_guard = threading.Lock()


class StoreInUse(StoreError):
    """Another process has the store open for writing."""


def lock_path(store: Path) -> Path:
    return store.with_name(store.name + ".lock")


def acquire(store: Path) -> Path:
    """Take the store's lock (or share this process's); StoreInUse names the holder."""
    path = lock_path(store)
    key = str(path.resolve())
    with _guard:
        if key in _held:
            fd, n = _held[key]
            _held[key] = (fd, n + 1)
            return path
        try:
            # Read-only is enough for flock, and opens a lock file another user made.
            fd = os.open(path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            if is_read_only(exc):
                raise StoreFile("game store", store, "").error(exc) from exc
            raise StoreError(f"cannot lock the game store {store} ({path}: {exc.strerror})") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = flock_holder(fd)
            os.close(fd)
            who = f"process {holder}" if holder else "another process"
            raise StoreInUse(
                f"the game store {store} is in use by {who}: stop that program first "
                "(a second one would mix its games into the first's), or give another "
                "--db") from None
        _held[key] = (fd, 1)
        return path


def release(path: Path) -> None:
    key = str(path.resolve())
    with _guard:
        fd, n = _held.pop(key)
        if n > 1:
            _held[key] = (fd, n - 1)
        else:
            os.close(fd)
