"""Hearts from the command line: the headless demo at every table size prints the passes
and a readable result, ``history --json`` gives every pass, card and score, and PBN out
is refused with the reason (PBN's deal cannot say the pass)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.system.test_resume import run_cli


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_demo_plays_every_table_size_and_prints_the_passes_and_totals(players: int) -> None:
    code, out, err = run_cli(["demo", "--headless", "--game", "hearts", "--players", str(players),
                              "--hands", "2", "--seed", "9", "--level", "rules"])
    assert code == 0, err
    assert f"Hearts): 2 hands, AI (rules) in all {players} seats" in out
    assert "Pass left: " in out  # the first hand passes to the left
    assert out.count("Trick 1 ") == 2
    totals = [line for line in out.splitlines() if line.startswith("  You ") and " = " in line]
    assert len(totals) == 2 and all(f"Player {players} " in line for line in totals)
    assert "Played 2 hands" in out


def stored_hand(tmp_path: Path, players: int) -> Path:
    """A store holding one hand of Hearts at ``players``, played by the textbook."""
    db = tmp_path / f"h{players}.sqlite3"
    code, _, err = run_cli(["demo", "--headless", "--game", "hearts", "--players", str(players),
                            "--hands", "1", "--seed", "4", "--level", "rules", "--db", str(db)])
    assert code == 0, err
    return db


def test_history_json_gives_every_pass_card_and_score_and_pbn_is_refused(tmp_path: Path) -> None:
    db = stored_hand(tmp_path, 4)
    code, out, err = run_cli(["history", "--json", "--db", str(db)])
    assert code == 0, err
    hand = json.loads(out.splitlines()[0])
    assert hand["game"] == "hearts"
    kinds = [a["type"] for a in hand["actions"]]
    assert kinds == ["exchange"] * 4 + ["play"] * 52
    assert all(len(a["discard"]) == 3 for a in hand["actions"][:4])
    points = hand["result"]["points"]
    assert sum(points.values()) in (26, 78)  # every heart and the queen, or a moon: 26 to each other
    code, out, err = run_cli(["history", "--pbn", "--show", "1", "--db", str(db)])
    assert code == 1 and out == ""
    assert "in Hearts the players pass cards to one another before the play" in err


def test_history_shows_a_hand_of_five_trick_by_trick_with_its_passes(tmp_path: Path) -> None:
    db = stored_hand(tmp_path, 5)
    code, out, err = run_cli(["history", "--show", "1", "--db", str(db)])
    assert code == 0, err
    lines = out.splitlines()
    assert sum(1 for line in lines if line.startswith(("  You ", "  Player "))) == 5  # the hands as dealt
    assert sum(1 for line in lines if line.startswith("Pass: ")) == 5
    assert sum(1 for line in lines if line.startswith("Trick ")) == 10
    first = next(line for line in lines if line.startswith("Trick  1 "))
    leader = first[first.index("(") + 1:first.index(" lead")]
    assert first.split(": ", 1)[1].startswith(f"{leader} ♣3")  # at five the three of clubs leads
