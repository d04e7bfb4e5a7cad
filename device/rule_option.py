"""``--rule KEY=VALUE``: a house setting of the game for one run (demo, arena, play,
bench/move_cpu.py), read and checked by engine.settings against the game's rules."""

from __future__ import annotations

import argparse


def add_rule_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a house setting of the game other than its default, repeatable "
                        "(e.g. --rule target=7 --rule honours=true); a wrong key or value lists the "
                        "allowed ones, and the Rules screen and the config's [rules.<game>] name them")
