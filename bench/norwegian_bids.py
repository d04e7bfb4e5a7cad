"""Norwegian whist's valued auction remade from deals: every number of
engine/games/norwegian/auction.py.

    python bench/norwegian_bids.py deals --deals 4000 --seed bids --out /tmp/bids.jsonl [--progress 200]
    python bench/norwegian_bids.py probe --hands 2000 [--first 0] --out /tmp/probe.jsonl [--progress 100]
    python bench/norwegian_bids.py fit /tmp/bids.jsonl [--probe /tmp/probe.jsonl]

``deals``: for each deal and each seat as the one bidding, its side's
double-dummy tricks at no trumps with the bidder's left leading (a grand), and
its tricks in a nullo bid by that seat when every seat ducks as the textbook
does (the bidder's right leading; the dealer's nullo is also the hand where all
passed). One JSON line a seat.

``probe``: the standard ISMCTS of the whole game (bench/pointmcts.py's
searched auction, 1,000 simulations) asked to call hands at each place in the
auction (hand i of seed ``probe`` with i mod 4 passes before it), one JSON line
a hand: its call and the hand's values by the fitted models.

``fit``: the two trick models by least squares on the first half of the deals;
then the shifts by coordinate search, for the most points a hand on average
against five textbook auctions (grand from 13 or 16 high-card points, nullo up
to 6 or 9; and the game's own textbook: grand from 15, else pass; with
``--probe``, also the standard ISMCTS as its calls there show it: the same
rule as ours with the shifts that agree with most of them). Each auction
of a deal is settled by the two sides' rules and scored on the figures above,
in duplicate (each side's rule at both pairs of seats). It prints the
constants, then on the other half of the deals each margin, points a hand ±
SE. These margins score the calls on double-dummy grands and textbook nullos:
the arena (bench/pointmcts_arena.py norwegian) measures them in play.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine.actions import Bid, Pass  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.games.norwegian import GAME, grand_points, nullo_points  # noqa: E402
from engine.games.norwegian.ai import choose  # noqa: E402
from engine.games.norwegian.auction import (  # noqa: E402
    Model,
    Shifts,
    Values,
    decide,
    features,
    values,
)
from engine.order import NO_TRUMP  # noqa: E402
from engine.phase import Phase  # noqa: E402
from engine.record import DealRecord  # noqa: E402
from engine.search.hands import high_card_points  # noqa: E402
from engine.seats import Seat, around  # noqa: E402
from engine.solver import default_solver  # noqa: E402

RULES = GAME.default_rules()


@dataclass(frozen=True)
class Row:
    deal: int
    dealer: int
    seat: int
    hand: tuple[Card, ...]
    grand: int  # the seat's side's double-dummy tricks in its grand
    nullo: int  # the side's tricks in its nullo, ducked by the textbook


def make_deals(count: int, seed: str, out: Path, progress: int) -> None:
    solver = default_solver()
    start = time.monotonic()
    with out.open("w") as f:
        for i in range(count):
            record = DealRecord.deal(Seat(i % 4), seed=f"{seed}-{i}", trump=NO_TRUMP)
            hands = record.hands()
            masks = [sum(1 << int(c) for c in h or ()) for h in hands]
            for s in range(4):
                bidder = Seat(s)
                led = solver.solve_moves_masks(masks, NO_TRUMP, int(around(bidder, 1, 4)))
                hand = sorted(int(c) for c in hands[s] or ())
                f.write(json.dumps({"deal": i, "dealer": i % 4, "seat": s, "hand": hand,
                                    "grand": 13 - max(led.values()), "nullo": _nullo(record, bidder)}) + "\n")
            if progress and (i + 1) % progress == 0:
                print(f"{i + 1}/{count} deals, {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)


def _nullo(record: DealRecord, bidder: Seat) -> int:
    deal = Deal(record, RULES, GAME)
    while deal.phase == Phase.AUCTION:
        turn = deal.turn
        assert turn is not None
        deal.apply(Bid(turn, call="nullo") if turn == bidder else Pass(turn))
    while not deal.is_over:
        turn = deal.turn
        assert turn is not None
        deal.apply(choose(deal.observe(turn), "rules", 0, None, None))
    return deal.tricks_taken()[bidder.side]


def read(path: Path) -> list[Row]:
    rows = []
    for line in path.read_text().splitlines():
        d = json.loads(line)
        hand = tuple(Card(c) for c in d["hand"])
        rows.append(Row(d["deal"], d["dealer"], d["seat"], hand, d["grand"], d["nullo"]))
    return rows


def fit_model(rows: Sequence[Row], tricks: Callable[[Row], int]) -> Model:
    x = np.array([features(r.hand) for r in rows], float)
    y = np.array([tricks(r) for r in rows], float)
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)
    spread = float(np.std(y - x @ weights))
    return Model(tuple(round(float(w), 4) for w in weights), round(spread, 3))


Rule = Callable[[int, int], str | None]  # (row index, passes before) -> call


class Table:
    """The deals as rows by seat, each auction settled and scored on the rows' figures."""

    def __init__(self, rows: Sequence[Row]) -> None:
        self.rows = rows
        by_deal: dict[int, dict[int, int]] = {}
        for i, r in enumerate(rows):
            by_deal.setdefault(r.deal, {})[r.seat] = i
        self.deals = [d for d in by_deal.values() if len(d) == 4]

    def margin(self, deal: dict[int, int], rule_of: Callable[[int], Rule]) -> int:
        """North-South's points less East-West's once the seats' rules have settled the call."""
        dealer = self.rows[deal[0]].dealer
        said: str | None = None
        seat = dealer
        for passes in range(4):
            seat = (dealer + 1 + passes) % 4
            said = rule_of(seat)(deal[seat], passes)
            if said is not None:
                break
        row = self.rows[deal[seat]]
        if said == "grand":
            v = grand_points(row.grand, RULES)
        else:  # a nullo said, or all passed: the dealer's nullo
            v = nullo_points(row.nullo, RULES)
        return v if seat % 2 == 0 else -v

    def margins(self, a: Rule, b: Rule, deals: Sequence[dict[int, int]]) -> list[float]:
        out = []
        for d in deals:
            one = self.margin(d, lambda s: a if s % 2 == 0 else b)
            two = self.margin(d, lambda s: b if s % 2 == 0 else a)
            out.append((one - two) / 2)
        return out


