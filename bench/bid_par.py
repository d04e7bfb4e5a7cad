"""Bid Whist's double-dummy par against the contracts the AI reaches.

Par of a deal: the highest contract (books over six, then uptown < downtown <
no trump at one number) any seat could make with every card seen, leading
the first trick, after taking up the kitty and laying six away; of two seats
that could make the same, the one that bids first (each bids once, from the
dealer's left). The exact
value of every (declarer, strain) pair is not needed: the pair the hand
count likes best is solved exactly, and every other is only asked "can the
side take one trick more (or as many, in a higher-ranking strain)?" by one
null-window search of the family solver (:func:`solve_family_at_least`),
solved exactly only when the answer is yes. Exchanges: for each pair the
AI's lay-away (:func:`engine.games.bid.ai.lay_away`); for the most promising pairs
also a few others (the six lowest cards, a short side suit laid away whole),
so par here is a lower bound of par over all 18,564 exchanges. Every search
is capped by nodes (not time: the figure is the same on any machine);
a deal where a cap was hit says so and is listed.

Three steps, each writing or reading JSON lines, so the slow ones can run
apart and be resumed:

    python bench/bid_par.py par --seed bid500 --deals 500 --out /tmp/par.jsonl --progress 25
    python bench/bid_par.py tables hard rules --seed bid500 --deals 500 --out /tmp/tables.jsonl
    python bench/bid_par.py report --par /tmp/par.jsonl --tables /tmp/tables.jsonl

``tables`` plays the deals of ``whist-table arena --game bid A B --deals N
--seed S`` (the same deals, seats and move seeds, fixed work a move) and
records each table's contract and result; it prints the arena's margins too.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import family_solver as fs  # noqa: E402
from engine.actions import Bid, Play  # noqa: E402
from engine.cards import STRAINS, Card  # noqa: E402
from engine.deal import DealRecord  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.games.bid import BOOK, KITTY, BidRules  # noqa: E402
from engine.games.bid.ai import STRAINS_ALL, Strain, hand_tricks, lay_away  # noqa: E402
from engine.order import NO_TRUMP, Order  # noqa: E402

MODE_RANK = {"uptown": 0, "downtown": 1, "notrump": 2}
CALL_NODES = 20_000_000  # one search: about 3 s of one core at this machine's 6-7 M nodes/s
DEAL_NODES = 80_000_000  # a deal's searches together: about 12 s
ALTERNATIVE_PAIRS = 6  # pairs whose other exchanges are tried


def mask(cards: Sequence[Card]) -> int:
    return sum(1 << int(c) for c in cards)


def order_of(strain: Strain, rules: BidRules) -> Order:
    return Order(strain.trump, strain.downtown, rules.downtown_ace == "low", rules.joker_lead)


def exchanges(full: Sequence[Card], order: Order) -> list[frozenset[Card]]:
    """Ways to lay six of the 18 away: the AI's first, then the six lowest cards
    outside trumps (jokers first at no trump), then each short side suit laid
    away whole with the lowest other side cards."""
    out = [frozenset(lay_away(full, order, KITTY))]
    trumps = [c for c in full if order.trump != NO_TRUMP and order.suit_of(c) == order.trump]
    jokers = [c for c in full if order.suit_of(c) is None] if order.trump == NO_TRUMP else []
    side = sorted((c for c in full if c not in trumps and c not in jokers), key=order.power)
    out.append(frozenset((jokers + side)[:KITTY]))
    for suit in range(4):
        if suit == order.trump:
            continue
        whole = [c for c in side if order.suit_of(c) == suit]
        if 0 < len(whole) <= KITTY - len(jokers):
            rest = [c for c in side if c not in whole]
            out.append(frozenset((jokers + whole + rest)[:KITTY]))
    seen: list[frozenset[Card]] = []
    for e in out:
        if len(e) == KITTY and e not in seen:
            seen.append(e)
    return seen


@dataclass
class Par:
    deal: int
    declarer: int
    side: int
    tricks: int
    books: int
    level: int
    mode: str
    trump: str
    downtown: bool
    capped: bool  # a search ran out of nodes: par may be higher than found
    solved: bool  # False: every search ran out, nothing found (the report leaves the deal out)
    capped_calls: int
    searches: int
    nodes: int
    cpu: float


@dataclass
class _Try:
    seat: int
    strain: Strain
    away: frozenset[Card]
    estimate: float


def par_of(index: int, record: DealRecord, rules: BidRules, call_nodes: int = CALL_NODES,
           deal_nodes: int = DEAL_NODES) -> Par:
    t0 = time.process_time()
    n0 = fs.nodes()
    hands = [sorted(h or ()) for h in record.hands()]
    kitty = list(record.pile("kitty"))
    tries: list[_Try] = []
    alternatives: dict[tuple[int, Strain], list[frozenset[Card]]] = {}
    for seat in range(4):
        full = hands[seat] + kitty
        for strain in STRAINS_ALL:
            order = order_of(strain, rules)
            ways = exchanges(full, order)
            kept = [c for c in full if c not in ways[0]]
            estimate = hand_tricks(kept, order) + hand_tricks(hands[(seat + 2) % 4], order)
            tries.append(_Try(seat, strain, ways[0], estimate))
            alternatives[(seat, strain)] = ways[1:]
    tries.sort(key=lambda t: -t.estimate)
    for t in tries[:ALTERNATIVE_PAIRS]:
        tries += [_Try(t.seat, t.strain, away, t.estimate) for away in alternatives[(t.seat, t.strain)]]
    capped = searches = 0
    # at equal books and strain the seat that bids first takes it (each bids once, from the dealer's left)
    first = {seat: -((seat - int(record.dealer) - 1) % 4) for seat in range(4)}
    best: tuple[int, int, int, _Try] | None = None  # (tricks, mode rank, auction priority, the try)

    def position(t: _Try) -> tuple[list[int], Order]:
        masks = [mask(h) for h in hands]
        masks[t.seat] = mask([c for c in hands[t.seat] + kitty if c not in t.away])
        return masks, order_of(t.strain, rules)

    def budget() -> int:
        left = deal_nodes - (fs.nodes() - n0)
        return max(1, min(call_nodes, left))

    for t in tries:
        if fs.nodes() - n0 >= deal_nodes:
            capped += 1
            break
        masks, order = position(t)
        rank = MODE_RANK[t.strain.mode]
        side = fs.partners(t.seat)
        if best is not None:
            k = best[0] + (0 if (rank, first[t.seat]) > best[1:3] else 1)
            searches += 1
            better = fs.solve_family_at_least(masks, order, t.seat, (), side, k, node_limit=budget())
            if better is None:
                capped += 1
                continue
            if not better:
                continue
        # the exact value by null-window tests from the bound already known: with most
        # values 10 to 12 of 12, far cheaper than a search guessing half the tricks
        value: int | None = None
        if best is None:
            for k in range(12, -1, -1):
                searches += 1
                yes = fs.solve_family_at_least(masks, order, t.seat, (), side, k, node_limit=budget())
                if yes is None or yes:
                    value = k if yes else None
                    break
        else:
            value = k
            while value < 12:
                searches += 1
                yes = fs.solve_family_at_least(masks, order, t.seat, (), side, value + 1,
                                               node_limit=budget())
                if yes is None:
                    capped += 1
                if not yes:
                    break
                value += 1
        if value is None:
            capped += 1
            continue
        if best is None or (value, rank, first[t.seat]) > best[:3]:
            best = (value, rank, first[t.seat], t)
    cpu = round(time.process_time() - t0, 3)
    if best is None:
        return Par(index, -1, -1, -1, -1, -99, "", "", False, True, False, capped, searches,
                   fs.nodes() - n0, cpu)
    tricks, _, _, t = best
    books = tricks + 1
    return Par(index, t.seat, t.seat % 2, tricks, books, books - BOOK, t.strain.mode,
               "N" if t.strain.trump == NO_TRUMP else STRAINS[t.strain.trump], t.strain.downtown,
               capped > 0, True, capped, searches, fs.nodes() - n0, cpu)


def dd_tricks(hands: list[int], order: Order, declarer: int, call_nodes: int = CALL_NODES) -> int | None:
    """The declaring side's tricks with best play from the opening lead, by null-window
    tests from the top (most are 10 to 12); None when a test ran out of nodes."""
    for k in range(12, -1, -1):
        yes = fs.solve_family_at_least(hands, order, declarer, (), fs.partners(declarer), k,
                                       node_limit=call_nodes)
        if yes is None:
            return None
        if yes:
            return k
    return 0


def records(seed: str, first: int, count: int) -> Iterator[tuple[int, DealRecord, str]]:
    from device.arena import standard_deals
    game = get_game("bid")
    for i, (record, move_seed) in enumerate(standard_deals(game, BidRules(), seed, first + count)):
        if i >= first:
            yield i, record, str(move_seed)


def done_in(path: Path) -> set[int]:
    if not path.exists():
        return set()
    return {json.loads(line)["deal"] for line in path.read_text().splitlines() if line.strip()}


def cmd_par(args: argparse.Namespace) -> int:
    out = Path(args.out)
    done = done_in(out)
    rules = BidRules()
    with out.open("a") as f:
        only = {int(x) for x in args.only.split(",")} if args.only else None
        for n, (i, record, _) in enumerate(records(args.seed, args.first, args.deals), 1):
            if i in done or (only is not None and i not in only):
                continue
            par = par_of(i, record, rules, args.call_nodes, args.deal_nodes)
            f.write(json.dumps(asdict(par)) + "\n")
            f.flush()
            if args.progress and n % args.progress == 0:
                print(f"  ... par of {n} deals", file=sys.stderr, flush=True)
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    from device.arena import Arena, make_entrant
    from engine.match import Match
    from engine.scoring import HandScore
    from engine.seats import Seat

    out = Path(args.out)
    out.write_text("")
    game = get_game("bid")

    class Recording(Arena):
        deal_index = 0
        table = 0

        def play_seats(self, record: DealRecord, who: list, seed: str | int  # type: ignore[override]
                       ) -> tuple[HandScore, dict[Seat, int]]:
            assert self.rules is not None
            match = Match(self.rules, record.dealer, None, self.game)
            deal = match.start_deal(record)
            while not deal.is_over:
                seat = deal.turn
                assert seat is not None
                player = who[seat]
                t0 = time.perf_counter()
                action = player.bot(match, seat, seed)
                (self.times if isinstance(action, Play) else self.bid_times)[player.key].append(
                    time.perf_counter() - t0)
                match.apply(action)
            score = match.finish_deal()
            c = deal.contract
            assert c is not None and c.declarer is not None and c.level is not None
            bid = next(a for a in reversed(deal.auction) if isinstance(a, Bid))
            side = c.declarer.side
            # the contract reached, double dummy: the books its side could take from
            # the opening lead with the exchange made
            hands = [mask(sorted(h or ())) for h in record.hands()]
            full = sorted((record.hands()[int(c.declarer)] or frozenset()) | set(record.pile("kitty")))
            away = set(deal.exchanges[0].discard)
            hands[int(c.declarer)] = mask([x for x in full if x not in away])
            dd = dd_tricks(hands, self.game.order(deal, c), int(c.declarer), args.call_nodes)
            row = {"deal": int(str(seed).rsplit(":", 1)[1]), "table": self.table,
                   "dd_books": None if dd is None else dd + 1,
                   "ns": who[0].key, "by": who[int(c.declarer)].key, "declarer": int(c.declarer),
                   "side": side, "level": c.level, "mode": bid.mode,
                   "trump": STRAINS[c.trump], "downtown": c.downtown,
                   "books": deal.tricks_taken()[side] + 1, "points": score.points[side],
                   "tricks_ns_ew": list(deal.tricks_taken()[:2]), "points_ns_ew": list(score.points[:2]),
                   "made": score.points[side] > 0}
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
            self.table = 1 - self.table
            return score, {}

    a = make_entrant(args.a, args.a if args.a != args.b else args.a + "/A", None)
    b = make_entrant(args.b, args.b if args.a != args.b else args.b + "/B", None)
    with Recording(game, a, b, BidRules()) as arena:
        start = time.monotonic()
        arena.play((r, s) for _, r, s in records(args.seed, args.first, args.deals))
        for line in arena.summary(args.seed, time.monotonic() - start).lines():
            print(line)
    return 0


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return math.nan, math.nan
    m = sum(xs) / n
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n) if n > 1 else math.nan
    return m, se


def arena_margins(tables: list[dict[str, object]]) -> None:
    """The arena's figures from the tables (as ``whist-table arena`` prints them): A
    sits North-South at a deal's first table and East-West at its second."""
    by_deal: dict[int, list[dict[str, object]]] = {}
    for t in tables:
        by_deal.setdefault(int(str(t["deal"])), []).append(t)
    pairs = [sorted(ts, key=lambda t: int(str(t["table"]))) for ts in by_deal.values() if len(ts) == 2]
    if not pairs or "tricks_ns_ew" not in pairs[0][0]:
        return
    a = str(pairs[0][0]["ns"])
    tricks = [t0["tricks_ns_ew"][0] + t1["tricks_ns_ew"][1] - 12 for t0, t1 in pairs]  # type: ignore[index]
    points = [t0["points_ns_ew"][0] - t0["points_ns_ew"][1] + t1["points_ns_ew"][1]  # type: ignore[index]
              - t1["points_ns_ew"][0] for t0, t1 in pairs]  # type: ignore[index]
    tm, tse = mean_se(tricks)
    pm, pse = mean_se(points)
    print(f"arena, {len(pairs)} duplicate deals: {a} trick margin {tm:+.3f} ± {tse:.3f} tricks/deal, "
          f"point margin {pm:+.3f} ± {pse:.3f} points/deal")


