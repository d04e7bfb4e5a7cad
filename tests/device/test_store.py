"""The SQLite store: the journal survives, damage is moved aside, history reads it back."""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

from device.cli import main
from device.store import MIGRATIONS, SCHEMA_VERSION, DuplicateAction, Store, StoreError, recall
from device.store.pbn_export import deal_text, rubber_text
from engine.cards import full_deck
from engine.pbn import parse_hands
from engine.seats import Seat

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = {"N": "hard", "E": "easy", "S": "human", "W": "easy"}


def fixed_clock(stamp: str = "2026-11-30T10:15:00"):
    t = datetime.fromisoformat(stamp).replace(tzinfo=UTC)
    return lambda: t


def shuffled_record(seed: int, dealer: str = "W") -> dict:
    pack = [str(c) for c in full_deck()]
    random.Random(seed).shuffle(pack)
    return {"dealer": dealer, "trump": pack[-1][0], "pack": pack, "trump_card": pack[-1],
            "known": None}


def legal_plays(record: dict) -> list[dict]:
    """A whole hand of legal plays (lowest follow, else lowest card), as actions."""
    hands = [sorted(h) for h in recall.hands_of(record)]
    leader = Seat.parse(record["dealer"]).next
    out = []
    for _ in range(13):
        plays, led = [], None
        for i in range(4):
            seat = leader.offset(i)
            follow = [c for c in hands[seat] if led is not None and c.suit == led]
            card = (follow or hands[seat])[0]
            hands[seat].remove(card)
            led = card.suit if led is None else led
            plays.append((seat.name, str(card)))
            out.append({"type": "play", "seat": seat.name, "card": str(card)})
        leader = Seat.parse(recall._winner(plays, record["trump"]))
    return out


def play_deal(store: Store, match_id: int, number: int, seed: int, result: dict | None) -> int:
    record = shuffled_record(seed, "NESW"[(number - 1) % 4])
    deal_id = store.start_deal(match_id, number, record)
    for seq, action in enumerate(legal_plays(record)):
        store.append_action(deal_id, seq, action)
    if result is not None:
        store.finish_deal(deal_id, result)
    return deal_id


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "state" / "whist.sqlite3"


def test_a_fresh_store_is_durable_by_configuration(db):
    with Store(db) as store:
        assert store.schema_version == SCHEMA_VERSION
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert store.recovered_from is None
    assert db.exists()


def test_the_journal_resumes_exactly_where_it_stopped(db):
    with Store(db) as store:
        m = store.start_match({"target": 5}, PLAYERS)
        play_deal(store, m, 1, seed=1, result={"tricks": [7, 6], "points": [1, 0],
                                               "game_won_by": None})
        record = shuffled_record(2, "E")
        d2 = store.start_deal(m, 2, record)
        actions = legal_plays(record)[:23]
        for seq, a in enumerate(actions):
            store.append_action(d2, seq, a)
    with Store(db) as store:  # after a restart
        match = store.unfinished_match()
        assert match is not None and match.id == m and match.players == PLAYERS
        deal = store.unfinished_deal(m)
        assert deal is not None and deal.id == d2 and deal.number == 2
        assert deal.record == record
        assert deal.actions == actions


def test_an_appended_action_is_committed_when_the_call_returns(db):
    with Store(db) as store:
        m = store.start_match({}, PLAYERS)
        d = store.start_deal(m, 1, shuffled_record(3))
        store.append_action(d, 0, {"type": "play", "seat": "N", "card": "SA"})
        # Another connection (another process after a power cut) sees it at once.
        other = sqlite3.connect(db)
        assert other.execute("SELECT action FROM actions").fetchall() == [
            ('{"card":"SA","seat":"N","type":"play"}',)]
        other.close()


