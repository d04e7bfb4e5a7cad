"""``whist-table demo --headless --deals F --duplicate``: a duplicate match in the terminal.

Each deal of the file is played at two tables (engine.duplicate): at the first
"you" (an AI level, ``--level``) and your partner hold North-South's cards
against the table's AI (``--against``); at the second the cards are turned a
seat, so the AI holds North-South's. The score of a deal is the trick
difference; the match's is their sum. Every move does a fixed amount of work,
seeded, so a seed repeats the match.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from device.deals import DealFileError, DealSource
from device.driver import AIPlayer, Driver
from device.headless_report import Printer
from device.words import count
from engine import ai
from engine.deal import DealRecord
from engine.duplicate import DuplicateMatch, ReplayMatch
from engine.game import Game, GameRules
from engine.match import Match, move_seed
from engine.seats import SEAT_NAMES, seats_at

DEFAULT_LEVEL = "medium"


def play_table(record: DealRecord, rules: GameRules, game: Game, hand_number: int,
               ns: str, ew: str, seed: str | None) -> tuple[int, int]:
    """One table: ``ns`` and ``ew`` (AI levels) play the deal; its (NS, EW) tricks."""
    match = ReplayMatch(record, rules, game, hand_number)
    players = {s: AIPlayer(ns if s.side == 0 else ew) for s in seats_at(game.players)}

    def seeds(m: Match) -> str | None:  # (the table's seed, its one deal, the action)
        deal = m.current
        assert deal is not None
        return move_seed(seed, 0, len(deal.actions))

    return Driver(match, players, seeds=seeds).play_out().tricks_taken()


def run_duplicate(args: argparse.Namespace, game: Game, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    you = getattr(args, "level", None) or DEFAULT_LEVEL
    against = getattr(args, "against", None) or DEFAULT_LEVEL
    for level in (you, against):
        if level not in ai.LEVELS:
            print(f"demo: unknown level {level!r}: choose from {', '.join(ai.LEVELS)}", file=sys.stderr)
            return 2
    if not game.partnerships:
        print(f"demo: a duplicate match needs two partnerships; in {game.title} everyone plays alone",
              file=sys.stderr)
        return 2
    seed = args.seed
    try:
        source = DealSource.open(args.deals, seed, game.name)
        from engine.settings import rules_with

        rules = rules_with(game, getattr(args, "rule", []))
        records = source.records(rules)
    except DealFileError as exc:
        print(f"whist-table demo: {exc}", file=sys.stderr)
        return 1
    if args.hands is not None:
        records = records[:max(0, args.hands)]
    p = Printer(out)
    p.say(f"Duplicate match ({game.title}): {count(len(records), 'deal')} from {source.name}, each "
          f"played twice; you: AI ({you}), against AI ({against}).")
    dup = DuplicateMatch(tuple(records))
    while not dup.is_over:
        i = dup.board
        record = dup.records[i]
        trump = "no trumps" if record.trump == 4 else f"trumps {p.suit(record.trump)}"
        turned = f" (turned {p.card(record.trump_card)})" if record.trump_card is not None else ""
        p.say()
        p.say(f"--- Deal {i + 1}: {SEAT_NAMES[record.dealer]} deals, {trump}{turned} ---")
        # the duplicate turns the cards a seat between its tables: its words are the compass's
        for line in p.hands(record.hands(), SEAT_NAMES.__getitem__):
            p.say(line)
        table_seed = None if seed is None else f"{seed}:dup{i}"
        first = play_table(dup.table_record(), rules, game, i, you, against, table_seed)
        dup.table_played(first)
        second = play_table(dup.table_record(), rules, game, i, you, against,
                            None if table_seed is None else table_seed + ":2")
        result = dup.table_played(second)
        assert result is not None and result.theirs is not None and result.difference is not None
        p.say(f"  Table 1, you North-South: your side {first[0]} tricks, the AI {first[1]}")
        p.say(f"  Table 2, cards turned a seat (you hold East's): the AI {result.theirs} tricks with "
              f"North-South's cards, your side {13 - result.theirs} with East-West's")
        p.say(f"  Difference {result.difference:+d} (you {result.yours}, the AI {result.theirs} with "
              f"the same cards); match {dup.total:+d}")
    p.say()
    per = dup.total / len(dup.results) if dup.results else 0.0
    p.say(f"Duplicate match over: {count(len(dup.results), 'deal')}, you {dup.total:+d} tricks "
          f"({per:+.2f} a deal).")
    return 0


__all__ = ["play_table", "run_duplicate"]
