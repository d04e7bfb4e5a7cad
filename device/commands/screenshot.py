"""``whist-table screenshot``: render one scene of the app to a PNG, no display needed."""

from __future__ import annotations

import argparse
import sys

from device.commands._number import SECONDS_A_DAY, number

HELP = "render a scene of the table app to a PNG (no display needed)"

SCENES = ("menu", "phone", "table", "summary", "scoresheet", "stats", "rules", "settings", "review", "recall",
          "recall-deal", "enrol", "referee", "quit", "celebration", "scorepad", "referee-readers",
          "referee-rack", "referee-taken", "referee-unplugged", "duplicate", "games",
          # real cards for any game: a hand in play, the bids, a kitty
          "referee-hand", "referee-bids", "referee-kitty",
          # the whist drive: the hub's TV, a table between rounds and before one (device.app.hall.screen)
          "hall-hub", "hall-table", "hall-table-start", "hall-signin",
          # ... and the drive's app scenes (device.app.hall_shots): four at one screen, the sign-in keyboard
          "hall-seats", "hall-seats-covered", "hall-keyboard", "hall-signin-seats",
          "hall-referee")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scene", required=True, choices=SCENES)
    parser.add_argument("--size", default="800x480", metavar="WxH", help="default 800x480")
    parser.add_argument("--out", required=True, metavar="F.png")
    parser.add_argument("--seed", type=number(int), default=1, help="seed of the deal shown (default 1)")
    parser.add_argument("--game", help="the game shown (whist-table games lists them; default the first)")
    parser.add_argument("--players", type=number(int, low=1), default=None, metavar="N",
                        help="players at the table, for the games played at several sizes "
                        "(whist-table games lists them)")
    parser.add_argument("--remote", action="store_true",
                        help="seats from phones on (the menu then offers Seat from a phone; the phone scene "
                        "always has them)")
    parser.add_argument("--rotation", type=number(int), default=0, choices=(0, 90, 180, 270))
    parser.add_argument("--four-colour", action="store_true", help="draw a four-colour deck")
    parser.add_argument("--hands", type=number(int, low=0), metavar="N",
                        help="hands played before the shot (2: South deals the hand on the table)")
    parser.add_argument("--tricks", type=number(int, low=0), metavar="N",
                        help="table: shown at South's turn once N tricks are played (0: the first trick); "
                             "review: shown at trick N")
    parser.add_argument("--step", choices=("auction", "declare", "exchange"),
                        help="table: shown at your turn in this step before the play (a game with that step)")
    parser.add_argument("--last-trick", action="store_true", help="table: the last trick shown over it")
    parser.add_argument("--honours", choices=("on", "off"), help="the house counts honours or not")
    parser.add_argument("--rubber-points", choices=("on", "off"),
                        help="the house counts rubber points or not")
    parser.add_argument("--from", dest="back", choices=("summary",),
                        help="scoresheet: opened from the end-of-hand summary")
    parser.add_argument("--moment", choices=("rubber", "game"), default="rubber",
                        help="celebration, scorepad: hands played until the rubber is won (default) "
                             "or the first game")
    parser.add_argument("--at", type=number(float, low=0.0, high=SECONDS_A_DAY), metavar="S",
                        help="celebration: its animation S seconds in (default: the end)")


def run(args: argparse.Namespace) -> int:
    from device.app.main import parse_size, screenshot

    if args.scene.startswith("hall-"):
        from device.app.hall_shots import screenshot as hall_screenshot

        size = parse_size(args.size)
        assert size is not None
        print(hall_screenshot(args.scene, size, args.out, seed=args.seed))
        return 0

    honours = None if args.honours is None else args.honours == "on"
    rubber_points = None if args.rubber_points is None else args.rubber_points == "on"
    size = parse_size(args.size)
    assert size is not None  # the flag has a default
    from device.app.game_choice import has_table, no_screen, no_table
    from engine.errors import RulesError
    from engine.games import GAMES, get_game

    try:
        game = get_game(args.game).name if args.game else next(iter(GAMES))
    except RulesError as exc:
        print(f"whist-table screenshot: {exc}", file=sys.stderr)
        return 2
    refereed = args.scene.startswith("referee")  # real cards need no table: every game is refereed
    if not has_table(game) and not refereed:
        print(f"whist-table screenshot: {no_table(game)}", file=sys.stderr)
        return 2
    beyond = no_screen(game, args.players)
    if beyond is not None:
        print(f"whist-table screenshot: {beyond}", file=sys.stderr)
        return 2
    try:
        out = screenshot(args.scene, size, args.out, seed=args.seed, rotation=args.rotation,
                         four_colour=args.four_colour, hands=args.hands, tricks=args.tricks,
                         last_trick=args.last_trick, honours=honours, rubber_points=rubber_points,
                         back=args.back, game=args.game, moment=args.moment, at=args.at,
                         players=args.players, step=args.step, remote=args.remote)
    except (ValueError, RulesError) as exc:  # a moment the game never reaches, a table size it refuses
        print(f"whist-table screenshot: {exc}", file=sys.stderr)
        return 2
    print(out)
    return 0