def test_the_journal_is_never_overwritten(db):
    with Store(db) as store:
        m = store.start_match({}, PLAYERS)
        d = store.start_deal(m, 1, shuffled_record(4))
        store.append_action(d, 0, {"card": "SA", "seat": "N"})
        with pytest.raises(DuplicateAction, match="already has action 0"):
            store.append_action(d, 0, {"card": "S2", "seat": "N"})
        assert store.actions(d) == [{"card": "SA", "seat": "N"}]
        store.finish_deal(d, {"tricks": [13, 0]})
        with pytest.raises(StoreError, match="finished"):
            store.append_action(d, 1, {"card": "S3", "seat": "E"})
        with pytest.raises(StoreError, match="already finished"):
            store.finish_deal(d, {"tricks": [0, 13]})
        with pytest.raises(StoreError):
            store.start_deal(m, 1, shuffled_record(5))  # deal 1 of this rubber exists
        with pytest.raises(StoreError, match="does not exist"):
            store.append_action(999, 0, {"card": "SA"})


WRITER = textwrap.dedent("""
    import sys
    from device.store import Store
    store = Store(sys.argv[1])
    m = store.start_match({}, {})
    d = store.start_deal(m, 1, {"dealer": "N", "pack": None, "trump": "S"})
    seq = 0
    while True:
        store.append_action(d, seq, {"n": seq})
        print(seq, flush=True)  # shown only after the commit
        seq += 1
""")


def test_a_killed_writer_loses_nothing_it_had_shown(db):
    db.parent.mkdir(parents=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for attempt in range(3):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE,
                                text=True, env=env)
        shown = []
        for line in proc.stdout:
            shown.append(int(line))
            if len(shown) >= 20 + 15 * attempt:
                break
        proc.send_signal(signal.SIGKILL)  # the plug is pulled mid-write
        proc.wait()
        proc.stdout.close()
        with Store(db) as store:
            assert store.recovered_from is None
            deal = store.unfinished_deal()
            stored = [a["n"] for a in deal.actions]
            assert stored[: len(shown)] == shown  # all it showed, in order
            assert stored == list(range(len(stored)))  # and no gap or half-row
        db.unlink()
        for side in ("-wal", "-shm"):
            Path(f"{db}{side}").unlink(missing_ok=True)


def test_an_older_file_is_upgraded_in_place(db):
    db.parent.mkdir(parents=True)
    old = sqlite3.connect(db)
    old.executescript(MIGRATIONS[0])
    old.execute("PRAGMA user_version = 1")
    old.execute("INSERT INTO matches (started, rules, players) VALUES ('2025-01-01T00:00:00Z', "
                "'{}', '{\"N\":\"hard\"}')")
    old.execute("INSERT INTO deals (match_id, number, dealer, record, started, finished, "
                "result) VALUES (1, 1, 'N', '{\"dealer\":\"N\",\"trump\":\"H\"}', "
                "'2025-01-01T00:00:00Z', '2025-01-01T00:05:00Z', "
                "'{\"tricks\":[8,5],\"points\":[2,0]}')")
    old.commit()
    old.close()
    with Store(db) as store:
        assert store.schema_version == SCHEMA_VERSION > 1
        assert store.recovered_from is None
        stats = store.stats()
        assert stats["hands"] == 1 and stats["tricks"] == {"NS": 8, "EW": 5}


def test_a_file_from_newer_software_is_refused_not_moved(db):
    db.parent.mkdir(parents=True)
    newer = sqlite3.connect(db)
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.commit()
    newer.close()
    with pytest.raises(StoreError, match="newer whist-table"):
        Store(db)
    assert db.exists() and not list(db.parent.glob("*.corrupt-*"))


def _filled_store(db: Path) -> bytes:
    with Store(db) as store:
        m = store.start_match({}, PLAYERS)
        for n in range(1, 5):
            play_deal(store, m, n, seed=n, result={"tricks": [7, 6], "points": [1, 0]})
        store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db.read_bytes()


