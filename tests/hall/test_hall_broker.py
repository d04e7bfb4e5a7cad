"""A drive through a real Mosquitto: faults injected, and the hub's totals checked against
what every table's own journal says was played."""

from __future__ import annotations

import logging
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.actions import Action
from engine.observation import Observation
from engine.seats import Seat
from hall.drive import DriveSettings, HandResult, Seating, Standings, standings
from hall.hub import Hub, hub_subscriptions
from hall.link import (
    BrokerRefused,
    Credentials,
    Link,
    LinkError,
    LinkEvent,
    Published,
    acked_topic,
    result_topic,
    signin_topic,
)
from hall.run import ai_chooser, hub_standings
from hall.store import HubStore, TableJournal
from hall.table import HallTable, table_link
from tests.hall.conftest import Mosquitto

WAIT = 30.0  # seconds any one thing may take before the test gives up (never asserted as a speed)


def wait_for(predicate: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.02)


def next_event(events: queue.Queue[LinkEvent], kind: type, timeout: float = WAIT) -> LinkEvent:
    end = time.monotonic() + timeout
    while True:
        event = events.get(timeout=max(0.01, end - time.monotonic()))
        if isinstance(event, kind):
            return event


class HubThread:
    """The hub as `hall serve` runs it, in a thread; stop() is the hub going down mid-drive."""

    def __init__(self, m: Mosquitto, db: Path, settings: DriveSettings, start: bool = True) -> None:
        self.store = HubStore(db)
        self.link = Link(m.broker, m.credentials("club", "hub"), "hub-club", hub_subscriptions("club"))
        self.hub = Hub(self.store, self.link, settings)
        self.link.start()
        # connected is set as its subscriptions go out: a table's sign-in sent before would be lost
        wait_for(lambda: self.link.connected, "the hub's link to the broker")
        if start:
            self.hub.start()
        self._start = threading.Event()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.hub.step(0.05)
            if self._start.is_set() and not self.hub.started:
                self.hub.start()

    def start_drive(self) -> None:
        """What the organiser's S key does, in the hub's own thread."""
        self._start.set()
        wait_for(lambda: self.hub.started, "the drive to start")

    def stop(self) -> None:
        self._stop.set()
        self.thread.join(10)
        self.link.stop()
        self.store.close()


def connect_table(m: Mosquitto, t: int) -> Link:
    return table_link(m.broker, m.table_credentials("club", t), "club", t)


def make_table(m: Mosquitto, tmp: Path, t: int, chooser: Callable[[Observation, str], Action] | None = None
               ) -> HallTable:
    link = connect_table(m, t)
    # a journal that skips the disk's sync after each card: these tests cut processes and the
    # network, not the machine's power (the killed table below keeps the real, synced journal)
    table = HallTable(TableJournal(tmp / f"table{t}.db", durable=False), link, t,
                      chooser or ai_chooser("random"), drive="club")
    link.start()
    assert table.wait_for_drive(WAIT) is not None
    return table


def counted(db: Path) -> int:
    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT count(*) FROM results").fetchone()[0])


def from_hub(db: Path) -> Standings:
    store = HubStore(db)
    try:
        s = hub_standings(store)
    finally:
        store.close()
    assert s is not None
    return s


def from_journals(settings: DriveSettings, first: Seating, paths: list[Path]) -> Standings:
    results: list[HandResult] = []
    for p in paths:
        journal = TableJournal(p)
        results += journal.results(settings.drive)
        journal.close()
    return standings(settings, first, results)


def assert_same_totals(hub: Standings, journals: Standings) -> None:
    assert hub.finished and journals.finished
    assert hub.counted == journals.counted == journals.settings.hands * journals.settings.tables
    assert hub.cards == journals.cards
    assert hub.leaderboard() == journals.leaderboard()


