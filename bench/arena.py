"""Duplicate matches of classic whist between two AI players, with the bench's own bots.

    python bench/arena.py A B --deals N [--seed S] [--budget SECONDS]

Each deal is played twice with the same cards: A sits North-South and B
East-West, then the other way round. A's trick margin on a deal is A's
tricks at both tables minus 13 (so the luck of the cards cancels out); its
point margin is A's points minus B's points over the two tables (7+ tricks
score one point per trick over six). Prints the means with their standard
errors and every bot's move latency over every move it made.

The match is ``whist-table arena``'s (device.arena, which plays any game);
this script keeps the deals the bench has always measured (seeds
``S-0``, ``S-1``, ...; every move of deal i seeded with i) and adds the bots
below that only the bench has. A or B may also be ``cmd:PROGRAM``.

Bots: random, rules, easy, medium, hard, expert (the table's AI levels),
pimc-dds (PIMC, 20 samples solved by DDS: the classic approach), peek
(hard's fixed-work search, but it also sees its partner's hand: what
knowing partner's cards is worth), dd (a cheat that sees all four
hands: the ceiling) and tips (the sources' tips read literally, remembering
no cards: the table's textbook player with engine.search.rules.forget).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from device.arena import Arena, Entrant, entrant_keys, make_entrant  # noqa: E402
from device.machine import size_ai  # noqa: E402
from engine import ai  # noqa: E402
from engine.actions import Action, Play  # noqa: E402
from engine.cards import Card, parse_card  # noqa: E402
from engine.deal import Deal, DealRecord  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.search import levels, pimc, rules  # noqa: E402
from engine.search.view import mask_of, view_of  # noqa: E402
from engine.seats import SEATS, Seat  # noqa: E402
from engine.solver import default_solver  # noqa: E402

CardBot = Callable[[Deal, Seat, int], str]
BOTS = ("random", "rules", "easy", "medium", "hard", "expert", "pimc-dds", "peek", "dd", "tips")
BENCH_ONLY = BOTS[len(ai.LEVELS):]


def card_bot(name: str) -> CardBot:
    """A bench-only bot: it reads the deal itself (peek and dd see hidden hands)."""
    if name == "pimc-dds":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import pimc_dds

        def dds_bot(deal: Deal, seat: Seat, seed: int) -> str:
            return pimc_dds.choose_card(deal.observation(seat), seed)
        return dds_bot
    if name == "peek":
        def peek_bot(deal: Deal, seat: Seat, seed: int) -> str:
            obs = deal.observation(seat)
            view = view_of(obs)
            known = list(view.known)
            known[seat.partner] |= mask_of(deal.hand(seat.partner) or ())
            view = replace(view, known=(known[0], known[1], known[2], known[3]))
            return str(pimc.search(view, levels.seed_for(obs, seed), levels.hard_search(None)).card)
        return peek_bot
    if name == "dd":
        solve = default_solver()

        def dd_bot(deal: Deal, seat: Seat, seed: int) -> str:
            hands = tuple(mask_of(deal.hand(s) or ()) for s in SEATS)
            trick = tuple(int(c) for c in deal.current.cards)
            vals = solve.solve_moves_masks(hands, deal.trump, int(deal.current.leader), trick)
            assert vals is not None  # no limit given
            best = max(vals.values())
            prefs = rules.rank_preferences(view_of(deal.observation(seat)))
            return str(next(c for c in prefs if vals[int(c)] == best))
        return dd_bot
    if name == "tips":
        def tips_bot(deal: Deal, seat: Seat, seed: int) -> str:
            return str(rules.choose(rules.forget(view_of(deal.observation(seat)))))
        return tips_bot
    raise SystemExit(f"unknown bot {name!r}: choose from {', '.join(BOTS)} or cmd:PROGRAM")


def level_card_bot(name: str, budget: float | None, samples: int | None,
                   searcher: pimc.Searcher | None = None) -> CardBot:
    """The table's level ``name`` as a bot of the deal, seeded as the table seeds it."""
    def level_bot(deal: Deal, seat: Seat, seed: int) -> str:
        obs = deal.observation(seat)
        return str(levels.play(view_of(obs), name, levels.seed_for(obs, seed), budget, samples, searcher))
    return level_bot


def named_bot(name: str) -> CardBot:
    """A table level (fixed work) or a bench-only bot, by name."""
    if name in BENCH_ONLY:
        return card_bot(name)
    if name not in ai.LEVELS:
        raise SystemExit(f"unknown bot {name!r}: choose from {', '.join(BOTS)}")
    return level_card_bot(name, None, None)


