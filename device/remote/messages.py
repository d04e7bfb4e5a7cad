"""What a phone may send, as the schemas device.gate applies: a pairing request, the hello
that opens a seat's websocket, an action, and the beat its page sends while open (saying
whether it is in sight). Every message but the pairing carries the
seat's token; an action is the engine's JSON form (docs/observation.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from device.gate import Limits, text
from engine.actions import Action, action_from_dict

# A phone's messages are small: a code, a token, one action (the largest an exchange of a
# dozen cards).
LIMITS = Limits(max_bytes=4096, max_depth=4)
TOKEN_LENGTH = 64


@dataclass(frozen=True)
class PairRequest:
    code: str
    name: str


@dataclass(frozen=True)
class Hello:
    token: str


@dataclass(frozen=True)
class Act:
    token: str
    action: Action


@dataclass(frozen=True)
class Beat:
    token: str
    visible: bool


def _only(data: Mapping[str, object], *keys: str) -> None:
    extra = sorted(set(data) - set(keys))
    if extra:
        raise ValueError(f"unexpected field(s) {', '.join(extra)}")


def _token(data: Mapping[str, object]) -> str:
    return text(data["token"], "token", TOKEN_LENGTH, as_sent=True)


def pair_request(data: Mapping[str, object]) -> PairRequest:
    _only(data, "code", "name")
    code = text(data["code"], "code", 12, as_sent=True).strip()
    if not code.isdigit():
        raise ValueError("the code is digits")
    return PairRequest(code, text(data["name"], "name", 64, as_sent=True) if "name" in data else "")


def hello(data: Mapping[str, object]) -> Hello:
    _only(data, "type", "token")
    if data["type"] != "hello":
        raise ValueError("the first message is a hello")
    return Hello(_token(data))


def said(players: int) -> Callable[[Mapping[str, object]], Act | Beat]:
    """The schema of a message after the hello at a table of ``players`` (whose actions name
    their seats): an act or a beat."""

    def read(data: Mapping[str, object]) -> Act | Beat:
        kind = data["type"]
        if kind == "beat":
            _only(data, "type", "token", "visible")
            visible = data["visible"]
            if not isinstance(visible, bool):
                raise ValueError("visible is true or false")
            return Beat(_token(data), visible)
        _only(data, "type", "token", "action")
        if kind != "act":
            raise ValueError("a message after the hello is an act or a beat")
        action = data["action"]
        if not isinstance(action, Mapping):
            raise ValueError("the action is an object")
        return Act(_token(data), action_from_dict(action, players))

    return read
