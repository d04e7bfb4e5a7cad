"""Each game's house settings as a list a person can step through or type.

A setting is a field of the game's rules dataclass, declared by the game
(``Game.settings``: its label, the values a menu offers, a line of help); its
default is the dataclass's. A value is offered only where the game's rules
accept it at the table size (the dataclass checks them), so what is allowed
is said once, in the game's package.

``rules_with`` reads ``KEY=VALUE`` text (the command line's ``--rule``, the
config file) into the game's rules, with a message naming the allowed values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from engine.errors import RulesError
from engine.game import Game, GameRules
from engine.table_spec import SettingSpec

_TRUE = ("true", "on", "yes", "1")
_FALSE = ("false", "off", "no", "0")
_NONE = ("none", "null", "never")


@dataclass(frozen=True)
class Setting:
    """One house setting of a game at its table size: what the game declares
    (``spec``: label, help), its default and the values a menu offers."""

    spec: SettingSpec
    default: object
    choices: tuple[object, ...]

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def label(self) -> str:
        return self.spec.label

    @property
    def help(self) -> str:
        return self.spec.help

    def word(self, value: object) -> str:
        return self.spec.word(value)

    def allowed(self) -> str:
        """The values in words, for an error message."""
        if isinstance(self.default, bool):
            return "true or false"
        words = ", ".join("none" if c is None else str(c) for c in self.choices)
        if isinstance(self.default, int) or None in self.choices:
            return f"a whole number, e.g. {words}"
        return f"one of {words}"


def _accepts(game: Game, spec: SettingSpec, value: object) -> bool:
    try:
        game.rules_from_dict({**dict(spec.checked_with), spec.key: value})
    except (RulesError, ValueError):
        return False
    return True


def settings_of(game: Game) -> tuple[Setting, ...]:
    """``game``'s house settings in the order it declares them (at its table size): the
    values it offers that its rules accept at this size, the default always among them."""
    defaults = game.default_rules()
    out = []
    for spec in game.settings:
        default = getattr(defaults, spec.key)
        offered = (False, True) if isinstance(default, bool) and not spec.values else spec.values
        choices = [c for c in offered if c == default or _accepts(game, spec, c)]
        if default not in choices:
            choices.insert(0, default)
        out.append(Setting(spec, default, tuple(choices)))
    return tuple(out)


def setting_of(game: Game, key: str) -> Setting:
    """The setting called ``key``; the error lists the game's settings."""
    for s in settings_of(game):
        if s.key == key:
            return s
    keys = ", ".join(s.key for s in settings_of(game))
    raise RulesError(f"{game.title} has no setting {key!r}; its settings: {keys}")


def typed(setting: Setting, value: object) -> object:
    """``value`` (typed text, or a config value) as the setting's type; RulesError if it is not one."""
    text = str(value).strip().lower() if isinstance(value, str) else None
    if (value is None or text in _NONE) and None in setting.choices:
        return None
    if isinstance(setting.default, bool):
        if isinstance(value, bool):
            return value
        if text in _TRUE or text in _FALSE:
            return text in _TRUE
    elif isinstance(setting.default, int) or None in setting.choices:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if text is not None and text.lstrip("-").isdigit():
            return int(text)
    elif isinstance(value, str):
        return value.strip()
    raise RulesError(f"{setting.key}: {value!r} is not allowed; allowed: {setting.allowed()}")


def parse_rule(text: str) -> tuple[str, str]:
    """``"KEY=VALUE"`` as (key, value)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise RulesError(f"a rule is KEY=VALUE, e.g. hook=false, not {text!r}")
    return key.strip(), value.strip()


def rules_with(game: Game, settings: Mapping[str, object] | Iterable[str],
               base: GameRules | None = None) -> GameRules:
    """``game``'s rules with ``settings`` (a mapping, or ``KEY=VALUE`` texts) in place of
    its defaults (or of ``base``'s values); a RulesError names the setting and what it allows."""
    pairs = settings.items() if isinstance(settings, Mapping) else map(parse_rule, settings)
    values: dict[str, object] = {}
    for key, value in pairs:
        setting = setting_of(game, key)
        try:
            values[key] = typed(setting, value)
        except RulesError as exc:
            raise RulesError(f"{game.title}'s {exc}") from None
    try:
        if base is not None:
            return replace(base, **values)  # type: ignore[type-var]
        return game.rules_from_dict(values) if values else game.default_rules()
    except ValueError as exc:  # RulesError is a ValueError too
        raise RulesError(f"{game.title}: {exc}") from None
