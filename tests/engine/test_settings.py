"""engine.settings: every game's house settings offered with their defaults and
choices from its rules, every choice a rule the game plays, and KEY=VALUE text
read into rules or refused with the allowed values named."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import RulesError
from engine.games import GAMES, get_game
from engine.settings import parse_rule, rules_with, settings_of


@pytest.mark.parametrize("name", list(GAMES))
def test_every_choice_of_every_setting_is_a_rule_the_game_plays(name):
    game = GAMES[name]
    defaults = game.default_rules()
    for s in settings_of(game):
        assert s.default == getattr(defaults, s.key) and s.default in s.choices
        assert len(s.choices) >= 2, s.key  # a row with one value could not be changed
        for choice in s.choices:
            text = "none" if choice is None else str(choice)
            assert getattr(rules_with(game, [f"{s.key}={text}"]), s.key) == choice


def test_the_table_size_is_not_a_setting():
    assert "players" not in {s.key for s in settings_of(get_game("oh-hell", 5))}
    assert max(dict((s.key, s.choices) for s in settings_of(get_game("oh-hell", 7)))["fixed"]) == 7


@given(st.text(max_size=30))
def test_any_typed_text_is_rules_or_a_rules_error(text):
    for name in ("oh-hell", "bid", "widow", "dummy"):
        try:
            rules_with(get_game(name), [text])
        except RulesError as exc:
            assert str(exc)


@pytest.mark.parametrize("text", ["hook", "=true", "hook="])
def test_a_rule_without_key_or_value_says_the_form(text):
    with pytest.raises(RulesError, match="KEY=VALUE"):
        parse_rule(text)
