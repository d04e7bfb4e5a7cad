"""Card reader protocols: incremental decoders from a serial byte stream.

A parser is fed whatever bytes the port gave (any split, any garbage) and
returns what it could decode so far: a tag (``TagRead``), a card code
(``CardRead``) or something it threw away, with the reason (``Dropped``).
Nothing a reader sends can make a parser raise: a crash here would take the
reader thread down with it.

``idle()`` is called when the line has been quiet for a while: a frame or line
still half-received then will never be completed, so it is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from device.enrolment import TAG_MAX_DIGITS, TAG_MIN_DIGITS
from engine.cards import parse_card
from engine.errors import NotationError


@dataclass(frozen=True)
class TagRead:
    """A tag identifier, upper-case hex (10 digits for a 125 kHz EM4100 tag)."""

    tag: str


@dataclass(frozen=True)
class CardRead:
    """A card code read as text (a barcode), normalised suit-first: ``SQ``."""

    card: str
    text: str


@dataclass(frozen=True)
class Dropped:
    """Bytes thrown away, and why (shown by ``whist-table reader``).

    One item (a bad frame, a run of noise) as a parser gives it, or several
    gathered into one report (``count`` items, ``size`` bytes in all, ``data``
    then only the first of them) as the reader posts them.
    """

    reason: str
    data: bytes
    count: int = 1
    size: int | None = None  # bytes thrown away; None: len(data)

    @property
    def nbytes(self) -> int:
        return len(self.data) if self.size is None else self.size


ParseResult = TagRead | CardRead | Dropped

# Reasons, spelled once so tests and tools can match them.
NOISE = "noise"
HALF_FRAME = "half frame"
BAD_HEX = "bad hex"
BAD_CHECKSUM = "bad checksum"
NO_END_BYTE = "no end byte"
GARBAGE = "garbage"
OVERLONG = "overlong line"
HALF_LINE = "half line"
NOT_A_CARD = "not a card or tag"
OUT_OF_STEP = "garbage (skipped until the line went quiet)"


class Parser:
    """Base of the byte-stream decoders. ``dropped`` counts Dropped results,
    ``dropped_bytes`` the bytes they threw away."""

    name = ""
    baudrate = 9600

    def __init__(self) -> None:
        self.dropped = 0
        self.dropped_bytes = 0

    def feed(self, data: bytes) -> list[ParseResult]:
        try:
            results = self._feed(bytes(data))
        except Exception as exc:  # a bug of ours must not kill the reader thread
            self.reset()
            results = [Dropped(f"{GARBAGE} (decoder error: {exc})", bytes(data))]
        return self._count(results)

    def idle(self) -> list[ParseResult]:
        """The line went quiet: drop whatever partial item is pending."""
        try:
            results = self._idle()
        except Exception as exc:
            self.reset()
            results = [Dropped(f"{GARBAGE} (decoder error: {exc})", b"")]
        return self._count(results)

    def reset(self) -> None:
        """Forget any partial item (a new connection starts clean)."""

    def _count(self, results: list[ParseResult]) -> list[ParseResult]:
        for r in results:
            if isinstance(r, Dropped):
                self.dropped += 1
                self.dropped_bytes += r.nbytes
        return results

    def _feed(self, data: bytes) -> list[ParseResult]:
        raise NotImplementedError

    def _idle(self) -> list[ParseResult]:
        return []


STX, ETX = 0x02, 0x03
_HEX = frozenset(b"0123456789ABCDEFabcdef")


class Rdm6300Parser(Parser):
    """RDM6300 (125 kHz RFID), 9600 8N1.

    A frame is 14 bytes: 0x02, 10 ASCII hex digits of tag data, 2 ASCII hex
    digits of checksum (XOR of the 5 data bytes), 0x03. The module repeats the
    frame while a tag lies on it; counting a placement once is left to
    ``PlacementFilter``, this only decodes.
    """

    name = "rdm6300"
    baudrate = 9600
    FRAME_LEN = 14

    def __init__(self) -> None:
        super().__init__()
        self._frame = bytearray()  # from STX on; empty when between frames

    def reset(self) -> None:
        self._frame.clear()

    def _feed(self, data: bytes) -> list[ParseResult]:
        out: list[ParseResult] = []
        pos, end = 0, len(data)
        while pos < end:
            if not self._frame:
                # Between frames: everything up to the next start byte is noise.
                start = data.find(STX, pos)
                if start < 0:
                    out.append(Dropped(NOISE, data[pos:]))
                    break
                if start > pos:
                    out.append(Dropped(NOISE, data[pos:start]))
                self._frame.append(STX)
                pos = start + 1
                continue
            piece = data[pos : pos + self.FRAME_LEN - len(self._frame)]
            restart = piece.find(STX)
            if restart >= 0:
                # A new start before the end: the frame we had was cut short.
                out.append(Dropped(HALF_FRAME, bytes(self._frame) + piece[:restart]))
                self._frame.clear()
                pos += restart
                continue
            self._frame += piece
            pos += len(piece)
            if len(self._frame) == self.FRAME_LEN:
                out.append(self._decode(bytes(self._frame)))
                self._frame.clear()
        return out

    def _idle(self) -> list[ParseResult]:
        if not self._frame:
            return []
        pending = bytes(self._frame)
        self._frame.clear()
        return [Dropped(HALF_FRAME, pending)]

    @staticmethod
    def _decode(frame: bytes) -> ParseResult:
        if frame[-1] != ETX:
            return Dropped(NO_END_BYTE, frame)
        digits = frame[1:13]
        if any(b not in _HEX for b in digits):
            return Dropped(BAD_HEX, frame)
        text = digits.decode("ascii").upper()
        data = bytes.fromhex(text[:10])
        check = 0
        for b in data:
            check ^= b
        if check != int(text[10:], 16):
            return Dropped(BAD_CHECKSUM, frame)
        return TagRead(text[:10])


def rdm6300_frame(tag: str) -> bytes:
    """The 14-byte frame an RDM6300 sends for a 10-hex-digit tag (for tests, tools)."""
    data = bytes.fromhex(tag)
    if len(data) != 5:
        raise ValueError(f"{tag!r}: an RDM6300 tag is 10 hex digits")
    check = 0
    for b in data:
        check ^= b
    return bytes([STX]) + f"{tag.upper()}{check:02X}".encode("ascii") + bytes([ETX])


_LINE_END = re.compile(rb"[\r\n]")


class LinesParser(Parser):
    """Text lines, e.g. a barcode scanner in serial mode.

    What the protocol demands of a line before it counts:

    - whole: it starts where the stream starts, after a line end, or after
      the line has been quiet (``idle``); it ends with CR, LF or CR LF. A
      half line (cut short by a quiet line or a new connection) is dropped.
    - well-formed: printable ASCII only (spaces around it are ignored), at
      most ``MAX_LINE`` characters, and exactly a card code (``SQ``, ``QS``,
      ``10H``...) or a tag id (8 to 32 hex digits: longer than any card
      code, so the two never clash). Anything else is dropped.
    - in step: a line end resynchronises after a garbled line, but once more
      than ``JUNK_LIMIT`` bytes of garbage (control or non-ASCII bytes,
      overlong lines) have come since the last card or tag, the stream is
      noise, not a scanner: everything is dropped until the line has been
      quiet (``idle``). Random bytes hold short printable lines now and then
      ("H6" between two line ends); this keeps them from reading as cards.
    """

    name = "lines"
    baudrate = 9600
    MAX_LINE = 64
    TAG_MIN, TAG_MAX = TAG_MIN_DIGITS, TAG_MAX_DIGITS
    JUNK_LIMIT = 256

    def __init__(self) -> None:
        super().__init__()
        self._line = bytearray()
        self._overlong = False  # skipping to the end of a line that was too long
        self._junk = 0  # garbage bytes since the last card or tag
        self._skipped: int | None = None  # bytes skipped while out of step; None: in step

    def reset(self) -> None:
        self._line.clear()
        self._overlong = False
        self._junk = 0
        self._skipped = None

    def _feed(self, data: bytes) -> list[ParseResult]:
        out: list[ParseResult] = []
        pos, end = 0, len(data)
        while pos < end:
            if self._skipped is not None:
                self._skipped += end - pos
                break
            match = _LINE_END.search(data, pos)
            stop = match.start() if match else end
            if self._overlong:
                self._add_junk(stop - pos)
            else:
                self._line += data[pos:stop]
                if len(self._line) > self.MAX_LINE:
                    out.append(Dropped(OVERLONG, bytes(self._line[: self.MAX_LINE + 1]),
                                       size=len(self._line)))
                    self._add_junk(len(self._line))
                    self._line.clear()
                    self._overlong = True
            if match is None:
                break
            if self._overlong:
                self._overlong = False
            elif self._line:
                out.append(self._line_read(bytes(self._line)))
            self._line.clear()
            pos = stop + 1
        return out

    def _line_read(self, raw: bytes) -> ParseResult:
        result = self._decode(raw)
        if isinstance(result, TagRead | CardRead):
            self._junk = 0
        elif result.reason == GARBAGE:
            self._add_junk(len(raw))
        return result

    def _add_junk(self, size: int) -> None:
        self._junk += size
        if self._junk > self.JUNK_LIMIT and self._skipped is None:
            self._skipped = 0
            self._line.clear()
            self._overlong = False

    def _idle(self) -> list[ParseResult]:
        out: list[ParseResult] = []
        if self._skipped is not None:
            out.append(Dropped(OUT_OF_STEP, b"", size=self._skipped))
        elif self._line:
            out.append(Dropped(f"{HALF_LINE} (no end of line)", bytes(self._line)))
        self.reset()
        return out

    def _decode(self, raw: bytes) -> ParseResult:
        if any(b < 0x20 or b > 0x7E for b in raw.replace(b"\t", b" ")):
            return Dropped(GARBAGE, raw)
        text = raw.decode("ascii").strip()
        if not text:
            return Dropped(NOT_A_CARD, raw)
        try:
            return CardRead(str(parse_card(text)), text)
        except NotationError:
            pass
        is_hex = all(c in "0123456789abcdefABCDEF" for c in text)
        if is_hex and self.TAG_MIN <= len(text) <= self.TAG_MAX:
            return TagRead(text.upper())
        return Dropped(NOT_A_CARD, raw)


# Protocol name -> parser factory. A reader that is not a byte stream (a PN532
# speaks command/response) gets its own Reader class instead; see base.py.
PROTOCOLS: dict[str, Callable[[], Parser]] = {
    Rdm6300Parser.name: Rdm6300Parser,
    LinesParser.name: LinesParser,
}


def make_parser(protocol: str) -> Parser:
    try:
        return PROTOCOLS[protocol.strip().lower()]()
    except KeyError:
        raise ValueError(
            f"unknown reader protocol {protocol!r}: use {' or '.join(sorted(PROTOCOLS))}"
        ) from None
