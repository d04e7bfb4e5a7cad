"""The serial card reader thread: pyserial + a protocol parser, reconnecting.

Unplugging the USB reader makes pyserial raise SerialException (an OSError):
the thread posts ``ReaderStatus(False, "reader disconnected")`` and tries the
port again with a doubling back-off until it comes back, then posts
``ReaderStatus(True, ...)`` and carries on. A port given as "auto" is looked
up again on every attempt, as the adapter may come back under another name.

What the parser drops (noise, bad frames) never competes with scans for room
on the event queue: drops are gathered into one report (``DropTally``), given
to ``on_dropped`` before the next scan, when the line goes quiet, or every
``report_every`` seconds of continuous garbage, and only while the queue has
room to spare; until then they keep gathering. A flood of noise therefore
costs a report a second, and every real frame in it is still read.
"""

from __future__ import annotations

import errno
import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import Protocol, runtime_checkable

import serial

from device.events import EventQueue
from device.locks import flock_holder_of_path
from device.reader.base import TagLookup, ThreadedReader
from device.reader.placement import PlacementFilter
from device.reader.ports import PortNotFound, describe_port, is_no_port, resolve_port
from device.reader.protocols import CardRead, Dropped, Parser, ParseResult, TagRead, make_parser
from engine.errors import WhistError

log = logging.getLogger(__name__)

DISCONNECTED = "reader disconnected"


class ReaderOpenError(WhistError, OSError):
    """The port could not be opened; the message says which and why."""


@runtime_checkable
class Port(Protocol):
    """What the reader needs of an open port. ``serial.SerialBase`` lacks ``in_waiting``,
    which each backend (a device, loop://, socket://) adds."""

    name: str | None

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1, /) -> bytes: ...

    def close(self) -> None: ...
class ReaderInUse(ReaderOpenError):
    """Another program has the reader's port: two would split each frame between them."""


NO_READER_PORT = ('the reader port is "none": no card reader is configured; '
                  'set [reader] port to "auto" or the reader\'s device path')


def open_port(port: str, baudrate: int, timeout: float = 0.05) -> Port:
    """Open ``port`` (a path, a by-id link, "auto" or a pyserial URL) 8N1."""
    if is_no_port(port):
        raise ReaderOpenError(NO_READER_PORT)
    try:
        path = resolve_port(port)
    except PortNotFound as exc:
        raise ReaderOpenError(str(exc)) from None
    try:
        ser = serial.serial_for_url(
            path,
            baudrate=baudrate,
            bytesize=serial.EIGHTBITS,
            parity=serial.PARITY_NONE,
            stopbits=serial.STOPBITS_ONE,
            timeout=timeout,
            # flock(2) on the device (posix; other backends ignore it): a second
            # program opening the port would take half of every frame.
            exclusive=True,
        )
    except (serial.SerialException, OSError, ValueError) as exc:
        if getattr(exc, "errno", None) in (errno.EAGAIN, errno.EWOULDBLOCK):
            raise ReaderInUse(in_use_message(path)) from None
        raise ReaderOpenError(f"cannot open the reader port {path}: {_why(exc)}") from None
    if not isinstance(ser, Port):
        ser.close()
        raise ReaderOpenError(f"the reader port {path}: this kind of pyserial port cannot say "
                              "how many bytes are waiting; use a serial device path")
    return ser


def in_use_message(path: str) -> str:
    holder = flock_holder_of_path(path)
    who = f"process {holder}" if holder else "another program"
    return (f"the card reader is in use by {who} (on {path}): stop that program first; "
            "two programs on one reader would each get half of the cards")


def _why(exc: Exception) -> str:
    # pyserial wraps the OS error in its own text; say what to do instead.
    hints = {
        errno.ENOENT: "no such device (is the reader plugged in? is the path right?)",
        errno.EACCES: "permission denied (add the user to the dialout group, "
        "or install systemd/99-whist-reader.rules)",
        errno.EBUSY: "the port is busy (another program has it open)",
    }
    code = getattr(exc, "errno", None)
    return hints.get(code, str(exc)) if isinstance(code, int) else str(exc)


class DropTally:
    """Dropped items gathered into one report; see the module docstring."""

    SAMPLE = 48  # bytes of the first item kept to show

    def __init__(self) -> None:
        self.reasons: Counter[str] = Counter()
        self.sample = b""
        self.size = 0
        self.since: float | None = None  # when the first item came; None: nothing gathered

    def __bool__(self) -> bool:
        return self.since is not None

    def add(self, dropped: Dropped, now: float) -> None:
        if self.since is None:
            self.since = now
            self.sample = dropped.data[: self.SAMPLE]
        self.reasons[dropped.reason] += dropped.count
        self.size += dropped.nbytes

    def report(self) -> Dropped:
        """One Dropped for all gathered so far (one item keeps its own reason)."""
        items = sum(self.reasons.values())
        if len(self.reasons) == 1 and items == 1:
            reason = next(iter(self.reasons))
        else:
            reason = ", ".join(f"{n} x {r}" for r, n in self.reasons.items())
        return Dropped(reason, self.sample, count=items, size=self.size)

    def clear(self) -> None:
        self.reasons.clear()
        self.sample = b""
        self.size = 0
        self.since = None


