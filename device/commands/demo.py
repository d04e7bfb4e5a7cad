"""``whist-table demo``: the AI plays all four seats (attract mode).

With ``--headless`` the hands are printed to the terminal; otherwise the
pygame attract mode runs (device.app.main.run_demo), falling back to the
terminal when the app cannot be imported.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, TextIO

from device.commands._number import SECONDS_A_DAY, number

HELP = "AI plays all seats (attract mode); --headless prints the hands to the terminal"

TTY_DELAY = 0.4  # seconds between tricks when a person is watching a terminal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headless", action="store_true", help="print to the terminal, no window")
    parser.add_argument("--game", default=None,
                        help="the game (whist-table games lists them; default: the first listed, and the "
                        "window shows the config's [demo] games in turn)")
    parser.add_argument("--players", type=number(int, low=1), default=None, metavar="N", help=players_help())
    parser.add_argument("--hands", type=number(int), default=None,
                        help="hands to play (headless default 8; the window runs until closed)")
    parser.add_argument("--seed", default=None, help="seed for reproducible deals and play")
    parser.add_argument("--delay", type=number(float, low=0.0, high=SECONDS_A_DAY), default=None,
                        help=f"seconds between tricks (default {TTY_DELAY} on a terminal, 0 otherwise)")
    parser.add_argument("--size", default=None, help="window size WxH (window mode)")
    parser.add_argument("--fullscreen", action="store_true", help="fullscreen (window mode)")
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="headless: journal every action to this game store; with --seed, an "
                        "unfinished run of the same seed there is resumed and finished")
    parser.add_argument("--deals", metavar="FILE.pbn", default=None,
                        help="play the deals of a PBN file in order (dealer and trumps from the file "
                        "where given); hand records from other programs are fine")
    parser.add_argument("--duplicate", action="store_true",
                        help="headless, with --deals: a duplicate match, each deal played twice with "
                        "the sides swapped; --level plays for you, --against for the table's AI")
    parser.add_argument("--against", default=None, metavar="LEVEL",
                        help="with --duplicate: the AI level you play against (default medium)")
    parser.add_argument("--level", default=None, metavar="LEVEL",
                        help="headless: AI level of all four seats (random, rules, easy, medium, hard, "
                        "expert; default medium); a fixed amount of thinking, so a seed repeats")
    from device.rule_option import add_rule_option

    add_rule_option(parser)


def players_help() -> str:
    """--players's help: the games played at several table sizes, from the games themselves."""
    from device.config import seat_counts
    from engine.games import GAMES

    sizes = [(name, seat_counts(name)) for name in GAMES]
    several = ", ".join(f"{name} {counts[0]}-{counts[-1]}" for name, counts in sizes if len(counts) > 1)
    return f"players at the table, for the games played by several ({several}; default the game's own)"


def _seed(text: str | None) -> int | str | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def run_headless_from_args(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from device.config import ConfigError, load_config

    try:  # the terminal uses none of it, but a file asked for and broken is said, as play says it
        load_config(getattr(args, "config", None))
    except ConfigError as exc:
        print(f"whist-table demo: the config cannot be used: {'; '.join(exc.problems)}", file=sys.stderr)
        return 2

    from device.headless import run_headless
    from device.machine import size_ai

    size_ai()  # the solver tables sized to the board

    out = out or sys.stdout
    hands = args.hands if args.hands is not None else 8
    if hands < 1:
        print("demo: --hands must be at least 1", file=sys.stderr)
        return 2
    delay = args.delay
    if delay is None:
        delay = TTY_DELAY if out.isatty() else 0.0
    # device.journal: --db journals the run (and resumes it); --level picks the bots.
    from engine.errors import RulesError, WhistError
    from engine.games import get_game
    from engine.settings import rules_with

    try:
        from device.headless import default_game

        name = getattr(args, "game", None) or default_game().name
        game = get_game(name, getattr(args, "players", None))
    except RulesError as exc:
        print(f"demo: {exc}", file=sys.stderr)
        return 2
    try:
        rules = rules_with(game, getattr(args, "rule", []))
    except RulesError as exc:
        print(f"demo: --rule: {exc}", file=sys.stderr)
        return 2
    seed = _seed(args.seed)
    # the matches are not kept: constant memory
    kwargs: dict[str, Any] = {"keep_matches": False, "game": game}
    if getattr(args, "rule", []):
        kwargs["rules"] = rules
    deals_path = getattr(args, "deals", None)
    if getattr(args, "duplicate", False):
        if deals_path is None:
            print("demo: --duplicate plays the deals of a file: give --deals FILE.pbn", file=sys.stderr)
            return 2
        from device.duplicate_cli import run_duplicate

        return run_duplicate(args, game, out)
    if deals_path is not None:
        from device.deals import DealFileError, DealSource

        try:
            source = DealSource.open(deals_path, seed, game.name)
        except DealFileError as exc:
            print(f"whist-table demo: {exc}", file=sys.stderr)
            return 1
        kwargs["deals"] = source
        if args.hands is None:
            hands = len(source.boards)
    store = None
    db, level = getattr(args, "db", None), getattr(args, "level", None)
    if db is not None or level is not None:
        from engine.search.levels import LEVELS

        level = level or "medium"
        if level not in LEVELS:
            print(f"demo: unknown --level {level!r}: choose from {', '.join(LEVELS)}", file=sys.stderr)
            return 2
        from device.driver import TableAI

        # a fixed amount of work (no time budget): the same seed makes the same moves
        # on a resumed run as on an uninterrupted one
        kwargs["player"] = TableAI(level)
    from device.store import StoreError

    try:
        if db is not None:
            from device.journal import demo_run
            from device.store import Store

            store = Store(db)
            if store.recovered_from is not None:
                print(f"Note: the game store {db} was damaged; it was moved to "
                      f"{store.recovered_from} and a fresh one started.", file=out)
            run = demo_run(store, seed, level or "medium", game.name)
            if run.note:
                print(run.note, file=out)
            kwargs.update(run.headless_kwargs())
        run_headless(hands, seed, out=out, delay=max(0.0, delay), **kwargs)
    except BrokenPipeError:
        # Piped into `head` and the reader left: stop quietly, like other tools.
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except StoreError as exc:
        print(f"whist-table demo: {exc}", file=sys.stderr)
        return 1
    except WhistError as exc:  # a board of the deal file the game refused
        if deals_path is None:
            raise
        print(f"whist-table demo: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        if store is None and db is not None:
            print(f"whist-table demo: cannot open the game store {db}: {exc}", file=sys.stderr)
            return 1
        raise
    finally:
        if store is not None:
            store.close()
    return 0


def run(args: argparse.Namespace) -> int:
    if args.headless:
        return run_headless_from_args(args)
    try:
        from device.app.main import run_demo
    except ImportError as exc:
        print(f"demo: the window app is not available ({exc}); playing in the terminal", file=sys.stderr)
        return run_headless_from_args(args)
    return int(run_demo(args) or 0)
