"""Dummy whist's player.

Bidding (the textbook, easy, medium): the hand's likely tricks in its best way
of playing (a suit uptown or downtown, no trump either way) plus what an
unseen dummy adds on average; bid that many over six when it beats the
bid before, the least legal bid when the dealer must. ``hard`` and ``expert``
value each bid by the points the declarer's side can expect from it
(:func:`valued_bid`): a side names trumps after seeing the dummy and leads,
and makes more than the textbook's count says. The declarer names
the strain its hand and the dummy, now face up, count best in. In play the
declarer's side (its hand and the dummy's) wants tricks, the two defenders
want them too, to set it: masters, cheap winners, a partner's trick left.

``medium`` and above: near the end, layouts of the two hidden hands (the
defenders see the dummy; the declarer sees both of its hands) solved by the
family solver in the hand's order of play (declarer, left, dummy, right)
with the declarer's side maximising; the card that makes (or sets) the
contract on most layouts, then the most (fewest) tricks, is played. Before
that ``hard`` and ``expert`` search the hand as a tree (engine.search.pointmcts
over the model Dummy.point_play describes, jokers and all, at fixed work,
play-outs mostly following the trick games' card policy).
"""

from __future__ import annotations

import random
from statistics import NormalDist

from engine.actions import Action, Bid, Declare, Exchange, Pass, Play
from engine.cards import Card, full_deck
from engine.game import Phase
from engine.games.dummy import DUMMY, GAME, MODES, DummyRules, rank, set_loss
from engine.observation import Observation
from engine.order import NO_TRUMP, Order
from engine.search import layouts
from engine.search.hands import count_tricks, win_with
from engine.search.players import seeded
from engine.search.pointmcts import CARDS, OPENING
from engine.seats import Seat

DUMMY_ADDS = 2.5  # likely tricks an unseen hand adds to the count of the bidder's
# Hard and expert value a bid by the tricks over six the side expects, base + slope x the
# count, solved with every card seen, less what play falls short of that, spread about it;
# all made by bench/dummy_bids.py (bench/RESULTS.md)
VALUED_LEVELS = ("hard", "expert")
OVER = {"uptown": (-0.02, 0.66), "downtown": (0.01, 0.66), "notrump": (0.33, 0.76)}
OVER_SPREAD = {"uptown": 1.89, "downtown": 1.95, "notrump": 2.32}
PLAYED = -0.35
MAKE = 0.7  # before the dealer, bid up to what the side makes this often: the others need more
SOLVE_CARDS = 9
NODES = {"medium": 15_000, "hard": 40_000, "expert": 120_000}
LAYOUTS = {"medium": 4, "hard": 12, "expert": 24}
SLIP_RATE = 0.12
# the tricks before the solved endgame: iterations and guided play-outs, fixed so a move is the
# same on any machine and within 50 ms of processor time (bench/RESULTS.md)
TREE = {"hard": OPENING, "expert": OPENING}


def _downtown(cards: list[Card]) -> list[Card]:
    """The cards as they rank downtown (ace still high, then 2, 3 ...), for counting."""
    return [c if c.rank == 14 or c.is_joker else Card.of(c.suit, 15 - c.rank) for c in cards]


def strain_count(cards: list[Card], trump: int, downtown: bool) -> float:
    """Likely tricks; a joker is a sure trick at a suit contract (a top trump) and none at
    no trump (it belongs to no suit and never wins)."""
    jokers = sum(1 for c in cards if c.is_joker)
    plain = [c for c in cards if not c.is_joker]
    count = count_tricks(_downtown(plain) if downtown else plain, trump)
    return count + (jokers if trump != NO_TRUMP else 0)


def mode_counts(cards: list[Card]) -> dict[str, float]:
    """The count of ``cards`` for each type of bid: the best suit uptown and downtown, and
    the better direction at no trump less a half."""
    return {"uptown": max(strain_count(cards, s, False) for s in range(4)),
            "downtown": max(strain_count(cards, s, True) for s in range(4)),
            "notrump": max(strain_count(cards, NO_TRUMP, d) for d in (False, True)) - 0.5}


def _best(cards: list[Card]) -> tuple[float, str]:
    """The best count and bid type of ``cards``."""
    return max((count, mode) for mode, count in mode_counts(cards).items())


def best_mode(cards: list[Card]) -> str:
    """The type of bid the textbook makes with ``cards``."""
    return _best(cards)[1]


