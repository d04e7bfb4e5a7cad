"""The table's settings: a TOML file, validated on load into frozen dataclasses.

Where it is read from (see device.paths): ``--config PATH`` if given (it must
exist), else /etc/whist-table/config.toml in kiosk mode, else the user's
config directory. A missing default file means all defaults. Only a regular
file of at most MAX_CONFIG_BYTES is read (a FIFO or a device is refused, not
waited on); it is UTF-8, with or without a byte order mark.

Anything the loader does not understand - an unknown section or key, a value
of the wrong type, a value outside its allowed set - is a ConfigError naming
the file, the dotted key and what is allowed: the table refuses to start
rather than guess what was meant. ``Config.to_toml()`` and ``save_config()``
write settings back (atomically) for the Settings screen.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

from device import paths
from engine.errors import WhistError
from engine.games import UNNAMED
from engine.seats import MAX_SEATS

AI_LEVELS = ("easy", "medium", "hard", "expert", "rules", "random")
ANIMATIONS = ("off", "fast", "normal", "slow")
# How long an AI seat waits before it leads to a new trick, in seconds: time to
# look back at the last trick (it closes once a card is led).
AI_PACES = {"instant": 0.0, "quick": 1.0, "normal": 2.5, "relaxed": 5.0}
ROTATIONS = (0, 90, 180, 270)
TARGETS = (5, 7, 9, 10)
PROTOCOLS = ("rdm6300", "lines")
BAUDRATES = (1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200)
BUTTON_PINS = ("select", "left", "right", "back", "deal", "last_trick", "hint")
BCM_MIN, BCM_MAX = 0, 27
# A settings file is a few KB; anything near this is not one (and reading it
# whole, or a device that never ends, must not hang the start of the table).
MAX_CONFIG_BYTES = 1 << 20
SHOW_MAX = 60  # characters of a bad value quoted in a message
# Window sizes: SDL refuses a window much over 8192 a side ("Window is too large").
SIZE_MIN, SIZE_MAX = 200, 8192
SIZE_ALLOWED = f'WIDTHxHEIGHT in pixels, each {SIZE_MIN}..{SIZE_MAX}, e.g. "1280x800"'


class ConfigError(WhistError, ValueError):
    """A config file the table cannot use; ``problems`` lists each one."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class _Bad(Exception):
    """One value's problem, before the file and key are added."""

    def __init__(self, problem: str, allowed: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.allowed = allowed


# ----- value checks: each takes the raw TOML value, returns the clean value ---

Check = Callable[[Any], Any]


def _type_name(value: object) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "an array", dict: "a table"}.get(type(value), type(value).__name__)


def _show(value: object) -> str:
    """A value as it is written in TOML, so messages quote the file's own text
    (cut short: a huge or deeply nested value must not flood the message)."""
    try:
        text = _toml_value(value)
    except TypeError:
        try:
            text = repr(value)
        except RecursionError:
            text = "(nested too deeply to show)"
    return text if len(text) <= SHOW_MAX else text[: SHOW_MAX - 3] + "..."


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"{_show(value)} is {_type_name(value)}", "true or false")
    return value


def _integer(lo: int, hi: int) -> Check:
    def check(value: Any) -> int:
        allowed = f"an integer {lo}..{hi}"
        # TOML booleans are Python ints: refuse them rather than read true as 1.
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad(f"{_show(value)} is {_type_name(value)}", allowed)
        if not lo <= value <= hi:
            raise _Bad(f"{value} is out of range", allowed)
        return value
    return check


def _number(lo: float, hi: float) -> Check:
    def check(value: Any) -> float:
        allowed = f"a number {lo}..{hi}"
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _Bad(f"{_show(value)} is {_type_name(value)}", allowed)
        if not lo <= value <= hi:
            raise _Bad(f"{value} is out of range", allowed)
        return float(value)
    return check


