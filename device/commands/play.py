"""``whist-table [play]``: open the table (pygame), or a text demo without a display."""

from __future__ import annotations

import argparse
import glob
import os
import sys

from device.commands._number import number

HELP = "open the table: you (South) and the AI partner against two AI opponents"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", metavar="WxH", help="window size (default from the config, 1280x800)")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")
    parser.add_argument("--kiosk", action="store_true",
                        help="fullscreen, no cursor, leave only through the admin menu")
    parser.add_argument("--fallback-headless", action="store_true",
                        help="with no display, run the text demo in the terminal instead (the "
                        "default now: kept for the scripts that pass it)")
    parser.add_argument("--seed", type=number(int), help="seed the shuffles (replayable games)")
    parser.add_argument("--game", metavar="G", help="the game (whist-table games lists them)")
    parser.add_argument("--players", type=number(int, low=1), default=None, metavar="N",
                        help="players at the table, for the games played at several sizes "
                        "(whist-table games lists them)")
    parser.add_argument("--referee", action="store_true",
                        help="real cards: people play a real deck on the card reader and the table "
                        "referees, any game (AI seats' cards scanned into racks); with --hall, the drive's "
                        "hands are played so")
    parser.add_argument("--deals", metavar="FILE.pbn",
                        help="play the deals of a PBN file in order (dealer and trumps from the file "
                        "where given), then shuffled ones")
    parser.add_argument("--duplicate", action="store_true",
                        help="with --deals: a duplicate match against the AI, each deal played from "
                        "both sides, the score the trick difference a deal")
    parser.add_argument("--remote", action="store_true",
                        help="seats from phones: serve the table's page on the LAN (the config's [remote]); "
                        "Menu > Seat from a phone shows a seat's QR code and code")
    from device.rule_option import add_rule_option

    add_rule_option(parser)
    hall = parser.add_argument_group("a whist drive (else the config's [hall] section)")
    hall.add_argument("--hall", metavar="HOST[:PORT]", help="join a whist drive through this MQTT broker")
    hall.add_argument("--drive", metavar="NAME", help="the drive's name")
    hall.add_argument("--table", type=number(int, low=1), metavar="N", help="this table's number in the hall")
    hall.add_argument("--credentials", metavar="FILE",
                      help="this table's broker credentials (the file hall broker-config wrote for it)")
    hall.add_argument("--hall-db", metavar="F", help="the table's hall journal (default beside the store)")


def display_available(env: dict[str, str] | None = None) -> bool:
    """A desktop session, an SDL driver chosen by the user, or a usable KMS card."""
    env = dict(os.environ) if env is None else env
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") or env.get("SDL_VIDEODRIVER"):
        return True
    return any(os.access(card, os.R_OK | os.W_OK) for card in glob.glob("/dev/dri/card*"))


def run(args: argparse.Namespace) -> int:
    if getattr(args, "game", None):
        from device.app.game_choice import has_table, no_table
        from engine.errors import RulesError
        from engine.games import get_game

        try:
            name = get_game(args.game).name
        except RulesError as exc:
            print(f"whist-table: {exc}", file=sys.stderr)
            return 2
        if not has_table(name) and not getattr(args, "referee", False):  # every game is refereed
            print(f"whist-table: {no_table(name)}", file=sys.stderr)
            return 2
    if getattr(args, "deals", None):
        from device.deals import DealFileError, DealSource
        from engine.games import GAMES

        game = (getattr(args, "game", None) or next(iter(GAMES))).strip().lower()
        try:
            args.deal_source = DealSource.open(args.deals, getattr(args, "seed", None), game)
        except DealFileError as exc:
            print(f"whist-table: {exc}", file=sys.stderr)
            return 1
    elif getattr(args, "duplicate", False):
        print("whist-table: --duplicate plays the deals of a file: give --deals FILE.pbn", file=sys.stderr)
        return 2
    if not display_available():  # at once: no pygame, no store, no hall
        from device.app.main import NO_SCREEN_KIOSK, terminal_demo

        if getattr(args, "kiosk", False):
            print(NO_SCREEN_KIOSK, file=sys.stderr)
            return 1
        return terminal_demo(args)
    if getattr(args, "hall", None) or _hall_configured(args):
        from device.commands.hall import run_hall_play

        return run_hall_play(args)
    from device.app.game_choice import no_screen
    from device.app.main import run_play

    beyond = no_screen(args.game.strip().lower(), args.players) if getattr(args, "game", None) else None
    if beyond is not None:
        print(f"whist-table: {beyond}; try whist-table demo --headless", file=sys.stderr)
        return 2
    return run_play(args)


def _hall_configured(args: argparse.Namespace) -> bool:
    """The config names a broker in [hall]: this table plays in a drive."""
    from device.config import load_config

    config = load_config(getattr(args, "config", None), kiosk=bool(getattr(args, "kiosk", False)))
    return bool(config.hall.broker)
