"""``whist-table``: one entry point, one subcommand per module in device.commands."""

from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import signal
import sys
import threading
from collections.abc import Sequence

import device.commands

DEFAULT_COMMAND = "play"


def _command_modules() -> dict[str, object]:
    mods: dict[str, object] = {}
    for info in pkgutil.iter_modules(device.commands.__path__):
        if info.name.startswith("_"):
            continue
        mods[info.name] = importlib.import_module(f"device.commands.{info.name}")
    return mods


def _add_common(parser: argparse.ArgumentParser, default: object) -> None:
    """-v and --config, taken before the command or after it (``-v stats``, ``stats -v``).

    A subcommand's copy defaults to SUPPRESS so it never overwrites the value
    given before the command.
    """
    parser.add_argument("-v", "--verbose", action="store_true", default=default,
                        help="log debug detail")
    parser.add_argument("--config", metavar="PATH", default=default,
                        help="config file (TOML); default: the user's, else the kiosk's "
                        "(/etc/whist-table/config.toml)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="whist-table",
        description="A whist table: deals, referees and scores the games of the whist family; "
        "an AI fills any empty seat.",
    )
    _add_common(parser, None)
    parser.set_defaults(verbose=False)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, mod in sorted(_command_modules().items()):
        p = sub.add_parser(name, help=getattr(mod, "HELP", ""), description=getattr(mod, "HELP", ""))
        _add_common(p, argparse.SUPPRESS)
        mod.add_arguments(p)  # type: ignore[attr-defined]
        p.set_defaults(_run=mod.run)  # type: ignore[attr-defined]
    return parser


def with_command(argv: Sequence[str]) -> list[str]:
    """``argv`` with the default command put in where none is named.

    `whist-table`, `whist-table --kiosk` and `whist-table -v --kiosk` mean the
    table app; the common options may come first (`whist-table -v stats`).
    """
    args = list(argv)
    i = 0
    while i < len(args):
        if args[i] in ("-v", "--verbose") or args[i].startswith("--config="):
            i += 1
        elif args[i] == "--config":
            i += 2
        else:
            break
    if i >= len(args) or (args[i].startswith("-") and args[i] not in ("-h", "--help")):
        args.insert(min(i, len(args)), DEFAULT_COMMAND)
    return args


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    return build_parser().parse_args(with_command(argv))


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(with_command(sys.argv[1:] if argv is None else argv))
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(name)s: %(message)s",
    )
    if not hasattr(args, "_run"):
        parser.print_help()
        return 2
    # systemd and `timeout` stop a program with SIGTERM: end as on Ctrl-C, so a
    # command says its summary and the reader thread is stopped, not cut off.
    # (The table app sets its own handler while it runs.)
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
