"""``whist-table hall``: the whist drive's hub, its status, a headless table, the broker's
files and a simulated drive; and ``play --hall``, the table app at a drive. The drive itself
lives in the top-level ``hall`` package, its screens in device.app.hall.

The drive is imported inside the commands: it needs paho-mqtt (the ``hall`` extra), which a
table that never joins a drive does without, and every other command starts without it."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from device.commands._number import SECONDS_A_DAY, number

if TYPE_CHECKING:
    from collections.abc import Callable

    from device.app.hall.screen import HubWindow
    from engine.actions import Action
    from engine.observation import Observation

HELP = "a whist drive: hall serve (the hub), status, table, broker-config, kiosk-network, simulate"


def _broker_args(p: argparse.ArgumentParser, required: bool = True) -> None:
    p.add_argument("--broker", required=required, metavar="HOST[:PORT]",
                   help="the MQTT broker (port 8883 with TLS, as the credentials file asks; else 1883)")
    p.add_argument("--credentials", metavar="FILE",
                   help="the broker user and password (a file written by hall broker-config)")
    p.add_argument("--drive", required=required, metavar="NAME",
                   help="the drive's name (part of every topic)")


def _common(p: argparse.ArgumentParser) -> None:
    # -v and --config after the hall command too (``hall status --db F -v``), as every command takes them
    p.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help="log debug detail")
    p.add_argument("--config", metavar="PATH", default=argparse.SUPPRESS, help="config file (TOML)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="hall_command", metavar="HALL_COMMAND")
    sub.required = True

    serve = sub.add_parser("serve", help="the hub: registers, starts, counts and ranks a drive")
    _common(serve)
    _broker_args(serve)
    serve.add_argument("--db", required=True, metavar="F", help="the hub's store (SQLite)")
    serve.add_argument("--tables", type=number(int, low=1),
                       default=None, help="tables in the hall (a new drive)")
    serve.add_argument("--rounds", type=number(int, low=1),
                       default=None, help="rounds (default 24 // hands a round)")
    serve.add_argument("--hands", type=number(int, low=1), default=1, help="hands a round, 1-4 (default 1)")
    serve.add_argument("--movement", default="winners_move", help="winners_move, fixed or losers_move")
    serve.add_argument("--trumps", default="rotation", help="rotation, fixed_suit or turn_up")
    serve.add_argument("--score", default="tricks", help="tricks or odd_tricks")
    serve.add_argument("--seed", default=None, help="seed of the drive's deals (default: a random one)")
    serve.add_argument("--players", metavar="FILE",
                       help="names, one a line ('Name = TAG' adds the player's reader tag); whoever "
                       "has not signed in at a table is seated in order (1N 1E 1S 1W 2N ...)")
    serve.add_argument("--start", action="store_true", help="start at once (else on S at the hub's screen)")
    serve.add_argument("--screen", action="store_true", help="show the leaderboard in a window")
    serve.add_argument("--fullscreen", action="store_true", help="the window fills the hall's TV")
    serve.add_argument("--until-finished", action="store_true", help="stop once the last round is in")
    serve.add_argument("--page", type=number(int, low=1, high=65535), metavar="PORT",
                       help="serve the standings on the LAN at http://HUB:PORT/ for the hall's projector "
                       "(the remote extra)")

    status = sub.add_parser("status", help="the round, the leaderboard and the movement from a hub's store")
    _common(status)
    status.add_argument("--db", required=True, metavar="F")
    status.add_argument("--top", type=number(int, low=1),
                        default=None, help="rows of the leaderboard (default all)")

    table = sub.add_parser("table", help="a headless table: AI players play the drive's hands")
    _common(table)
    _broker_args(table)
    table.add_argument("--table", type=number(int, low=1), required=True, help="this table's number")
    table.add_argument("--db", required=True, metavar="F", help="the table's hall journal (SQLite)")
    table.add_argument("--level", default="rules", help="AI level of the four seats (default rules)")
    table.add_argument("--rounds", type=number(int, low=1), default=None, help="stop after this round")
    table.add_argument("--players", metavar="N,E,S,W",
                       help="sign these players in at the seats N, E, S, W before the start (blank: AI)")
    table.add_argument("--pace", type=number(float, low=0.0, high=SECONDS_A_DAY),
                       default=0.0, help="seconds between cards (to watch it)")
    table.add_argument("--wait", type=number(float, low=0.0, high=SECONDS_A_DAY),
                       default=60.0, help="seconds to wait for the drive to start")

    cfg = sub.add_parser("broker-config", help="write mosquitto.conf, its password file and ACL, "
                         "and the credentials files of each drive's hub and of every table")
    _common(cfg)
    cfg.add_argument("--dir", required=True, metavar="D")
    cfg.add_argument("--drive", required=True, action="append", metavar="NAME")
    cfg.add_argument("--tables", required=True, type=number(int, low=1), metavar="N",
                     help="tables in the hall: each of 1 to N gets its own broker user")
    cfg.add_argument("--name", action="append", default=[], metavar="HOST",
                     help="a name or address the tables reach the broker by (e.g. hall-pi.local; default "
                     "this machine's host name and its .local name); the TLS certificate names each")
    cfg.add_argument("--port", type=number(int, low=1, high=65535), default=None,
                     help="the port the tables use (default 8883, TLS)")
    cfg.add_argument("--bind", default="0.0.0.0", help="address to listen on (default all)")
    cfg.add_argument("--plain", action="store_true",
                     help="no TLS: plain MQTT on --port (1883) at --bind (the network sees the passwords)")

    kiosk = sub.add_parser("kiosk-network", help="the kiosk unit's drop-in opening the network to the "
                           "broker of the config's [hall] alone (install.sh writes it; empty: no drive)")
    _common(kiosk)

    sim = sub.add_parser("simulate", help="a whole drive of headless AI tables against a real broker")
    _common(sim)
    sim.add_argument("--tables", type=number(int, low=1), default=30)
    sim.add_argument("--rounds", type=number(int, low=1), default=6)
    sim.add_argument("--hands", type=number(int, low=1), default=4, help="hands a round (default 4)")
    sim.add_argument("--broker", metavar="HOST[:PORT]",
                     help="a running broker (with --broker-dir); default: start mosquitto on a free port")
    sim.add_argument("--broker-dir", metavar="D", help="broker-config's directory (the credentials)")
    sim.add_argument("--drive", default="sim")
    sim.add_argument("--level", default="random", help="AI level at every seat (default random: quickest)")
    sim.add_argument("--seed", default="sim")
    sim.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    sim.add_argument("--plain", action="store_true", help="our own broker without TLS (what TLS costs)")


def run(args: argparse.Namespace) -> int:
    from device.store.errors import StoreError
    from hall.drive import DriveError

    try:
        if args.hall_command == "broker-config":
            return _broker_config(args)
        if args.hall_command == "status":
            return _status(args)
        if args.hall_command == "kiosk-network":
            return _kiosk_network(args)
        if args.hall_command == "serve":
            from hall.run import serve

            return serve(args, _hub_window(args) if args.screen or args.fullscreen else None)
        if args.hall_command == "table":
            from hall.run import run_table

            return run_table(args)
        if args.hall_command == "simulate":
            from hall.simulate import simulate_from_args

            return int(simulate_from_args(args))
    except (DriveError, StoreError) as exc:  # a store the disk failed: full, damaged, read-only
        print(f"whist-table hall {args.hall_command}: {exc}", file=sys.stderr)
        return 2
    return 2


def run_hall_play(args: argparse.Namespace) -> int:
    """``play --hall``: the table app joined to a drive, the hall scene first, then the drive's hands."""
    from device.app.main import app_from_args
    from device.config import load_config
    from device.store.errors import StoreError
    from hall.drive import DriveError
    from hall.link import Broker, Credentials
    from hall.store import TableJournal
    from hall.table import HallTable, table_link

    config = load_config(getattr(args, "config", None), kiosk=bool(getattr(args, "kiosk", False)))
    hall = config.hall
    broker = str(_option(args, "hall", hall.broker) or "")
    drive = str(_option(args, "drive", hall.drive) or "")
    number = int(str(_option(args, "table", hall.table) or 0))
    if not broker or not drive or number < 1:
        print("play --hall: give the broker, --drive and --table (or [hall] broker, drive and table in "
              "the config)", file=sys.stderr)
        return 2
    cred_path = _option(args, "credentials", hall.credentials)
    try:
        credentials = Credentials.read(str(cred_path)) if cred_path else None
        link = table_link(Broker.parse(broker), credentials, drive, number)
    except DriveError as exc:  # another table's file, an unreadable one, a bad address: say which
        print(f"play --hall: {exc}", file=sys.stderr)
        return 2
    db = Path(str(_option(args, "hall_db", hall.db) or config.db_path().with_name("hall.sqlite3")))
    try:
        journal = TableJournal(db)
    except StoreError as exc:
        print(f"play --hall: {exc}", file=sys.stderr)
        return 2
    real = bool(getattr(args, "referee", False)) or hall.referee
    table = HallTable(journal, link, number, _no_chooser, drive=drive, real_cards=real)
    link.start()
    try:
        app = app_from_args(args, kiosk=bool(getattr(args, "kiosk", False)))
        app.go("hall", table=table)
        return app.run()
    finally:
        link.stop()
        journal.close()


