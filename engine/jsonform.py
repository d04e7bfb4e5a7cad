"""Reading the engine's JSON forms back (a stored match, an observation): each
helper checks one field's shape and says what is wrong with a person's words."""

from __future__ import annotations

from collections.abc import Mapping

from engine.errors import NotationError


def as_list(value: object, what: str) -> list[object]:
    """A JSON list (None reads as empty)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise NotationError(f"{what} should be a list, not {value!r}")
    return value


def as_mapping(value: object, what: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise NotationError(f"{what} should be an object, not {value!r}")
    return value


def as_strings(value: object, what: str) -> list[str]:
    return [str(v) for v in as_list(value, what)]


def as_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise NotationError(f"{what} should be a whole number, not {value!r}")
    try:
        return int(value)
    except ValueError:
        raise NotationError(f"{what} should be a whole number, not {value!r}") from None


def field(data: Mapping[str, object], key: str, what: str) -> object:
    """``data[key]``, or a NotationError naming the missing field."""
    if key not in data:
        raise NotationError(f"{what} lacks the field {key!r}")
    return data[key]
