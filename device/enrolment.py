"""Which reader tag is which card: the enrolment of a real deck.

Every card of the deck carries a tag (an RFID sticker, a barcode); the reader
reports the tag, the enrolment says which card it is. ``EnrolmentFlow`` is the
guided screen's logic: it asks for each of the 52 cards in turn, refuses a tag
already enrolled as another card, and lets one card be enrolled again (a
damaged sticker replaced).

This module is pure logic. ``to_dict``/``from_dict`` give a JSON-able form;
``on_change`` is the hook a store uses to persist every change, and
``load_json``/``save_json`` serve the command line and tests.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from engine.cards import RANKS, SUITS, Card, parse_card
from engine.errors import NotationError

FORMAT_VERSION = 1

# The order the guided flow asks for the cards: suit by suit, ace down to two.
ENROL_ORDER: tuple[str, ...] = tuple(s + r for s in SUITS for r in reversed(RANKS))
# The jokers of a 54-card pack may carry tags too; the 52 cards are what "complete" means.
JOKERS: tuple[str, ...] = ("BJ", "LJ")
FILE_ORDER: tuple[str, ...] = ENROL_ORDER + JOKERS


class EnrolmentError(NotationError):
    """A tag or card that cannot be enrolled as asked; the message says why."""


# A tag as the readers give it (device.reader.protocols): its id in hex digits, 10 for a 125 kHz
# EM4100 tag, 8 to 20 for NFC ones; the lines protocol takes 8 to 32, longer than any card code.
TAG_MIN_DIGITS, TAG_MAX_DIGITS = 8, 32
_HEX = frozenset("0123456789ABCDEF")
# An enrolment file holds 54 tags in a few kilobytes; a larger one is not an enrolment.
MAX_FILE_BYTES = 64 * 1024


def is_tag(text: str) -> bool:
    """Whether ``text`` (spaces around it aside, any case) is a tag id a reader gives."""
    body = text.strip().upper()
    return TAG_MIN_DIGITS <= len(body) <= TAG_MAX_DIGITS and set(body) <= _HEX


def normalise_tag(tag: str) -> str:
    """Tags compare upper-case without surrounding spaces: ``0a1b2c3d4e`` is ``0A1B2C3D4E``."""
    if not isinstance(tag, str) or not is_tag(tag):
        shown = repr(tag[:40]) + ("..." if len(tag) > 40 else "") if isinstance(tag, str) else repr(tag)
        raise EnrolmentError(f"{shown} is not a tag: a reader's tag id is {TAG_MIN_DIGITS} to "
                             f"{TAG_MAX_DIGITS} hex digits, e.g. 0A1B2C3D4E")
    return tag.strip().upper()


def _card(text: str | Card) -> Card:
    try:
        return parse_card(text)
    except NotationError as exc:
        raise EnrolmentError(str(exc)) from None


def _label(card: Card) -> str:
    return f"{card} ({card.name})"


class Enrolment:
    """The tag -> card mapping; one tag per card and one card per tag."""

    def __init__(
        self,
        tags: Mapping[str, str] | None = None,
        on_change: Callable[[Enrolment], None] | None = None,
    ) -> None:
        self._card_by_tag: dict[str, Card] = {}
        self._tag_by_card: dict[Card, str] = {}
        for tag, card in (tags or {}).items():
            self.enrol(tag, card)
        self.on_change = on_change  # set after loading: loading is not a change

    # -- queries -----------------------------------------------------------

    def card_for(self, tag: str) -> str | None:
        """The card (``SQ``) a tag is enrolled as, or None. Usable as a reader lookup."""
        try:
            card = self._card_by_tag.get(normalise_tag(tag))
        except EnrolmentError:
            return None
        return None if card is None else str(card)

    def tag_for(self, card: str | Card) -> str | None:
        return self._tag_by_card.get(_card(card))

    def missing(self) -> list[str]:
        """Cards with no tag yet, in the order the guided flow asks for them."""
        return [c for c in ENROL_ORDER if Card(c) not in self._tag_by_card]

    @property
    def complete(self) -> bool:
        return not self.missing()

    def __len__(self) -> int:
        return len(self._card_by_tag)

    def __contains__(self, tag: object) -> bool:
        return isinstance(tag, str) and self.card_for(tag) is not None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Enrolment) and self._card_by_tag == other._card_by_tag

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Enrolment({len(self)} of 52 cards)"

    # -- changes -----------------------------------------------------------

    def enrol(self, tag: str, card: str | Card, *, replace: bool = False) -> str | None:
        """Give ``card`` the tag ``tag``; returns the card's previous tag if replaced.

        Refused (EnrolmentError) when the tag is already another card, or when
        the card already has another tag and ``replace`` is False.
        """
        tag, card = normalise_tag(tag), _card(card)
        owner = self._card_by_tag.get(tag)
        if owner is not None and owner != card:
            raise EnrolmentError(
                f"tag {tag} is already enrolled as {_label(owner)}: "
                f"one tag cannot be two cards; re-enrol {owner} first to free it"
            )
        old = self._tag_by_card.get(card)
        if old == tag:
            return None  # nothing changes
        if old is not None and not replace:
            raise EnrolmentError(
                f"{_label(card)} already has tag {old}: a card has one tag; "
                f"re-enrol {card} to replace it"
            )
        if old is not None:
            del self._card_by_tag[old]
        self._card_by_tag[tag] = card
        self._tag_by_card[card] = tag
        self._changed()
        return old

    def forget(self, card: str | Card) -> str | None:
        """Remove a card's tag (returns it, or None if it had none)."""
        card = _card(card)
        tag = self._tag_by_card.pop(card, None)
        if tag is not None:
            del self._card_by_tag[tag]
            self._changed()
        return tag

    def clear(self) -> None:
        if self._card_by_tag:
            self._card_by_tag.clear()
            self._tag_by_card.clear()
            self._changed()

    def _changed(self) -> None:
        hook = getattr(self, "on_change", None)
        if hook is not None:
            hook(self)

    # -- plain data --------------------------------------------------------

    def tags(self) -> dict[str, str]:
        """Tag -> card (``{"0A1B2C3D4E": "SQ"}``), in deck order, jokers last."""
        order = {c: i for i, c in enumerate(FILE_ORDER)}
        items = sorted(self._card_by_tag.items(), key=lambda tc: order[str(tc[1])])
        return {tag: str(card) for tag, card in items}

    def to_dict(self) -> dict[str, object]:
        """``{"version": 1, "tags": {"0A1B2C3D4E": "SQ", ...}}``, in deck order."""
        return {"version": FORMAT_VERSION, "tags": self.tags()}

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], on_change: Callable[[Enrolment], None] | None = None
    ) -> Enrolment:
        if not isinstance(data, Mapping):
            raise EnrolmentError("an enrolment is a mapping with a 'tags' table")
        version = data.get("version", FORMAT_VERSION)
        if version != FORMAT_VERSION:
            raise EnrolmentError(
                f"enrolment format version {version!r} is not known: expected {FORMAT_VERSION}"
            )
        tags = data.get("tags", {})
        if not isinstance(tags, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in tags.items()
        ):
            raise EnrolmentError(
                "an enrolment's 'tags' maps tag ids to cards, e.g. {'0A1B2C3D4E': 'SQ'}"
            )
        return cls(tags, on_change=on_change)

    @classmethod
    def load_json(cls, path: str | os.PathLike[str]) -> Enrolment:
        """Read a file ``save_json`` (or ``whist-table enrol --export``) wrote.

        What is wrong is named with its line: ``deck.json, line 7: ...``.
        """
        try:
            with open(path, "rb") as f:
                raw = f.read(MAX_FILE_BYTES + 1)
            if len(raw) > MAX_FILE_BYTES:
                raise EnrolmentError(
                    f"{path}: over {MAX_FILE_BYTES // 1024} KiB, so not an enrolment file "
                    "(give the JSON file whist-table enrol --export wrote)")
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise EnrolmentError(
                f"{path}: not UTF-8 text, so not an enrolment file "
                "(give the JSON file whist-table enrol --export wrote)"
            ) from None
        return cls.from_json_text(text, str(path))

    @classmethod
    def from_json_text(cls, text: str, source: str = "<enrolment>") -> Enrolment:
        repeated: list[str] = []

        def no_repeats(pairs: list[tuple[str, object]]) -> dict[str, object]:
            seen: dict[str, object] = {}
            for key, value in pairs:
                if key in seen:
                    repeated.append(key)
                seen[key] = value
            return seen

        try:
            data = json.loads(text, object_pairs_hook=no_repeats)
        except json.JSONDecodeError as exc:
            raise EnrolmentError(
                f"{source}, line {exc.lineno}: not a valid enrolment file ({exc.msg})"
            ) from None
        except RecursionError:
            raise EnrolmentError(f"{source}: not a valid enrolment file (nested too deeply)") from None
        if repeated:
            # json keeps the last silently; a tag given twice is a mistake to show.
            raise EnrolmentError(
                f"{source}, line {_line_of(text, repeated[0], 2)}: {repeated[0]} is given twice: "
                "each tag (and each key) once")
        if not isinstance(data, Mapping) or not isinstance(data.get("tags", {}), Mapping):
            return cls.from_dict(data)  # its message says what shape is wanted
        try:
            cls.from_dict({k: v for k, v in data.items() if k != "tags"})
        except EnrolmentError as exc:
            raise EnrolmentError(f"{source}, line {_line_of(text, 'version')}: {exc}") from None
        enrolment = cls()
        for tag, card in data.get("tags", {}).items():
            try:
                if not isinstance(card, str):
                    raise EnrolmentError(
                        f"tag {tag} is given {json.dumps(card)}: a tag's card is text such as \"SQ\"")
                enrolment.enrol(tag, card)
            except EnrolmentError as exc:
                raise EnrolmentError(f"{source}, line {_line_of(text, tag)}: {exc}") from None
        return enrolment

    def save_json(self, path: str | os.PathLike[str]) -> None:
        """Write atomically: a power cut leaves the old file or the new, never half."""
        path = Path(path)
        text = json.dumps(self.to_dict(), indent=2) + "\n"
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def _line_of(text: str, key: str, nth: int = 1) -> int:
    """The line where ``key`` appears the ``nth`` time as JSON text (1 if it cannot be found)."""
    quoted = (json.dumps(key), json.dumps(key, ensure_ascii=False))
    for number, line in enumerate(text.splitlines(), 1):
        if any(q in line for q in quoted):
            nth -= 1
            if nth == 0:
                return number
    return 1


