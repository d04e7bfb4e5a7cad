"""The arena seats four individual players in Solo whist: each alone at each
seat among the other's field, both ways, every hand scored by the game."""

from __future__ import annotations

from device.arena import Arena, make_entrant, standard_deals
from engine.games import get_game


def test_solo_whist_arena_plays_ten_hands_a_deal_and_reports_points_and_bid_latency() -> None:
    game = get_game("solo")
    rules = game.default_rules()
    a, b = make_entrant("rules", "rules", None), make_entrant("random", "random", None)
    with Arena(game, a, b, rules) as arena:
        assert arena.play(standard_deals(game, rules, "t", 2))
    summary = arena.summary("t", 0.0)
    assert summary.deals == 2 and summary.hands == 20
    text = "\n".join(summary.lines())
    assert "4 players" in text and "points/hand" in text and "bid latency" in text
    assert summary.to_json()["players"] == 4
