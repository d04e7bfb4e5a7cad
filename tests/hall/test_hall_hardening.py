"""A drive against hostile messages and careless set-ups (issue 46): a message nobody should
send is refused and the hub counts on; the broker speaks TLS under the drive's own authority;
a table told the wrong password says so."""

from __future__ import annotations

import logging
import os
import socket
import ssl
import stat
import threading
from pathlib import Path

import pytest
from cryptography import x509

from device.cli import main
from engine.seats import Seat
from hall.broker import local_broker, write_broker_config
from hall.drive import DriveSettings
from hall.hub import Hub
from hall.link import Credentials, Link, Message, Published, result_topic, signin_topic
from hall.run import status_text
from hall.store import HubStore
from hall.tls import make_certificates
from tests.hall.conftest import Mosquitto
from tests.hall.test_hall_broker import WAIT, HubThread, counted, make_table, next_event

POISON = b"[" * 200_000


def make_hub(tmp_path: Path, tables: int = 2) -> Hub:
    hub = Hub(HubStore(tmp_path / "hub.db"), None, DriveSettings("club", tables=tables, rounds=1))
    hub.start()
    return hub


def a_result(tmp_path: Path) -> bytes:
    """Table 1's real result for the one hand of drive club (1 round), played offline."""
    from hall.run import ai_chooser
    from hall.store import TableJournal
    from hall.table import HallTable

    settings = DriveSettings("club", tables=2, rounds=1)
    journal = TableJournal(tmp_path / "played.db", durable=False)
    table = HallTable(journal, None, 1, ai_chooser("random"), drive="club")
    journal.join(settings, 1)
    table.settings = settings
    payload = table.play_round(1)[0].to_json().encode()
    journal.close()
    return payload


def store_bytes(db: Path) -> int:
    return sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))


# -- item 1: a message deeper than Python's stack --

def test_a_result_or_sign_in_of_200_000_brackets_is_refused_and_the_hub_counts_on(tmp_path: Path) -> None:
    hub = make_hub(tmp_path)
    for topic in (result_topic("club", 1), signin_topic("club", 1)):
        hub.handle(Message(topic, POISON, retained=False))
        hub.handle(Message(topic, b"[" * 10_000, retained=False))  # deep within the size limit
    hub.handle(Message(result_topic("club", 1), a_result(tmp_path), retained=False))
    assert (hub.counts.counted, hub.counts.refused, hub.counts.faults) == (1, 2, 0)
    refusals = [r[1] for r in hub.store.refusals()]
    assert "over the limit" in refusals[0] and "nested deeper than" in refusals[1]


def test_a_retained_poison_message_leaves_the_hub_serving_after_hub_and_broker_restarts(
        mosquitto: Mosquitto, tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=2, rounds=1, seed="poison")
    db = tmp_path / "hub.db"
    # table 1's own password, used to leave poison for the hub on its own result and sign-in topics
    poisoner = Link(mosquitto.broker, mosquitto.table_credentials("club", 1), "poisoner", [],
                    persistent=False)
    poisoner.start()
    next_event(poisoner.events, object)
    for topic in (result_topic("club", 1), signin_topic("club", 1)):
        poisoner.publish(topic, POISON, retain=True)
        sent = next_event(poisoner.events, Published)
        assert isinstance(sent, Published) and sent.ok
    poisoner.stop()

    hub = HubThread(mosquitto, db, settings)
    table = make_table(mosquitto, tmp_path, 1)
    table.play()
    assert table.flush(WAIT)
    assert counted(db) == 1 and hub.thread.is_alive()
    assert hub.hub.counts.cleared == 2  # both wiped from the broker: they come back at no start
    hub.stop()

    mosquitto.restart(kill=True)
    hub = HubThread(mosquitto, db, settings)
    other = make_table(mosquitto, tmp_path, 2)
    other.play()
    assert other.flush(WAIT)
    assert counted(db) == 2 and hub.thread.is_alive()
    assert hub.hub.counts.faults == 0
    hub.stop()
    for t in (table, other):
        assert t.link is not None
        t.link.stop()