@dataclass(frozen=True)
class ScanResult:
    """What the guided screen shows after a scan."""

    accepted: bool
    tag: str
    card: str | None  # the card now enrolled (accepted) or still asked for (refused)
    message: str
    replaced_tag: str | None = None  # the card's old tag, when re-enrolled


class EnrolmentFlow:
    """Ask for each card in turn; ``scan(tag)`` answers the current question.

    By default only the cards without a tag are asked for. ``reenrol(card)``
    asks for one card next and lets its next scan replace its tag.
    """

    def __init__(self, enrolment: Enrolment, order: Iterable[str] = ENROL_ORDER) -> None:
        self.enrolment = enrolment
        known = set(enrolment.missing())
        self._pending: list[Card] = [c for c in (_card(x) for x in order) if str(c) in known]
        self._replacing: set[Card] = set()

    def next_card(self) -> str | None:
        """The card to lay on the reader now, or None when nothing is left to ask."""
        return str(self._pending[0]) if self._pending else None

    @property
    def done(self) -> bool:
        return not self._pending

    @property
    def progress(self) -> tuple[int, int]:
        """(cards enrolled, 52)."""
        return len(self.enrolment), 52

    def prompt(self) -> str:
        card = self.next_card()
        if card is None:
            return "every card is enrolled"
        done, total = self.progress
        return f"lay the {Card(card).name} ({card}) on the reader ({done} of {total} enrolled)"

    def skip(self) -> str | None:
        """Put the current card at the back of the queue; returns the next one."""
        if self._pending:
            self._pending.append(self._pending.pop(0))
        return self.next_card()

    def reenrol(self, card: str | Card) -> str:
        """Ask for ``card`` next; its next scan replaces its tag."""
        c = _card(card)
        if c in self._pending:
            self._pending.remove(c)
        self._pending.insert(0, c)
        if self.enrolment.tag_for(c) is not None:
            self._replacing.add(c)
        return str(c)

    def scan(self, tag: str) -> ScanResult:
        """Enrol ``tag`` as the card asked for, or say plainly why not."""
        asked = self._pending[0] if self._pending else None
        try:
            norm = normalise_tag(tag)
        except EnrolmentError as exc:
            return ScanResult(False, str(tag), None if asked is None else str(asked), str(exc))
        if asked is None:
            owner = self.enrolment.card_for(norm)
            known = f"that is {_label(Card(owner))}" if owner else "that tag is not enrolled"
            return ScanResult(False, norm, None, f"every card is enrolled already ({known})")
        owner = self.enrolment.card_for(norm)
        if owner is not None and Card(owner) != asked:
            return ScanResult(
                False,
                norm,
                str(asked),
                f"that tag is already {_label(Card(owner))}: "
                f"lay the {asked.name} ({asked}) on the reader",
            )
        try:
            old = self.enrolment.enrol(norm, asked, replace=asked in self._replacing)
        except EnrolmentError as exc:
            return ScanResult(False, norm, str(asked), str(exc))
        self._pending.pop(0)
        self._replacing.discard(asked)
        message = f"{_label(asked)} enrolled"
        if old is not None:
            message += f" (its old tag {old} is forgotten)"
        return ScanResult(True, norm, str(asked), message, replaced_tag=old)
