"""A damaged game store and a full disk, through `whist-table demo --headless --db`.

A file that is not a database, or a database cut short, is moved aside (kept
byte for byte), the screen and the log say so, and the demo plays on with a
fresh store. A full disk stops the demo with a clear message, leaves no half
written action, deal or result, and once there is room the same command
carries the run on to the same journal as a run that never ran out of space.
"""

from __future__ import annotations

import logging
import os
import random
import sqlite3
from pathlib import Path

import pytest

from device.store import Store
from tests.system.test_resume import demo_args, journal_of, recall_of, run_cli

HANDS = 2


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict:
    db = tmp_path_factory.mktemp("reference") / "whist.sqlite3"
    code, _, err = run_cli(demo_args(db, hands=HANDS))
    assert code == 0, err
    return {"journal": journal_of(db), "recall": recall_of(db)}


def aside_files(db: Path) -> list[Path]:
    return sorted(db.parent.glob(db.name + ".corrupt-*"))


def check_moved_aside_and_fresh(db: Path, original: bytes, out: str, caplog, reference) -> None:
    moved = [p for p in aside_files(db) if not p.name.endswith(("-wal", "-shm"))]
    assert len(moved) == 1 and moved[0].read_bytes() == original  # nothing overwritten
    assert f"the game store {db} was damaged; it was moved to {moved[0]}" in out
    assert any("was damaged" in r.getMessage() and r.levelno == logging.WARNING
               for r in caplog.records)
    assert journal_of(db) == reference["journal"]  # the fresh store holds the whole run


def test_a_file_of_random_bytes_is_moved_aside_and_the_demo_starts_fresh(
        tmp_path, caplog, reference):
    db = tmp_path / "whist.sqlite3"
    junk = random.Random(5).randbytes(64 * 1024)
    db.write_bytes(junk)
    with caplog.at_level(logging.WARNING):
        code, out, err = run_cli(demo_args(db, hands=HANDS))
    assert code == 0, err
    check_moved_aside_and_fresh(db, junk, out, caplog, reference)


def test_a_truncated_store_is_moved_aside_and_the_demo_starts_fresh(tmp_path, caplog, reference):
    db = tmp_path / "whist.sqlite3"
    assert run_cli(demo_args(db, hands=1, seed=3))[0] == 0  # another run's games
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0
    whole = db.read_bytes()
    cut = whole[: len(whole) // 2 + 100]  # cut mid-page, as a dying SD card might
    db.write_bytes(cut)
    with caplog.at_level(logging.WARNING):
        code, out, err = run_cli(demo_args(db, hands=HANDS))
    assert code == 0, err
    check_moved_aside_and_fresh(db, cut, out, caplog, reference)


def test_history_reports_a_damaged_store_and_leaves_it_alone(tmp_path):
    db = tmp_path / "whist.sqlite3"
    db.write_bytes(b"this is not a database" * 100)
    code, _, err = run_cli(["history", "--db", str(db)])
    assert code == 1 and "is damaged" in err
    assert db.read_bytes() == b"this is not a database" * 100 and not aside_files(db)


def test_a_full_disk_stops_the_demo_cleanly_and_it_resumes_when_there_is_room(
        tmp_path, monkeypatch, reference):
    db = tmp_path / "whist.sqlite3"
    Store(db).close()  # the empty schema
    probe = sqlite3.connect(db)
    pages = probe.execute("PRAGMA page_count").fetchone()[0]
    probe.close()
    real_connect = sqlite3.connect

    def small_disk(path, *args, **kwargs):
        con = real_connect(path, *args, **kwargs)
        if "mode=ro" not in str(path):
            # A few pages of room: the run stops part-way through the first hand.
            con.execute(f"PRAGMA max_page_count = {pages + 1}")
        return con

    with monkeypatch.context() as m:
        m.setattr(sqlite3, "connect", small_disk)
        code, out, err = run_cli(demo_args(db, hands=HANDS))
    assert code == 1
    assert "is full" in err and "nothing was half-written" in err and "Traceback" not in err
    assert err.count("\n") == 1  # one clear line

    left = journal_of(db)
    assert 0 < len(left["actions"]) < HANDS * 52  # it got some way, not all the way
    assert set(left["actions"]) <= set(reference["journal"]["actions"])
    want = {d[0]: d for d in reference["journal"]["deals"]}
    for deal in left["deals"]:
        assert deal[:5] == want[deal[0]][:5] and (not deal[5] or deal == want[deal[0]])

    # Room again: the same command finishes the run, and nothing tells the difference.
    code, out, err = run_cli(demo_args(db, hands=HANDS))
    assert code == 0, err
    assert "Resuming the demo run" in out
    assert journal_of(db) == reference["journal"]
    assert recall_of(db) == reference["recall"]


def test_a_store_that_cannot_be_created_is_a_clear_error(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the state directory should be")
    code, _, err = run_cli(demo_args(blocker / "whist.sqlite3", hands=1))
    assert code == 1 and "whist-table demo:" in err and "Traceback" not in err
    assert os.path.isfile(blocker)
