"""Catch the Ten at the table's commands: the headless demo plays every size from two to
eight and prints who took what; the screen seats every size, eight too;
history --json gives every card and score; PBN refuses a 36-card deal with the reason."""

from __future__ import annotations

import json
import re

import pytest

from device.cli import main


@pytest.mark.parametrize("players", range(2, 9))
def test_the_headless_demo_plays_every_size_and_prints_the_scores(players: int, capsys) -> None:
    assert main(["demo", "--headless", "--game", "catch-the-ten", "--players", str(players), "--hands", "1",
                 "--seed", "7", "--level", "rules"]) == 0
    out = capsys.readouterr().out
    tricks = re.findall(r"^Trick +\d+ ", out, re.M)
    assert len(tricks) == {2: 18, 3: 12, 4: 9, 5: 7, 6: 6, 7: 5, 8: 4}[players]
    assert "Played 1 hand" in out
    if players == 4:
        assert re.search(r"Hand 1: We \d+ tricks, They \d+\.", out)
        assert "honours: " in out
    else:
        points = re.findall(r"(You|We|They|Player \d|Team \d) \d+t [+-]\d+ \(honours (\d+)\) = \d+", out)
        assert sum(int(h) for _, h in points) == 30  # every trump honour is taken by someone
        who = [w for w, _ in points]
        assert who == (["We", "They"] if players in (6, 8) else
                       ["You", *(f"Player {i}" for i in range(2, players + 1))])


def test_the_screen_seats_eight_at_every_size(capsys, tmp_path) -> None:
    """Eight players (two teams of four) are seated on the screen as the smaller tables are:
    the game picker offers eight and a screenshot of the table at eight is drawn."""
    from device.app.game_choice import choice

    assert choice("catch-the-ten").seat_counts == (2, 3, 4, 5, 6, 7, 8)
    for size in ("800x480", "1920x1080", "480x800"):
        out = tmp_path / f"t-{size}.png"
        assert main(["screenshot", "--scene", "table", "--game", "catch-the-ten", "--players", "8",
                     "--size", size, "--out", str(out)]) == 0, capsys.readouterr().err
        assert out.stat().st_size > 0


def test_history_json_gives_every_card_and_pbn_says_why_not(tmp_path, capsys) -> None:
    db = str(tmp_path / "store.sqlite3")
    assert main(["demo", "--headless", "--game", "catch-the-ten", "--players", "2", "--hands", "1",
                 "--seed", "3", "--level", "rules", "--db", db]) == 0
    capsys.readouterr()
    assert main(["history", "--json", "--db", db]) == 0
    hand = json.loads(capsys.readouterr().out.splitlines()[0])
    cards = [c for h in hand["deal"]["hands"].values() for c in h] + [
        c for p in hand["deal"]["piles"].values() for c in p]
    assert len(set(cards)) == 36 and len(hand["actions"]) == 36
    assert sorted(c for t in hand["tricks"] for c in t["cards"]) == sorted(cards)
    assert hand["game"] == "catch-the-ten" and hand["deal"]["turned"] in cards
    points = hand["result"]["points"]
    assert set(points) == {"0", "1"} and sum(points.values()) >= 30  # the honours and the cards over
    assert hand["totals"]["game"] == points
    assert main(["history", "--pbn", "--show", "1", "--db", db]) == 1
    assert "Catch the Ten deals 2 hands: PBN and the printed deals hold four hands" in capsys.readouterr().err


def test_the_arena_plays_teams_of_six_each_in_the_same_seats(capsys) -> None:
    assert main(["arena", "--game", "catch-the-ten", "--players", "6", "--rule", "sides=three",
                 "rules", "random", "--deals", "2", "--progress", "0", "--budget", "0"]) == 0
    out = capsys.readouterr().out
    assert "2 duplicate deals (12 hands)" in out and "6 players in 3 teams" in out
    assert re.search(r"rules point margin: [+-]\d+\.\d+ ± \d+\.\d+ points/hand a team in the same seats", out)


def test_three_pairs_of_six_draw_clear_of_themselves_in_every_scene(monkeypatch) -> None:
    """The scene matrix (tests/device/test_scene_matrix.py) at six players in three pairs:
    three score columns, three teams on the table's score line."""
    from device.app.testing import make_app
    from tests.device import test_scene_matrix as matrix

    sides = []

    def three_pairs(*args: object, **kwargs: object):
        app = make_app(*args, **kwargs)  # type: ignore[arg-type]
        app.options.rules = ["sides=three"]
        sides.append(lambda: app.session.match.game.sides)
        return app

    monkeypatch.setattr(matrix, "make_app", three_pairs)
    found = matrix.frames.__wrapped__("catch-the-ten", 6)
    assert {scene: problems for scene, problems in found.items() if problems} == {}
    assert "scorepad" in found and "table-play" in found
    assert sides[0]() == 3  # the match was played in three pairs


# -- the teams' words: two sides are We and They on every screen, three are We, Team 2, Team 3 ----

def _played(players: int, rules: list[str], hands: int = 3):
    """An app whose match has ``hands`` played at ``players`` with ``rules``."""
    from device.app.main import _play_out
    from device.app.testing import make_app

    app = make_app(seed=2, game="catch-the-ten", players=players)
    app.options.rules = rules
    app.go("menu")
    session = app.session
    for _ in range(hands):
        _play_out(session.shuffle_and_deal(), match=session.match)
        app.stats.record_hand(app.level_key, session.finish(), session.match)
    return app