def _damage_truncate(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _damage_random(data: bytes) -> bytes:
    rng = random.Random(7)
    at = len(data) // 3
    return data[:at] + rng.randbytes(4096) + data[at + 4096:]


def _damage_header(data: bytes) -> bytes:
    return b"this is not a database at all" + data[29:]


@pytest.mark.parametrize("damage", [_damage_truncate, _damage_random, _damage_header])
def test_a_damaged_file_is_moved_aside_and_a_fresh_store_starts(db, damage, caplog):
    damaged = damage(_filled_store(db))
    db.write_bytes(damaged)
    Path(f"{db}-wal").write_bytes(b"stale wal")
    with Store(db, clock=fixed_clock()) as store:
        aside = db.with_name("whist.sqlite3.corrupt-20261130T101500")
        assert store.recovered_from == aside
        assert aside.read_bytes() == damaged  # kept byte for byte, not overwritten
        assert Path(f"{aside}-wal").read_bytes() == b"stale wal"
        assert store.recent_deals(10) == [] and store.unfinished_match() is None
        m = store.start_match({}, PLAYERS)  # and the fresh one works
        assert store.match(m) is not None
    assert "damaged" in caplog.text and str(aside) in caplog.text


def test_random_bytes_in_place_of_a_database(db):
    db.parent.mkdir(parents=True)
    db.write_bytes(random.Random(1).randbytes(10000))
    first = Store(db, clock=fixed_clock())
    first.close()
    db.write_bytes(b"\x00garbage" * 100)
    with Store(db, clock=fixed_clock()) as second:  # same second: a second name
        assert first.recovered_from != second.recovered_from
        assert second.recovered_from.name == "whist.sqlite3.corrupt-20261130T101500-1"


def test_a_full_disk_is_a_clear_error_and_nothing_half_written(db):
    with Store(db) as store:
        m = store.start_match({}, PLAYERS)
        d = store.start_deal(m, 1, shuffled_record(9))
        store.append_action(d, 0, {"card": "SA", "seat": "N"})
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        # Cap the file at its current size: the next page it needs is "disk full".
        store._db.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(StoreError, match="is full") as info:
            for seq in range(1, 200):
                store.append_action(d, seq, {"card": "S2", "pad": "x" * 3000})
        assert "not saved" in str(info.value)
        saved = store.actions(d)
        assert [a.get("pad") is None for a in saved][:1] == [True]
        count = len(saved)
        with pytest.raises(StoreError, match="is full"):
            store.start_deal(m, 2, {**shuffled_record(10), "pad": "y" * 20000})
        assert [x.number for x in store.deals_of_match(m)] == [1]  # no half deal
        store._db.execute("PRAGMA max_page_count = 1073741823")  # space freed
        store.append_action(d, count, {"card": "S3"})
        assert len(store.actions(d)) == count + 1


def test_a_throwaway_store_in_memory():
    with Store(":memory:") as store:
        m = store.start_match({}, PLAYERS)
        play_deal(store, m, 1, 1, {"tricks": [7, 6]})
        assert store.stats()["hands"] == 1
    assert not Path(":memory:").exists()


def test_recent_deals_settings_and_enrolment(db):
    with Store(db) as store:
        m = store.start_match({}, PLAYERS)
        ids = [play_deal(store, m, n, seed=n, result={"tricks": [6, 7]}) for n in range(1, 13)]
        recent = store.recent_deals(10)
        assert [d.id for d in recent] == ids[::-1][:10]
        assert len(recent[0].actions) == 52
        store.set_setting("volume", 3)
        store.set_setting("volume", {"level": 4})
        assert store.setting("volume") == {"level": 4} and store.setting("nope", 1) == 1
        store.enrol("0A1B2C3D4E", "SA")
        store.enrol("FFFF000011", "SA")  # the ace's tag was replaced
        store.enrol("0A1B2C3D4E", "HK")
        assert store.enrolment() == {"FFFF000011": "SA", "0A1B2C3D4E": "HK"}
        store.forget_enrolment("FFFF000011")
        assert store.enrolment() == {"0A1B2C3D4E": "HK"}


def test_statistics_by_ai_level(db):
    with Store(db) as store:
        m1 = store.start_match({}, PLAYERS)
        play_deal(store, m1, 1, 1, {"tricks": [9, 4], "points": [3, 0], "game_won_by": None})
        play_deal(store, m1, 2, 2, {"tricks": [8, 5], "points": [2, 0], "game_won_by": 0})
        store.finish_match(m1, {"winner": 0})
        m2 = store.start_match({}, {"N": "hard", "E": "hard", "S": "human", "W": "hard"})
        play_deal(store, m2, 1, 3, {"tricks": {"NS": 3, "EW": 10}, "points": {"NS": 0, "EW": 4},
                                    "game_winner": "EW"})
        play_deal(store, m2, 2, 4, None)  # in play
        s = store.stats()
    assert s["hands"] == 4 and s["hands_finished"] == 3
    assert s["games"] == 2 and s["games_won"] == {"NS": 1, "EW": 1}
    assert s["rubbers"] == 2 and s["rubbers_finished"] == 1
    assert s["rubbers_won"] == {"NS": 1, "EW": 0}
    assert s["tricks_per_hand"] == {"NS": 20 / 3, "EW": 19 / 3}
    assert set(s["by_ai_level"]) == {"easy+hard", "hard"}
    assert s["by_ai_level"]["hard"]["games_won"] == {"NS": 0, "EW": 1}
    assert s["by_ai_level"]["easy+hard"]["rubbers_won"]["NS"] == 1


def test_hands_from_the_pack_match_the_engine():
    deal_mod = pytest.importorskip("engine.deal")
    record = shuffled_record(11, "S")
    engine_hands = deal_mod.DealRecord.from_dict(record).hands()
    assert recall.hands_of(record) == tuple(engine_hands)


def test_pbn_export_of_a_deal_and_a_rubber(db):
    with Store(db, clock=fixed_clock()) as store:
        m = store.start_match({}, PLAYERS)
        d1 = play_deal(store, m, 1, 21, {"tricks": [7, 6], "points": [1, 0]})
        play_deal(store, m, 2, 22, None)
        deal = store.deal(d1)
        text = deal_text(None, deal)
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, re.M))
        assert tags["Dealer"] == "N" and tags["Date"] == "2026.11.30"
        assert tags["Trump"] == deal.record["trump"]
        assert parse_hands(tags["Deal"], complete=True) == recall.hands_of(deal.record)
        # the tricks as the engine replays the stored plays
        assert tags["Play"] == "E" and tags["TricksNS"] == str(recall.replay(deal).deal.tricks_taken()[0])
        assert tags["Declarer"] == "N" and tags["Contract"] == "1" + deal.record["trump"]
        play_lines = text.split(f'[Play "{tags["Play"]}"]\n')[1].split("\n")[:13]
        # Columns are seats from the first leader: E S W N.
        by_seat = {s: set() for s in "ESWN"}
        for line in play_lines:
            for seat, card in zip("ESWN", line.split(), strict=True):
                by_seat[seat].add(card)
        dealt = recall.hands_of(deal.record)
        for seat in "NESW":
            assert by_seat[seat] == {str(c) for c in dealt[Seat.parse(seat)]}
        rubber = rubber_text(store, store.match(m))
        assert rubber.count("[Deal ") == 2 and '[Board "2"]' in rubber


