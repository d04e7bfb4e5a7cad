"""A game with no trump suit (its table says ``trumps=False``) names none on any
screen: the table's badge says the hand's call, the summary has no trumps row and the
score pad's hands no strain; a game with trumps still names them."""

from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app  # noqa: E402
from engine.games import GAMES  # noqa: E402
from tests.device.test_defects_43 import drawn_words, play_hands  # noqa: E402

NO_TRUMPS = [name for name, g in GAMES.items() if not g.table.trumps]
TRUMPS_NAMED = re.compile(r"\btrumps?\b|\bNT\b", re.IGNORECASE)


def shown(app, hands: int) -> dict[str, list[str]]:
    play_hands(app, hands)
    out = {scene: drawn_words(app, scene) for scene in ("summary", "scorepad")}
    app.session.shuffle_and_deal()
    out["table"] = drawn_words(app, "table")
    return out


def test_the_games_without_trumps_are_those_that_never_turn_or_call_one():
    assert set(NO_TRUMPS) == {"hearts", "norwegian", "scandinavian"}


@pytest.mark.parametrize("name", NO_TRUMPS)
def test_no_screen_names_trumps_in_a_game_that_has_none(name):
    app = make_app((800, 480), game=name, seed=5)
    try:
        for scene, words in shown(app, 2).items():
            assert not [w for w in words if TRUMPS_NAMED.search(w)], (scene, words)
    finally:
        app.close()


def test_the_hearts_badge_says_which_way_the_hand_passes():
    app = make_app((800, 480), game="hearts", seed=5)
    try:
        words = shown(app, 0)["table"]
        assert "Pass left" in words  # the first hand of the cycle passes left
    finally:
        app.close()


def test_a_game_with_trumps_still_names_them():
    app = make_app((800, 480), game="classic", seed=5)
    try:
        found = shown(app, 2)
        assert "Trumps" in found["summary"]
        assert any(TRUMPS_NAMED.search(w) for w in found["table"])
    finally:
        app.close()