def two_players(doc: str, argv: list[str] | None) -> tuple[argparse.Namespace, dict[str, CardBot]]:
    """The command line of a tool that plays the bench's deals between A and B (``--deals``,
    ``--seed``): its arguments and the two players by name."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    p.add_argument("a", help=f"player A ({', '.join(BOTS)})")
    p.add_argument("b", help="player B")
    p.add_argument("--deals", type=int, default=30, help="deals, each played twice")
    p.add_argument("--seed", default="arena", help="seed for the deals and the players")
    args = p.parse_args(argv)
    return args, {args.a: named_bot(args.a), args.b: named_bot(args.b)}


def play_out(deal: Deal, who: tuple[str, str], bots: dict[str, CardBot], seed: int
             ) -> Iterator[tuple[Seat, str, Card]]:
    """Play ``deal`` to its end, ``who[0]`` North-South and ``who[1]`` East-West: each seat,
    its player's name and the card it chose, yielded before the card is played."""
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        name = who[int(seat) % 2]
        card = parse_card(bots[name](deal, seat, seed))
        yield seat, name, card
        deal.apply(Play(seat, card))


def make_bot(name: str, key: str, budget: float | None, samples: int | None,
             searcher: pimc.Searcher | None = None) -> Entrant:
    if searcher is not None and name in ai.LEVELS:
        bot = level_card_bot(name, budget, samples, searcher)
    elif name not in BENCH_ONLY:
        try:
            return make_entrant(name, key, budget, samples)
        except ValueError:
            raise SystemExit(f"unknown bot {name!r}: choose from {', '.join(BOTS)} or cmd:PROGRAM") from None
    else:
        bot = card_bot(name)

    def play(match: Match, seat: Seat, seed: int | str) -> Action:
        deal = match.current
        assert deal is not None
        return Play(seat, parse_card(bot(deal, seat, int(seed))))
    return Entrant(name, key, play)


def bench_deals(seed: str, count: int) -> list[tuple[DealRecord, int]]:
    """The bench's deals: seeds S-0, S-1, ..., the dealer moving round; deal i's moves seeded i."""
    return [(DealRecord.deal(SEATS[i % 4], seed=f"{seed}-{i}"), i) for i in range(count)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("a", help=f"bot A ({', '.join(BOTS)}, or cmd:PROGRAM)")
    p.add_argument("b", help="bot B")
    p.add_argument("--deals", type=int, default=100, help="duplicate deals (each played twice)")
    p.add_argument("--seed", default="arena", help="seed for the deals and the bots")
    p.add_argument("--budget", type=float, default=None,
                   help="think time per move in seconds for the table's levels (default: theirs; "
                        "0: no clock, a fixed number of samples, see --samples)")
    p.add_argument("--samples", type=int, default=None, help="sample cap for the PIMC levels")
    p.add_argument("--solver", choices=("engine", "dds"), default="engine",
                   help="double-dummy solver behind the table's levels: ours (default) or DDS, "
                        "to separate the AI's play from the solver's speed")
    p.add_argument("--memory", type=int, default=0, metavar="MB",
                   help="megabytes for the solver tables, as [ai] memory (0: sized from this machine)")
    p.add_argument("--progress", type=int, default=50, help="print a running line every N deals")
    args = p.parse_args(argv)
    from engine.search.levels import DEFAULT_BUDGET

    budget = args.budget if args.budget is not None else DEFAULT_BUDGET
    think = budget or None
    searcher = None
    if args.solver == "dds":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import pimc_dds

        searcher = pimc_dds.SEARCHER
    key_a, key_b = entrant_keys(args.a, args.b)
    bot_a = make_bot(args.a, key_a, think, args.samples, searcher)
    bot_b = make_bot(args.b, key_b, think, args.samples, searcher)
    size_ai(args.memory)  # as the table sizes its AI to the board (or to [ai] memory)
    ai.warm_up()  # as the table does when its AI worker starts: no move pays for the set-up
    start = time.monotonic()
    with Arena(get_game("classic"), bot_a, bot_b) as arena:
        arena.play(bench_deals(args.seed, args.deals), args.progress)
    if not arena.margins:
        return 1
    solver = "DDS through endplay" if args.solver == "dds" else "engine.solver"
    note = f"think budget {budget * 1000:.0f} ms for the table's levels, solver: {solver}"
    print("\n".join(arena.summary(args.seed, time.monotonic() - start, note).lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
