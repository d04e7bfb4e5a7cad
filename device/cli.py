"""``whist-table``: one entry point, one subcommand per module in device.commands."""

from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import sys
from collections.abc import Sequence

import device.commands

DEFAULT_COMMAND = "play"


def _command_modules() -> dict[str, object]:
    mods = {}
    for info in pkgutil.iter_modules(device.commands.__path__):
        if info.name.startswith("_"):
            continue
        mods[info.name] = importlib.import_module(f"device.commands.{info.name}")
    return mods


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="whist-table",
        description="A whist table: deals, referees and scores classic whist; "
        "an AI fills any empty seat.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug detail")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, mod in sorted(_command_modules().items()):
        p = sub.add_parser(name, help=getattr(mod, "HELP", ""), description=getattr(mod, "HELP", ""))
        mod.add_arguments(p)  # type: ignore[attr-defined]
        p.set_defaults(_run=mod.run)  # type: ignore[attr-defined]
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # `whist-table --kiosk` and bare `whist-table` mean the table app.
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help")):
        args_list.insert(0, DEFAULT_COMMAND)
    parser = build_parser()
    args = parser.parse_args(args_list)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(name)s: %(message)s",
    )
    if not hasattr(args, "_run"):
        parser.print_help()
        return 2
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
