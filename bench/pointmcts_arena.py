"""Duplicate deals of a game whose package describes its card play (``point_play``:
Hearts, Catch the Ten, classic and German whist ...) between an AI level and the standard ISMCTS
baseline of that play (bench/pointmcts.py, in C), or between two sizes of the
baseline (its own check: against a random player, and against itself with four
times the simulations).

    python bench/pointmcts_arena.py GAME A B [--players N] [--deals D] [--seed S]
                                    [--rule KEY=VALUE ...] [--progress K]

A and B: an AI level (random, rules, easy, medium, hard, expert) or ``ismcts-N``, the
baseline with N simulations a move, played in this process: the standard ISMCTS of the
whole game, its auction (and Solo's trumps) searched over the whole hand by
bench/ismcts_any.py, its cards by the C search; or ``ismcts-N-textbook``, the same card
search with the textbook's auction (a baseline of the card play alone, the cells measured
before the auction was searched). The deals and seats are
``whist-table arena``'s (device.arena): each deal at every seat, A against B. The margin
is A's points a hand over B's in the same seats, positive when A does better (fewer
points where the game's lowest total wins). Two pairs: the points each pair earned by
its play, as the game counts them (``Game.played_points``: Catch the Ten's whole score,
the trump honours and the cards over; classic's tricks over six, honours held being
luck), and the tricks a hand. AI levels play at fixed work (no time budget). The
baseline's processor time a card, and a move of its searched auction, is printed beside.
SIGTERM stops after the deals finished and reports them; the last line is the figures
as JSON.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import pointmcts  # noqa: E402

from device.arena import Arena, Entrant, Figure, Latency, MoveSeed, level_bot, standard_deals  # noqa: E402
from device.rule_option import add_rule_option  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.deal import DealRecord  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.seats import Seat  # noqa: E402
from engine.settings import rules_with  # noqa: E402

PREFIX = "ismcts-"
TEXTBOOK = "-textbook"  # the spec's suffix for the textbook's auction


def baseline(iterations: int, cpu: list[float], auction_cpu: list[float],
             before_play: str = pointmcts.SEARCH) -> Entrant:
    """The baseline as an arena player, its processor time a card appended to ``cpu``, a
    searched move before the play to ``auction_cpu``."""
    name = f"{PREFIX}{iterations}{TEXTBOOK if before_play == pointmcts.TEXTBOOK else ''}"

    def bot(match: Match, seat: Seat, seed: MoveSeed) -> Action:
        obs = match.observe(seat)
        start = time.process_time()
        action = pointmcts.act(obs, iterations, str(seed), before_play=before_play)
        if len(obs.legal) > 1:
            if obs.phase == Phase.PLAY:
                cpu.append(time.process_time() - start)
            elif before_play == pointmcts.SEARCH and obs.phase in pointmcts.SEARCHED:
                auction_cpu.append(time.process_time() - start)
        return action

    return Entrant(name, name, bot)


def entrant(spec: str, cpu: list[float], auction_cpu: list[float]) -> Entrant:
    if spec.startswith(PREFIX):
        size = spec[len(PREFIX):]
        if size.endswith(TEXTBOOK):
            return baseline(int(size[:-len(TEXTBOOK)]), cpu, auction_cpu, pointmcts.TEXTBOOK)
        return baseline(int(size), cpu, auction_cpu)
    return Entrant(spec, spec, level_bot(spec, None))


class PointArena(Arena):
    """device.arena's duplicate deals; two pairs' points a hand (not a deal of two hands)."""

    def play_deal(self, record: DealRecord, seed: MoveSeed) -> tuple[float, float]:
        if not self.game.partnerships:
            return super().play_deal(record, seed)
        first = self.play_table(record, self.a, self.b, seed)
        second = self.play_table(record, self.b, self.a, seed)
        played = self.game.played_points
        points = (played(first, 0) - played(first, 1) + played(second, 1) - played(second, 0)) / 2
        tricks = (first.tricks[0] - first.tricks[1] + second.tricks[1] - second.tricks[0]) / 2
        self.margins.append(tricks)
        self.points.append(points)
        return tricks, points


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", default="st")
    parser.add_argument("--first", type=int, default=0,
                        help="the first deal's number: a run split in parts plays the same deals as one")
    parser.add_argument("--progress", type=int, default=10)
    add_rule_option(parser)
    args = parser.parse_args()
    if args.first < 0:
        parser.error("--first is a deal number from 0")
    game = get_game(args.game, args.players)
    rules = rules_with(game, args.rule)
    game = game.with_rules(rules)
    cpu: dict[str, list[float]] = {args.a: [], args.b: []}
    auction_cpu: dict[str, list[float]] = {args.a: [], args.b: []}
    a, b = (entrant(spec, cpu[spec], auction_cpu[spec]) for spec in (args.a, args.b))
    if args.a == args.b:
        raise SystemExit("A and B are the same player")
    start = time.monotonic()
    arena = PointArena(game, a, b, rules)
    every = standard_deals(game, rules, args.seed, args.first + args.deals)
    deals = itertools.islice(every, args.first, None)
    finished = arena.play(deals, progress=args.progress)
    points = Figure.of(arena.points)
    part = f" from deal {args.first}" if args.first else ""
    stopped = "" if finished else " (stopped)"
    print(f"{args.game}, {game.players} players, seed {args.seed}{part}: "
          f"{len(arena.margins)} duplicate deals, {time.monotonic() - start:.0f} s{stopped}")
    print(f"  {args.a} over {args.b}: {points.text()} points/hand")
    out: dict[str, object] = {"game": args.game, "a": args.a, "b": args.b, "players": game.players,
                              "seed": args.seed, "first": args.first, "deals": len(arena.margins),
                              "finished": finished,
                              "points": arena.points, "tricks": arena.margins,
                              "point_margin": points.to_json(), "rules": rules.to_dict()}
    if game.partnerships:
        tricks = Figure.of(arena.margins)
        print(f"  tricks: {tricks.text()} tricks/hand")
        out["trick_margin"] = tricks.to_json()
    else:
        out["alone_points"] = {k: statistics.fmean(v) if v else None for k, v in arena.alone.items()}
    kinds = (("baseline_cpu_ms", "a card", cpu), ("auction_cpu_ms", "a move of its auction", auction_cpu))
    for key, what, moves in kinds:
        times = {}
        for spec, seconds in moves.items():
            if seconds:
                lat, mean = Latency.of(seconds), 1000 * statistics.fmean(seconds)
                print(f"  {spec} processor time {what}: {lat.text()}, mean {mean:.1f} ms")
                times[spec] = {**lat.to_json(), "mean": round(mean, 3)}
        out[key] = times
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
