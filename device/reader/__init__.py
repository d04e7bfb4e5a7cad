"""The card reader: protocol parsers, the serial reader thread, port lookup.

``make_reader(port, protocol, queue, lookup)`` is what the app calls; it posts
``CardScanned`` and ``ReaderStatus`` events on the queue from its own thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.events import EventQueue
from device.reader.base import Reader, TagLookup, ThreadedReader
from device.reader.placement import PlacementFilter
from device.reader.ports import STABLE_NAME, PortNotFound, resolve_port
from device.reader.protocols import (
    PROTOCOLS,
    CardRead,
    Dropped,
    LinesParser,
    Parser,
    ParseResult,
    Rdm6300Parser,
    TagRead,
    make_parser,
    rdm6300_frame,
)
from device.reader.serial_reader import (
    DISCONNECTED,
    ReaderInUse,
    ReaderOpenError,
    SerialReader,
    open_port,
)

if TYPE_CHECKING:
    from device.config import ReaderSection


def make_reader(
    port: str,
    protocol: str,
    queue: EventQueue,
    lookup: TagLookup | None = None,
    *,
    baudrate: int | None = None,
    gap: float = 0.3,
    name: str | None = None,
) -> Reader:
    """A reader for ``protocol`` on ``port`` (not started). Every protocol so far
    is a serial byte stream; a PN532 would branch here to its own Reader."""
    return SerialReader(port, protocol, queue, lookup, baudrate=baudrate, gap=gap, name=name)


def reader_from_settings(
    settings: ReaderSection, queue: EventQueue, lookup: TagLookup | None = None,
    *, port: str | None = None, name: str | None = None,
) -> Reader:
    """A reader from the config file's ``[reader]`` section (port, protocol,
    baudrate, debounce_ms: how long a tag must be away to count again).
    ``port`` overrides the section's (a seat's reader); ``name`` is put on its events."""
    return make_reader(port or settings.port, settings.protocol, queue, lookup,
                       baudrate=settings.baudrate, gap=settings.debounce_ms / 1000.0, name=name)


__all__ = [
    "DISCONNECTED",
    "PROTOCOLS",
    "STABLE_NAME",
    "CardRead",
    "Dropped",
    "LinesParser",
    "ParseResult",
    "Parser",
    "PlacementFilter",
    "PortNotFound",
    "Rdm6300Parser",
    "Reader",
    "ReaderInUse",
    "ReaderOpenError",
    "SerialReader",
    "TagLookup",
    "TagRead",
    "ThreadedReader",
    "make_parser",
    "make_reader",
    "open_port",
    "rdm6300_frame",
    "reader_from_settings",
    "resolve_port",
]