def _one_of(choices: tuple[Any, ...]) -> Check:
    kind = type(choices[0])

    def check(value: Any) -> Any:
        allowed = "one of " + ", ".join(
            f'"{c}"' if isinstance(c, str) else str(c) for c in choices)
        if isinstance(value, bool) or not isinstance(value, kind):
            raise _Bad(f"{_show(value)} is {_type_name(value)}", allowed)
        if value not in choices:
            raise _Bad(f"{_show(value)} is not allowed", allowed)
        return value
    return check


def _string(value: Any, allowed: str) -> str:
    if not isinstance(value, str):
        raise _Bad(f"{_show(value)} is {_type_name(value)}", allowed)
    return value


def _cycle_order(value: Any) -> str:
    allowed = 'the four suits S H D C, each once, in playing order, e.g. "DCHS"'
    text = _string(value, allowed).upper()
    if len(text) != 4 or set(text) != set("SHDC"):
        raise _Bad(f"{_show(value)} is not an order of the four suits", allowed)
    return text


def parse_size(text: str) -> tuple[int, int] | None:
    """``"1280x800"`` as (1280, 800) when it is a size the table can open
    (SIZE_ALLOWED), else None. ``--size`` is held to the same limits."""
    m = re.fullmatch(r"(\d+)x(\d+)", text.strip().lower())
    if not m or not all(SIZE_MIN <= int(g) <= SIZE_MAX for g in m.groups()):
        return None
    return int(m[1]), int(m[2])


def _size(value: Any) -> str:
    size = parse_size(_string(value, SIZE_ALLOWED))
    if size is None:
        raise _Bad(f"{_show(value)} is not a screen size", SIZE_ALLOWED)
    return f"{size[0]}x{size[1]}"


def _pin(value: Any) -> int:
    allowed = f"a BCM GPIO number {BCM_MIN}..{BCM_MAX} (leave the key out for no button)"
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(f"{_show(value)} is {_type_name(value)}, not a pin number", allowed)
    if not BCM_MIN <= value <= BCM_MAX:
        raise _Bad(f"pin {value} does not exist", allowed)
    return value


def _port(value: Any) -> str:
    allowed = ('"auto", "none" or the absolute path of a serial device, '
               'e.g. "/dev/ttyUSB0" or "/dev/serial/by-id/..."')
    text = _string(value, allowed)
    if text in ("auto", "none"):
        return text
    if not text.startswith("/") or text.endswith("/") or any(c.isspace() for c in text):
        raise _Bad(f"{_show(value)} is not a serial port", allowed)
    return text


def _seat_port(value: Any) -> str:
    allowed = ('the path of that seat\'s reader, e.g. "/dev/whist-readers/<usb socket>" '
               '(leave the key out for a seat with no reader of its own)')
    text = _string(value, allowed)
    if not text.startswith("/") or text.endswith("/") or any(c.isspace() for c in text):
        raise _Bad(f"{_show(value)} is not a serial port", allowed)
    return text


def _admin_pin(value: Any) -> str:
    allowed = '"" (no PIN) or 4 to 8 digits in quotes, e.g. "2468"'
    text = _string(value, allowed)
    if text and not (text.isascii() and text.isdigit() and 4 <= len(text) <= 8):
        raise _Bad(f"{_show(value)} is not a PIN", allowed)
    return text


def _db_path(value: Any) -> str:
    allowed = "the path of the SQLite database file (leave the key out for the default)"
    text = _string(value, allowed)
    if not text.strip():
        raise _Bad("the path is empty", allowed)
    return text


def _hall_broker(value: Any) -> str:
    allowed = 'the hall\'s MQTT broker as "HOST" or "HOST:PORT" (empty: no drive)'
    text = _string(value, allowed).strip()
    host, _, port = text.rpartition(":")
    if text and ((":" in text and (not host or not port.isdigit())) or " " in text):
        raise _Bad(f"{_show(value)} is not a broker address", allowed)
    return text


