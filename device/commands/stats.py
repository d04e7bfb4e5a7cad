"""``whist-table stats``: hands, games and rubbers played and won, from the store."""

from __future__ import annotations

import argparse
from typing import Any

from device.commands.history import add_store_arguments, open_for_reading
from device.words import count

HELP = "print statistics: hands, games and rubbers played and won, by AI level; --game G: one game's, by seat"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_store_arguments(parser)
    parser.add_argument("--game", metavar="G",
                        help="one game's figures (whist-table games lists them), by side, or by seat where "
                        "each plays alone: hands, tricks, points, exact bids, contracts made, knockouts")


def _won(bucket: dict[str, Any]) -> str:
    won = bucket
    return f"NS {won['NS']}, EW {won['EW']}"


def _block(bucket: dict[str, Any], indent: str = "") -> list[str]:
    tph = bucket["tricks_per_hand"]
    thrown = bucket.get("misdeals", 0)
    misdeals = f"; {count(thrown, 'misdeal')} not counted" if thrown else ""
    return [
        f"{indent}Hands played: {bucket['hands']} ({bucket['hands_finished']} finished{misdeals})",
        f"{indent}Tricks per hand: NS {tph['NS']:.2f}, EW {tph['EW']:.2f}",
        f"{indent}Games: {bucket['games']} won: {_won(bucket['games_won'])}",
        f"{indent}Rubbers: {bucket['rubbers']} ({bucket['rubbers_finished']} finished) "
        f"won: {_won(bucket['rubbers_won'])}",
    ]


def _game(args: argparse.Namespace) -> int:
    import sys

    from device.game_stats import game_figures, summary_line, table_lines
    from engine.errors import RulesError
    from engine.games import get_game

    try:
        name = get_game(str(args.game)).name
    except RulesError as exc:
        print(f"whist-table: {exc}", file=sys.stderr)
        return 2
    store = open_for_reading(args)
    if store is None:
        return 1
    with store:
        found = game_figures(store, name)
    if not found:
        print(f"No {get_game(name).title} played yet.")
        return 0
    for figures in found:
        print(summary_line(figures))
        for line in table_lines(figures):
            print("  " + line)
    return 0


def run(args: argparse.Namespace) -> int:
    if getattr(args, "game", None):
        return _game(args)
    store = open_for_reading(args)
    if store is None:
        return 1
    with store:
        stats = store.stats()
        from device.game_stats import game_figures, summary_line
        from engine.games import UNNAMED

        games = game_figures(store)
    for line in _block(stats):
        print(line)
    if stats["by_ai_level"]:
        print("By AI level (the AI seats' levels in each rubber):")
        for level, bucket in stats["by_ai_level"].items():
            print(f"  {level}:")
            for line in _block(bucket, "    "):
                print(line)
    if len(games) > 1 or any(g.game != UNNAMED.name for g in games):  # one game alone prints as it did
        print("By game (the figures above are the partnership games'; whist-table stats --game G: "
              "a game's own, by side or by seat):")
        for figures in games:
            print(f"  {summary_line(figures)}")
    return 0
