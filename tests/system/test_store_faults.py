"""Issue 30, items 2 and 4-6: the store's faults found when the table was tried hard.

A read command never writes (also beside a cut-off store, also on read-only
media); the same demo command resumes its own run whatever ran since; a
second writer is refused by a lock that names the first; odd schema versions
are refused, not migrated.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from device.journal import Journal, ai_players, run_of
from device.store import SCHEMA_VERSION, Store, StoreError, StoreInUse
from engine.bots import rules_card
from engine.cards import parse_card
from engine.games.classic.rules import Rules
from engine.match import Match
from engine.seats import Seat
from tests.system.test_resume import demo_args, run_cli

ROOT = Path(__file__).resolve().parents[2]


def games_in_wal(folder: Path, hands: int = 3) -> Path:
    """A store whose games are still in its -wal (the program was killed before any
    checkpoint), as files on disk: the main file and its WAL, no -shm."""
    live = folder / "live"
    live.mkdir()
    store = Store(live / "w.db")
    store._db.execute("PRAGMA wal_autocheckpoint = 0")  # keep every page in the WAL
    match = Match(Rules(), Seat.N, seed="wal")
    Journal(store, ai_players("rules")).follow(match)
    for _ in range(hands):
        deal = match.new_deal()
        while not deal.is_over:
            card = parse_card(rules_card(deal.observation(deal.turn), match.move_seed()))
            match.apply(_play(deal, card))
        match.finish_deal()
    cut = folder / "cut"
    cut.mkdir()
    for name in ("w.db", "w.db-wal"):  # copied while open: what SIGKILL leaves
        shutil.copyfile(live / name, cut / name)
    store.close()
    return cut / "w.db"


def _play(deal, card):
    from engine.actions import Play

    return Play(deal.turn, card)


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# ----- item 2: read commands never write ------------------------------------------


def test_history_beside_an_emptied_main_file_keeps_the_wal_and_writes_nothing(tmp_path):
    db = games_in_wal(tmp_path)
    assert db.with_name("w.db-wal").stat().st_size > 100_000
    db.write_bytes(b"")  # `: > w.db`
    before = files_of(db.parent)
    for command in (["history"], ["stats"], ["history", "--show", "1"]):
        code, out, err = run_cli([*command, "--db", str(db)])
        assert code == 1 and "No deals recorded yet" not in out
        assert "is damaged" in err and "empty beside" in err and "-wal" in err
    assert files_of(db.parent) == before  # not a byte written, created or deleted


def test_the_table_moves_an_emptied_main_file_aside_with_its_wal(tmp_path):
    db = games_in_wal(tmp_path)
    wal = db.with_name("w.db-wal").read_bytes()
    db.write_bytes(b"")
    with Store(db) as store:
        aside = store.recovered_from
        assert aside is not None and aside.read_bytes() == b""
        assert aside.with_name(aside.name + "-wal").read_bytes() == wal  # the games kept
        assert store.recent_deals(5) == []  # a fresh store


def test_history_reads_a_store_on_read_only_media(tmp_path):
    if shutil.which("unshare") is None or subprocess.run(
            ["unshare", "-m", "sh", "-c", f"mount --bind -o ro {tmp_path} {tmp_path}"],
            capture_output=True).returncode != 0:
        pytest.skip("cannot make a read-only mount here (needs root and unshare)")
    db = games_in_wal(tmp_path)
    before = files_of(db.parent)
    script = ('mount --bind -o ro "$1" "$1" && exec "$2" -m device.cli history --db "$1/w.db"')
    result = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", str(db.parent),
                             sys.executable], capture_output=True, text=True, cwd=ROOT,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("\n") == 1 + 3  # the header and the three hands in the WAL
    assert files_of(db.parent) == before


def test_history_opens_read_only_and_leaves_an_older_store_unmigrated(tmp_path):
    db = tmp_path / "w.db"
    old = sqlite3.connect(db)
    from device.store import MIGRATIONS

    old.executescript(MIGRATIONS[0])
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    before = files_of(tmp_path)
    code, _, err = run_cli(["stats", "--db", str(db)])
    assert code == 1 and "older format" in err and "upgrades it" in err
    assert files_of(tmp_path) == before


# ----- item 4: the same demo command resumes its own run --------------------------


def seed_hands(db: Path, seed: int) -> tuple[int, int]:
    """Hands played by demo runs of ``seed``, and their rubbers left unfinished."""
    with Store(db, readonly=True) as store:
        rows = [r for r in store.matches() if run_of(r).get("seed") == seed]
        hands = sum(1 for r in rows for d in store.deals_of_match(r.id) if d.finished)
        open_rows = [r for r in rows if r.finished is None]
    return hands, len(open_rows)


def test_a_demo_run_resumes_when_another_run_is_newer(tmp_path):
    db = tmp_path / "w.db"
    assert run_cli(demo_args(db, hands=3, seed=91))[0] == 0
    assert run_cli(demo_args(db, hands=1, seed=92))[0] == 0
    code, out, err = run_cli(demo_args(db, hands=5, seed=91))
    assert code == 0, err
    assert "Resuming the demo run with seed 91" in out
    hands, unfinished = seed_hands(db, 91)
    assert hands == 5 and unfinished <= 1  # not 3 + 5, and no rubber left behind


# ----- item 5: one writer at a time -------------------------------------------------


HOLD = """
import sys, time
from device.store import Store
store = Store(sys.argv[1])
print("open", flush=True)
time.sleep(120)
"""


def test_a_second_writer_is_refused_naming_the_first(tmp_path):
    db = tmp_path / "w.db"
    first = subprocess.Popen([sys.executable, "-c", HOLD, str(db)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline().strip() == "open"
        with pytest.raises(StoreInUse, match=f"in use by process {first.pid}"):
            Store(db)
        code, _, err = run_cli(demo_args(db, hands=1))
        assert code == 1 and f"in use by process {first.pid}" in err
        assert "Traceback" not in err
        with Store(db, readonly=True) as reader:  # looking is allowed
            assert reader.matches() == []
    finally:
        first.kill()
        first.wait()
    # The holder is gone (killed, nothing cleaned up): the store is free.
    with Store(db) as store:
        assert store.schema_version == SCHEMA_VERSION


def test_one_program_may_open_its_store_twice(tmp_path):
    db = tmp_path / "w.db"
    with Store(db) as a, Store(db) as b:
        a.set_setting("k", 1)
        assert b.setting("k") == 1


# ----- item 6: schema versions --------------------------------------------------------


@pytest.mark.parametrize("version", [-1, -7])
def test_a_negative_schema_version_is_refused_not_migrated(tmp_path, version):
    db = tmp_path / "w.db"
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match=f"schema {version}.*another program"):
        Store(db)
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone()[0] == version
    assert con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0  # untouched
    con.close()


def test_a_fresh_store_is_not_logged_as_upgraded(tmp_path, caplog):
    with caplog.at_level(logging.INFO, logger="device.store"):
        Store(tmp_path / "w.db").close()
    messages = [r.getMessage() for r in caplog.records]
    assert not any("upgraded" in m for m in messages)
    assert any("a new game store" in m for m in messages)
