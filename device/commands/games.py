"""``whist-table games``: the games this table plays, one a line."""

from __future__ import annotations

import argparse

HELP = "list the games this table plays (the names --game takes)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def lines() -> list[str]:
    from engine.games import GAMES

    width = max(len(name) for name in GAMES)
    return [f"{name:<{width}}  {game.title}: {game.blurb}" for name, game in GAMES.items()]


def run(args: argparse.Namespace) -> int:
    for line in lines():
        print(line)
    return 0
