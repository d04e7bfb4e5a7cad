"""``whist-table reader``: print every decoded scan and dropped frame (installer's check)."""

from __future__ import annotations

import argparse
import logging
import sys

from device.commands._number import SECONDS_A_DAY, number
from device.config import ConfigError, load_config
from device.enrolment import Enrolment, EnrolmentError
from device.events import CardScanned, EventQueue, ReaderStatus
from device.reader import ReaderOpenError, SerialReader
from device.reader.ports import is_no_port
from device.reader.protocols import PROTOCOLS, Dropped
from device.words import count
from engine.cards import Card

HELP = "print every card reader scan and dropped frame until Ctrl-C (installer's check)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port",
        help="serial port: a path (/dev/ttyUSB0), a /dev/serial/by-id/ link, or 'auto' "
        "(/dev/whist-reader if present, else a likely USB serial adapter; 'none' means no reader); "
        "default: the config file's, else auto",
    )
    parser.add_argument(
        "--protocol",
        choices=sorted(PROTOCOLS),
        help="rdm6300: 125 kHz RFID frames; lines: text lines such as a barcode scanner's, "
        "one card code (SQ, 10H) or hex tag id (8-32 digits) a line, ended by CR, LF or CR LF: "
        "a line counts only whole and well-formed (printable ASCII, at most 64 characters), "
        "and after a burst of garbage only once the line has gone quiet "
        "(default: the config file's, else rdm6300)",
    )
    parser.add_argument(
        "--enrolment", metavar="FILE.json", help="show the card each enrolled tag maps to"
    )
    parser.add_argument(
        "--baud", type=number(int, low=1), help="baud rate (default: the config file's, else 9600)"
    )
    parser.add_argument(
        "--gap",
        type=number(float, low=0.0, high=SECONDS_A_DAY),
        help="seconds a tag must be away before it counts as laid again "
        "(default: the config's debounce_ms, else 0.3)",
    )
    parser.add_argument(
        "--max-scans", type=number(int, low=0), metavar="N", help="stop after N scans (for scripts)"
    )


def _show_bytes(data: bytes, limit: int = 48) -> str:
    text = "".join(chr(b) if 0x20 <= b < 0x7F else f"\\x{b:02x}" for b in data[:limit])
    return text + ("..." if len(data) > limit else "")


def _show_dropped(event: Dropped) -> str:
    """One line for a dropped item, or for many gathered into one report."""
    text = f"dropped ({event.reason}): {_show_bytes(event.data)}"
    if event.count > 1 or event.nbytes > len(event.data):
        text += f" [{count(event.count, 'item')}, {count(event.nbytes, 'byte')}]"
    return text


def _settings(path: str | None) -> object | None:
    """The config file's [reader] section, or None when there is none to read."""
    try:
        return load_config(path).reader
    except ConfigError as exc:  # a broken config must not stop the installer's check
        print(f"(config not used: {exc})", file=sys.stderr)
        return None


def run(args: argparse.Namespace) -> int:
    enrolment = None
    if args.enrolment:
        try:
            enrolment = Enrolment.load_json(args.enrolment)
        except (OSError, EnrolmentError) as exc:
            print(f"whist-table reader: cannot use the enrolment {args.enrolment}: {exc}",
                  file=sys.stderr)
            return 2
    if not getattr(args, "verbose", False):
        # Every status is printed below; its log line would say it a second time.
        logging.getLogger("device.reader").setLevel(logging.WARNING)
    settings = _settings(getattr(args, "config", None))
    port = args.port or getattr(settings, "port", None) or "auto"
    protocol = args.protocol or getattr(settings, "protocol", None) or "rdm6300"
    baud = args.baud or getattr(settings, "baudrate", None)
    gap = args.gap
    if gap is None:
        gap = getattr(settings, "debounce_ms", 300) / 1000.0
    events = EventQueue()
    try:
        reader = SerialReader(
            port,
            protocol,
            events,
            enrolment.card_for if enrolment is not None else None,
            baudrate=baud,
            gap=gap,
            # Dropped items share the event queue so everything prints in arrival order.
            on_dropped=events.post,  # type: ignore[arg-type]
        )
        path = reader.check()
    except ReaderOpenError as exc:
        hint = " (give --port)" if args.port is None and is_no_port(port) else ""
        print(f"whist-table reader: {exc}{hint}", file=sys.stderr)
        return 1
    print(f"reading {protocol} at {reader.baudrate} baud on {path}; "
          "lay a card on the reader (Ctrl-C to stop)", flush=True)
    reader.start()
    scans = 0
    try:
        while args.max_scans is None or scans < args.max_scans:
            event = events.get(timeout=0.2)
            if isinstance(event, CardScanned):
                scans += 1
                parts = [f"scan {scans}:"]
                if event.tag is not None:
                    parts.append(f"tag {event.tag}")
                if event.card is not None:
                    parts.append(f"card {Card(event.card).symbol} ({Card(event.card).name})")
                elif enrolment is not None:
                    parts.append("-> unknown card: enrol it in Settings")
                print(" ".join(parts), flush=True)
            elif isinstance(event, Dropped):
                print(_show_dropped(event), flush=True)
            elif isinstance(event, ReaderStatus):
                print(event.message, flush=True)
            lost = events.take_dropped()
            if lost:
                print(f"({count(lost, 'event')} lost: the queue was full)", flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        reader.stop()
    print(f"{count(scans, 'scan')}, {reader.dropped} dropped, "
          f"{count(reader.placements.repeats, 'repeat frame')} of a card left on the reader, "
          f"{count(events.dropped, 'event')} lost", flush=True)
    return 0
