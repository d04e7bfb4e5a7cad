"""How hard's (or expert's) search decides its cards: where the book's prior acts, and how
sharp the layouts' weights are.

    python bench/search_stats.py LEVEL B --deals N [--seed S]

Plays the arena's deals as bench/dd_errors.py does (LEVEL, ``hard`` or
``expert`` at fixed work, North-South and then East-West against B) and for
each of LEVEL's moves with a choice counts, by the card's place in the trick
and the stage of the hand: the moves decided from fewer layouts than the
search asks for (``pimc.Search.min_samples``: the node allowance ran out),
and of those the moves where the book's prior kept the book's card against
the search's best. Before each such move it also draws the layouts the
search picks from (``pimc.Search.resample`` uniform ones, weighted by how
well they explain the play) and reports their effective number,
(sum of weights)^2 / sum of squares: near the draw count the play says
little, near 1 one layout of the draw carries all the weight.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arena  # noqa: E402
from dd_errors import PLACES, STAGES, stage_of  # noqa: E402

from engine.deal import Deal  # noqa: E402
from engine.search import levels, pimc  # noqa: E402
from engine.search.sampling import Sampler  # noqa: E402
from engine.search.view import View, view_of  # noqa: E402
from engine.seats import Seat  # noqa: E402

SEARCHES: dict[str, Callable[[float | None, int | None], pimc.Search]] = {
    "hard": levels.hard_search, "expert": levels.expert_search}


def effective_draws(view: View, cfg: pimc.Search, rng: random.Random) -> float:
    """The effective number of the ``cfg.resample`` uniform layouts a solved layout is picked from."""
    assert cfg.weight is not None
    drawn = Sampler.for_view(view).sample_many(rng, cfg.resample)
    weights = [cfg.weight(view, hands) for hands in drawn]
    total = sum(weights)
    return total * total / sum(w * w for w in weights) if total > 0 else 0.0


class Recorder:
    """LEVEL as a bot of the deal, playing the level's own card and counting how it was found."""

    def __init__(self, level: str) -> None:
        self.search = SEARCHES[level]
        # (stage, place) -> [moves, fewer layouts than asked, the prior kept the book's card]
        self.moves: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
        self.draws: dict[int, list[float]] = defaultdict(list)  # cards in hand -> effective draws

    def __call__(self, deal: Deal, seat: Seat, seed: int) -> str:
        obs = deal.observation(seat)
        view = view_of(obs)
        cfg = self.search(None, None)
        res = pimc.search(view, levels.seed_for(obs, seed), cfg)
        if res.forced:
            return str(res.card)
        tally = self.moves[(stage_of(len(view.hand)), len(view.current.cards))]
        tally[0] += 1
        if 0 < res.samples < cfg.min_samples:
            tally[1] += 1
            _, reps, ranks = pimc.candidates(view)
            best = reps[pimc.best_of([res.values[r] for r in reps], [ranks[r] for r in reps])]
            tally[2] += best != res.card
        self.draws[len(view.hand)].append(effective_draws(view, cfg, levels.seed_for(obs, f"draws {seed}")))
        return str(res.card)


def main(argv: list[str] | None = None) -> int:
    args, bots = arena.two_players(__doc__, argv)
    if args.a not in SEARCHES:
        raise SystemExit(f"LEVEL is one of {', '.join(SEARCHES)}: the searches that weigh the play")
    if args.a == args.b:
        raise SystemExit("give two different players: the moves are counted by name")
    rec = Recorder(args.a)
    bots[args.a] = rec
    for record, seed in arena.bench_deals(args.seed, args.deals):
        for who in ((args.a, args.b), (args.b, args.a)):
            for _ in arena.play_out(Deal(record), who, bots, seed):
                pass
        print(f"  ... deal {seed + 1} of {args.deals}", file=sys.stderr, flush=True)
    cfg = SEARCHES[args.a](None, None)
    print(f"{args.a} against {args.b}: {args.deals} deals, seed {args.seed!r}, each played twice")
    print(f"{args.a}'s moves with a choice: all / decided from fewer than {cfg.min_samples} layouts / "
          "of those, the book's card kept by the prior against the search's")
    print(f"  {'cards in hand':>13} " + " ".join(f"{p:>14}" for p in PLACES))
    for i, (lo, hi) in enumerate(STAGES):
        cells = [" / ".join(str(x) for x in rec.moves[(i, place)]) for place in range(4)]
        print(f"  {f'{hi}-{lo}':>13} " + " ".join(f"{c:>14}" for c in cells))
    print(f"effective number of the {cfg.resample} layouts drawn for each one solved (1: one carries "
          f"all the weight; {cfg.resample}: the play says nothing), by cards in hand:")
    print(f"  {'cards in hand':>13} {'moves':>6} {'median':>7} {'tenth pct':>9} {'mean':>6}")
    for cards in sorted(rec.draws, reverse=True):
        v = sorted(rec.draws[cards])
        print(f"  {cards:>13} {len(v):>6} {statistics.median(v):7.2f} {v[len(v) // 10]:9.2f} "
              f"{statistics.fmean(v):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
