"""``whist-table demo``: the AI plays all four seats (attract mode).

With ``--headless`` the hands are printed to the terminal; otherwise the
pygame attract mode runs (device.app.main.run_demo), falling back to the
terminal when the app cannot be imported.
"""

from __future__ import annotations

import argparse
import os
import sys

HELP = "AI plays all seats (attract mode); --headless prints the hands to the terminal"

TTY_DELAY = 0.4  # seconds between tricks when a person is watching a terminal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headless", action="store_true", help="print to the terminal, no window")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands to play (headless default 8; the window runs until closed)")
    parser.add_argument("--seed", default=None, help="seed for reproducible deals and play")
    parser.add_argument("--delay", type=float, default=None,
                        help=f"seconds between tricks (default {TTY_DELAY} on a terminal, 0 otherwise)")
    parser.add_argument("--size", default=None, help="window size WxH (window mode)")
    parser.add_argument("--fullscreen", action="store_true", help="fullscreen (window mode)")


def _seed(text: str | None) -> int | str | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def run_headless_from_args(args: argparse.Namespace, out=None) -> int:
    from device.headless import run_headless

    out = out or sys.stdout
    hands = args.hands if args.hands is not None else 8
    if hands < 1:
        print("demo: --hands must be at least 1", file=sys.stderr)
        return 2
    delay = args.delay
    if delay is None:
        delay = TTY_DELAY if out.isatty() else 0.0
    try:
        run_headless(hands, _seed(args.seed), out=out, delay=max(0.0, delay))
    except BrokenPipeError:
        # Piped into `head` and the reader left: stop quietly, like other tools.
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
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