def test_hub_restart_broker_restart_and_a_table_offline_for_a_round_lose_and_double_nothing(
        mosquitto: Mosquitto, tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=4, rounds=3, hands_per_round=2, seed="faults")
    db = tmp_path / "hub.db"
    hub = HubThread(mosquitto, db, settings)
    tables = [make_table(mosquitto, tmp_path, t) for t in range(1, 5)]
    # over TLS, as a hall's tables are: the broker's certificate checked against the drive's CA
    assert hub.link.tls and all(t.link is not None and t.link.tls for t in tables)

    # round 1: the hub goes down with half the round in, and comes back from its file
    tables[0].play_round(1)
    tables[1].play_round(1)
    wait_for(lambda: counted(db) == 4, "the first two tables' hands at the hub")
    hub.stop()
    tables[2].play_round(1)
    tables[3].play_round(1)
    assert counted(db) == 4  # nobody counted these yet: they wait in the outboxes and the broker
    hub = HubThread(mosquitto, db, settings)

    # round 2: table 3 loses the network for the whole round; the broker is killed and restarted
    offline = tables[2].link
    assert offline is not None
    offline.stop()
    tables[2].link = None
    wait_for(lambda: hub.hub.offline == (3,), "the hub to see table 3 gone")
    tables[0].play_round(2)
    mosquitto.restart(kill=True)
    for t in tables[1:]:
        t.play_round(2)
    waiting = tables[2].journal.outbox("club")  # its round kept, waiting for the network
    assert [(r.round, r.hand) for r in waiting if r.round == 2] == [(2, 1), (2, 2)]
    tables[2].link = connect_table(mosquitto, 3)
    tables[2].link.start()
    wait_for(lambda: hub.hub.offline == (), "the hub to see table 3 back")

    for t in tables:
        t.play_round(3)
    for t in tables:
        assert t.flush(WAIT), f"table {t.table} still has unacknowledged results"
    wait_for(lambda: counted(db) == 24, "all 24 hands at the hub")
    first = hub.hub.first
    assert first is not None
    hub.stop()
    for t in tables:
        assert t.link is not None
        t.link.stop()
    assert_same_totals(from_hub(db), from_journals(settings, first, [tmp_path / f"table{t}.db" for t in
                                                                     range(1, 5)]))


def test_results_delivered_twice_and_out_of_order_are_counted_once(mosquitto: Mosquitto,
                                                                   tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=3, rounds=3, hands_per_round=2, seed="dups")
    db = tmp_path / "hub.db"
    hub = HubThread(mosquitto, db, settings)
    tables = [make_table(mosquitto, tmp_path, t) for t in range(1, 4)]
    for t in tables:  # the whole drive played with the network down
        assert t.link is not None
        t.link.stop()
        t.link = None
        t.play()
    results = [r for t in tables for r in t.journal.results("club")]
    # a client with each table's password delivers its results twice, the last round first
    senders = {t.table: Link(mosquitto.broker, mosquitto.table_credentials("club", t.table),
                             f"replayer{t.table}", [], persistent=False) for t in tables}
    for sender in senders.values():
        sender.start()
        next_event(sender.events, object)
    later_first = sorted(results, key=lambda r: (-r.round, -r.table, -r.hand))
    shuffled = random.Random(7).sample(results, len(results))
    for r in later_first + shuffled:
        assert senders[r.table].publish(result_topic("club", r.table), r.to_json()) is not None
    counts = hub.hub.counts
    wait_for(lambda: counts.counted + counts.duplicates + counts.refused == 2 * len(results),
             "both deliveries handled by the hub")
    assert (counts.counted, counts.duplicates, counts.refused) == (len(results), len(results), 0)
    assert counted(db) == len(results)
    first = hub.hub.first
    assert first is not None
    for sender in senders.values():
        sender.stop()
    hub.stop()
    assert_same_totals(from_hub(db), from_journals(settings, first, [t.journal.path for t in tables]))


def _hall(*args: str) -> list[str]:
    return [sys.executable, "-m", "device.cli", "hall", *args]