def _hub_window(args: argparse.Namespace) -> Callable[[], HubWindow]:
    from device.app.hall.screen import HubWindow

    return lambda: HubWindow(fullscreen=args.fullscreen)


def _option(args: argparse.Namespace, name: str, configured: object) -> object:
    given = getattr(args, name, None)
    return configured if given is None else given


def _no_chooser(observation: Observation, seed: str) -> Action:
    from hall.drive import DriveError

    raise DriveError("the app's own AI plays the seats of a hall table")


def _broker_config(args: argparse.Namespace) -> int:
    from hall.broker import write_broker_config
    from hall.link import PLAIN_PORT, TLS_PORT

    port = args.port or (PLAIN_PORT if args.plain else TLS_PORT)
    # by default the names this Pi answers to: its host name, and the .local one mDNS gives it
    names = args.name or [socket.gethostname(), f"{socket.gethostname()}.local"]
    files = write_broker_config(args.dir, args.drive, args.tables, port=port, bind=args.bind,
                                names=names, plain=args.plain,
                                plain_port=None if port == PLAIN_PORT else PLAIN_PORT)
    print(f"mosquitto -c {files.conf}")
    if args.plain:
        print(f"plain MQTT on port {port}: anyone on the network can read the passwords")
    else:
        print(f"TLS on port {port}, its certificate for {', '.join(names)} (--name for others); "
              f"plain MQTT on loopback port {PLAIN_PORT} only")
    for d in args.drive:
        print(f"drive {d}: the hub's credentials {files.credentials(d, 'hub')}")
        for t in range(1, args.tables + 1):
            print(f"  table {t}: {files.table_credentials(d, t)} (copy to table {t} only; "
                  f"[hall] credentials in its config)")
    return 0


def _kiosk_network(args: argparse.Namespace) -> int:
    from device.config import load_config
    from hall.kiosk import network_dropin

    hall = load_config(getattr(args, "config", None)).hall
    if not hall.broker:
        print("whist-table hall kiosk-network: no [hall] broker in the config: the table keeps no network",
              file=sys.stderr)
        return 0
    print(network_dropin(hall.broker, hall.drive, hall.table), end="")
    return 0


def _status(args: argparse.Namespace) -> int:
    from hall.run import status_text
    from hall.store import HubStore

    if not Path(args.db).exists():
        print(f"whist-table hall status: no hub store at {args.db} (hall serve --db makes it)",
              file=sys.stderr)
        return 1
    store = HubStore(args.db, readonly=True)  # read as it is: a hub may be running, the media read-only
    try:
        print(status_text(store, args.top))
    finally:
        store.close()
    return 0