@pytest.mark.parametrize(("players", "rules", "words"), [
    (6, [], ("We", "They")),
    (4, [], ("We", "They")),
    (6, ["sides=three"], ("We", "Team 2", "Team 3")),
])
def test_the_score_pad_and_the_hand_result_name_the_sides_alike(players, rules, words) -> None:
    from device.app.scenes.scorepad import Pad

    app = _played(players, rules)
    try:
        game = app.session.match.game
        assert game.sides == len(words)
        pad = Pad.of(app.session.match)
        assert pad.sides == words  # the pad's column heads
        app.go("summary")
        labels = [label for label, _ in app.scene.rows()]
        assert [w for w in labels if w in words] == list(words)  # a row per side, in the pad's words
        assert not [w for w in labels if "Your team" in w or w.startswith("Player ")]
    finally:
        app.close()


@pytest.mark.parametrize(("players", "rules"), [(6, []), (6, ["sides=three"])])
def test_the_hand_results_notes_name_the_side_that_scores_not_the_player(players, rules) -> None:
    app = _played(players, rules, hands=1)
    try:
        app.go("summary")
        rows = app.scene.rows()
        words = {label for label, _ in rows if label}
        notes = [value for label, value in rows if not label and value.startswith(("honours", "cards over"))]
        assert notes, rows
        named = re.findall(r"(?:: |over: |, )(We|They|Team \d|Player \d|You)\b", " ".join(notes))
        assert named and set(named) <= words  # each note names a side as its row does
    finally:
        app.close()


def test_the_notes_say_us_and_them_after_to_by_for_and_three_teams_by_team() -> None:
    from device import vocabulary
    from engine.games.catchten import game_at

    two, three = game_at(8, "two"), game_at(6, "three")
    assert vocabulary.say(two, "jack: Team 2; ten: Team 1") == "jack: They; ten: We"
    assert vocabulary.say(two, "a game to Team 2") == "a game to Them"
    assert vocabulary.say(three, "ten: Team 1, ace: Team 3") == "ten: We, ace: Team 3"
    assert vocabulary.side_words(three, short=True) == ("We", "T2", "T3")


def test_stats_by_game_name_each_team_by_its_side_word_and_keep_three_teams_apart(tmp_path) -> None:
    from device.app.main import _play_out
    from device.app.testing import make_app, tap_button
    from device.journal import Journal, ai_players
    from device.store import Store
    from engine.games import get_game
    from engine.match import Match

    store = Store(tmp_path / "games.sqlite3")
    for sides in ("two", "three"):  # a match of each at six: two teams, then three pairs
        match = Match(get_game("catch-the-ten", 6).rules_from_dict({"sides": sides}), seed=2)
        Journal(store, ai_players("rules")).follow(match, run={"kind": "table"})
        for _ in range(2):
            _play_out(match.new_deal(), match=match)
            match.finish_deal()
    app = make_app((800, 480), game="catch-the-ten", players=6)
    app.store = store
    try:
        tap_button(app, "stats")
        tap_button(app, "by-game")
        rows = app.scene.lines()
        assert rows[0] == ["", "We", "They"]  # the columns: a side each, in the score pad's words
        assert [r[0] for r in rows[1:3]] == ["Hands", "Most tricks"] and rows[1][1:] == ["2", "2"]
        assert app.scene.buttons.by_name("stats-catch-the-ten/6/3").label == "Catch the Ten · 3 teams"
        tap_button(app, "stats-catch-the-ten/6/3")
        rows = app.scene.lines()
        assert rows[0] == ["", "We", "Team 2", "Team 3"] and rows[1][1:] == ["2", "2", "2"]
        assert app.scene.summary().startswith("Catch the Ten, 6 players in 3 teams: 1 match")
    finally:
        app.close()
        store.close()


def test_the_headless_demo_says_who_won_the_game_after_to_as_us_or_a_team(capsys) -> None:
    assert main(["demo", "--headless", "--game", "catch-the-ten", "--players", "6", "--rule", "sides=three",
                 "--hands", "1", "--seed", "7", "--level", "rules"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"We \d+t .* Team 2 \d+t .* Team 3 \d+t ", out)
    assert re.search(r"^\*\*\* Game 1 to (Us|Team 2|Team 3) \*\*\*$", out, re.M)


def test_history_lists_team_games_with_their_dealers_and_each_sides_figures(tmp_path, capsys) -> None:
    db = str(tmp_path / "store.sqlite3")
    for seed, sides in (("7", "two"), ("8", "three")):  # a demo run each (a seed's run is resumed)
        assert main(["demo", "--headless", "--game", "catch-the-ten", "--players", "6", "--rule",
                     f"sides={sides}", "--hands", "1", "--seed", seed, "--level", "rules", "--db", db]) == 0
    capsys.readouterr()
    assert main(["history", "--db", db]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert len(rows) == 2 and all("  You  " in r for r in rows)  # the dealer, in the table's words
    assert re.search(r"  \d-\d  +\d+-\d+$", rows[0])  # two teams: under the We-They heading
    assert re.search(r"We \d · T2 \d · T3 \d  +We \d+ · T2 \d+ · T3 \d+$", rows[1])
    assert main(["history", "--db", db, "--show", "1"]) == 0
    shown = capsys.readouterr().out
    assert "Dealer You" in shown and re.search(r"^  Player 6  ", shown, re.M)
