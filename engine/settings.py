"""Each game's house settings as a list a person can step through or type.

A setting is a field of the game's rules dataclass: its key, its default (the
dataclass's) and the values a menu offers. The words a setting may take come
from the game module's own tuples; the numbers offered are a short list each,
kept only where the game's rules accept them (the dataclass checks them), so
what is allowed is said once, in the game's module.

``rules_with`` reads ``KEY=VALUE`` text (the command line's ``--rule``, the
config file) into the game's rules, with a message naming the allowed values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace

from engine.errors import RulesError
from engine.game import Game, GameRules
from engine.games import bid, dummy, german, knockout, norwegian, ohhell, solo, widow
from engine.rules import REVOKE_PENALTIES, TARGETS

# The table size is chosen with the game (the game picker, --players), not here.
_NOT_SETTINGS = frozenset({"players"})

_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "classic": {"cycle_order": ("DCHS", "HSDC", "SHDC", "CDHS")},
    "bid": dict(bid._CHOICES),
    "dummy": {"set_penalty": dummy.SET_PENALTIES},
    "german": {"score_mode": german.SCORE_MODES},
    "knockout": {"tie_break": knockout.TIE_BREAKS},
    "norwegian": {"bid_style": norwegian.BID_STYLES, "high_colour": norwegian.COLOURS},
    "oh-hell": {"schedule": ohhell.SCHEDULES, "max_cards": ohhell.MAX_CARDS, "no_turnup": ohhell.NO_TURNUP,
               "trump_source": ohhell.TRUMP_SOURCES, "trick_points": ohhell.TRICK_POINTS, "tie": ohhell.TIES},
    "solo": {"deal_pattern": solo.DEAL_PATTERNS, "royal_abundance": solo.ROYAL_MODES,
             "declared_trumps": solo.DECLARED_TRUMPS, "all_pass": solo.ALL_PASS},
    "widow": {"trumps": widow.TRUMPS},
}

# Numbers a menu steps through (the default is always among them); any other number the
# game's rules accept may still be written in the config or typed with --rule.
_MATCH = (1, 3)
_NUMBERS: dict[str, dict[str, tuple[int | None, ...]]] = {
    "classic": {"target": TARGETS, "revoke_penalty": REVOKE_PENALTIES},
    "bid": {"min_bid": (1, 2, 3, 4), "win_at": (5, 7, 9, 11), "lose_at": (-5, -7, -9, None),
            "games_per_match": _MATCH},
    "dummy": {"min_bid": (1, 2, 3, 4), "target": (11, 21, 31)},
    "german": {"target": (25, 50, 100), "games_per_match": _MATCH},
    "knockout": {"start": (7, 13)},
    "norwegian": {"grand_made": (2, 4, 6), "grand_set": (4, 8, 12), "nullo": (1, 2, 3),
                  "target": (30, 50, 100), "games_per_match": _MATCH},
    "oh-hell": {"fixed": tuple(range(1, 14)), "exact_bonus": (0, 5, 10), "trick_value": (0, 1),
               "miss_penalty": (0, 1)},
    "scandinavian": {"target": (7, 13, 21), "games_per_match": _MATCH},
    "solo": {"deals": (4, 8, 12, 16, 20)},
    "widow": {"deals": (4, 8, 12, 16, 20)},
}

_TRUE = ("true", "on", "yes", "1")
_FALSE = ("false", "off", "no", "0")
_NONE = ("none", "null", "never")


@dataclass(frozen=True)
class Setting:
    """One house setting of a game: its key, default and the values a menu offers."""

    key: str
    default: object
    choices: tuple[object, ...]

    def allowed(self) -> str:
        """The values in words, for an error message."""
        if isinstance(self.default, bool):
            return "true or false"
        words = ", ".join("none" if c is None else str(c) for c in self.choices)
        if isinstance(self.default, int) or None in self.choices:
            return f"a whole number, e.g. {words}"
        return f"one of {words}"


# A setting the rules check only together with another (a fixed hand's size, with the fixed schedule).
_CHECKED_WITH: dict[tuple[str, str], dict[str, object]] = {("oh-hell", "fixed"): {"schedule": "fixed"}}


def _accepts(game: Game, key: str, value: object) -> bool:
    try:
        game.rules_from_dict({**_CHECKED_WITH.get((game.name, key), {}), key: value})
    except (RulesError, ValueError):
        return False
    return True


def settings_of(game: Game) -> tuple[Setting, ...]:
    """``game``'s house settings in its rules' order (at its table size)."""
    defaults = game.default_rules()
    out = []
    for f in fields(defaults):  # type: ignore[arg-type]
        if f.name in _NOT_SETTINGS:
            continue
        default = getattr(defaults, f.name)
        offered: Iterable[object]
        if isinstance(default, bool):
            offered = (False, True)
        elif f.name in _WORDS.get(game.name, {}):
            offered = _WORDS[game.name][f.name]
        else:
            offered = _NUMBERS.get(game.name, {}).get(f.name, ())
        choices = [c for c in offered if c == default or _accepts(game, f.name, c)]
        if default not in choices:
            choices.insert(0, default)
        out.append(Setting(f.name, default, tuple(choices)))
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
