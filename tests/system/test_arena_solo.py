"""`whist-table arena` for the games where each plays alone: n seats, each
player alone at every seat among the other's field, points a hand, the
exact-bid rate, and external (cmd:) players at several seats."""

from __future__ import annotations

import json
import sys

from test_arena_cli import RANDOM_BOT, whist


def test_oh_hell_at_three_reports_points_exact_bids_and_bid_latency() -> None:
    r = whist("arena", "--game", "oh-hell", "--players", "3", "rules", "random", "--deals", "2",
              "--seed", "t", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["game"] == "oh-hell" and data["players"] == 3
    assert data["deals"] == 2 and data["hands"] == 2 * (2 * 3 + 2)
    assert set(data["alone_points"]) == {"rules", "random"}
    assert 0 <= data["exact_bid_rate"]["rules"] <= 1
    assert set(data["bid_latency_ms"]) == {"rules", "random"}


def test_an_external_player_fills_every_seat_of_its_side() -> None:
    r = whist("arena", "--game", "oh-hell", "--players", "5", "rules", RANDOM_BOT, "--deals", "1",
              "--seed", "t")
    assert r.returncode == 0, r.stderr
    assert f"rules vs {RANDOM_BOT}: 1 duplicate deals (12 hands), seed 't', Oh Hell, 5 players" in r.stdout
    assert "exact bid" in r.stdout and f"{RANDOM_BOT}: no errors" in r.stdout


def test_knockout_and_the_ismcts_baseline_play_as_external_players() -> None:
    ismcts = f"cmd:{sys.executable} bench/ismcts.py --iterations 30"
    r = whist("arena", "--game", "knockout", "--players", "3", "rules", ismcts, "--deals", "1", "--seed", "k")
    assert r.returncode == 0, r.stderr
    assert f"{ismcts}: no errors" in r.stdout


def test_a_table_size_the_game_does_not_have_is_refused() -> None:
    r = whist("arena", "--game", "oh-hell", "--players", "8", "rules", "random")
    assert r.returncode == 2 and "Oh Hell is played by 3 to 7" in r.stderr