def expected_over(count: float, mode: str) -> float:
    """Tricks over six a declarer's side can expect from a hand of ``count`` for a bid of ``mode``."""
    base, slope = OVER[mode]
    return base + slope * count + PLAYED


def over_chances(mean: float, mode: str) -> dict[int, float]:
    """The chance of each number of tricks over six (-6 to 7) about ``mean``."""
    spread = NormalDist(mean, OVER_SPREAD[mode])
    edges = [spread.cdf(x + 0.5) for x in range(-6, 7)]
    return {x: (1.0 if x == 7 else edges[x + 6]) - (0.0 if x == -6 else edges[x + 5]) for x in range(-6, 8)}


def bid_value(chances: dict[int, float], level: int, rules: DummyRules) -> float:
    """Points a declarer expects from a contract of ``level``: every trick over six when made,
    the loss when set (a loss too where the defenders score it instead)."""
    return sum(p * (x if x >= level else -set_loss(x, level, rules)) for x, p in chances.items())


def valued_bid(obs: Observation, rules: DummyRules) -> Action:
    """Hard's and expert's bid: for each type, the least the auction allows, or before the
    dealer's (who speaks last) the most the side makes at least ``MAKE`` of the time, if more,
    to keep the others out; the bid expecting the most points, if it expects any."""
    counts = mode_counts(list(obs.hand))
    bids = [a for a in obs.legal if isinstance(a, Bid)]
    passing = next((a for a in obs.legal if isinstance(a, Pass)), None)
    options: list[tuple[float, Bid]] = []
    for mode in MODES:
        levels = sorted(int(b.level or 0) for b in bids if b.mode == mode)
        if not levels:
            continue
        chances = over_chances(expected_over(counts[mode], mode), mode)
        level = levels[0]
        if obs.seat != obs.dealer:
            sure = [n for n in levels if sum(p for x, p in chances.items() if x >= n) >= MAKE]
            level = max([level, *sure])
        options.append((bid_value(chances, level, rules), Bid(obs.seat, level=level, mode=mode)))
    if not options:  # nothing left to overcall with
        assert passing is not None
        return passing
    value, bid = max(options, key=lambda o: (o[0], rank(o[1], rules)))
    return passing if passing is not None and value <= 0 else bid


def choose_bid(obs: Observation, level: str = "rules") -> Action:
    """The textbook's bid (its count plus what a dummy adds, the highest that fits), or at
    ``VALUED_LEVELS`` :func:`valued_bid`."""
    rules = GAME.rules_from_dict(obs.rules)
    if level in VALUED_LEVELS:
        return valued_bid(obs, rules)
    count, mode = _best(list(obs.hand))
    over = int(count + DUMMY_ADDS) - 6
    bids = [a for a in obs.legal if isinstance(a, Bid)]
    passing = next((a for a in obs.legal if isinstance(a, Pass)), None)
    mine = Bid(obs.seat, level=max(over, 1), mode=mode)
    fits = [b for b in bids if rank(b, rules) <= rank(mine, rules)]
    if passing is None:  # the dealer must bid: the least legal
        return min(bids, key=lambda b: rank(b, rules))
    if over < rules.min_bid or not fits:
        return passing
    return max(fits, key=lambda b: rank(b, rules))


def choose_declare(obs: Observation) -> Action:
    both = list(obs.hand) + list(obs.piles.get("dummy", ()))
    declares = [a for a in obs.legal if isinstance(a, Declare)]
    return max(declares, key=lambda a: strain_count(both, "SHDCN".index(str(a.trump)), a.order == "downtown"))


def choose_exchange(obs: Observation) -> Action:
    """With jokers: the declarer lays away 2 of the dummy's 15, the two whose loss costs its
    two hands least in their best strain for the bid's type (a joker goes at no trump, where
    it is worthless), lowest first on a tie."""
    bid = next(a for a in reversed(obs.auction) if isinstance(a, Bid))
    mine = list(obs.piles.get("declarer", ()))
    dummy = list(obs.hand)
    strains = [(NO_TRUMP, d) for d in (False, True)] if bid.mode == "notrump" else \
        [(s, bid.mode == "downtown") for s in range(4)]

    def value(cards: list[Card]) -> float:
        return max(strain_count(mine + cards, t, d) for t, d in strains)

    laid: list[Card] = []
    for _ in range(obs.discard or 2):
        left = [c for c in dummy if c not in laid]
        laid.append(max(left, key=lambda c: (value([x for x in left if x != c]),
                                              c.is_joker and strains[0][0] == NO_TRUMP, -c.rank)))
    return Exchange(obs.seat, tuple(sorted(laid)))