def test_a_fault_of_the_hub_on_one_message_is_logged_counted_and_the_next_is_served(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    hub = make_hub(tmp_path)
    good = a_result(tmp_path)

    def broken(table: int, payload: bytes) -> None:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(hub, "receive_signin", broken)
    with caplog.at_level(logging.WARNING):
        for _ in range(100):
            hub.guarded(Message(signin_topic("club", 1), b'{"seat": "N", "name": "Ann"}', retained=False))
        hub.guarded(Message(result_topic("club", 1), good, retained=False))
    assert hub.counts.faults == 100 and hub.counts.counted == 1
    assert "a bug of ours" in caplog.text  # not hidden: the first in full, with its traceback
    assert caplog.text.count("Traceback") == 1 and len(caplog.records) < 12


# -- item 6: no message grows the hub's store, its log or hall status by its size --

def test_a_10_mb_result_sent_three_times_grows_neither_the_hub_s_store_nor_its_log(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    hub = make_hub(tmp_path)
    before = store_bytes(hub.store.path)
    huge = b'{"drive": "' + b"x" * 10_000_000 + b'"}'
    with caplog.at_level(logging.DEBUG):
        for _ in range(3):
            hub.handle(Message(result_topic("club", 1), huge, retained=False))
    assert hub.counts.refused == 3
    assert store_bytes(hub.store.path) - before < 100_000
    assert len(caplog.text) < 2_000
    last = status_text(hub.store).splitlines()[-1]
    assert "over the limit" in last and len(last) < 400


def test_hall_status_prints_one_short_line_for_a_huge_refusal_an_older_hub_kept(tmp_path: Path) -> None:
    store = make_hub(tmp_path).store
    store.refuse(1, "refused a result: " + "x" * 1_000_000 + "\nsecond line")
    text = status_text(store)
    store.close()
    assert text.splitlines()[-1].startswith("1 message(s) refused; the last: refused a result: xxx")
    assert len(text.splitlines()[-1]) < 400


def test_a_sign_in_no_screen_can_show_is_refused_and_a_good_one_kept(tmp_path: Path) -> None:
    hub = Hub(HubStore(tmp_path / "hub.db"), None, DriveSettings("club", tables=2, rounds=1))
    for payload in (b'{"seat": "N", "name": "' + b"A" * 500 + b'"}', b'{"seat": "N", "name": "A\\u0000B"}',
                    b'{"seat": "N", "tag": 12}', b'{"seat": "Q", "name": "Ann"}'):
        hub.handle(Message(signin_topic("club", 1), payload, retained=False))
    hub.handle(Message(signin_topic("club", 1), b'{"seat": "N", "name": " Ann "}', retained=False))
    assert hub.store.signins() == {(1, Seat.N): "Ann"}
    # table 1's 1st, 2nd and 4th refusals kept for hall status: a flood keeps a few
    assert [r[1].split(":")[0] for r in hub.store.refusals()] == ["a sign-in"] * 3


# -- item 2: TLS under the drive's own authority --

def test_broker_config_writes_a_tls_listener_for_the_names_given_and_the_ca_in_every_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hall"
    assert main(["hall", "broker-config", "--dir", str(out), "--drive", "club", "--tables", "2",
                 "--name", "hall-pi.local", "--name", "192.168.1.5"]) == 0
    assert "TLS on port 8883" in capsys.readouterr().out
    conf = (out / "mosquitto.conf").read_text().splitlines()
    assert "listener 8883 0.0.0.0" in conf and f"certfile {out / 'broker.pem'}" in conf
    assert "listener 1883 127.0.0.1" in conf  # plain MQTT for the hub on the broker's own Pi only
    assert not any(line.startswith("listener 1883 0.0.0.0") for line in conf)
    assert any(line.startswith("max_packet_size ") for line in conf)
    assert stat.S_IMODE((out / "broker.key").stat().st_mode) == 0o600
    ca = (out / "ca.pem").read_text()
    for who in ("hub", "table1", "table2"):
        assert (Credentials.read(out / f"club-{who}.toml").ca or "").strip() == ca.strip()
    cert = x509.load_pem_x509_certificate((out / "broker.pem").read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert {"hall-pi.local", "localhost"} <= set(names.get_values_for_type(x509.DNSName))
    assert {str(a) for a in names.get_values_for_type(x509.IPAddress)} >= {"192.168.1.5", "127.0.0.1"}

    plain = tmp_path / "plain"
    assert main(["hall", "broker-config", "--dir", str(plain), "--drive", "club", "--tables", "1",
                 "--plain"]) == 0
    conf = (plain / "mosquitto.conf").read_text()
    assert "listener 1883 0.0.0.0" in conf and "cafile" not in conf
    assert Credentials.read(plain / "club-table1.toml").ca is None


def _handshake(port: int, context: ssl.SSLContext, name: str) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        context.wrap_socket(sock, server_hostname=name).close()


def test_a_table_over_tls_is_counted_and_a_client_not_trusting_the_drive_s_ca_is_refused(
        mosquitto: Mosquitto, tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=1, rounds=1, seed="tls")
    hub = HubThread(mosquitto, tmp_path / "hub.db", settings)
    table = make_table(mosquitto, tmp_path, 1)
    assert table.link is not None and table.link.tls
    table.play()
    assert table.flush(WAIT) and counted(tmp_path / "hub.db") == 1
    table.link.stop()
    hub.stop()

    own = mosquitto.table_credentials("club", 1)
    context = own.tls()
    assert context is not None
    _handshake(mosquitto.port, context, "127.0.0.1")
    _handshake(mosquitto.port, context, "localhost")
    with pytest.raises(ssl.SSLCertVerificationError):  # a name the broker's certificate does not give
        _handshake(mosquitto.port, context, "intruder.local")
    stranger = Credentials(own.username, own.password, make_certificates(["localhost"]).ca.decode())
    other_ca = stranger.tls()
    assert other_ca is not None
    with pytest.raises(ssl.SSLCertVerificationError):  # another authority: not this drive's broker
        _handshake(mosquitto.port, other_ca, "127.0.0.1")


# -- item 9: broker-config run again makes an open file private --

@pytest.mark.parametrize("name", ["passwd", "club-table1.toml", "club-hub.toml"])
def test_broker_config_run_again_makes_a_file_left_open_private(tmp_path: Path, name: str) -> None:
    write_broker_config(tmp_path, ["club"], 1)
    (tmp_path / name).chmod(0o644)
    write_broker_config(tmp_path, ["club"], 1)
    assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600


# -- item 12: a wrong password is the broker's refusal, not the hub's silence --

@pytest.mark.parametrize("wrong, said", [
    ("password", "refused this table's user and password (Not authorized)"),
    ("ca", "showed a certificate the drive's CA did not sign for that name"),  # an earlier broker-config's
])
def test_a_table_with_a_wrong_password_or_ca_says_so_not_that_the_hub_is_silent(
        mosquitto: Mosquitto, tmp_path: Path, capsys: pytest.CaptureFixture[str], wrong: str,
        said: str) -> None:
    own = mosquitto.table_credentials("club", 1)
    text = own.to_toml()
    if wrong == "password":
        text = text.replace(own.password, "not-the-password")
    else:
        assert own.ca is not None
        text = text.replace(own.ca.strip(), make_certificates(["localhost"]).ca.decode().strip())
    path = tmp_path / "club-table1.toml"
    path.write_text(text)
    path.chmod(0o600)
    done: list[int] = []
    run = threading.Thread(target=lambda: done.append(main([
        "hall", "table", "--broker", str(mosquitto.broker), "--drive", "club", "--table", "1",
        "--credentials", str(path), "--db", str(tmp_path / "t1.db"), "--wait", "45"])))
    run.start()
    run.join(WAIT * 3)
    assert done == [1]
    err = capsys.readouterr().err
    assert said in err
    assert "no word from the hub" not in err and "not-the-password" not in err


def test_the_broker_runs_in_its_own_process_group_and_stop_ends_the_group(tmp_path: Path) -> None:
    broker = local_broker(tmp_path, ["club"], 1)
    try:
        pid = broker.proc.pid if broker.proc is not None else 0
        assert pid and os.getpgid(pid) == pid != os.getpgid(0)
    finally:
        broker.stop()
    with pytest.raises(ProcessLookupError):
        os.killpg(pid, 0)
