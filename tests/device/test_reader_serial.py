"""The serial reader thread over a real pty pair: frames, unplug, replug, the CLI."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

from device.cli import main
from device.enrolment import Enrolment
from device.events import CardScanned, EventQueue, ReaderStatus
from device.reader import (
    DISCONNECTED,
    Dropped,
    ReaderInUse,
    SerialReader,
    open_port,
    ports,
    rdm6300_frame,
)

TAG_SQ = "0A1B2C3D4E"
TAG_UNKNOWN = "1122334455"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def reader_factory():
    readers: list[SerialReader] = []

    def make(port: str, protocol: str = "rdm6300", **kwargs) -> tuple[SerialReader, EventQueue]:
        events = EventQueue()
        kwargs.setdefault("backoff_start", 0.02)
        kwargs.setdefault("backoff_max", 0.1)
        reader = SerialReader(port, protocol, events, **kwargs)
        reader.start()
        readers.append(reader)
        return reader, events

    yield make
    for r in readers:
        r.stop()


def next_event(events: EventQueue, kind: type, timeout: float = 10.0, skip=()):
    """The next event of ``kind`` (polling with a deadline); other kinds must be in ``skip``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = events.get(timeout=0.05)
        if event is None:
            continue
        if isinstance(event, kind):
            return event
        assert isinstance(event, tuple(skip)), f"unexpected {event!r}"
    raise AssertionError(f"no {kind.__name__} within {timeout}s")


def repoint(link: Path, target: str) -> None:
    tmp = link.with_name(link.name + ".new")
    tmp.unlink(missing_ok=True)
    tmp.symlink_to(target)
    os.replace(tmp, link)


def test_frames_over_a_pty_become_scans(ptys, reader_factory):
    pty = ptys()
    enrolment = Enrolment({TAG_SQ: "SQ"})
    dropped = []
    reader, events = reader_factory(
        pty.path, lookup=enrolment.card_for, on_dropped=dropped.append, gap=5.0, idle_timeout=5.0
    )
    status = next_event(events, ReaderStatus)
    assert status.connected
    good = rdm6300_frame(TAG_SQ)
    bad = good[:11] + b"FF" + good[13:]  # right shape, wrong checksum
    pty.write(good * 6)  # the module repeats while the card lies there
    pty.write(bad)
    other = rdm6300_frame(TAG_UNKNOWN)
    pty.write(other[:5])
    time.sleep(0.02)  # a split read: the rest arrives later
    pty.write(other[5:])
    assert next_event(events, CardScanned) == CardScanned(card="SQ", tag=TAG_SQ)
    assert next_event(events, CardScanned) == CardScanned(card=None, tag=TAG_UNKNOWN)
    deadline = time.monotonic() + 5
    while not dropped and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [d.reason for d in dropped] == ["bad checksum"]
    assert reader.dropped == 1
    assert reader.placements.repeats == 5
    reader.stop()
    assert not reader.running
    assert events.drain() == []  # nothing else was posted: no repeats, no disconnect


def test_noise_reports_wait_for_room_and_every_dropped_byte_is_reported(ptys, reader_factory):
    # Nobody drains the queue while 6 frames arrive in noise: the drop reports
    # take at most half of it, so every scan still finds room; once the queue
    # is drained, the reports held back follow, and they add up to all the noise.
    pty = ptys()
    events = EventQueue(maxsize=16)
    reader = SerialReader(pty.path, "rdm6300", events, on_dropped=events.post, gap=0.0,
                          report_every=0.0)
    reader.start()
    try:
        assert next_event(events, ReaderStatus).connected
        rng = random.Random(7)
        tags = [f"{i:02X}0A0B0C0D" for i in range(6)]
        noise = [rng.randbytes(4096) for _ in tags]
        for n, tag in zip(noise, tags, strict=True):
            pty.write(n + rdm6300_frame(tag))
        deadline = time.monotonic() + 10
        while reader.scans < 6 and time.monotonic() < deadline:
            time.sleep(0.01)
        seen = events.drain()
        assert [e.tag for e in seen if isinstance(e, CardScanned)] == tags
        assert events.dropped == 0
        reported = sum(e.nbytes for e in seen if isinstance(e, Dropped))
        while reported < sum(map(len, noise)) and time.monotonic() < deadline + 10:
            event = events.get(timeout=0.05)
            if isinstance(event, Dropped):
                reported += event.nbytes
        assert reported == sum(map(len, noise)) == reader.parser.dropped_bytes
    finally:
        reader.stop()