class SerialReader(ThreadedReader):
    """A card reader on a serial port; see the module docstring."""

    def __init__(
        self,
        port: str,
        protocol: str | Parser,
        queue: EventQueue,
        lookup: TagLookup | None = None,
        *,
        baudrate: int | None = None,
        gap: float = 0.3,
        backoff_start: float = 0.2,
        backoff_max: float = 5.0,
        read_timeout: float = 0.05,
        idle_timeout: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
        on_dropped: Callable[[Dropped], object] | None = None,
        report_every: float = 1.0,
        name: str | None = None,
    ) -> None:
        if is_no_port(port):
            # Refused here, not retried in the thread: "none" will never appear.
            raise ReaderOpenError(NO_READER_PORT)
        super().__init__(queue, lookup, name)
        self.port = port
        self.parser = make_parser(protocol) if isinstance(protocol, str) else protocol
        self.baudrate = baudrate or self.parser.baudrate
        self.placements = PlacementFilter(gap, clock)
        self.backoff_start = backoff_start
        self.backoff_max = backoff_max
        self.read_timeout = read_timeout
        self.idle_timeout = idle_timeout
        self.clock = clock
        self.on_dropped = on_dropped
        self.report_every = report_every
        self._drops = DropTally()
        self.reconnects = 0  # times the port went away after being open
        self.failed_opens = 0  # attempts that found no port to open
        self._serial: Port | None = None

    @property
    def dropped(self) -> int:
        """Frames and bytes thrown away so far (bad checksum, noise...)."""
        return self.parser.dropped

    def check(self) -> str:
        """Open and close the port once: its path, or ReaderOpenError."""
        ser = open_port(self.port, self.baudrate, self.read_timeout)
        try:
            return ser.name or self.port
        finally:
            ser.close()

    def _wake(self) -> None:
        ser = self._serial
        if ser is not None:
            # not every pyserial backend can cancel; the timeout will do
            cancel = getattr(ser, "cancel_read", None)
            try:
                if cancel is not None:
                    cancel()
            except (NotImplementedError, OSError):
                pass

    def _run(self) -> None:
        delay = self.backoff_start
        said_missing = False
        while not self._stop.is_set():
            try:
                ser = open_port(self.port, self.baudrate, self.read_timeout)
            except ReaderOpenError as exc:
                self.failed_opens += 1
                if not said_missing:  # once, not at every retry
                    busy = isinstance(exc, ReaderInUse)
                    self._status(False, str(exc) if busy else f"reader not found: {exc}")
                    said_missing = True
                log.debug("card reader: retry in %.2fs (%s)", delay, exc)
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff_max)
                continue
            delay = self.backoff_start
            self._serial = ser
            self.parser.reset()  # a half frame from before the unplug is gone
            self._status(True, f"reader connected on {describe_port(ser.name or self.port)}")
            try:
                self._pump(ser)
            except (serial.SerialException, OSError) as exc:
                log.info("card reader: %s", exc)
            except Exception:  # the reader thread's loop: log it, reconnect, never vanish
                log.exception("card reader: unexpected error; reconnecting")
            finally:
                self._report_drops()
                self._serial = None
                try:
                    ser.close()
                except OSError:  # closing a vanished device may fail too
                    pass
            if not self._stop.is_set():
                self.reconnects += 1
                self._status(False, DISCONNECTED)
                said_missing = True
        self._connected = False

    def _pump(self, ser: Port) -> None:
        last_data = self.clock()
        while not self._stop.is_set():
            data = ser.read(ser.in_waiting or 1)
            if data and ser.in_waiting:
                # The first byte woke us; take the rest of the burst with it so
                # a frame is decoded (and noise reported) in one piece.
                data += ser.read(ser.in_waiting)
            now = self.clock()
            if data:
                last_data = now
                self._handle(self.parser.feed(data), now)
            elif now - last_data >= self.idle_timeout:
                self._handle(self.parser.idle(), now)
                self._report_drops()

    def _handle(self, results: list[ParseResult], now: float) -> None:
        for result in results:
            if isinstance(result, TagRead):
                if self.placements.is_new("tag:" + result.tag, now):
                    self._report_drops()  # so they show in arrival order
                    self._scanned(None, result.tag)
            elif isinstance(result, CardRead):
                if self.placements.is_new("card:" + result.card, now):
                    self._report_drops()
                    self._scanned(result.card, None)
            else:
                self._drops.add(result, now)
        since = self._drops.since
        if since is not None and now - since >= self.report_every:
            self._report_drops()

    def _report_drops(self) -> None:
        """Hand the gathered drops on, unless the queue is short of room."""
        if not self._drops:
            return
        if self.on_dropped is not None and not self.queue.has_room():
            return  # keep gathering: scans need the room more
        report = self._drops.report()
        self._drops.clear()
        log.debug("card reader: dropped %s: %d bytes, first %r",
                  report.reason, report.nbytes, report.data)
        if self.on_dropped is not None:
            self.on_dropped(report)