def cmd_report(args: argparse.Namespace) -> int:
    pars: dict[int, dict[str, object]] = {}
    for path in args.par:  # a later file's deal replaces an earlier's (a capped deal solved again)
        pars.update({p["deal"]: p for p in map(json.loads, Path(path).read_text().splitlines()) if p})
    unsolved = sorted(i for i, p in pars.items() if not p.get("solved", True))
    pars = {i: p for i, p in pars.items() if p.get("solved", True)}
    tables = [json.loads(line) for path in args.tables for line in Path(path).read_text().splitlines()
              if line.strip()]
    arena_margins(tables)
    tables = [t for t in tables if t["deal"] in pars]
    deals = sorted({t["deal"] for t in tables})
    capped = sorted(i for i in deals if pars[i]["capped"])
    cpu = sorted(pars[i]["cpu"] for i in deals)
    print(f"par of {len(deals)} deals, {len(tables)} tables; "
          f"par search CPU median {cpu[len(cpu) // 2]:.2f} s, max {cpu[-1]:.1f} s a deal; "
          f"cap hit on {len(capped)} deal(s){': ' + ', '.join(map(str, capped)) if capped else ''}"
          + (f"; left out, nothing solved within the cap: {', '.join(map(str, unsolved))}"
             if unsolved else ""))
    levels = [pars[i]["level"] for i in deals]
    m, se = mean_se(levels)
    modes = {k: sum(pars[i]["mode"] == k for i in deals) for k in MODE_RANK}
    print(f"  par level {m:.2f} ± {se:.2f}; par strains: {modes}")
    for who in sorted({t["by"] for t in tables} | {t["ns"] for t in tables}):
        mine = [t for t in tables if t["by"] == who]
        if not mine:
            continue
        diffs = [t["level"] - pars[t["deal"]]["level"] for t in mine]
        dm, dse = mean_se(diffs)
        strain = sum(t["mode"] == pars[t["deal"]]["mode"] and t["trump"] == pars[t["deal"]]["trump"]
                     for t in mine)
        mode = sum(t["mode"] == pars[t["deal"]]["mode"] for t in mine)
        over = sum(d > 0 for d in diffs)
        under = sum(d < 0 for d in diffs)
        made = sum(t["made"] for t in mine)
        solved = [t for t in mine if t.get("dd_books") is not None]
        dd_make = sum(t["dd_books"] - BOOK >= t["level"] for t in solved)
        dd_over = [t["dd_books"] - BOOK - t["level"] for t in solved]
        ddm, ddse = mean_se(dd_over)
        # the tables where this player's side holds par: how often it won the auction there
        held = [t for t in tables if (t["ns"] == who) == (pars[t["deal"]]["side"] == 0)]
        won = sum(t["by"] == who for t in held)
        print(f"  {who}: declared {len(mine)} of {len(tables)} tables; level - par {dm:+.2f} ± {dse:.2f}; "
              f"par's strain {strain} ({100 * strain / len(mine):.1f}%), par's mode {mode}; "
              f"over {over}, exact {len(mine) - over - under}, under {under}; "
              f"made {made} ({100 * made / len(mine):.1f}%); mean level "
              f"{sum(t['level'] for t in mine) / len(mine):.2f}; won the auction on {won} of the "
              f"{len(held)} tables where its side held par")
        print(f"  {who}: its contracts double dummy (the exchange made, from the opening lead): "
              f"{dd_make} of {len(solved)} could be made; books over the bid {ddm:+.2f} ± {ddse:.2f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("par", help="the double-dummy par of each deal, one JSON line a deal")
    p.add_argument("--seed", default="bid500")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--out", required=True)
    p.add_argument("--call-nodes", type=int, default=CALL_NODES)
    p.add_argument("--deal-nodes", type=int, default=DEAL_NODES)
    p.add_argument("--progress", type=int, default=0)
    p.add_argument("--only", default="", help="deal numbers, comma-separated (capped: again with more nodes)")
    t = sub.add_parser("tables", help="the arena's tables: each contract and result, one JSON line a table")
    t.add_argument("a")
    t.add_argument("b")
    t.add_argument("--seed", default="bid500")
    t.add_argument("--deals", type=int, default=100)
    t.add_argument("--first", type=int, default=0, help="the first deal's number (to split a run)")
    t.add_argument("--out", required=True)
    t.add_argument("--call-nodes", type=int, default=CALL_NODES)
    r = sub.add_parser("report", help="par against the contracts reached")
    r.add_argument("--par", required=True, nargs="+", help="one file or several, later ones replacing")
    r.add_argument("--tables", required=True, nargs="+", help="one file or several (a run split by deals)")
    args = parser.parse_args()
    return {"par": cmd_par, "tables": cmd_tables, "report": cmd_report}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
