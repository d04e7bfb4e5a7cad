"""``whist-table analyse``: double-dummy value of every card, or the DDS-style table."""

from __future__ import annotations

import argparse
import sys

from engine.pbn import parse_hands
from engine.seats import SEAT_NAMES, Seat

HELP = "double-dummy analysis of a deal: every card's value, or the 5x4 trick table"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deal", required=True,
                        help='cards still held, PBN: "N:AKQ.J98.7654.32 <east> <south> <west>"')
    parser.add_argument("--trump", default="N", help="S, H, D, C or N (no trump); default N")
    parser.add_argument("--leader", default="N", help="seat that led the current trick: N E S W")
    parser.add_argument("--trick", default="",
                        help="cards already played to the current trick, in order: SA,S2")
    parser.add_argument("--table", action="store_true",
                        help="print tricks for the declarer, strain by declarer (all 52 cards)")


def _print_moves(args: argparse.Namespace) -> None:
    from engine.solver import solve_moves  # loads the C solver: only the command that solves

    trick = [c for c in args.trick.replace(",", " ").split() if c]
    values = solve_moves(args.deal, args.trump, args.leader, trick)
    mover = Seat.parse(args.leader).offset(len(trick))
    side = "North-South" if mover.side == 0 else "East-West"
    print(f"{SEAT_NAMES[mover]} to play; tricks for {side} from here "
          f"(current trick included), best play all round:")
    for card, tricks in values.items():
        print(f"  {card}  {tricks}")


def _print_table(args: argparse.Namespace) -> None:
    from engine.solver import dd_table  # loads the C solver: only the command that solves

    parse_hands(args.deal, complete=True)
    table = dd_table(args.deal)
    print("tricks for the declarer (opening lead by declarer's left-hand opponent)")
    print("        N   E   S   W")
    for strain, row in table.items():
        name = "NT" if strain == "N" else strain
        print(f"  {name:<4}" + "".join(f"{row[s]:>4}" for s in "NESW"))


def run(args: argparse.Namespace) -> int:
    try:
        if args.table:
            _print_table(args)
        else:
            _print_moves(args)
    except ValueError as exc:
        print(f"whist-table analyse: {exc}", file=sys.stderr)
        return 2
    return 0