def test_unplug_then_a_new_port_at_the_same_path(ptys, reader_factory, tmp_path):
    link = tmp_path / "whist-reader"
    first = ptys()
    repoint(link, first.path)
    reader, events = reader_factory(str(link), gap=0.0)
    assert next_event(events, ReaderStatus).connected
    first.write(rdm6300_frame(TAG_SQ))
    assert next_event(events, CardScanned).tag == TAG_SQ

    # Unplug: the link now leads nowhere, as /dev/whist-reader would.
    repoint(link, str(tmp_path / "gone"))
    first.unplug()
    status = next_event(events, ReaderStatus)
    assert status == ReaderStatus(connected=False, message=DISCONNECTED)
    assert not reader.connected
    deadline = time.monotonic() + 5
    while reader.failed_opens < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert reader.failed_opens >= 2  # it keeps trying, quietly

    second = ptys()
    repoint(link, second.path)
    assert next_event(events, ReaderStatus).connected
    second.write(rdm6300_frame(TAG_UNKNOWN))
    assert next_event(events, CardScanned).tag == TAG_UNKNOWN
    assert reader.reconnects == 1


def test_reader_waits_for_a_port_that_is_not_there_yet(ptys, reader_factory, tmp_path):
    link = tmp_path / "by-id-link"
    reader, events = reader_factory(str(link))
    status = next_event(events, ReaderStatus)
    assert not status.connected and "not found" in status.message
    pty = ptys()
    repoint(link, pty.path)
    assert next_event(events, ReaderStatus).connected
    reader.stop()
    assert not reader.running


def test_lines_protocol_over_a_pty(ptys, reader_factory):
    pty = ptys()
    reader, events = reader_factory(pty.path, "lines", lookup=Enrolment().card_for, gap=0.0)
    assert next_event(events, ReaderStatus).connected
    pty.write(b"QS\r\n10H\r\nnot a card\r\n" + TAG_SQ.lower().encode() + b"\r\n")
    assert next_event(events, CardScanned) == CardScanned(card="SQ", tag=None)
    assert next_event(events, CardScanned) == CardScanned(card="HT", tag=None)
    assert next_event(events, CardScanned) == CardScanned(card=None, tag=TAG_SQ)


def test_stop_is_prompt_while_blocked_on_a_quiet_port(ptys, reader_factory):
    pty = ptys()
    reader, events = reader_factory(pty.path, read_timeout=30.0)
    assert next_event(events, ReaderStatus).connected
    reader.stop(timeout=10)
    assert not reader.running


# -- the installer's command -----------------------------------------------------


def run_in_thread(argv: list[str]) -> tuple[threading.Thread, list[int]]:
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    worker.start()
    return worker, result


