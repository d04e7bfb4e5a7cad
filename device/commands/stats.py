"""``whist-table stats``: hands, games and rubbers played and won, from the store."""

from __future__ import annotations

import argparse
from typing import Any

from device.commands.history import add_store_arguments, open_for_reading
from device.words import count

HELP = "print statistics: hands, games and rubbers played and won, by AI level"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_store_arguments(parser)


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


def run(args: argparse.Namespace) -> int:
    store = open_for_reading(args)
    if store is None:
        return 1
    with store:
        stats = store.stats()
    for line in _block(stats):
        print(line)
    if stats["by_ai_level"]:
        print("By AI level (the AI seats' levels in each rubber):")
        for level, bucket in stats["by_ai_level"].items():
            print(f"  {level}:")
            for line in _block(bucket, "    "):
                print(line)
    return 0
