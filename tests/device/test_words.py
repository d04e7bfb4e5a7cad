"""Counts read as English on the screen and in the terminal: "1 trick", "2 tricks"."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from device.app.main import _play_out  # noqa: E402
from device.app.testing import make_app, run_until  # noqa: E402
from device.words import count  # noqa: E402


@pytest.mark.parametrize(("n", "noun", "plural", "text"), [
    (0, "trick", None, "0 tricks"),
    (1, "trick", None, "1 trick"),
    (2, "costly card", None, "2 costly cards"),
    (1, "repeat frame", None, "1 repeat frame"),
    (3, "match", "matches", "3 matches"),
])
def test_count_is_singular_only_for_one(n, noun, plural, text):
    assert count(n, noun, plural) == text


def test_review_header_says_one_costly_card_not_cards():
    # seed 7: after the first hand, our side's one costly card lost one trick
    app = make_app((800, 480), seed=7)
    try:
        session = app.session
        _play_out(session.shuffle_and_deal(), match=session.match)
        session.finish()
        app.go("review")
        assert run_until(app, lambda: app.scene.result is not None, max_steps=50)
        texts = [t for _, t in app.scene.lines()]
        assert texts[0] == "We: 1 costly card, 1 trick lost"
        assert texts[1] == "They: 2 costly cards"
        assert not any("(s)" in t for t in texts)
    finally:
        app.close()