def test_tricks_are_read_back_with_their_winners():
    record = {"dealer": "N", "trump": "H", "pack": None}
    actions = [{"seat": s, "card": c} for s, c in
               [("E", "SA"), ("S", "S2"), ("W", "H2"), ("N", "S3"),  # trumped by W
                ("W", "D5"), ("N", "DK"), ("E", "C4")]]
    from device.store import DealRow
    deal = DealRow(1, 1, 1, "N", record, "2026-01-01T00:00:00Z", None, None, actions)
    tricks = recall.tricks_of(deal)
    assert [(t.leader, t.winner) for t in tricks] == [("E", "W"), ("W", None)]
    assert tricks[1].plays == [("W", "D5"), ("N", "DK"), ("E", "C4")]


# ----- the history and stats commands -----------------------------------------

def _history_db(db: Path) -> tuple[int, int]:
    with Store(db) as store:
        m = store.start_match({"target": 5}, PLAYERS)
        d1 = play_deal(store, m, 1, 31, {"tricks": [8, 5], "points": [2, 0],
                                         "game_won_by": 0})
        record = shuffled_record(32, "E")
        d2 = store.start_deal(m, 2, record)
        for seq, a in enumerate(legal_plays(record)[:6]):
            store.append_action(d2, seq, a)
    return d1, d2


