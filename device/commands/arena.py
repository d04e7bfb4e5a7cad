"""``whist-table arena``: a duplicate match between two players of any game.

Every deal is played twice with the same cards, A North-South and B
East-West, then the other way round. A and B are AI levels or external
programs (``cmd:PROGRAM``, see device.external and docs/observation.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from device.commands._number import SECONDS_A_DAY, number

HELP = "duplicate match between two players (AI levels or cmd:PROGRAM) of any game"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from device.external import TIMEOUT
    from engine.search.levels import DEFAULT_BUDGET, LEVELS

    players = f"an AI level ({', '.join(LEVELS)}) or cmd:PROGRAM (an external program, e.g. " \
              "cmd:\"python tests/bots/random_bot.py\")"
    parser.add_argument("a", help=f"player A: {players}")
    parser.add_argument("b", help="player B: the same choices")
    from device.commands.demo import players_help
    from device.headless import default_game

    parser.add_argument("--game", default=default_game().name,
                        help="the game (whist-table games lists them; default the first)")
    parser.add_argument("--players", type=number(int, low=1), default=None, metavar="N", help=players_help())
    parser.add_argument("--deals", type=number(int), default=100,
                        help="duplicate deals, each played twice (default 100)")
    parser.add_argument("--seed", default="arena",
                        help="seed of the deals and the AI's moves (default arena)")
    parser.add_argument("--budget", type=number(float, low=0.0, high=SECONDS_A_DAY * 1000),
                        default=1000 * DEFAULT_BUDGET, metavar="MS",
                        help=f"AI think time a move in ms (default {1000 * DEFAULT_BUDGET:g}); 0: a fixed "
                        "amount of work, the same moves on any machine")
    parser.add_argument("--samples", type=number(int, low=1),
                        default=None, help="layout cap for the searching levels")
    parser.add_argument("--fallback", default="rules", metavar="LEVEL",
                        help="the AI level that plays a cmd: player's move when it answers badly, late "
                        "or not at all (default rules)")
    parser.add_argument("--timeout", type=number(float, above=0.0, high=SECONDS_A_DAY),
                        default=TIMEOUT, metavar="SECONDS",
                        help=f"a cmd: player's time for one move (default {TIMEOUT:g})")
    parser.add_argument("--progress", type=number(int, low=0), default=50, metavar="K",
                        help="a running line on stderr every K deals (default 50; 0: none)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    from device.rule_option import add_rule_option

    add_rule_option(parser)


def run(args: argparse.Namespace) -> int:
    from device.arena import Arena, entrant_keys, make_entrant, standard_deals
    from engine.errors import RulesError
    from engine.games import get_game
    from engine.settings import rules_with

    if args.deals < 1:
        print("arena: --deals must be at least 1", file=sys.stderr)
        return 2
    if args.budget < 0 or args.timeout <= 0:
        print("arena: --budget must be 0 or more and --timeout more than 0", file=sys.stderr)
        return 2
    budget = args.budget / 1000 or None
    try:
        game = get_game(args.game, args.players)
        try:
            rules = rules_with(game, args.rule)
        except RulesError as exc:
            raise RulesError(f"--rule: {exc}") from None
        game = game.with_rules(rules)  # a setting may make other sides (each alone, three pairs)
        key_a, key_b = entrant_keys(args.a, args.b)
        options = {"fallback": args.fallback, "timeout": args.timeout}
        a = make_entrant(args.a, key_a, budget, args.samples, **options)
        try:
            b = make_entrant(args.b, key_b, budget, args.samples, **options)
        except (RulesError, ValueError):
            a.close()
            raise
    except (RulesError, ValueError) as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    from device.config import load_config
    from device.machine import size_ai

    size_ai(load_config(getattr(args, "config", None)).ai.memory)  # as the table sizes its AI
    start = time.monotonic()
    with Arena(game, a, b, rules) as arena:
        finished = arena.play(standard_deals(game, rules, args.seed, args.deals), args.progress)
    if not arena.margins:
        return 1
    think = "fixed work" if budget is None else f"think budget {args.budget:g} ms"
    summary = arena.summary(args.seed, time.monotonic() - start, f"{think} for the AI levels")
    if args.json:
        print(json.dumps({**summary.to_json(), "rules": rules.to_dict(), "budget_ms": args.budget,
                          "finished": finished}))
    else:
        print("\n".join(summary.lines()))
        if args.rule:
            print(f"  house rules: {rules.summary()}")
    return 0 if finished else 1
