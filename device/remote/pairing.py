"""Which phone holds which seat: short pairing codes that work once and expire, the seat's
token, wrong codes slowed down, and the seats kept on disk so a power cut resumes them.

A code is six digits, offered for one seat at a time from the table's menu; redeeming it
gives the phone a token (a long random secret it keeps and sends with every message).
Only a hash of each token is stored, with the person's name, in ``remote-seats.json``."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CODE_DIGITS = 6
CODE_LIFE = 300.0  # seconds a code may be redeemed
FIRST_DELAY = 1.0  # seconds a sender waits after its first wrong code; doubled at each next one
MOST_DELAY = 60.0
NAME_LENGTH = 16
SENDERS_KEPT = 256  # senders whose wrong codes are remembered (bounded memory under a flood)
FILE_NAME = "remote-seats.json"


class PairingError(ValueError):
    """A code refused; ``retry_after`` is how many seconds the sender must wait before trying again."""

    def __init__(self, message: str, retry_after: float = 0.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class Offer:
    """A seat offered to a phone: its code and when that stops working."""

    seat: int
    code: str
    expires: float


@dataclass(frozen=True)
class Holder:
    """The phone holding a seat: its person's name and its token's hash."""

    name: str
    token_hash: str


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_name(name: str) -> str:
    """A name fit for the table's screen: printable, at most NAME_LENGTH characters; "Phone"
    when nothing is left."""
    kept = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_LENGTH].strip()
    return kept or "Phone"


class Pairing:
    """The seats' holders and the open offer; safe to use from the game's and the server's threads."""

    def __init__(self, path: Path | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self._clock = clock
        self._lock = threading.Lock()
        self._offer: Offer | None = None
        self._holders: dict[int, Holder] = {}
        self._wrong: OrderedDict[str, tuple[int, float]] = OrderedDict()  # sender -> (wrong codes, free at)
        if path is not None and path.exists():
            self._holders = _load(path)

    # -- the table's side -----------------------------------------------------
    def offer(self, seat: int) -> Offer:
        """A fresh code for ``seat`` (any code offered before stops working)."""
        code = "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))
        with self._lock:
            self._offer = Offer(seat, code, self._clock() + CODE_LIFE)
            return self._offer

    def withdraw(self) -> None:
        """The menu closed: the code offered stops working."""
        with self._lock:
            self._offer = None

    @property
    def offered(self) -> Offer | None:
        with self._lock:
            if self._offer is not None and self._clock() >= self._offer.expires:
                self._offer = None
            return self._offer

    def release(self, seat: int) -> None:
        """The seat goes back to the table's AI (its phone's token stops working)."""
        with self._lock:
            self._holders.pop(seat, None)
            self._save()

    def holders(self) -> dict[int, str]:
        """The seats held by phones, with their people's names."""
        with self._lock:
            return {seat: h.name for seat, h in self._holders.items()}

    # -- the phone's side -----------------------------------------------------
    def redeem(self, code: str, name: str, sender: str) -> tuple[int, str]:
        """The seat and its new token for a code; `PairingError` when the code is wrong, spent or
        expired, or the sender is still waiting after its last wrong code."""
        now = self._clock()
        with self._lock:
            wrong, free_at = self._wrong.get(sender, (0, 0.0))
            if now < free_at:
                raise PairingError("too many wrong codes: wait a moment", free_at - now)
            offer = self._offer
            if offer is None or now >= offer.expires or not hmac.compare_digest(offer.code, code):
                delay = min(MOST_DELAY, FIRST_DELAY * 2 ** wrong)
                self._wrong[sender] = (wrong + 1, now + delay)
                self._wrong.move_to_end(sender)
                while len(self._wrong) > SENDERS_KEPT:
                    self._wrong.popitem(last=False)
                raise PairingError("that code is wrong or has expired: ask the table for a new one", delay)
            self._wrong.pop(sender, None)
            self._offer = None  # a code works once
            token = secrets.token_urlsafe(24)
            self._holders[offer.seat] = Holder(clean_name(name), _hash(token))
            self._save()
            return offer.seat, token

    def seat_of(self, token: str) -> int | None:
        """The seat a token holds, None for no seat."""
        digest = _hash(token)
        with self._lock:
            for seat, holder in self._holders.items():
                if hmac.compare_digest(holder.token_hash, digest):
                    return seat
        return None

    def _save(self) -> None:
        if self.path is None:
            return
        data = {str(seat): {"name": h.name, "token_sha256": h.token_hash}
                for seat, h in self._holders.items()}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".partial")
        partial.write_text(json.dumps(data, indent=1), encoding="utf-8")
        partial.replace(self.path)


class SeatsFileError(ValueError):
    """The stored seats file cannot be read."""


def _load(path: Path) -> dict[int, Holder]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {int(seat): Holder(clean_name(str(h["name"])), str(h["token_sha256"]))
                for seat, h in data.items()}
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SeatsFileError(f"{path}: the phones' seats cannot be read ({exc}); delete the file to "
                             "give every seat back to the table") from None
