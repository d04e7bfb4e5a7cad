"""A duplicate match compares what each side's play earned: in Catch the Ten that is every
point of the hand, the honours taken in tricks as well as the cards over."""

from __future__ import annotations

from device.arena import Arena, make_entrant, standard_deals
from engine.games import get_game


def test_catch_the_tens_point_margin_counts_the_honours_taken() -> None:
    game = get_game("catch-the-ten", 4)
    with Arena(game, make_entrant("rules", "rules", None), make_entrant("random", "random", None)) as arena:
        honours = 0
        for record, seed in standard_deals(game, game.default_rules(), "honours", 6):
            first = arena.play_table(record, arena.a, arena.b, seed)
            second = arena.play_table(record, arena.b, arena.a, seed)
            _, gained = arena.play_deal(record, seed)
            whole = first.points[0] - first.points[1] + second.points[1] - second.points[0]
            assert gained == whole
            honours += sum(first.honours) + sum(second.honours)
        assert honours > 0  # the deals took honours, so the cards over alone would differ


def test_classics_point_margin_leaves_out_the_honours_held() -> None:
    game = get_game("classic", 4)
    with Arena(game, make_entrant("rules", "rules", None), make_entrant("random", "random", None)) as arena:
        for record, seed in standard_deals(game, game.default_rules(), "held", 4):
            first = arena.play_table(record, arena.a, arena.b, seed)
            second = arena.play_table(record, arena.b, arena.a, seed)
            _, gained = arena.play_deal(record, seed)
            assert gained == (first.trick_points[0] - first.trick_points[1]
                              + second.trick_points[1] - second.trick_points[0])
