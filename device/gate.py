"""The one gate for what arrives from outside: a drive's messages, a phone's, a bot's lines.

Everything another machine or process sends passes `decode` (or `read`) before other code
looks at it: a size limit, a nesting limit checked before the JSON parser runs (the parser
recurses, so a deep enough message would exhaust Python's stack), strict JSON whose top is an
object, then the caller's schema. What fails is a `Refused` that names the sender, and a
`RefusalLog` writes each sender's refusals to the log once, with counts, in bounded memory."""

from __future__ import annotations

import json
import logging
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from engine.errors import NotationError

T = TypeVar("T")

# A JSON string, escapes included: stripped before brackets are counted, as brackets inside
# strings do not nest.
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_SAMPLE = 80
_REASON = 160


@dataclass(frozen=True)
class Limits:
    """How large and how deeply nested a message may be."""

    max_bytes: int = 64 * 1024
    max_depth: int = 24


DEFAULT = Limits()


class Refused(ValueError):
    """A message the gate turned away: who sent it, what it was meant to be, and why."""

    def __init__(self, sender: str, what: str, reason: str, raw: bytes = b"") -> None:
        # a schema's complaint may quote the field it read: a refusal stays a line, whatever came
        reason = reason if len(reason) <= _REASON else reason[:_REASON] + "..."
        self.sender, self.what, self.reason = sender[:_SAMPLE], what, reason
        self.sample = _sample(raw)
        shown = f" (it began {self.sample})" if self.sample else ""
        super().__init__(f"refused {what} from {self.sender}: {reason}{shown}")


def text(value: object, what: str, longest: int, *, as_sent: bool = False) -> str:
    """A text field of a message. A name or a seat is shown to people, so it is stripped and
    must be printable and not blank; `as_sent` takes a token or a code exactly as it came,
    since a changed byte would make it another one."""
    if not isinstance(value, str):
        raise NotationError(f"{what} should be text")
    if not as_sent:
        value = value.strip()
        if not value:
            raise NotationError(f"{what} should be some text")
        if not value.isprintable():
            raise NotationError(f"{what} should be printable characters")
    if len(value) > longest:
        raise NotationError(f"{what} should be at most {longest} characters")
    return value


def _sample(raw: bytes) -> str:
    if not raw:
        return ""
    head = raw[:_SAMPLE].decode("utf-8", "replace")
    return repr(head) + ("..." if len(raw) > _SAMPLE else "")


def _depth(raw: bytes) -> int:
    brackets = _NOT_BRACKET.sub(b"", _STRING.sub(b"", raw))
    depth = deepest = 0
    for b in brackets:
        depth += 1 if b in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _no_repeats(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a field is given twice")
    return data


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")


def decode(raw: bytes | str, sender: str, what: str, limits: Limits = DEFAULT) -> Mapping[str, object]:
    """The JSON object in ``raw``, or `Refused` saying why not."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else bytes(raw)
    if len(data) > limits.max_bytes:
        raise Refused(sender, what, f"{len(data)} bytes, over the limit of {limits.max_bytes}", data)
    if _depth(data) > limits.max_depth:
        raise Refused(sender, what, f"nested deeper than {limits.max_depth} levels", data)
    try:
        value = json.loads(data.decode("utf-8"), object_pairs_hook=_no_repeats,
                           parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise Refused(sender, what, "not UTF-8 text", data) from None
    except ValueError as exc:
        raise Refused(sender, what, f"not JSON ({exc})", data) from None
    if not isinstance(value, dict):
        raise Refused(sender, what, f"a JSON {type(value).__name__}, not an object", data)
    return value


def read(raw: bytes | str, sender: str, what: str, schema: Callable[[Mapping[str, object]], T],
         limits: Limits = DEFAULT) -> T:
    """``schema`` applied to the decoded object; its complaint becomes a `Refused`.

    A schema reads untrusted fields, so the errors a wrong shape raises in ordinary Python
    (a missing key, a string where a number goes) are the refusal, not a fault of ours."""
    data = decode(raw, sender, what, limits)
    try:
        return schema(data)
    except (NotationError, ValueError, KeyError, TypeError) as exc:
        raw_bytes = raw.encode("utf-8", "replace") if isinstance(raw, str) else bytes(raw)
        reason = str(exc) if not isinstance(exc, KeyError) else f"the field {exc} is missing"
        raise Refused(sender, what, reason, raw_bytes) from None


class RefusalLog:
    """Logs the first refusal of each sender in full, then a line at the 2nd, 4th, 8th...; so a
    flood from one sender costs a few lines. It remembers the ``max_senders`` latest senders."""

    def __init__(self, log: logging.Logger, max_senders: int = 256) -> None:
        self._log = log
        self._max = max_senders
        self._counts: OrderedDict[str, int] = OrderedDict()

    def note(self, refused: Refused) -> bool:
        """Count ``refused``; True when it was written to the log (a caller keeping refusals
        elsewhere, as the hub's store does, keeps the same few)."""
        sender = refused.sender
        if sender in self._counts:
            self._counts[sender] += 1
            self._counts.move_to_end(sender)
            count = self._counts[sender]
            if count & (count - 1) == 0:  # 2, 4, 8, ...: the log shows a flood growing, not each message
                self._log.warning("%d refusals from %s so far; the last: %s", count, sender, refused.reason)
                return True
            return False
        if len(self._counts) >= self._max:
            self._counts.popitem(last=False)
        self._counts[sender] = 1
        self._log.warning("%s", refused)
        return True

    def count(self, sender: str) -> int:
        return self._counts.get(sender, 0)
