"""The small interface every card reader offers the app.

A reader runs on its own thread and only posts ``CardScanned`` and
``ReaderStatus`` events on the EventQueue. The serial readers (rdm6300, lines)
are byte streams decoded by a parser; a reader that speaks command/response
(a PN532 over UART or I2C, say) subclasses ``ThreadedReader`` and writes its
own ``_run`` loop, posting through the same ``_scanned`` and ``_status``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from device.events import CardScanned, EventQueue, ReaderStatus

log = logging.getLogger(__name__)

# tag -> card ("SQ"), or None when the tag is not enrolled (Enrolment.card_for).
TagLookup = Callable[[str], "str | None"]


class Reader:
    """Start it, read ``connected``, stop it. Events go to the queue."""

    @property
    def connected(self) -> bool:
        raise NotImplementedError

    def start(self) -> None:
        raise NotImplementedError

    def stop(self, timeout: float = 5.0) -> None:
        raise NotImplementedError

    def __enter__(self) -> Reader:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class ThreadedReader(Reader):
    """Thread plumbing shared by readers: start/stop, status and scan posting."""

    thread_name = "card-reader"

    def __init__(self, queue: EventQueue, lookup: TagLookup | None = None, name: str | None = None) -> None:
        self.queue = queue
        self.lookup = lookup
        # Set when the table has several readers: carried by every event, so the
        # referee knows which reader (so which seat) a card was laid on.
        self.name = name
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._connected = False
        self.scans = 0

    @property
    def connected(self) -> bool:
        return self._connected

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        if self.running:
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._guarded_run, name=self.thread_name, daemon=True
        )
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _wake(self) -> None:
        """Interrupt a blocking read so stop() returns promptly."""

    def _run(self) -> None:
        raise NotImplementedError

    def _guarded_run(self) -> None:
        try:
            self._run()
        except Exception:  # the last line of defence: say so rather than vanish
            log.exception("card reader stopped on an unexpected error")
            self._status(False, "reader stopped on an error (see the log)")

    def _status(self, connected: bool, message: str) -> None:
        self._connected = connected
        log.info("card reader: %s", message)
        self.queue.post(ReaderStatus(connected=connected, message=message, reader=self.name))

    def _scanned(self, card: str | None, tag: str | None) -> None:
        if card is None and tag is not None and self.lookup is not None:
            try:
                card = self.lookup(tag)
            except Exception:  # an enrolment bug must not stop the reader
                log.exception("card reader: tag lookup failed for %s", tag)
                card = None
        self.scans += 1
        self.queue.post(CardScanned(card=card, tag=tag, reader=self.name))