def _hall_drive(value: Any) -> str:
    allowed = "the drive's name: lower-case letters, digits and '-'"
    text = _string(value, allowed)
    if text and not re.match(r"^[a-z0-9][a-z0-9-]{0,31}$", text):
        raise _Bad(f"{_show(value)} is not a drive's name", allowed)
    return text


def _opt(check: Check, default: Any = MISSING) -> Any:
    """A dataclass field carrying its validator."""
    return field(default=default, metadata={"check": check})


# ----- sections --------------------------------------------------------------

@dataclass(frozen=True)
class RulesSection:
    target: int = _opt(_one_of(TARGETS), 5)
    honours: bool = _opt(_boolean, False)
    revoke_penalty: int = _opt(_one_of((3, 2)), 3)
    cycling_trumps: bool = _opt(_boolean, False)
    cycle_order: str = _opt(_cycle_order, "DCHS")
    rubber_points: bool = _opt(_boolean, False)
    # A player at the screen may take back their own card until the next player
    # has played (only against the AI: the referee's real cards never).
    take_back: bool = _opt(_boolean, True)
    # When you have one card left it plays itself (the table's AI games only:
    # with real cards every card is laid on the reader).
    last_card_plays_itself: bool = _opt(_boolean, True)


@dataclass(frozen=True)
class AISection:
    partner: str = _opt(_one_of(AI_LEVELS), "hard")
    opponents: str = _opt(_one_of(AI_LEVELS), "hard")
    think_ms: int = _opt(_integer(20, 5000), 250)
    pace: str = _opt(_one_of(tuple(AI_PACES)), "normal")
    # megabytes the AI's solver tables may take; 0: sized from the board's memory (engine.search.sizes)
    memory: int = _opt(_integer(0, 4096), 0)

    @property
    def lead_wait(self) -> float:
        """Seconds an AI seat waits before leading to a new trick."""
        return AI_PACES[self.pace]


@dataclass(frozen=True)
class DisplaySection:
    size: str = _opt(_size, "1280x800")
    fullscreen: bool = _opt(_boolean, False)
    rotation: int = _opt(_one_of(ROTATIONS), 0)
    four_colour: bool = _opt(_boolean, False)
    animation: str = _opt(_one_of(ANIMATIONS), "normal")
    sound: bool = _opt(_boolean, True)
    volume: int = _opt(_integer(0, 100), 75)

    @property
    def width_height(self) -> tuple[int, int]:
        w, h = self.size.split("x")
        return int(w), int(h)


@dataclass(frozen=True)
class ButtonsSection:
    """Same names as device.buttons.ButtonsConfig, plus ``enabled``."""

    enabled: bool = _opt(_boolean, True)
    debounce_ms: int = _opt(_integer(0, 1000), 50)
    hold_seconds: float = _opt(_number(0.5, 30.0), 3.0)
    select: int | None = _opt(_pin, None)
    left: int | None = _opt(_pin, None)
    right: int | None = _opt(_pin, None)
    back: int | None = _opt(_pin, None)
    deal: int | None = _opt(_pin, None)
    last_trick: int | None = _opt(_pin, None)
    hint: int | None = _opt(_pin, None)

    def pins(self) -> dict[str, int]:
        """Configured pins by action name (actions without a pin left out)."""
        return {name: getattr(self, name) for name in BUTTON_PINS
                if getattr(self, name) is not None}


@dataclass(frozen=True)
class ReaderSection:
    enabled: bool = _opt(_boolean, False)
    port: str = _opt(_port, "auto")
    protocol: str = _opt(_one_of(PROTOCOLS), "rdm6300")
    baudrate: int = _opt(_one_of(BAUDRATES), 9600)
    debounce_ms: int = _opt(_integer(0, 5000), 300)
    # A reader at each seat (device.seat_readers): the table then knows who laid a card.
    per_seat: bool = _opt(_boolean, False)
    north: str | None = _opt(_seat_port, None)
    east: str | None = _opt(_seat_port, None)
    south: str | None = _opt(_seat_port, None)
    west: str | None = _opt(_seat_port, None)

    def seat_ports(self) -> dict[str, str]:
        """The ports assigned to seats, by seat letter ("N": "/dev/..."); unset seats left out."""
        named = {"N": self.north, "E": self.east, "S": self.south, "W": self.west}
        return {seat: port for seat, port in named.items() if port is not None}