def test_a_table_killed_mid_hand_resumes_from_its_journal_card_for_card(mosquitto: Mosquitto,
                                                                          tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=2, rounds=2, hands_per_round=2, seed="powercut")
    db = tmp_path / "hub.db"
    hub = HubThread(mosquitto, db, settings)
    other = make_table(mosquitto, tmp_path, 2)
    journal = tmp_path / "table1.db"
    command = _hall("table", "--broker", str(mosquitto.broker), "--drive", "club", "--table", "1",
                    "--credentials", str(mosquitto.files.table_credentials("club", 1)),
                    "--db", str(journal), "--level", "random")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    # slowed down so the power can be cut in the middle of round 2's first hand
    proc = subprocess.Popen([*command, "--pace", "0.02"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)

    def mid_hand() -> bool:
        if not journal.exists():
            return False
        try:
            with sqlite3.connect(journal) as c:
                played = c.execute("SELECT count(*) FROM actions WHERE round = 2 AND hand = 1").fetchone()[0]
        except sqlite3.OperationalError:  # the table is still creating its journal
            return False
        return bool(played >= 20)

    wait_for(mid_hand, "table 1 halfway through a hand")
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    j = TableJournal(journal)
    cut_at = len(j.actions("club", 2, 1))
    assert not j.finished("club", 2, 1) and 20 <= cut_at < 52
    j.close()
    other.play()
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert other.flush(WAIT)
    wait_for(lambda: counted(db) == 8, "all 8 hands at the hub")
    first = hub.hub.first
    assert first is not None
    hub.stop()
    assert other.link is not None
    other.link.stop()
    assert_same_totals(from_hub(db), from_journals(settings, first, [journal, other.journal.path]))
    # the resumed hand is the one an uninterrupted table plays: same seeds, same cards
    j = TableJournal(journal)
    resumed = j.actions("club", 2, 1)
    j.close()
    fresh = make_table(mosquitto, tmp_path / "fresh", 1)
    assert fresh.link is not None
    fresh.link.stop()
    fresh.link = None
    fresh.play_round(2)
    assert fresh.journal.actions("club", 2, 1) == resumed


def test_a_stranger_cannot_post_results_and_no_secret_reaches_a_log(
        mosquitto: Mosquitto, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    settings = DriveSettings("club", tables=1, rounds=1, seed="strangers")
    db = tmp_path / "hub.db"
    hub = HubThread(mosquitto, db, settings)
    table = make_table(mosquitto, tmp_path, 1)
    assert table.link is not None
    table.link.stop()
    table.link = None
    table.play()
    result = table.journal.results("club")[0]
    wait_for(lambda: hub.link.connected, "the hub connected")

    # no password, and a wrong one: the broker will not let them in (the drive's CA is no secret)
    ca = mosquitto.credentials("club", "table1").ca
    for who, cred in (("anonymous", None), ("wrong password", Credentials("table1-club", "guess", ca))):
        stranger = Link(mosquitto.broker, cred, f"stranger-{who[:5]}", [], persistent=False,
                        tls=mosquitto.credentials("club", "table1").tls())
        stranger.start()
        refused = next_event(stranger.events, BrokerRefused)
        assert isinstance(refused, BrokerRefused) and "authori" in refused.reason.lower(), who
        stranger.stop()

    # another drive's tables: in, but kept out of this drive's topics
    other = Link(mosquitto.broker, mosquitto.table_credentials("other", 1), "other-drive", [],
                 persistent=False)
    other.start()
    next_event(other.events, object)
    other.publish(result_topic("club", 1), result.to_json())
    refused_publish = next_event(other.events, Published)
    assert isinstance(refused_publish, Published) and not refused_publish.ok
    assert refused_publish.reason == "Not authorized"
    other.stop()

    # this drive's tables cannot speak for the hub: a forged acknowledgement is refused too
    forger = Link(mosquitto.broker, mosquitto.table_credentials("club", 1), "forger", [], persistent=False)
    forger.start()
    next_event(forger.events, object)
    forger.publish(acked_topic("club", 1), '{"counted": [[1, 1]]}', retain=True)
    forged = next_event(forger.events, Published)
    assert isinstance(forged, Published) and not forged.ok
    forger.stop()

    assert counted(db) == 0 and hub.hub.counts.results == 0
    # the table's own result, sent with the table's password, is counted
    table.link = connect_table(mosquitto, 1)
    table.link.start()
    assert table.flush(WAIT)
    assert counted(db) == 1
    table.link.stop()
    hub.stop()

    secrets = mosquitto.every_password()
    logs = caplog.text + mosquitto.log.read_text(errors="replace")
    assert "Not authorized" in caplog.text or "refused" in caplog.text
    for secret in secrets:
        assert secret not in logs
        assert secret not in repr(mosquitto.table_credentials("club", 1))
    assert "guess" not in logs


def test_players_sign_in_at_their_tables_and_round_one_seats_them(mosquitto: Mosquitto,
                                                                   tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=2, rounds=1, seed="signin")
    hub = HubThread(mosquitto, tmp_path / "hub.db", settings, start=False)
    link = connect_table(mosquitto, 2)
    table = HallTable(TableJournal(tmp_path / "table2.db"), link, 2, ai_chooser("random"), drive="club")
    link.start()
    wait_for(lambda: link.connected, "table 2 connected")
    table.sign_in(Seat.N, "Ann")
    table.sign_in(Seat.S, "Bob")
    reader = HubStore(tmp_path / "hub.db")
    wait_for(lambda: len(reader.signins()) == 2, "both sign-ins at the hub")
    reader.close()
    hub.start_drive()
    assert table.wait_for_drive(WAIT) is not None
    assert table.players(1) == ("Ann", "AI 2E", "Bob", "AI 2W")
    first = hub.hub.first
    assert first is not None and first.at(1) == ("AI 1N", "AI 1E", "AI 1S", "AI 1W")
    link.stop()
    hub.stop()


def test_the_commands_serve_a_drive_to_its_end_and_status_reads_it(mosquitto: Mosquitto,
                                                                     tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    broker = ["--broker", str(mosquitto.broker), "--drive", "club"]
    hub_cred = str(mosquitto.files.credentials("club", "hub"))
    table_cred = str(mosquitto.files.table_credentials("club", 1))
    players = tmp_path / "players.txt"
    players.write_text("Ann\nBob = 04A1\nCy\n")
    hub = subprocess.Popen(_hall("serve", *broker, "--credentials", hub_cred,
                                 "--db", str(tmp_path / "hub.db"), "--tables", "1", "--rounds", "2",
                                 "--hands", "2", "--players", str(players), "--start", "--until-finished"),
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    table = subprocess.run(_hall("table", *broker, "--credentials", table_cred, "--table", "1",
                                 "--db", str(tmp_path / "t1.db")),
                           env=env, capture_output=True, text=True, timeout=120)
    out, _ = hub.communicate(timeout=120)
    assert table.returncode == 0, table.stdout + table.stderr
    assert hub.returncode == 0, out
    assert "Table 1, round 1 of 2: N Ann, E Bob, S Cy, W AI 1W; hands 1-2, trumps H C" in table.stdout
    assert "Table 1, round 1 over" in table.stdout and "Next: Ann " in table.stdout
    assert "drive club: round 2 of 2 (finished); 4 hands counted" in out
    status = subprocess.run(_hall("status", "--db", str(tmp_path / "hub.db")), env=env, capture_output=True,
                            text=True, timeout=60)
    assert status.returncode == 0 and "(finished); 4 hands counted" in status.stdout
    for secret in mosquitto.every_password():
        assert secret not in out + table.stdout + table.stderr + status.stdout


def test_a_table_posts_only_on_its_own_topic_and_another_table_s_result_never_reaches_the_hub(
        mosquitto: Mosquitto, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    settings = DriveSettings("club", tables=4, rounds=1, seed="own topics")
    db = tmp_path / "hub.db"
    hub = HubThread(mosquitto, db, settings)
    played = {}
    for t in (3, 4):
        table = make_table(mosquitto, tmp_path, t)
        assert table.link is not None
        table.link.stop()
        table.link = None
        table.play()
        played[t] = table
    wait_for(lambda: hub.link.connected, "the hub connected")

    # table 3's own user: in, but table 4's result and sign-in topics are not its to write
    three = Link(mosquitto.broker, mosquitto.table_credentials("club", 3), "table-club-3", [],
                 persistent=False)
    three.start()
    next_event(three.events, object)
    for topic, payload in ((result_topic("club", 4), played[4].journal.results("club")[0].to_json()),
                           (signin_topic("club", 4), '{"seat": "N", "name": "Mallory"}')):
        three.publish(topic, payload)
        refused = next_event(three.events, Published)
        assert isinstance(refused, Published) and not refused.ok and refused.reason == "Not authorized"
    # its own result, sent after them on the same connection, is the first thing the hub hears
    own = played[3].journal.results("club")[0]
    three.publish(result_topic("club", 3), own.to_json())
    sent = next_event(three.events, Published)
    assert isinstance(sent, Published) and sent.ok
    counts = hub.hub.counts
    wait_for(lambda: counts.counted + counts.duplicates + counts.refused >= 1,
             "table 3's own result at the hub")
    assert (counts.results, counts.counted) == (1, 1) and counted(db) == 1
    assert hub.store.counted(4) == [] and hub.store.refusals() == []
    three.stop()
    # ... nor can a table be started with another table's file
    with pytest.raises(LinkError, match="credentials of table 3 of drive club, not of table 4"):
        table_link(mosquitto.broker, mosquitto.table_credentials("club", 3), "club", 4)

    # table 4 itself, with its own password, is counted
    four = played[4]
    four.link = connect_table(mosquitto, 4)
    four.link.start()
    assert four.flush(WAIT)
    assert counted(db) == 2
    four.link.stop()
    hub.stop()
    logs = caplog.text + mosquitto.log.read_text(errors="replace")
    for secret in mosquitto.every_password():
        assert secret not in logs
