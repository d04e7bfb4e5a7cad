"""Issue 46, items 4 and 5: every store of the table (the game store, the hub's drive store, a
table's hall journal) meets a full disk, a damaged file and read-only media the same way, through
device.store.sqlite: StoreFull, StoreDamaged, StoreReadOnly, each with what to do; the drive's
stores keep playing on a full disk and catch up when there is room; the hall commands say one line.

A full disk is SQLite's own: ``PRAGMA max_page_count`` caps the file at its size, so the next
page it needs is refused as a real full disk refuses it ("database or disk is full"), and a real
small tmpfs where mounting is allowed. Read-only media are a read-only bind mount (as root) or a
folder without write permission (as anyone else)."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.cli import main
from device.store import Store
from device.store.errors import StoreDamaged, StoreFull, StoreReadOnly
from hall.drive import DriveSettings
from hall.hub import Hub
from hall.run import ai_chooser
from hall.store import HubStore, TableJournal
from hall.table import HallTable

SETTINGS = DriveSettings("club", tables=2, rounds=1, hands_per_round=2, seed="full")
UNCAPPED = 1073741823


def cap(db: sqlite3.Connection) -> None:
    """The disk is full from now on: the file, packed tight, cannot grow by a page."""
    db.execute("VACUUM")
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")


def uncap(db: sqlite3.Connection) -> None:
    db.execute(f"PRAGMA max_page_count = {UNCAPPED}")


def offline_table(path: Path, table: int = 1,
                  four: tuple[str, str, str, str] = ("A", "B", "C", "D")) -> HallTable:
    journal = TableJournal(path)
    journal.join(SETTINGS, table)
    journal.set_seating("club", 1, four)
    return HallTable(journal, None, table, ai_chooser("random"), drive="club")


def played_results(tmp_path: Path, table: int = 1):  # type: ignore[no-untyped-def]
    t = offline_table(tmp_path / f"results{table}.db", table)
    try:
        return t.play_round(1)
    finally:
        t.journal.close()


# -- 4: a full disk ------------------------------------------------------------------------------
def test_4_a_table_plays_its_round_on_a_full_disk_and_saves_it_all_when_there_is_room(tmp_path):
    table = offline_table(tmp_path / "hall.db")
    journal = table.journal
    cap(journal._db)
    table.play_round(1)  # the game goes on: nothing raised
    assert isinstance(journal.error, StoreFull)
    assert "is full" in str(journal.error) and "hall journal" in str(journal.error)
    assert len(journal.outbox("club")) < 2  # nothing is sent that could still be lost
    uncap(journal._db)
    assert journal.flush() and journal.error is None
    assert [(r.round, r.hand) for r in journal.outbox("club")] == [(1, 1), (1, 2)]
    assert all(len(journal.actions("club", 1, h)) == 52 for h in (1, 2))
    again = offline_table(tmp_path / "again.db")  # the same round played on a roomy disk
    assert [r.to_json() for r in journal.results("club")] == \
        [r.to_json() for r in again.play_round(1)]


def test_4_the_hub_on_a_full_disk_does_not_count_or_acknowledge_a_result_until_there_is_room(tmp_path):
    results = played_results(tmp_path, 1) + played_results(tmp_path, 2)
    store = HubStore(tmp_path / "hub.db")
    hub = Hub(store, None, SETTINGS)
    hub.start()
    cap(store._db)
    for r in results:
        hub.receive_result(r.table, r.to_json().encode())  # the hub goes on
    assert isinstance(store.error, StoreFull) and "hub's drive store" in str(store.error)
    counted = store.counted(1) + store.counted(2)
    assert len(counted) < 4 and hub.counts.counted == len(counted)  # the rest not acknowledged
    hub.receive_result(2, b"{}")  # refused, and the refusal kept for the organiser: held, not lost
    uncap(store._db)
    for r in results:  # their tables send them again
        hub.receive_result(r.table, r.to_json().encode())
    assert store.counted(1) == store.counted(2) == [(1, 1), (1, 2)] and hub.counts.counted == 4
    assert store.error is None and [t for t, _ in store.refusals()] == [2]


def test_4_the_game_store_full_disk_is_the_same_error_class(tmp_path):
    with Store(tmp_path / "game.sqlite3") as store:
        m = store.start_match({}, {"N": "human"})
        cap(store._db)
        with pytest.raises(StoreFull, match="the disk holding the game store .* is full"):
            for i in range(500):
                store.set_setting(f"k{i}", "x" * 2000)
        assert m == 1


def test_4_the_drive_table_app_says_a_full_disk_on_the_screen_and_catches_up(tmp_path):
    from device.app import store_banner
    from device.app.testing import make_app, run_until, tap
    from tests.device.test_app_norwegian import speak_or_play

    table = offline_table(tmp_path / "hall.db", four=("AI 1N", "AI 1E", "Cy", "AI 1W"))  # Cy plays South
    db = table.journal._db
    cap(db)
    with contextlib.suppress(sqlite3.OperationalError):  # and the room left in its pages taken too
        for seq in range(10_000):
            db.execute("INSERT INTO actions VALUES ('another drive', 0, 0, ?, 'x')", (seq,))
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        app.step(1 / 60)
        tap(app, 400, 240)  # "Tap to deal"
        session = app.session
        # the first page the hand's actions need is refused: a few cards in, at most the hand
        assert run_until(app, lambda: speak_or_play(app) or store_banner.message(app) is not None,
                         max_steps=20000)
        words = store_banner.message(app)
        assert words is not None and "Games are not being saved" in words and "is full" in words
        assert session.deal is not None and app.scene.name == "table"  # the game goes on
        uncap(db)
        assert run_until(app, lambda: store_banner.message(app) is None, max_steps=int(60 * 2 * 6))
        assert len(table.journal.actions("club", 1, 1)) == len(session.deal.actions)
    finally:
        app.close()


@contextlib.contextmanager
def tiny_disk(path: Path, size: str) -> Iterator[Path]:
    path.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                      capture_output=True).returncode != 0:
        pytest.skip("mounting a small tmpfs needs root; the max_page_count tests cover a full disk")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
def test_4_a_real_full_disk_on_the_table_is_held_and_caught_up(tmp_path):
    with tiny_disk(tmp_path / "disk", "8m") as disk:
        table = offline_table(disk / "hall.db")
        filler = disk / "filler"
        with open(filler, "wb", buffering=0) as f, contextlib.suppress(OSError):
            while True:  # every block the tmpfs has left
                f.write(b"\0" * 4096)
        table.play_round(1)
        assert isinstance(table.journal.error, StoreFull)
        filler.unlink()
        assert table.journal.flush(), str(table.journal.error)
        assert [(r.round, r.hand) for r in table.journal.outbox("club")] == [(1, 1), (1, 2)]
        table.journal.close()


# -- 5: a damaged file ---------------------------------------------------------------------------
def hub_store_with_results(tmp_path: Path) -> Path:
    path = tmp_path / "hub.db"
    store = HubStore(path)
    hub = Hub(store, None, SETTINGS)
    hub.start()
    for r in played_results(tmp_path):
        hub.receive_result(1, r.to_json().encode())
    store.close()
    return path


def junk(path: Path, at: int) -> None:
    with open(path, "r+b") as f:
        f.seek(at)
        f.write(bytes(range(256)) * 8)


@pytest.mark.parametrize("at", [0, 4096 * 2], ids=["header", "a-page"])
@pytest.mark.parametrize("command", ["status", "serve"])
def test_5_a_damaged_hub_store_is_one_line_from_hall_status_and_serve(tmp_path, capsys, at, command):
    path = hub_store_with_results(tmp_path)
    junk(path, at)
    argv = ["hall", command, "--db", str(path)]
    if command == "serve":
        argv += ["--broker", "127.0.0.1:1", "--drive", "club"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"the hub's drive store {path} is damaged" in err and "restore it from a copy" in err


@pytest.mark.parametrize("open_store", [
    lambda p: Store(p, recover=False), lambda p: Store(p, readonly=True), HubStore,
    lambda p: HubStore(p, readonly=True), TableJournal],
    ids=["game", "game-read", "hub", "hub-read", "table"])
def test_5_every_store_says_a_damaged_file_is_damaged(tmp_path, open_store):
    path = tmp_path / "store.db"
    path.write_bytes(b"this was a store until the card was pulled out mid-write" * 200)
    with pytest.raises(StoreDamaged, match=f"{path} is damaged"):
        open_store(path)


# -- 5: read-only media --------------------------------------------------------------------------
@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[Path]:
    """``folder`` seen through read-only media (a read-only bind mount; without root, the folder
    and its files without write permission, which only root ignores)."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [folder, *folder.iterdir()]}
        for p in modes:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            yield folder
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
        return
    seen = folder.with_name(folder.name + "-ro")
    seen.mkdir()
    bound = subprocess.run(["mount", "--bind", "-o", "ro", str(folder), str(seen)], capture_output=True)
    if bound.returncode:
        pytest.skip("a read-only bind mount is not allowed here")
    try:
        subprocess.run(["mount", "-o", "remount,ro,bind", str(seen)], check=True, capture_output=True)
        with pytest.raises(OSError):
            (seen / "probe").write_bytes(b"")
        yield seen
    finally:
        subprocess.run(["umount", "-l", str(seen)], check=False)


