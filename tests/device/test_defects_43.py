"""Issue 43's defects 1, 3, 5, 7, 9, 10 and 13, each as a player meets it (4 and 11 for the
hand result, score pad, celebration, review and stats: tests/device/test_scene_matrix.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from device.app.main import _play_out, screenshot  # noqa: E402
from device.app.scenes.scorepad import Pad  # noqa: E402
from device.app.testing import make_app  # noqa: E402
from device.journal import attach_app  # noqa: E402
from engine.games import GAMES  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EACH_ALONE = [name for name, g in GAMES.items() if not g.partnerships]
PARTNERS = [name for name, g in GAMES.items() if g.partnerships]
BY_SEAT = [name for name, g in GAMES.items() if g.sides > 2]  # scored a seat at a time, beyond two


def play_hands(app, hands: int) -> None:
    session = app.session
    for _ in range(hands):
        _play_out(session.shuffle_and_deal(), match=session.match)
        app.stats.record_hand(app.level_key, session.finish(), session.match)


def drawn_words(app, scene: str, size=(800, 480)) -> list[str]:
    """Every text the scene draws, from the layout log."""
    import pygame

    from device.app.render import layout

    layout.LOG.enabled = True
    try:
        app.go(scene)
        surf = pygame.Surface(size)
        app.scene.ensure_layout(size)
        app.scene.draw(surf)
        return [b.label for b in layout.LOG.boxes(surf) if b.kind == layout.TEXT]
    finally:
        layout.LOG.enabled = False


# -- 1: a score pad a column per seat, named as at the table ---------------------------------------
@pytest.mark.parametrize("name", EACH_ALONE)
def test_1_each_alone_pad_has_a_column_a_seat_named_you_and_player_n(name):
    app = make_app(seed=2, game=name)
    try:
        play_hands(app, 2)
        pad = Pad.of(app.session.match)
        n = app.session.match.game.sides
        assert pad.sides[0] == "You" and all(s.startswith("Player ") for s in pad.sides[1:])
        assert len(pad.sides) == n and all(len(line.cells) == n for line in pad.lines)
        assert "WE" not in pad.sides and "to 0" not in pad.status
    finally:
        app.close()


@pytest.mark.parametrize("name", ["oh-hell", "solo"])
def test_1_scorepad_screenshot_of_a_game_scored_by_seat_draws(name, tmp_path):
    out = screenshot("scorepad", (800, 480), tmp_path / "pad.png", game=name)
    assert out.exists() and out.stat().st_size > 0


# -- 3: --game G with another game's match saved -----------------------------------------------------
def test_3_asking_for_another_game_than_the_saved_match_asks_before_leaving_it(tmp_path):
    from device.app.main import ask_about_saved_match

    db = tmp_path / "whist.sqlite3"
    first = make_app(seed=4, game="oh-hell")
    first.config = first.config.updated({"store": {"path": str(db)}})
    store = attach_app(first)
    try:
        deal = first.session.shuffle_and_deal()
        _play_out(deal, match=first.session.match, stop=lambda d: len(d.actions) >= 6)
    finally:
        first.close()
        assert store is not None
        store.close()
    again = make_app(seed=4, game="bid")
    again.config = again.config.updated({"store": {"path": str(db)}})
    store = attach_app(again)
    try:
        assert again.session.match.game.name == "oh-hell"  # the saved match came back
        ask_about_saved_match(again)
        assert again.scene.name == "change_game"  # not Oh Hell played under Bid Whist's name
        again.scene.confirm()
        assert again.session.match.game.name == "bid"
    finally:
        again.close()
        assert store is not None
        store.close()


def test_3_the_saved_match_of_the_game_asked_for_goes_on_without_a_question(tmp_path):
    from device.app.main import ask_about_saved_match

    db = tmp_path / "whist.sqlite3"
    for attempt in range(2):
        app = make_app(seed=4, game="oh-hell")
        app.config = app.config.updated({"store": {"path": str(db)}})
        store = attach_app(app)
        try:
            if attempt == 0:
                deal = app.session.shuffle_and_deal()
                _play_out(deal, match=app.session.match, stop=lambda d: len(d.actions) >= 6)
            else:
                ask_about_saved_match(app)
                assert app.scene.name != "change_game" and len(app.session.match.current.actions) >= 6
        finally:
            app.close()
            assert store is not None
            store.close()


# -- 5: screenshots that ended in a traceback --------------------------------------------------------
@pytest.mark.parametrize(("scene", "name"), [
    *[("summary", n) for n in BY_SEAT], *[("celebration", n) for n in BY_SEAT]])
def test_5_summary_and_celebration_screenshots_draw_for_every_game(scene, name, tmp_path):
    assert screenshot(scene, (800, 480), tmp_path / "s.png", game=name).exists()


@pytest.mark.parametrize("args", [["--step", "auction", "--game", "classic"], ["--tricks", "20"],
                                  ["--players", "8", "--game", "oh-hell"]])
def test_5_screenshot_says_what_cannot_be_shown_without_a_traceback(args, tmp_path, capsys):
    from device.cli import main

    assert main(["screenshot", "--scene", "table", "--out", str(tmp_path / "t.png"), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("whist-table screenshot: ") and "Traceback" not in err and err.count("\n") == 1


# -- 7: a result after each hand where each bids --------------------------------------------------
def test_7_the_hand_result_says_who_made_their_bid():
    app = make_app(seed=2, game="oh-hell")
    try:
        play_hands(app, 1)
        app.go("summary")
        rows = dict(app.scene.rows())
        for who in ("You", "Player 2", "Player 3", "Player 4"):
            assert rows[who].startswith("bid ") and (": made" in rows[who] or ": missed" in rows[who])
        assert "your bid" in drawn_words(app, "summary")[0]
    finally:
        app.close()


# -- 9 and 10: the words -----------------------------------------------------------------------------
OTHER_NAMES = ("You/Partner", "Opponents", "US ", "THEM", "WE ", "THEY", " NS", " EW", "North", "East",
               "South", "West", "no trumps", "trumps No", "You leads", "You wins", "You scores")


@pytest.mark.parametrize("name", list(GAMES))
def test_9_10_the_result_screens_use_one_word_for_each_side_and_seat(name):
    app = make_app(seed=3, game=name)
    try:
        play_hands(app, 1)
        session = app.session
        for _ in range(80):
            if session.match.games:
                break
            play_hands(app, 1)
        words = []
        for scene in ("summary", "scorepad", "scoresheet", "celebration", "review"):
            words += drawn_words(app, scene)
        said = " | ".join(words)
        for wrong in OTHER_NAMES:
            assert wrong not in said, f"{wrong!r} in {name}'s screens"
        if name in PARTNERS:
            assert "We" in said and "They" in said
        else:
            assert "Partner" not in said and "You" in said and "Player 2" in said
    finally:
        app.close()


def test_9_a_lost_contract_is_not_headlined_as_tricks_taken():
    # A hand's headline names who scored, not who took tricks (a nullo lost takes many tricks).
    from device.app.scenes.summary import headline
    from engine.scoring import HandScore
    from engine.seats import Seat

    game = GAMES["norwegian"]
    score = HandScore(1, Seat.N, 4, (8, 5), (), (0, 0), (8, 5), (0, 0), (0, 0), (0, 0), ("nullo",),
                      (0, 4), (0, 0), (0, 4), None)
    assert headline(game, score, {}) == "They score 4 points with 5 tricks"


# -- 13: no display ----------------------------------------------------------------------------------
def bare_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_STATE_HOME",
                        "XDG_CONFIG_HOME", "STATE_DIRECTORY", "CONFIGURATION_DIRECTORY")}
    env.update(HOME=str(home), SDL_AUDIODRIVER="dummy")
    return env


@pytest.mark.skipif(any(os.access(c, os.R_OK | os.W_OK) for c in Path("/dev/dri").glob("card*")),
                    reason="this machine has a KMS display")
def test_13_bare_whist_table_with_no_display_plays_the_terminal_demo_and_a_kiosk_says_what_to_do(tmp_path):
    def whist(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "device.cli", *args], cwd=ROOT, env=bare_env(tmp_path),
                              capture_output=True, text=True, timeout=120)

    bare = whist()
    assert bare.returncode == 0, bare.stderr
    assert "No display found: playing a demo in the terminal instead." in bare.stderr
    assert "Played 4 hands" in bare.stdout
    kiosk = whist("--kiosk")
    assert kiosk.returncode == 1
    assert kiosk.stderr.startswith("whist-table: no screen found for the kiosk: connect the display")
    assert kiosk.stderr.count("\n") == 1  # one line