def textbook(table: Table, grand_from: int, nullo_to: int | None) -> Rule:
    hcp = [high_card_points(r.hand) for r in table.rows]

    def rule(i: int, passes: int) -> str | None:
        if hcp[i] >= grand_from:
            return "grand"
        return "nullo" if nullo_to is not None and passes < 3 and hcp[i] <= nullo_to else None
    return rule


def valued(vals: Sequence[Values], shifts: Shifts) -> Rule:
    return lambda i, passes: decide(vals[i], passes, shifts)


def climb(worth: Callable[[Shifts], float]) -> Shifts:
    """The shifts of the most worth, by coordinate steps from none."""
    def of(v: list[float]) -> Shifts:
        return Shifts((v[0], v[1], v[2], v[3]), (v[4], v[5], v[6]))
    v = [0.0] * 7
    best = worth(of(v))
    for _ in range(3):
        for j in range(7):
            for step in (-4, -2, -1, -0.5, 0.5, 1, 2, 4):
                trial = v[:]
                trial[j] += step
                w = worth(of(trial))
                if w > best:
                    best, v = w, trial
    return of(v)


def probe(count: int, first: int, out: Path, progress: int) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import pointmcts

    start = time.monotonic()
    with out.open("w") as f:
        for i in range(first, first + count):
            deal = Deal(DealRecord.deal(Seat.N, seed=f"probe-{i}", trump=NO_TRUMP), RULES, GAME)
            for _ in range(i % 4):
                turn = deal.turn
                assert turn is not None
                deal.apply(Pass(turn))
            turn = deal.turn
            assert turn is not None
            obs = deal.observe(turn)
            action = pointmcts.auction(obs, 1000, f"probe-{i}")
            said = action.call if isinstance(action, Bid) else None
            hand = sorted(int(c) for c in obs.hand)
            f.write(json.dumps({"hand": hand, "passes": i % 4, "call": said}) + "\n")
            done = i + 1 - first
            if progress and done % progress == 0:
                print(f"{done}/{count} hands, {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)


def imitate(path: Path, grand: Model, nullo: Model) -> tuple[Shifts, float]:
    """Shifts with which our rule makes the calls the standard ISMCTS made, and the share made."""
    seen = [json.loads(line) for line in path.read_text().splitlines()]
    vals = [values([Card(c) for c in d["hand"]], RULES, grand, nullo) for d in seen]
    # the dealer's nullo is the hand where all passed
    calls = [None if d["passes"] == 3 and d["call"] == "nullo" else d["call"] for d in seen]

    def agree(shifts: Shifts) -> float:
        made = [decide(v, d["passes"], shifts) for v, d in zip(vals, seen, strict=True)]
        return statistics.fmean(m == c for m, c in zip(made, calls, strict=True))
    shifts = climb(agree)
    return shifts, agree(shifts)


def fit(path: Path, probed: Path | None) -> None:
    rows = read(path)
    half = max(r.deal for r in rows) // 2
    train = [r for r in rows if r.deal <= half]
    grand = fit_model(train, lambda r: r.grand)
    nullo = fit_model(train, lambda r: r.nullo)
    print(f"GRAND = Model({grand.weights}, {grand.spread})")
    print(f"NULLO = Model({nullo.weights}, {nullo.spread})")
    table = Table(rows)
    vals = [values(r.hand, RULES, grand, nullo) for r in rows]
    rivals = {"textbook (grand from 15)": textbook(table, 15, None)}
    for g in (13, 16):
        for n in (6, 9):
            rivals[f"grand from {g}, nullo to {n}"] = textbook(table, g, n)
    if probed is not None:
        like, share = imitate(probed, grand, nullo)
        print(f"the standard ISMCTS's calls: Shifts({like.grand}, {like.nullo}) makes {share:.0%} of them")
        rivals["the standard ISMCTS, as modelled"] = valued(vals, like)
    fitted = [d for d in table.deals if table.rows[d[0]].deal <= half]
    tested = [d for d in table.deals if table.rows[d[0]].deal > half]

    def worth(shifts: Shifts) -> float:
        rule = valued(vals, shifts)
        return statistics.fmean(statistics.fmean(table.margins(rule, r, fitted)) for r in rivals.values())
    shifts = climb(worth)
    print(f"SHIFTS = Shifts({shifts.grand}, {shifts.nullo})")
    print(f"valued auction against each, points a hand on {len(tested)} other deals:")
    for name, rule in rivals.items():
        m = table.margins(valued(vals, shifts), rule, tested)
        print(f"  {name:28s} {statistics.fmean(m):+.3f} ± {statistics.stdev(m) / math.sqrt(len(m)):.3f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deals", help="play the deals and write one JSON line a seat")
    d.add_argument("--deals", type=int, default=4000)
    d.add_argument("--seed", default="bids")
    d.add_argument("--out", type=Path, required=True)
    d.add_argument("--progress", type=int, default=0, help="report every K deals")
    p = sub.add_parser("probe", help="ask the standard ISMCTS to call hands; one JSON line a hand")
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--first", type=int, default=0, help="the first hand's number (a probe run in parts)")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--progress", type=int, default=0, help="report every K hands")
    f = sub.add_parser("fit", help="fit the models and the shifts; print them and the margins")
    f.add_argument("path", type=Path)
    f.add_argument("--probe", type=Path, help="the probe command's calls: the ISMCTS as a rival")
    args = ap.parse_args(argv)
    if args.command == "deals":
        if args.deals < 2:
            ap.error("--deals must be at least 2: half fit the models, half test them")
        make_deals(args.deals, args.seed, args.out, args.progress)
    elif args.command == "probe":
        probe(args.hands, args.first, args.out, args.progress)
    else:
        if not args.path.exists():
            ap.error(f"{args.path} does not exist: make it with the deals command first")
        if args.probe is not None and not args.probe.exists():
            ap.error(f"{args.probe} does not exist: make it with the probe command first")
        fit(args.path, args.probe)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