@dataclass(frozen=True)
class KioskSection:
    admin_pin: str = _opt(_admin_pin, "")
    idle_minutes: int = _opt(_integer(0, 1440), 5)


@dataclass(frozen=True)
class HallSection:
    """A table in a whist drive (``whist-table play`` joins it when ``broker`` is set)."""

    broker: str = _opt(_hall_broker, "")
    drive: str = _opt(_hall_drive, "")
    table: int = _opt(_integer(0, 500), 0)
    credentials: str | None = _opt(_db_path, None)  # a path, like the store's
    db: str | None = _opt(_db_path, None)
    referee: bool = _opt(_boolean, False)  # the drive's hands played with real cards on the reader


@dataclass(frozen=True)
class RemoteSection:
    """Seats from phones (device.remote): the table serves a page on the LAN at ``port``; a
    phone gone quiet is waited for ``wait`` seconds, then, with ``takeover``, its seat is the
    AI's until it is back."""

    enabled: bool = _opt(_boolean, False)
    port: int = _opt(_integer(1024, 65535), 8100)
    wait: int = _opt(_integer(0, 3600), 30)
    takeover: bool = _opt(_boolean, True)


def _game_name(value: Any) -> str:
    from engine.games import GAMES

    allowed = "one of " + ", ".join(f'"{name}"' for name in GAMES) + " (whist-table games lists them)"
    text = _string(value, allowed).strip().lower()
    if text not in GAMES:
        raise _Bad(f"{_show(value)} is not a game", allowed)
    return text


@dataclass(frozen=True)
class GameSection:
    """The game the table starts with (``play --game`` chooses another for one run);
    ``players`` is the table size of the games played at several (their description's
    ``seat_counts``), left out for the game's own count."""

    name: str = _opt(_game_name, UNNAMED.name)
    players: int | None = _opt(_integer(2, MAX_SEATS), None)


def _game_names(value: Any) -> tuple[str, ...]:
    from engine.games import GAMES

    allowed = "an array of games from " + ", ".join(f'"{name}"' for name in GAMES) + " ([] for every game)"
    if not isinstance(value, list | tuple):
        raise _Bad(f"{_show(value)} is {_type_name(value)}", allowed)
    names = tuple(_game_name(v) for v in value)
    return tuple(dict.fromkeys(names))


@dataclass(frozen=True)
class DemoSection:
    """Attract mode: the games the demo window shows in turn, a hand each; () for every game."""

    games: tuple[str, ...] = _opt(_game_names, ())


@dataclass(frozen=True)
class StoreSection:
    path: str | None = _opt(_db_path, None)


SECTIONS: dict[str, type] = {
    "game": GameSection,
    "rules": RulesSection,
    "ai": AISection,
    "display": DisplaySection,
    "buttons": ButtonsSection,
    "reader": ReaderSection,
    "kiosk": KioskSection,
    "demo": DemoSection,
    "store": StoreSection,
    "hall": HallSection,
    "remote": RemoteSection,
}


@dataclass(frozen=True)
class GameRulesSection:
    """The house settings of the other games, a ``[rules.<game>]`` table each
    (``[rules]`` itself holds those of the game of configs from before there were
    others, engine.games.UNNAMED): only the settings changed from the
    game's defaults, checked against the game's rules (engine.settings)."""

    games: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    def of(self, game: str) -> dict[str, Any]:
        """``game``'s changed settings by key (empty: its defaults)."""
        return dict(dict(self.games).get(game, ()))

    def with_game(self, game: str, values: Mapping[str, Any]) -> GameRulesSection:
        others = [(g, v) for g, v in self.games if g != game]
        if values:
            others.append((game, tuple(sorted(values.items()))))
        return GameRulesSection(tuple(sorted(others)))


