"""Moments and the score pad: a game or rubber won is shown as an event that
never holds a tap up, with the match summary; the score pad writes the rubber
in We | They columns from the engine's score sheet."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from device.app.main import _play_out, screenshot  # noqa: E402
from device.app.render import text  # noqa: E402
from device.app.scenes.celebration import Moment  # noqa: E402
from device.app.scenes.scorepad import Pad  # noqa: E402
from device.app.testing import make_app, tap, tap_button  # noqa: E402
from engine.games.classic.rules import Rules  # noqa: E402
from engine.match import Match  # noqa: E402
from tests.device.test_app_norwegian import speak_or_play  # noqa: E402


def play_hand(app) -> None:
    """One hand played out by the AI in every seat, scored as the table scores it."""
    session = app.session
    _play_out(session.shuffle_and_deal(), match=session.match)
    score = session.finish()
    app.stats.record_hand(app.level_key, score, session.match)


def play_until(app, done) -> None:
    for _ in range(40):
        if done(app.session.match):
            return
        play_hand(app)
    raise AssertionError("the moment never came")


def test_a_hand_that_wins_a_game_opens_the_celebration_and_a_tap_goes_on_at_once():
    app = make_app((800, 480), animation="normal", seed=5)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        match = app.session.match
        for _ in range(40000):
            if app.scene.name == "celebration":
                break
            if app.scene.name == "summary":
                tap_button(app, "next hand")  # a hand that won no game: the summary, as before
            speak_or_play(app)
            app.step(1 / 60)
        assert app.scene.name == "celebration"
        scene = app.scene
        game = match.games[-1]
        winners = "We win" if game.winner == 0 else "They win"
        assert scene.moment.headline.startswith(winners)
        a, b = game.score
        assert f"We {a} · They {b}, by {abs(a - b)} point" in scene.moment.lines[0]
        # The animation has only begun: the next hand is dealt on the first tap all the same.
        assert scene.animating
        tap_button(app, "next hand" if not match.is_over else "new rubber")
        assert app.scene.name == "table" and app.session.deal is not None
        assert not app.session.deal.actions
    finally:
        app.close()


def test_a_tap_off_the_buttons_ends_the_animation():
    app = make_app((800, 480), animation="slow", seed=5)
    try:
        play_until(app, lambda m: m.games)
        app.go("celebration")
        app.step()
        scene = app.scene
        assert scene.animating
        tap(app, 400, 240)
        assert not scene.animating and app.scene is scene
    finally:
        app.close()


def test_the_rubber_won_shows_who_won_the_rubber_points_and_the_match_summary():
    app = make_app((800, 480), seed=4)
    app.apply_config(app.config.updated({"rules": {"rubber_points": True, "honours": True}}))
    try:
        match = app.session.match
        play_until(app, lambda m: m.is_over)
        moment = Moment.of(match)
        assert moment is not None and moment.kind == "rubber"
        winner = match.winner
        won, lost = match.games_won[winner], match.games_won[1 - winner]
        assert moment.headline.endswith(f"win the rubber, {won} games to {lost}")
        rp = match.rubber_points()
        assert f"Rubber points: We {rp[0]} · They {rp[1]}" in " ".join(moment.lines)
        assert [(g.number, g.winner, g.score, g.value) for g in moment.games] == \
            [(g.number, g.winner, g.score, g.value) for g in match.games]
        assert any(line.startswith("Honours scored") for line in moment.totals)
        app.go("celebration")
        app.step()
        assert app.scene.buttons.by_name("new rubber").primary
    finally:
        app.close()


def test_no_moment_after_a_hand_that_won_no_game():
    match = Match(Rules(target=10))  # 7 points at most in a hand: no game on the first
    _play_out(match.new_deal(), match=match)
    assert match.finish_deal().game_won_by is None
    assert Moment.of(match) is None


def test_the_score_pad_writes_every_hand_and_a_line_under_each_game():
    app = make_app((800, 480), seed=4)
    app.apply_config(app.config.updated({"rules": {"rubber_points": True, "honours": True}}))
    try:
        match = app.session.match
        play_until(app, lambda m: m.is_over)
        pad = Pad.of(match)
        assert pad.columns == ("points", "honours", "total")
        hands = [line for line in pad.lines if line.kind == "hand"]
        games = [line for line in pad.lines if line.kind == "game"]
        assert len(hands) == len(match.hands) and len(games) == len(match.games)
        for line, h in zip(hands, match.hands, strict=True):
            for side in (0, 1):
                pts, hon, total = line.cells[side]
                assert pts == (str(h.trick_points[side]) if h.trick_points[side] else "")
                assert hon == (str(h.honours[side]) if h.honours[side] else "")
                assert total == str(h.game_after[side])
        # Each game's line comes right after its last hand.
        for g, line in zip(match.games, games, strict=True):
            i = pad.lines.index(line)
            assert pad.lines[i - 1].margin.split()[0] == str(g.hands[-1])
            assert line.note.startswith(f"{'We' if g.winner == 0 else 'They'} win game {g.number}")
        rp = match.rubber_points()
        assert ("Rubber points", (str(rp[0]), str(rp[1]))) in pad.footer
        assert ("Games", (str(match.games_won[0]), str(match.games_won[1]))) in pad.footer
    finally:
        app.close()


def test_the_score_pad_without_honours_or_rubber_points_has_no_columns_for_them():
    app = make_app((800, 480), seed=4)
    try:
        play_hand(app)
        pad = Pad.of(app.session.match)
        assert pad.columns == ("points", "total")
        assert [label for label, _ in pad.footer] == ["Games"]
        assert pad.status.startswith(("Game 1, to", "Game 2, to"))
    finally:
        app.close()


def test_a_norwegian_pad_writes_each_hands_call_and_tricks():
    app = make_app((800, 480), seed=1, game="norwegian")
    try:
        play_hand(app)
        play_hand(app)
        match = app.session.match
        pad = Pad.of(match)
        assert pad.columns == ("tricks", "points", "total")
        for line, h in zip([x for x in pad.lines if x.kind == "hand"], match.hands, strict=True):
            assert line.margin == f"{h.number} {h.notes[0]}"
            assert line.cells[0][0] == str(h.tricks[0]) and line.cells[1][0] == str(h.tricks[1])
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (480, 800)])
def test_celebration_and_score_pad_draw_with_text_no_smaller_than_18_px_at_800x480(size, monkeypatch):
    sizes = []
    real = text.text

    def recording(s, fs, *args, **kwargs):
        sizes.append((fs, s))
        return real(s, fs, *args, **kwargs)

    monkeypatch.setattr(text, "text", recording)
    app = make_app(size, seed=4)
    app.apply_config(app.config.updated({"rules": {"rubber_points": True, "honours": True}}))
    try:
        play_until(app, lambda m: m.is_over)
        for name in ("celebration", "scorepad"):
            app.go(name)
            app.step()
            assert app.scene.name == name
            for b in app.scene.buttons.buttons:
                if b.visible:
                    assert min(b.rect.w, b.rect.h) >= 40 * app.scene.u, (name, b.name, b.rect)
        if size == (800, 480):
            small = [(fs, s) for fs, s in sizes if fs < 18]
            assert not small, small[:5]
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("scene", ["celebration", "scorepad"])
def test_screenshots_of_the_new_scenes(tmp_path, size, scene):
    import pygame

    out = screenshot(scene, size, tmp_path / f"{scene}.png", seed=4)
    img = pygame.image.load(str(out))
    assert img.get_size() == size


@pytest.mark.parametrize("extra", [["--moment", "game"], ["--at", "0.5", "--rubber-points", "on"],
                                   ["--game", "norwegian"]])
def test_the_screenshot_command_reaches_the_moments(tmp_path, extra):
    import pygame

    from device.cli import main

    for scene in ("celebration", "scorepad"):
        out = tmp_path / f"{scene}.png"
        assert main(["screenshot", "--scene", scene, "--size", "800x480", "--out", str(out), *extra]) == 0
        img = pygame.image.load(str(out))
        colours = {tuple(img.get_at((x, y))) for x in range(0, 800, 37) for y in range(0, 480, 29)}
        assert len(colours) > 20, "the picture is nearly blank"


def test_from_the_second_rubber_on_the_summary_counts_the_sittings_rubbers():
    app = make_app((800, 480), seed=4)
    try:
        play_until(app, lambda m: m.is_over)
        first = app.session.match
        play_hand(app)  # the next rubber's first hand
        play_until(app, lambda m: m.is_over)
        assert app.session.match is not first
        app.go("celebration")
        app.step()
        won = [first.winner, app.session.match.winner]
        line = f"Rubbers this sitting: We {won.count(0)} · They {won.count(1)}"
        assert line in app.scene.moment.totals
    finally:
        app.close()


def test_the_score_pad_opens_at_the_newest_hands_and_scrolls_back():
    app = make_app((800, 480), seed=4)
    try:
        play_until(app, lambda m: m.is_over)
        app.go("scorepad")
        app.step()
        pad = app.scene
        assert pad.max_scroll > 0 and pad.scroll == pad.max_scroll
        app.step()
        assert pad.dirty == []  # a still page is not drawn again
        tap_button(app, "up")
        assert pad.scroll < pad.max_scroll and pad.dirty is None  # drawn anew, scrolled
    finally:
        app.close()