def wait_output(capsys, text: str, seen: list[str], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen.append(capsys.readouterr().out)
        if text in "".join(seen):
            return
        time.sleep(0.01)
    raise AssertionError(f"{text!r} not printed; got {''.join(seen)!r}")


def test_reader_command_prints_scans_and_drops(ptys, capsys, tmp_path):
    pty = ptys()
    enrol_file = tmp_path / "deck.json"
    Enrolment({TAG_SQ: "SQ"}).save_json(enrol_file)
    worker, result = run_in_thread(
        ["reader", "--port", pty.path, "--protocol", "rdm6300",
         "--enrolment", str(enrol_file), "--max-scans", "2"]
    )
    seen: list[str] = []
    wait_output(capsys, "reader connected", seen)
    good = rdm6300_frame(TAG_SQ)
    pty.write(good + good + good[:11] + b"00" + good[13:] + rdm6300_frame(TAG_UNKNOWN))
    worker.join(timeout=15)
    seen.append(capsys.readouterr().out)
    out = "".join(seen)
    assert result == [0]
    assert "scan 1: tag 0A1B2C3D4E card ♠Q (queen of spades)" in out  # one style, as on screen (issue 37)
    assert re.search(r"dropped \(bad checksum\): \\x020A1B2C3D4E00\\x03", out)
    assert "scan 2: tag 1122334455 -> unknown card: enrol it in Settings" in out
    assert "2 scans, 1 dropped" in out


def test_reader_command_prints_every_scan_buried_in_noise(ptys, tmp_path):
    # 64 cards, each frame after 32 KB of random bytes: the noise must neither
    # crowd the scans out of the event queue nor be lost without a word.
    pty = ptys()
    rng = random.Random(30)
    tags = [f"{i:02X}{rng.getrandbits(32):08X}" for i in range(64)]
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    proc = subprocess.Popen(
        [sys.executable, "-m", "device.cli", "reader", "--port", pty.path,
         "--protocol", "rdm6300", "--gap", "0", "--max-scans", "64"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=REPO, env=env,
    )
    lines: list[str] = []
    ready = threading.Event()

    def collect() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if "reader connected" in line:
                ready.set()

    def flood() -> None:
        for tag in tags:
            pty.write(rng.randbytes(32 * 1024) + rdm6300_frame(tag))

    threading.Thread(target=collect, daemon=True).start()
    assert ready.wait(30), "".join(lines)
    threading.Thread(target=flood, daemon=True).start()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)  # it never saw 64 scans: let it print its summary
        proc.wait(timeout=30)
    out = "".join(lines)
    scanned = re.findall(r"^scan \d+: tag ([0-9A-F]{10})$", out, re.M)
    assert sorted(scanned) == sorted(tags), out[-2000:]
    assert re.search(r"^64 scans, \d+ dropped, .* 0 events lost$", out, re.M)
    # The noise is reported, gathered into a few lines rather than thousands.
    reports = re.findall(r"^dropped \(.*\[(\d+) items?, (\d+) bytes?\]$", out, re.M)
    assert reports and len(reports) <= 2 * 64
    assert sum(int(size) for _, size in reports) >= 60 * 32 * 1024


def test_reader_command_explains_a_port_it_cannot_open(capsys, tmp_path):
    assert main(["reader", "--port", str(tmp_path / "ttyUSB9"), "--protocol", "lines"]) == 1
    err = capsys.readouterr().err
    assert "cannot open the reader port" in err and "plugged in" in err
    assert "Traceback" not in err


def test_reader_command_refuses_a_broken_enrolment_file(capsys, tmp_path):
    bad = tmp_path / "deck.json"
    bad.write_text('{"tags": {"0A0A0A0A01": "SQ", "0B0B0B0B02": "SQ"}}')
    assert main(["reader", "--port", "auto", "--enrolment", str(bad)]) == 2
    assert "already has tag" in capsys.readouterr().err


# -- port resolution and the udev rule ----------------------------------------------


def fake_port(device: str, vid: int | None = None, pid: int | None = None) -> ListPortInfo:
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid = vid, pid
    return info


def test_auto_picks_a_known_usb_serial_adapter(monkeypatch, tmp_path):
    monkeypatch.setattr(ports, "STABLE_NAME", str(tmp_path / "whist-reader"))
    monkeypatch.setattr(
        list_ports,
        "comports",
        lambda: [
            fake_port("/dev/ttyS0"),
            fake_port("/dev/ttyACM0", 0x2341, 0x0043),  # some other USB gadget
            fake_port("/dev/ttyUSB1", 0x1A86, 0x7523),  # a CH340
        ],
    )
    assert ports.resolve_port("auto") == "/dev/ttyUSB1"
    assert ports.resolve_port("/dev/serial/by-id/usb-x") == "/dev/serial/by-id/usb-x"
    # The udev rule's stable name wins when it exists.
    (tmp_path / "whist-reader").touch()
    assert ports.resolve_port("AUTO") == str(tmp_path / "whist-reader")


def test_auto_without_any_usb_adapter_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(ports, "STABLE_NAME", str(tmp_path / "whist-reader"))
    monkeypatch.setattr(list_ports, "comports", lambda: [fake_port("/dev/ttyAMA0")])
    with pytest.raises(ports.PortNotFound, match="plugged in"):
        ports.resolve_port("auto")


def test_udev_rule_names_the_same_adapters_as_auto():
    rule = (REPO / "systemd" / "99-whist-reader.rules").read_text()
    pairs = re.findall(
        r'ATTRS\{idVendor\}=="([0-9a-f]{4})", ATTRS\{idProduct\}=="([0-9a-f]{4})"', rule
    )
    assert {(int(v, 16), int(p, 16)) for v, p in pairs} == set(ports.USB_SERIAL_ADAPTERS)
    assert 'SYMLINK+="whist-reader"' in rule and 'GROUP="dialout"' in rule


# -- what the installer may hand the command ------------------------------------------


def test_reader_command_refuses_an_enrolment_file_that_is_not_text(capsys, tmp_path):
    bad = tmp_path / "deck.json"
    bad.write_bytes(b'{"tags": {"\xff\xfe": "SQ"}}')
    assert main(["reader", "--port", "auto", "--enrolment", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "not UTF-8 text" in err and str(bad) in err
    assert "Traceback" not in err


def test_port_none_is_no_reader_never_a_path(ptys, capsys, tmp_path, monkeypatch):
    # A device that happens to be reachable as ./none must not be opened.
    pty = ptys()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "none").symlink_to(pty.path)
    assert main(["reader", "--port", "none", "--max-scans", "0"]) == 1
    err = capsys.readouterr().err
    assert 'the reader port is "none": no card reader is configured' in err

    # The same from the config file, where "none" is documented.
    config_dir = tmp_path / "xdg" / "whist-table"
    config_dir.mkdir(parents=True)
    (config_dir / "config.toml").write_text('[reader]\nport = "none"\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert main(["reader", "--max-scans", "0"]) == 1
    err = capsys.readouterr().err
    assert 'the reader port is "none"' in err and "give --port" in err

    # And the app's readers (Real cards, Enrol cards) refuse it with the same words.
    from device.config import ReaderSection
    from device.reader import ReaderOpenError, reader_from_settings

    with pytest.raises(ReaderOpenError, match='port is "none"'):
        reader_from_settings(ReaderSection(enabled=True, port="none"), EventQueue())


# -- one port, one owner ---------------------------------------------------------------


def test_a_second_open_of_the_port_names_the_owner(ptys):
    pty = ptys()
    first = open_port(pty.path, 9600)
    try:
        with pytest.raises(ReaderInUse, match=rf"the card reader is in use by process {os.getpid()}"):
            open_port(pty.path, 9600)
    finally:
        first.close()
    open_port(pty.path, 9600).close()  # free again once the owner closed it


def test_the_reader_thread_says_who_has_the_port_and_takes_it_when_freed(ptys, reader_factory):
    pty = ptys()
    owner = open_port(pty.path, 9600)
    reader, events = reader_factory(pty.path)
    status = next_event(events, ReaderStatus)
    assert not status.connected
    assert f"the card reader is in use by process {os.getpid()}" in status.message
    owner.close()
    assert next_event(events, ReaderStatus).connected
    pty.write(rdm6300_frame(TAG_SQ))
    assert next_event(events, CardScanned).tag == TAG_SQ


def interrupt(proc: subprocess.Popen[str]) -> None:
    """Ctrl-C a reader command; if it has not stopped 30 s later, fail with its threads' stacks.

    Once, under a loaded machine, the command outlived the wait and nothing said where it
    hung: SIGABRT makes faulthandler (PYTHONFAULTHANDLER) print every thread's stack.
    """
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        rest, _ = proc.communicate(timeout=30)
        pytest.fail(f"the reader command did not stop within 30 s of Ctrl-C:\n{rest[-6000:]}")


def test_two_reader_commands_on_one_port_the_second_refuses_with_the_owners_pid(ptys, tmp_path):
    pty = ptys()
    # faulthandler lets a stuck first command show where its threads are (see interrupt()).
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path),
               PYTHONFAULTHANDLER="1")
    command = [sys.executable, "-m", "device.cli", "reader", "--port", pty.path,
               "--protocol", "rdm6300"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, cwd=REPO, env=env)
    try:
        assert first.stdout is not None
        seen = []
        for line in first.stdout:
            seen.append(line)
            if "reader connected" in line:
                break
        assert "reader connected" in "".join(seen), "".join(seen)
        second = subprocess.run(command + ["--max-scans", "1"], capture_output=True, text=True,
                                cwd=REPO, env=env, timeout=60)
        assert second.returncode == 1
        assert f"the card reader is in use by process {first.pid}" in second.stderr
        assert "Traceback" not in second.stderr
        # The first still has the port and reads from it.
        pty.write(rdm6300_frame(TAG_SQ))
        for line in first.stdout:
            if line.startswith("scan 1:"):
                assert TAG_SQ in line
                break
    finally:
        interrupt(first)