def _game_rules(tables: Mapping[str, Any], where: str, problems: list[str]) -> GameRulesSection:
    """The ``[rules.<game>]`` tables, each setting checked by the game's rules."""
    from engine.errors import RulesError
    from engine.games import get_game
    from engine.settings import rules_with, setting_of, typed

    games: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    for name, values in tables.items():
        game = get_game(name)
        kept: dict[str, Any] = {}
        for key, value in values.items():
            dotted = f"rules.{name}.{key}"
            try:
                setting = setting_of(game, key)
            except RulesError:
                from engine.settings import settings_of

                problems.append(f"{where}: {dotted}: unknown key; allowed keys in [rules.{name}]: "
                                + ", ".join(s.key for s in settings_of(game)))
                continue
            try:
                clean = typed(setting, value)
            except RulesError:
                problems.append(f"{where}: {dotted}: {_show(value)} is not allowed; "
                                f"allowed: {setting.allowed()}")
                continue
            try:
                rules_with(game, {key: clean})
            except RulesError as exc:
                problems.append(f"{where}: {dotted}: {_show(value)} is not allowed ({exc}); "
                                f"allowed: {setting.allowed()}")
                continue
            kept[key] = clean
        if kept:
            games.append((name, tuple(sorted(kept.items()))))
    return GameRulesSection(tuple(sorted(games)))


@dataclass(frozen=True)
class Config:
    game: GameSection = field(default_factory=GameSection)
    rules: RulesSection = field(default_factory=RulesSection)
    # [rules.<game>] tables: the other games' house settings.
    game_rules: GameRulesSection = field(default_factory=GameRulesSection)
    ai: AISection = field(default_factory=AISection)
    display: DisplaySection = field(default_factory=DisplaySection)
    buttons: ButtonsSection = field(default_factory=ButtonsSection)
    reader: ReaderSection = field(default_factory=ReaderSection)
    kiosk: KioskSection = field(default_factory=KioskSection)
    demo: DemoSection = field(default_factory=DemoSection)
    store: StoreSection = field(default_factory=StoreSection)
    hall: HallSection = field(default_factory=HallSection)
    remote: RemoteSection = field(default_factory=RemoteSection)
    # The file it came from (None: defaults / built in code); not a setting.
    source: Path | None = field(default=None, compare=False)

    def house_settings(self, game: str) -> dict[str, Any]:
        """``game``'s house settings kept here, by key: its [rules.<game>] table (only the
        settings changed from its defaults), or for engine.games.UNNAMED its keys of [rules]."""
        if game != UNNAMED.name:
            return self.game_rules.of(game)
        from engine.games import get_game

        return {s.key: getattr(self.rules, s.key) for s in get_game(game).settings}

    def db_path(self) -> Path:
        """The database file: [store] path (relative to the config file), else the default."""
        if self.store.path is None:
            return paths.default_db_path()
        p = Path(self.store.path).expanduser()
        if not p.is_absolute() and self.source is not None:
            p = self.source.parent / p
        return p

    def to_dict(self) -> dict[str, dict[str, Any]]:
        """Plain values by section; unset optional keys are left out (TOML has no null)."""
        out: dict[str, dict[str, Any]] = {}
        for name in SECTIONS:
            section = getattr(self, name)
            out[name] = {f.name: getattr(section, f.name) for f in fields(section)
                         if getattr(section, f.name) is not None}
        for game, values in self.game_rules.games:
            # None (a setting whose value may be "never") has no TOML form: written as the word.
            out["rules"][game] = {k: "none" if v is None else v for k, v in values}
        return out

    def updated(self, changes: Mapping[str, Mapping[str, Any]]) -> Config:
        """A copy with ``{"display": {"rotation": 90}}`` applied, validated like a file."""
        data = self.to_dict()
        for section, values in changes.items():
            data.setdefault(section, {})
            for key, value in values.items():
                if value is None:
                    data[section].pop(key, None)
                else:
                    data[section][key] = value
        return config_from_dict(data, source=self.source)

    def to_toml(self) -> str:
        lines = ["# whist-table settings (written by the table; see config.example.toml)"]
        for section, values in self.to_dict().items():
            lines.append("")
            lines.append(f"[{section}]")
            tables = {k: v for k, v in values.items() if isinstance(v, dict)}
            for key, value in values.items():
                if key not in tables:
                    lines.append(f"{key} = {_toml_value(value)}")
            for key, table in tables.items():
                lines.append("")
                lines.append(f"[{section}.{key}]")
                lines.extend(f"{k} = {_toml_value(v)}" for k, v in table.items())
        return "\n".join(lines) + "\n"


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        escaped = "".join(c if c.isprintable() else _escape(c) for c in escaped)
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} to TOML")


