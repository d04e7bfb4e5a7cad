"""Catch the Ten at the table's commands: the headless demo plays every size from two to
eight and prints who took what; the screen seats two to seven and says so at eight;
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
        points = re.findall(r"(You|Your team|Player \d|Team \d) \d+t [+-]\d+ \(honours (\d+)\) = \d+", out)
        assert sum(int(h) for _, h in points) == 30  # every trump honour is taken by someone
        who = [w for w, _ in points]
        assert who == (["Your team", "Team 2"] if players in (6, 8) else
                       ["You", *(f"Player {i}" for i in range(2, players + 1))])


def test_the_screen_refuses_eight_and_names_the_sizes_it_seats(capsys, tmp_path) -> None:
    assert main(["screenshot", "--scene", "table", "--game", "catch-the-ten", "--players", "8",
                 "--out", str(tmp_path / "t.png")]) == 2
    said = capsys.readouterr().err
    assert ("Catch the Ten at 8 players is played headless and in the arena only: "
            "the screen seats 2 to 7") in said
    from device.app.game_choice import choice

    assert choice("catch-the-ten").seat_counts == (2, 3, 4, 5, 6, 7)


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
