"""History to a USB stick: every rubber as PBN and as printable pages, and the
hands as JSON lines, in a new folder of ours on the stick.

In kiosk mode the desktop's automounter is not there to ask; a stick shows
up as a mount under /media or /run/media (udisks, usbmount, or the Pi's own
automount), which :func:`find_stick` reads from the kernel's mount table.
``WHIST_USB_ROOT`` names a directory to use instead (a test's temporary
directory, or a stick mounted elsewhere). Nothing on the stick is touched
but the one folder written, named for the time and never reused.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from device.store.export import hand_record
from device.store.matches import sheet_lines
from device.store.pbn_export import NotPbn, rubber_text
from device.store.recall import game_of, recall_match

if TYPE_CHECKING:
    from device.store import MatchRow, Store

# Draws a stored rubber's printable pages to a file and gives the files written
# (device.app.render.page.print_rubber): the screen's, so handed in, not imported.
PagePrinter = Callable[["Store", "MatchRow", Path], list[Path]]

ENV = "WHIST_USB_ROOT"
MOUNT_ROOTS = ("/media/", "/run/media/")
MOUNTS = Path("/proc/self/mounts")
FOLDER = "whist-table-{stamp}"


class ExportError(OSError):
    """No stick to write to, or the writing failed; the message says which."""


def _unescape(field: str) -> str:
    """A mount table field: spaces and the like are written as octal escapes."""
    out, i = [], 0
    while i < len(field):
        if field[i] == "\\" and i + 4 <= len(field) and field[i + 1:i + 4].isdigit():
            out.append(chr(int(field[i + 1:i + 4], 8)))
            i += 4
        else:
            out.append(field[i])
            i += 1
    return "".join(out)


def mounted_sticks(mounts: Iterable[str]) -> list[Path]:
    """Mount points under /media or /run/media in a mount table's lines."""
    out = []
    for line in mounts:
        parts = line.split()
        if len(parts) < 4:
            continue
        point = _unescape(parts[1])
        options = parts[3].split(",")
        if point.startswith(MOUNT_ROOTS) and "ro" not in options:
            out.append(Path(point))
    return out


def find_stick(env: dict[str, str] | None = None, mounts: Path = MOUNTS) -> Path | None:
    """The stick to write to: ``WHIST_USB_ROOT`` if set (and a directory), else the
    first writable mount under /media or /run/media; None when there is none."""
    env = dict(os.environ) if env is None else env
    given = env.get(ENV)
    if given:
        path = Path(given)
        return path if path.is_dir() else None
    try:
        lines = mounts.read_text(errors="replace").splitlines()
    except OSError:
        return None
    for point in mounted_sticks(lines):
        if point.is_dir() and os.access(point, os.W_OK):
            return point
    return None


@dataclass(frozen=True)
class Exported:
    folder: Path
    files: tuple[Path, ...]
    rubbers: int

    def describe(self) -> str:
        return f"{self.rubbers} rubber{'s' if self.rubbers != 1 else ''} copied to {self.folder}"


def _new_folder(stick: Path, now: datetime) -> Path:
    stamp = now.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        name = FOLDER.format(stamp=stamp) + (f"-{n + 1}" if n else "")
        folder = stick / name
        try:
            folder.mkdir()
        except FileExistsError:
            continue  # never into a folder that is there already
        return folder
    raise ExportError(f"cannot make a new folder on {stick}: too many exports this second")


def export_history(store: Store, stick: Path, *, pages: PagePrinter | None = None,
                   now: datetime | None = None, rubbers: int | None = None) -> Exported:
    """Write every rubber of the store (the last ``rubbers`` if given) to a new folder
    on ``stick``: ``rubber-N.pbn`` (with its score sheet), ``rubber-N.pdf`` (the
    printable pages, drawn by ``pages`` when given) and ``history.jsonl`` (one hand a line)."""
    if not stick.is_dir():
        raise ExportError(f"no USB stick at {stick}")
    folder = _new_folder(stick, now or datetime.now())
    files: list[Path] = []
    rows = list(reversed(store.matches()))
    if rubbers is not None:
        rows = rows[-rubbers:]
    try:
        history = folder / "history.jsonl"
        with history.open("w", encoding="utf-8") as out:
            for row in rows:
                try:
                    hands = recall_match(store, row)
                except (ValueError, KeyError, TypeError):
                    continue  # a rubber the engine cannot rebuild: left out of the JSON
                for hand in hands:
                    out.write(json.dumps(hand_record(game_of(row), row.id, hand).to_json(),
                                         separators=(",", ":")) + "\n")
        files.append(history)
        for row in rows:
            if not store.deals_of_match(row.id):
                continue
            pbn = folder / f"rubber-{row.id}.pbn"
            try:
                text = rubber_text(store, row, sheet_lines(store, row))
            except NotPbn:
                continue  # a game PBN and the pages cannot hold: its hands are in history.jsonl
            pbn.write_text("% PBN 2.1\n% EXPORT\n% Creator: whist-table\n\n" + text, encoding="latin-1",
                           errors="replace")
            files.append(pbn)
            if pages is not None:
                try:
                    files += pages(store, row, folder / f"rubber-{row.id}.pdf")
                except (ValueError, KeyError, TypeError):
                    pass  # no pages for a rubber the engine cannot rebuild; its PBN is there
        _sync(folder)
    except OSError as exc:
        raise ExportError(f"writing to {folder} failed: {exc.strerror or exc}") from exc
    return Exported(folder, tuple(files), len(rows))


def _sync(folder: Path) -> None:
    """The files on the stick before anyone pulls it out."""
    for path in folder.iterdir():
        with path.open("rb") as f:
            os.fsync(f.fileno())
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


__all__ = ["ENV", "ExportError", "Exported", "export_history", "find_stick", "mounted_sticks"]