@pytest.mark.parametrize("left_open", [False, True], ids=["closed", "cut-off"])
def test_5_hall_status_reads_a_hub_store_on_read_only_media(tmp_path, capsys, left_open):
    media = tmp_path / "stick"
    media.mkdir()
    path = hub_store_with_results(media)
    if left_open:  # a hub cut off mid-drive: its write-ahead log and -shm beside the file
        store = HubStore(path)
        store.refuse(2, "a late one")
        shutil.copy(path.with_name("hub.db-wal"), tmp_path / "wal")
        shutil.copy(path.with_name("hub.db-shm"), tmp_path / "shm")
        store.close()
        shutil.copy(tmp_path / "wal", path.with_name("hub.db-wal"))
        shutil.copy(tmp_path / "shm", path.with_name("hub.db-shm"))
    before = sorted(p.name for p in media.iterdir())
    with read_only(media) as seen:
        assert main(["hall", "status", "--db", str(seen / "hub.db")]) == 0
    out = capsys.readouterr().out
    assert "drive club: round 1 of 1; 2 hands counted" in out
    if left_open:
        assert "a late one" in out  # what was only in the write-ahead log is read too
    assert sorted(p.name for p in media.iterdir()) == before  # nothing written beside it


@pytest.mark.parametrize("open_store", [Store, HubStore, TableJournal], ids=["game", "hub", "table"])
def test_5_every_store_opened_for_writing_on_read_only_media_says_so(tmp_path, open_store):
    media = tmp_path / "stick"
    media.mkdir()
    with read_only(media) as seen, pytest.raises(StoreReadOnly, match="read-only media"):
        open_store(seen / "store.db")


def test_5_the_game_store_is_read_on_read_only_media_like_the_hub_s(tmp_path):
    media = tmp_path / "stick"
    media.mkdir()
    with Store(media / "game.sqlite3") as store:
        store.start_match({}, {"N": "human"})
    before = sorted(p.name for p in media.iterdir())
    with read_only(media) as seen, Store(seen / "game.sqlite3", readonly=True) as store:
        assert [m.id for m in store.matches()] == [1]
    assert sorted(p.name for p in media.iterdir()) == before
