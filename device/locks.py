"""Who holds a file: the shared part of the store's lock and the reader's port.

Both take ``flock(2)`` (the store on ``<store>.lock``, pyserial's
``exclusive=True`` on the serial device itself): the kernel drops it when its
holder dies, so a power cut or SIGKILL leaves nothing to clean up, and
``/proc/locks`` names the holder's pid for the message a second program gets.
"""

from __future__ import annotations

import os
from pathlib import Path

PROC_LOCKS = Path("/proc/locks")


def flock_holder(fd: int) -> int | None:
    """The pid holding an flock on ``fd``'s file, from /proc/locks (Linux), or None."""
    return _holder_of(os.fstat(fd))


def flock_holder_of_path(path: str | os.PathLike[str]) -> int | None:
    """The pid holding an flock on the file at ``path`` (links followed), or None."""
    try:
        return _holder_of(os.stat(path))
    except OSError:
        return None


def _holder_of(st: os.stat_result) -> int | None:
    want = (os.major(st.st_dev), os.minor(st.st_dev), st.st_ino)
    try:
        lines = PROC_LOCKS.read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if "->" in fields or len(fields) < 6 or fields[1] != "FLOCK":
            continue  # "->" marks a waiter, not the holder
        try:
            major, minor, inode = fields[5].split(":")
            if (int(major, 16), int(minor, 16), int(inode)) == want:
                return int(fields[4])
        except ValueError:
            continue
    return None
