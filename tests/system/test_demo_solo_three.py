"""Solo, widow and dummy whist at the command line: the headless demo journals
every action, a killed run's store replays, and ``history --json`` gives each
hand with its tricks (dummy whist's with their order of play) and totals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.system.test_store_migration import run


@pytest.mark.parametrize(("game", "seats"), [("solo", ["N", "E", "S", "W"]), ("widow", ["0", "1", "2"]),
                                             ("dummy", ["N", "E", "S", "W"])])
def test_demo_and_history_json(tmp_path: Path, game: str, seats: list[str]) -> None:
    db = tmp_path / "store.db"
    code, out = run(["demo", "--headless", "--game", game, "--hands", "3", "--seed", "3", "--db", "F"], db)
    assert code == 0 and "hand 3 (hand 3 of 3)" in out and "Auction: " in out
    code, text = run(["history", "--db", "F", "--json"], db)
    assert code == 0
    hands = [json.loads(line) for line in text.splitlines()]
    assert [h["game"] for h in hands] == [game] * 3 and hands[0]["seats"] == seats
    players = 3 if game != "solo" else 4
    for hand in hands:
        assert len(hand["totals"]["game"]) == players
        # the dummy's tricks count as its declarer's
        assert sum(hand["result"]["tricks"].values()) == len(hand["tricks"])
        if game == "dummy":
            assert all(len(t["ring"]) == 4 for t in hand["tricks"])
    again, _ = run(["demo", "--headless", "--game", game, "--hands", "4", "--seed", "3", "--db", "F"], db)
    assert again == 0