def test_history_lists_recent_deals(db, capsys):
    d1, d2 = _history_db(db)
    assert main(["history", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["deal", "rubber", "hand"]
    assert out[1].split()[0] == str(d1) and "8-5" in out[1] and "2-0" in out[1]
    assert out[2].split()[0] == str(d2) and "in play" in out[2]
    assert main(["history", "--db", str(db), "--last", "1"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_history_shows_a_deal_trick_by_trick(db, capsys):
    d1, d2 = _history_db(db)
    assert main(["history", "--db", str(db), "--show", str(d1)]) == 0
    out = capsys.readouterr().out
    assert "Dealer Partner" in out  # the store's N, in the table's words (docs/vocabulary.md)
    seat = "(?:You|Left|Partner|Right)"
    assert len(re.findall(rf"^Trick +\d+ \({seat} leads?\): .* -> {seat}$", out, re.M)) == 13
    assert "♠" in out and " SA " not in out  # cards named short, suit symbol first
    assert "Result: tricks We-They 8-5, points We-They 2-0, game to Us" in out
    assert main(["history", "--db", str(db), "--show", str(d2)]) == 0
    out = capsys.readouterr().out
    assert "Trick  2 (" in out and "(unfinished)" in out and "not finished" in out
    assert main(["history", "--db", str(db), "--show", "99"]) == 1
    assert "no deal 99" in capsys.readouterr().err


def test_history_exports_pbn(db, capsys):
    d1, _ = _history_db(db)
    assert main(["history", "--db", str(db), "--show", str(d1), "--pbn"]) == 0
    assert '[Dealer "N"]' in capsys.readouterr().out
    assert main(["history", "--db", str(db), "--rubber", "1", "--pbn"]) == 0
    assert capsys.readouterr().out.count("[Deal ") == 2


def test_history_and_stats_without_a_database(tmp_path, capsys):
    missing = tmp_path / "none.sqlite3"
    assert main(["history", "--db", str(missing)]) == 1
    assert "No games recorded yet" in capsys.readouterr().err
    assert main(["stats", "--db", str(missing)]) == 1
    assert not missing.exists()  # looking does not create one


def test_stats_command(db, capsys):
    _history_db(db)
    assert main(["stats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Hands played: 2 (1 finished)" in out
    assert "Tricks per hand: NS 8.00, EW 5.00" in out
    assert "Games: 1 won: NS 1, EW 0" in out
    assert "easy+hard:" in out


def test_history_reports_a_damaged_store_and_leaves_it(db, capsys):
    db.parent.mkdir(parents=True)
    db.write_bytes(b"not sqlite" * 200)
    assert main(["history", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "is damaged" in err and "moves it aside" in err
    assert db.read_bytes() == b"not sqlite" * 200
    assert sorted(p.name for p in db.parent.iterdir()) == ["whist.sqlite3"]


def test_threads_may_share_one_store(db):
    import threading

    with Store(db) as store:
        m = store.start_match({}, PLAYERS)
        deals = [store.start_deal(m, n, shuffled_record(n)) for n in (1, 2, 3)]
        errors: list[BaseException] = []

        def writer(deal_id: int) -> None:
            try:
                for seq in range(15):
                    store.append_action(deal_id, seq, {"n": seq})
                    store.recent_deals(2)
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=writer, args=(d,)) for d in deals]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert all(store.actions(d) == [{"n": i} for i in range(15)] for d in deals)