# ----- loading ---------------------------------------------------------------

def config_from_dict(data: Mapping[str, Any], source: Path | str | None = None) -> Config:
    """Validate plain values (a parsed TOML document) into a Config."""
    where = str(source) if source is not None else "config"
    problems: list[str] = []
    built: dict[str, Any] = {}
    for name, value in data.items():
        if name not in SECTIONS and not isinstance(value, dict):
            problems.append(_top_level_key(name, where))
            continue
        if name not in SECTIONS:
            problems.append(
                f"{where}: [{name}]: unknown section; allowed sections: "
                + ", ".join(SECTIONS))
            continue
        if not isinstance(value, dict):
            problems.append(
                f"{where}: {name}: {_show(value)} is {_type_name(value)}, not a section; "
                f"allowed: a [{name}] table")
            continue
        if name == "rules":
            from engine.games import GAMES

            tables = {k: v for k, v in value.items()
                      if isinstance(v, dict) and k in GAMES and k != UNNAMED.name}
            value = {k: v for k, v in value.items() if k not in tables}
            built["game_rules"] = _game_rules(tables, where, problems)
        built[name] = _section(name, SECTIONS[name], value, where, problems)
    if "buttons" in built:
        _check_pins_unique(built["buttons"], where, problems)
    if "reader" in built:
        _check_seat_ports_unique(built["reader"], where, problems)
    if "game" in built:
        _check_game_players(built["game"], where, problems)
    if problems:
        raise ConfigError(problems)
    return Config(**built, source=Path(source) if source is not None else None)


def _top_level_key(name: str, where: str) -> str:
    """A key written before any [section] line: say where it belongs."""
    homes = [section for section, cls in SECTIONS.items()
             if name in {f.name for f in fields(cls)}]
    if homes:
        return (f"{where}: {name}: a key outside any section; allowed: under "
                + " or ".join(f"[{h}]" for h in homes)
                + f" (put it after a [{homes[0]}] line)")
    return (f"{where}: {name}: unknown key outside any section; allowed: keys inside the "
            "sections " + ", ".join(f"[{s}]" for s in SECTIONS))


