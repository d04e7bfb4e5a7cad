"""The score in view on the table: tricks, game points and games won, labelled,
for classic and Norwegian whist."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.scenes.scoreboard import ScoreLines  # noqa: E402
from device.app.testing import make_app, tap_button  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.match import Match  # noqa: E402
from tests.device.test_app_norwegian import speak_or_play  # noqa: E402


def play_hands(app, n: int) -> None:
    from device.app.testing import run_until

    for _ in range(n):
        if app.scene.name != "table":
            app.go("table")
        if app.session.deal is None or app.session.deal.is_over:
            tap_button(app, "deal")
        assert run_until(app, lambda: speak_or_play(app) or app.scene.name in ("summary", "celebration"),
                         max_steps=20000)


@pytest.mark.parametrize("game", ["classic", "norwegian"])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (480, 800)])
def test_the_table_shows_tricks_game_points_and_games_won(game, size):
    app = make_app(size, game=game, seed=2)
    try:
        play_hands(app, 2)
        app.go("table")
        tap_button(app, "deal")
        app.step(1 / 60)
        table = app.scene
        match = app.session.match
        lines = ScoreLines.of(match, app.session.deal)
        we, they = match.game_score
        assert lines.tricks.startswith("Tricks  We 0 · They 0")
        assert f"Game We {we} · They {they} (to {match.rules.target})" in lines.game
        assert "Games {}–{}".format(*match.games_won) in lines.game
        # on screen, inside the window, clear of the menu button and the trump badge
        w, h = size
        r = table.score_rect
        assert r.left >= 0 and r.right <= w and r.bottom <= table.geo.bar.bottom
        assert not r.colliderect(table.b_menu.rect)
        assert r.h >= table.px(40)  # two lines, each at least the size of the seat labels
    finally:
        app.close()


def test_games_won_count_in_the_rubber():
    match = Match(game=get_game("classic"))
    lines = ScoreLines.of(match, None)
    assert lines.tricks == "Tricks  We 0 · They 0"
    assert lines.game == "Game We 0 · They 0 (to 5)  ·  Games 0–0 (first to 2)"
    nor = ScoreLines.of(Match(game=get_game("norwegian")), None)
    assert nor.game.startswith("Game We 0 · They 0 (to 50)")