def _ring(obs: Observation) -> tuple[Seat, ...]:
    contract = obs.contract
    assert contract is not None and contract.declarer is not None
    d = contract.declarer
    return (d, Seat((int(d) + 1) % 3), DUMMY, Seat((int(d) + 2) % 3))


def solved_card(obs: Observation, level: str, rng: random.Random) -> Card | None:
    contract = obs.contract
    if level not in NODES or len(obs.hand) > SOLVE_CARDS or contract is None or contract.declarer is None:
        return None
    ring = _ring(obs)
    declarer = contract.declarer
    known = {c: DUMMY for c in obs.piles.get("dummy", ())}
    known.update({c: declarer for c in obs.piles.get("declarer", ())})
    counts = layouts.held_counts(obs, 13)
    draws = 1 if len(known) + len(obs.hand) >= 26 else LAYOUTS[level]
    jokers = GAME.rules_from_dict(obs.rules).jokers
    # with jokers two of the 54 are out of play: known to the declarer, unseen by a defender
    laid = obs.piles.get("discard", ())
    out_of_play = 2 if jokers and not laid else 0
    deck = full_deck(jokers=jokers)
    order = Order(obs.trump, obs.order == "downtown")
    trick = tuple(int(c) for c in obs.trick.cards)
    need = 6 + int(contract.level or 0)
    taken = obs.won[declarer] + obs.won[DUMMY]
    made: dict[int, float] = {}
    tricks: dict[int, float] = {}

    def in_order_of_play() -> list[set[Card]] | None:
        hands = layouts.sample(obs, rng, counts, known, out_of_play, laid, deck)
        return None if hands is None else [hands[s] for s in ring]

    solved = layouts.solve_drawn(in_order_of_play, order, ring.index(obs.trick.leader), trick, draws,
                                 NODES[level], 0b0101)
    for values in solved:
        for card, v in values.items():
            made[card] = made.get(card, 0.0) + (taken + v >= need)
            tricks[card] = tricks.get(card, 0.0) + v
    if not made:
        return None
    sign = 1 if obs.seat in (declarer, DUMMY) else -1
    best = max(made, key=lambda c: (sign * made[c], sign * tricks[c], -order.power(CARDS[c])))
    return CARDS[best]


def choose(obs: Observation, level: str, rng: random.Random) -> Action:
    if level == "random":
        if obs.phase == Phase.EXCHANGE:
            return Exchange(obs.seat, tuple(sorted(rng.sample(sorted(obs.hand), obs.discard))))
        return rng.choice(obs.legal)
    if obs.phase == Phase.AUCTION:
        return choose_bid(obs, level)
    if obs.phase == Phase.DECLARE:
        return choose_declare(obs)
    if obs.phase == Phase.EXCHANGE:
        return choose_exchange(obs)
    tree = TREE.get(level)
    if tree is not None and len(obs.hand) > SOLVE_CARDS and len(obs.legal) > 1:
        return tree.play(obs, GAME.point_play(obs), rng.getrandbits(64))
    card = solved_card(obs, level, rng)
    if card is None:
        contract = obs.contract
        assert contract is not None and contract.declarer is not None
        side = frozenset((contract.declarer, DUMMY))
        team = side if obs.seat in side else frozenset(Seat(s) for s in range(4)) - side
        cards = [a.card for a in obs.legal if isinstance(a, Play)]
        card = win_with(obs, Order(obs.trump, obs.order == "downtown"), cards, team)
        if level == "easy" and rng.random() < SLIP_RATE:
            card = rng.choice([c for c in cards if c.suit == card.suit])
    return Play(obs.seat, card)


PLAYER = seeded(choose)
TEXTBOOK = None  # the simple bots play engine.search.rules' card

__all__ = ["MODES", "PLAYER", "TEXTBOOK", "TREE", "best_mode", "bid_value", "choose", "choose_bid",
           "choose_declare", "choose_exchange", "expected_over", "mode_counts", "over_chances", "solved_card",
           "strain_count", "valued_bid"]