def _section(name: str, cls: type, values: Mapping[str, Any], where: str,
             problems: list[str]) -> Any:
    known = {f.name: f for f in fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in values.items():
        dotted = f"{name}.{key}"
        if key not in known:
            games = ""
            if name == "rules":
                from engine.games import GAMES

                games = "; or a [rules.<game>] table for " + ", ".join(g for g in GAMES if g != UNNAMED.name)
            problems.append(
                f"{where}: {dotted}: unknown key; allowed keys in [{name}]: "
                + ", ".join(known) + games)
            continue
        try:
            kwargs[key] = known[key].metadata["check"](value)
        except _Bad as bad:
            problems.append(f"{where}: {dotted}: {bad.problem}; allowed: {bad.allowed}")
    return cls(**kwargs)


def _check_game_players(game: GameSection, where: str, problems: list[str]) -> None:
    from engine.games import get_game

    if game.players is None:
        return
    counts = seat_counts(game.name)
    if game.players not in counts:
        title = get_game(game.name).title
        allowed = (f"{counts[0]}..{counts[-1]}" if len(counts) > 1 else
                   f"{counts[0]} (or leave players out)")
        problems.append(f"{where}: game.players: {title} is not played by {game.players}; allowed: {allowed}")


def rules_section(game: str) -> str:
    """The config table holding ``game``'s house settings: ``rules.<game>``, or ``rules``
    itself for the game of configs from before there were others (engine.games.UNNAMED)."""
    return "rules" if game == UNNAMED.name else f"rules.{game}"


def seat_counts(game: str) -> tuple[int, ...]:
    """The numbers of people ``game`` is played by (its description's ``seat_counts``)."""
    from engine.games import get_game

    return get_game(game).table.seat_counts


def _check_seat_ports_unique(reader: ReaderSection, where: str, problems: list[str]) -> None:
    seen: dict[str, str] = {}
    for key in ("north", "east", "south", "west"):
        port = getattr(reader, key)
        if port is None:
            continue
        if port in seen:
            problems.append(f"{where}: reader.{key}: {port} is {seen[port]}'s reader already; "
                            "allowed: one seat per reader")
        else:
            seen[port] = key


def _check_pins_unique(buttons: ButtonsSection, where: str, problems: list[str]) -> None:
    seen: dict[int, str] = {}
    for name in BUTTON_PINS:
        pin = getattr(buttons, name)
        if pin is None:
            continue
        if pin in seen:
            problems.append(
                f"{where}: buttons.{name}: pin {pin} is already used by buttons.{seen[pin]}; "
                "allowed: a pin no other button uses")
        else:
            seen[pin] = name


def load_config(path: str | Path | None = None, *, kiosk: bool = False) -> Config:
    """Read and validate the config.

    ``path`` (from ``--config``) must exist; without it the default location
    is used and a missing file means the defaults.
    """
    explicit = path is not None
    p = Path(path) if path is not None else paths.config_to_read(kiosk)
    try:
        raw = _read_file(p)
    except FileNotFoundError:
        if explicit:
            raise ConfigError([f"{p}: no such config file"]) from None
        return Config()
    except OSError as exc:
        raise ConfigError([f"{p}: cannot read the config file: {exc.strerror}"]) from None
    try:
        # "utf-8-sig": an editor's byte order mark at the start is not text.
        data = tomllib.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ConfigError([f"{p}: not UTF-8 text; save the file as UTF-8"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"{p}: not valid TOML: {exc}"]) from None
    except RecursionError:
        raise ConfigError([f"{p}: not a config: values nested too deeply; "
                           "a setting is a single value"]) from None
    return config_from_dict(data, source=p)


def _read_file(p: Path) -> bytes:
    """The bytes of ``p``, a regular file of at most MAX_CONFIG_BYTES.

    Opened without blocking and checked before reading: a FIFO would wait for
    a writer for ever and /dev/zero would never end.
    """
    fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file")
            raise ConfigError([f"{p}: {kind}, not a config file; give the path of a TOML file"])
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_CONFIG_BYTES + 1)
    finally:
        os.close(fd)
    if len(raw) > MAX_CONFIG_BYTES:
        raise ConfigError([f"{p}: too large for a config file (over {MAX_CONFIG_BYTES // 1024} KB); "
                           "give the path of the table's TOML settings"])
    return raw


def save_config(config: Config, path: str | Path | None = None) -> Path:
    """Write the config atomically: a temp file in the same directory, fsync, rename.

    A power cut leaves either the old file or the new one, never half of one.
    """
    target = Path(path) if path is not None else config.source
    if target is None:
        raise ValueError("save_config: no path given and the config has no source file")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(config.to_toml())
            f.flush()
            os.fsync(f.fileno())
        # Keep the old file's permissions; a new file is readable by its group.
        os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else 0o640)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    # The rename itself is only durable once the directory is synced.
    dir_fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
    return target
