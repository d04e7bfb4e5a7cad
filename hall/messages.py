"""What a drive's messages may be: each kind's size and nesting limits and its reader.

Everything the hub and the tables receive from the broker passes ``device.gate`` through one of
these readers, so a message too large, too deep or of the wrong shape is a `Refused` that names
its sender, never an exception in the hub's or the table's loop. The limits are a few times the
largest message a drive of ``hall.drive.MAX_TABLES`` tables sends; the broker's own
(``hall.broker``, ``max_packet_size``) stops anything far larger before it reaches either.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from device.gate import Limits, read, text
from engine.errors import NotationError
from engine.jsonform import as_int, as_list, as_mapping
from engine.jsonform import field as json_field
from engine.seats import Seat
from hall.drive import DriveSettings, Four, HandResult, Seating

RESULT = Limits(max_bytes=16 * 1024, max_depth=6)  # a hand of 52 cards is about 2 KB, 3 deep
SIGNIN = Limits(max_bytes=1024, max_depth=2)
DRIVE = Limits(max_bytes=256 * 1024, max_depth=4)  # 500 tables' seating is about 40 KB
BOARD = Limits(max_bytes=512 * 1024, max_depth=4)
ACKED = Limits(max_bytes=64 * 1024, max_depth=3)
SEATING = Limits(max_bytes=64 * 1024, max_depth=3)
# what the broker lets through at all: the largest limit above, with room
MAX_PACKET = 1024 * 1024

MAX_NAME = 40  # characters of a player's name (the hub's screen shows it in a column)
MAX_NUMBER = 10**6  # of a round or a hand in a message
MAX_TAG = 32  # characters of a reader's tag (the longest NFC UID is 10 bytes, 20 hex digits)


@dataclass(frozen=True)
class SignIn:
    """A player at a seat, by name or by their own reader tag."""

    seat: Seat
    name: str | None = None
    tag: str | None = None  # upper-case


@dataclass(frozen=True)
class DriveMessage:
    """The hub's retained drive message: the settings, and round one's seating once started."""

    settings: DriveSettings
    seating: Seating | None


def _signin(data: Mapping[str, object]) -> SignIn:
    seat = Seat.parse(text(json_field(data, "seat", "a sign-in"), "a sign-in's seat", 5))
    if "tag" in data:
        return SignIn(seat, tag=text(data["tag"], "a sign-in's tag", MAX_TAG).upper())
    return SignIn(seat, name=text(json_field(data, "name", "a sign-in"), "a sign-in's name", MAX_NAME))


def _drive(data: Mapping[str, object]) -> DriveMessage:
    settings = DriveSettings.from_dict(as_mapping(json_field(data, "settings", "a drive message"),
                                                  "a drive's settings"))
    seating = None if data.get("seating") is None else Seating.from_dict(data["seating"])
    if seating is not None and len(seating.tables) != settings.tables:
        raise NotationError(f"the drive has {settings.tables} tables; its seating {len(seating.tables)}")
    return DriveMessage(settings, seating)


def _number(value: object, what: str) -> int:
    """A round's or a hand's number: a store keeps it in 64 bits, a drive has far fewer."""
    n = as_int(value, what)
    if not 1 <= n <= MAX_NUMBER:
        raise NotationError(f"{what} should be 1 to {MAX_NUMBER}, not {n}")
    return n


def _seatings(data: Mapping[str, object]) -> dict[int, Four]:
    return {_number(r, "a seating's round"): Seating.from_dict([four]).at(1) for r, four in data.items()}


def _acked(data: Mapping[str, object]) -> list[tuple[int, int]]:
    pairs = []
    for pair in as_list(json_field(data, "counted", "an acknowledgement"), "the hands counted"):
        round_, hand = as_list(pair, "a hand counted")
        pairs.append((_number(round_, "a round"), _number(hand, "a hand")))
    return pairs


def _board(data: Mapping[str, object]) -> Mapping[str, object]:
    return data


def result(raw: bytes, sender: str) -> HandResult:
    return read(raw, sender, "a hand result", HandResult.from_dict, RESULT)


def signin(raw: bytes, sender: str) -> SignIn:
    return read(raw, sender, "a sign-in", _signin, SIGNIN)


def drive(raw: bytes, sender: str) -> DriveMessage:
    return read(raw, sender, "the drive message", _drive, DRIVE)


def seatings(raw: bytes, sender: str) -> dict[int, Four]:
    return read(raw, sender, "a table's seating", _seatings, SEATING)


def acked(raw: bytes, sender: str) -> list[tuple[int, int]]:
    return read(raw, sender, "an acknowledgement", _acked, ACKED)


def board(raw: bytes, sender: str) -> Mapping[str, object]:
    return read(raw, sender, "the leaderboard", _board, BOARD)


def acked_json(hands: list[tuple[int, int]]) -> str:
    """What ``acked`` reads: the hands of a table the hub has counted."""
    return json.dumps({"counted": [list(h) for h in hands]})
