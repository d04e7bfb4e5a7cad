"""Every number option of every subcommand is read here: an argparse ``type=`` that refuses
what is not a finite number in the option's range.

``float("nan")`` and ``float("inf")`` parse, and then misbehave far from the command line (a
time limit of nan makes every move late; inf overflows a wait), so a number is refused at
the parser, with a line saying what is wanted, before any command sees it."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

N = TypeVar("N", int, float)


def number(kind: type[N], *, low: N | None = None, high: N | None = None,
           above: N | None = None) -> Callable[[str], N]:
    """A parser of one ``kind`` of number (int or float): finite, at least ``low``, more than
    ``above``, at most ``high`` (each when given)."""
    wanted = "a whole number" if kind is int else "a number"
    bounds = [f"at least {low:g}" if low is not None else "",
              f"more than {above:g}" if above is not None else "",
              f"at most {high:g}" if high is not None else ""]
    wanted_in = " ".join([wanted, " and ".join(b for b in bounds if b)]).strip()

    def parse(text: str) -> N:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {wanted_in}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number: give {wanted_in}")
        if (low is not None and value < low) or (above is not None and value <= above) or (
                high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{text} is out of range: give {wanted_in}")
        return value

    parse.__name__ = kind.__name__  # argparse names the type by it in its own messages
    return parse


SECONDS_A_DAY = 86_400.0  # the longest wait any option takes: longer overflows the OS's timers

__all__ = ["SECONDS_A_DAY", "number"]
