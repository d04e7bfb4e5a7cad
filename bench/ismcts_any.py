"""The standard ISMCTS baseline for any game of the engine, in Python.

Single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse 2012) run on the engine's own rules (engine.deal.Deal), so it plays
every game the engine has, knowing nothing of any of them:

- each iteration deals a fresh determinization: the cards the seat has not
  seen (every card of the deal's record that its observation does not show)
  are shuffled among the places they could be (the other hands, the stock,
  the widow, the kitty), a card never going to a seat that has shown out of
  its suit; the deal is then replayed move by move and kept only if the
  seat's observation of it is exactly the one it has (so bids, the turned
  card, draws, revealed cards, everything the seat knows is respected);
- one tree of the seat's information set, every seat's choices in it, keyed
  by the action; selection by UCB1 over the actions legal in this
  determinization with availability counts; one node added an iteration;
- random play-outs to the end of the hand; every side's reward (its points
  from the game's ``score_hand``, or in a partnership game its share of the
  tricks unless the caller asks for the points, a pair's over the other's;
  scaled to 0..1) backed up to the nodes where that side chose;
- the final move the root's most visited action.

It is slow (the engine's rules in Python, a replay per iteration): the C
search (engine/csrc/ismcts.c in its random play-out mode, bench/ismcts.py)
is the same algorithm for Oh Hell and Knockout, and tests hold the two to
the same choices on clear positions; engine/csrc/pointmcts.c (bench/pointmcts.py)
is the same for Hearts and Catch the Ten, about 100 times faster here, and
searches their cards while this one searches the auctions of Norwegian and
Solo whist (bench/pointmcts.py). The game's value scale for the reward comes
from :func:`scale`; an external player's position, from its observation alone,
from :func:`deal_of`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.actions import Action, Bid, Exchange, Pass
from engine.cards import Card, full_deck
from engine.deal import Deal, DealRecord
from engine.errors import RulesError
from engine.game import Game, GameRules
from engine.games import get_game
from engine.match import Match
from engine.observation import Observation
from engine.order import Order
from engine.search.ismcts_py import Node
from engine.search.layouts import voids
from engine.seats import Seat

EXPLORE = 0.7  # UCB1's constant for rewards in 0..1, as bench/ismcts.py
TRIES = 200  # determinizations drawn before giving up on a position (none is consistent)


class NoLayout(RulesError):
    """No layout of the unseen cards reproduces what the seat has seen."""


def visible(deal: Deal, seat: Seat) -> set[Card]:
    """Every card ``seat``'s observation shows: its hand, the tricks, the turned card, open piles."""
    obs = deal.observe(seat)
    out = set(obs.hand) | {c for t in (*obs.tricks, obs.trick) for c in t.cards}
    if obs.trump_card is not None:
        out.add(obs.trump_card)
    for cards in obs.piles.values():
        out.update(cards)
    return out


@dataclass(frozen=True)
class Places:
    """Where the record put each card: per place (a seat's hand, a pile) its cards,
    and the seat holding it (None: a pile)."""

    cards: tuple[tuple[Card, ...], ...]
    owners: tuple[Seat | None, ...]
    names: tuple[str, ...]  # piles' names ("" a hand)

    @classmethod
    def of(cls, record: DealRecord) -> Places:
        hands = record.hands()
        if any(h is None for h in hands):
            raise NoLayout("the deal's record does not hold every hand: nothing to shuffle")
        cards: list[tuple[Card, ...]] = [tuple(sorted(h or ())) for h in hands]
        owners: list[Seat | None] = [Seat(i) for i in range(len(hands))]
        names = [""] * len(hands)
        for name, pile in record.piles:
            cards.append(tuple(pile))
            owners.append(None)
            names.append(name)
        return cls(tuple(cards), tuple(owners), tuple(names))

    def record(self, base: DealRecord, cards: Sequence[Sequence[Card]]) -> DealRecord:
        n = len(base.hands())
        dealt = tuple(frozenset(h) for h in cards[:n])
        piles = tuple((name, tuple(c)) for name, c in zip(self.names[n:], cards[n:], strict=True))
        if base.pack is not None:
            # classic's pack: card i goes to the seat dealer + 1 + i, the last to the dealer (turned
            # for trumps where the game turns one: it stays the last; else any of the dealer's)
            turned = base.trump_card
            queues = {s: [c for c in cards[s] if c != turned] for s in range(n)}
            last = len(base.pack) - 1
            pack = tuple(turned if i == last and turned is not None
                         else queues[int(base.dealer.offset(1 + i % 4))].pop()
                         for i in range(len(base.pack)))
            return replace(base, pack=pack)
        return replace(base, dealt=dealt, piles=piles)


def replay(deal: Deal, record: DealRecord, seat: Seat, seen: set[Card], rng: random.Random,
           shown_out: Mapping[Seat, set[int]] | None = None,
           views: Sequence[Bid | Pass] | None = None) -> Deal:
    """``deal``'s actions on ``record``; the cards another seat laid away unseen (Bid Whist's
    kitty) are any it could have laid away in this layout, and so are the bids it made
    unseen (Minnesota's cards laid face down) any it could have made. Cards passed to
    another seat (Hearts' pass) are first those of the suits the passer later showed out
    of (it cannot have kept them), then any, those of the receiver's shown-out suits last.
    ``views``: the auction as ``seat`` saw it (``Game.auction_seen``), if already known."""
    trial = Deal(record, deal.rules, deal.game)
    out = shown_out or {}
    if views is None:
        views = deal.game.auction_seen(deal, seat)
    for action in deal.actions:
        if isinstance(action, (Bid, Pass)) and action.seat != seat and views[len(trial.auction)] != action:
            action = rng.choice(trial.legal_actions())
        elif isinstance(action, Exchange) and action.seat != seat:
            keep = [c for c in action.discard if c in seen]
            offered = trial.legal_actions()
            if offered:  # the game offers a few (widow whist: the widow or the hand kept whole)
                fit = [a for a in offered if isinstance(a, Exchange)
                       and {c for c in a.discard if c in seen} == set(keep)]
                if not fit:
                    raise RulesError("no exchange the game offers lays away what the seat saw laid away")
                trial.apply(rng.choice(fit))
                continue
            free = [c for c in sorted(trial.hand(action.seat) or ()) if c not in seen]
            need = len(action.discard) - len(keep)
            to = deal.game.exchange_to(trial, action.seat)
            if to is None:
                chosen = rng.sample(free, need)
            else:
                suit = trial.order.suit_of
                must = [c for c in free if suit(c) in out.get(action.seat, set())]
                rest = [c for c in free if c not in must]
                rng.shuffle(rest)
                rest.sort(key=lambda c: suit(c) in out.get(to, set()))
                chosen = (must + rest)[:need]
            action = Exchange(action.seat, (*keep, *chosen))
        trial.apply(action)
    return trial


class Layouts:
    """The layouts ``seat`` could be looking at in ``deal``: what it has seen, worked out
    once, and :meth:`draw` to deal one of them (as many times as a search asks)."""

    def __init__(self, deal: Deal, seat: Seat, places: Places | None = None) -> None:
        self.deal, self.seat = deal, seat
        self.places = places = places or Places.of(deal.record)
        obs = deal.observe(seat)
        self.want = obs.to_json()
        self.seen = seen = visible(deal, seat)
        order = Order(obs.trump, obs.order == "downtown")
        self.shown_out = shown_out = voids(obs)
        self.views = deal.game.auction_seen(deal, seat)
        self.hidden = [c for p in places.cards for c in p if c not in seen]
        room = [sum(1 for c in p if c not in seen) for p in places.cards]
        self.room = room
        # A seat that passed cards to another (Hearts) showed out of its hand after the pass: its
        # dealt hand may hold as many cards of those suits as it passed cards the seat did not see.
        passed = [0] * len(places.cards)
        for ex in deal.exchanges:
            if ex.seat != seat and deal.game.exchange_to(deal, ex.seat) is not None:
                passed[places.owners.index(ex.seat)] = sum(1 for c in ex.discard if c not in seen)
        self.passed = passed
        # barred[card][place]: the place's owner has shown out of the card's suit
        self.barred = {c: [owner is not None and order.suit_of(c) in shown_out.get(owner, set())
                           for owner in places.owners] for c in self.hidden}
        # how many places could take the card: the hardest to place are dealt first
        self.reach = {c: sum(1 for i, r in enumerate(room) if r and (not bars[i] or passed[i] > 0))
                      for c, bars in self.barred.items()}

    def draw(self, rng: random.Random) -> Deal:
        """One layout, its actions replayed; :class:`NoLayout` if none fits in ``TRIES``."""
        places, seen, barred = self.places, self.seen, self.barred
        hidden = list(self.hidden)
        for _ in range(TRIES):
            rng.shuffle(hidden)
            slack = list(self.passed)
            pool = sorted(hidden, key=self.reach.__getitem__)
            left = list(self.room)
            given: list[list[Card]] = [[] for _ in places.cards]
            ok = True
            for card in pool:
                bars = barred[card]
                options = [i for i in range(len(left)) if left[i] > 0 and (not bars[i] or slack[i] > 0)]
                if not options:
                    ok = False
                    break
                i = rng.choices(options, [left[j] for j in options])[0]
                left[i] -= 1
                slack[i] -= bars[i]
                given[i].append(card)
            if not ok:
                continue
            # a place keeps its seen cards where they lay (a stock's order), the rest filled in
            cards = [[c if c in seen else given[i].pop() for c in p] for i, p in enumerate(places.cards)]
            try:
                trial = replay(self.deal, places.record(self.deal.record, cards), self.seat, seen, rng,
                               self.shown_out, self.views)
            except RulesError:
                continue
            if trial.observe(self.seat).to_json() == self.want:
                return trial
        raise NoLayout(f"no layout of the {len(hidden)} unseen cards fits what {self.seat.name} has seen "
                       f"in {TRIES} tries")


def determinize(deal: Deal, seat: Seat, rng: random.Random, places: Places | None = None) -> Deal:
    """A deal consistent with everything ``seat`` knows of ``deal``, its actions replayed."""
    return Layouts(deal, seat, places).draw(rng)


def deal_of(obs: Observation, rng: random.Random) -> Deal:
    """A deal ``obs``'s seat could be looking at before the first card, for a player that
    sees only its observation (an external one): its hand, the turned card in the
    dealer's, the cards it has not seen dealt to the other seats at random, the auction
    replayed. :func:`determinize` then deals the unseen cards (and draws the bids laid
    unseen) afresh each iteration, so the layout drawn here tells the search nothing.
    Where the pack is not four hands and nothing else (a widow, a kitty, a dummy shown,
    cards laid out face up) the game deals it and the cards are named to fit
    (:func:`_named_to_fit`)."""
    game = get_game(obs.game, obs.players)
    rules = game.rules_from_dict(obs.rules)
    game = game.with_rules(rules)
    if obs.tricks or obs.trick.cards:
        raise NoLayout("an observation is turned into a deal only before the first card is played")
    size = len(obs.hand)
    deck = full_deck()
    if obs.piles or size * obs.players != len(deck):
        return _named_to_fit(obs, game, rules, rng)
    turned = obs.trump_card
    unseen = [c for c in deck if c not in obs.hand and c != turned]
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    for s in range(obs.players):
        if s == obs.seat:
            hands.append(list(obs.hand))
            continue
        hand = [turned] if turned is not None and s == obs.dealer else []
        take = size - len(hand)
        hands.append(hand + unseen[:take])
        unseen = unseen[take:]
    record = DealRecord.of_hands(obs.dealer, hands, obs.trump, trump_card=turned)
    deal = _replayed(record, obs, game, rules, rng)
    mine = deal.observe(obs.seat)
    if mine.auction != obs.auction or mine.legal != obs.legal:
        raise NoLayout(f"the deal rebuilt from {obs.seat.name}'s observation does not show "
                       "the auction and the legal actions it shows")
    return deal


def _replayed(record: DealRecord, obs: Observation, game: Game, rules: GameRules,
              rng: random.Random) -> Deal:
    """``record`` with ``obs``'s auction played on it: a bid the seat did not see (laid face
    down, Minnesota whist) any the bidder could make, as in :func:`replay`."""
    deal = Deal(record, rules, game)
    for action in obs.auction:
        legal = deal.legal_actions()
        deal.apply(action if action in legal else rng.choice(legal))
    return deal


def _named_to_fit(obs: Observation, game: Game, rules: GameRules, rng: random.Random) -> Deal:
    """A deal of the game's own shape that shows ``obs``: the game deals a hand at random, its
    auction replayed; the cards the seat would see there (its hand, the turned card, each
    open pile card by card) are then renamed the cards ``obs`` shows in the same places,
    every other card at random one of those ``obs`` does not show, and the auction replayed
    on the renamed deal. The seat's view of it must be ``obs``'s, else :class:`NoLayout`."""
    record = game.next_record(rules, obs.dealer, 0, rng.getrandbits(64))
    view = _replayed(record, obs, game, rules, rng).observe(obs.seat)
    name: dict[Card, Card] = {}

    def pair(mine: Card | None, theirs: Card | None) -> None:
        if mine is None or theirs is None:
            if mine != theirs:
                raise NoLayout("the game's deal turns a card where the observation shows none, or none "
                               "where it shows one")
            return
        if name.setdefault(mine, theirs) != theirs:
            raise NoLayout(f"{mine} would be both {name[mine]} and {theirs}")

    pair(view.trump_card, obs.trump_card)
    if set(view.piles) != set(obs.piles):
        raise NoLayout(f"the game's deal shows the piles {sorted(view.piles)}, the observation "
                       f"{sorted(obs.piles)}")
    for pile, cards in obs.piles.items():
        if len(view.piles[pile]) != len(cards):
            raise NoLayout(f"{pile} holds {len(view.piles[pile])} cards in the game's deal, {len(cards)} in "
                           "the observation")
        for mine, theirs in zip(view.piles[pile], cards, strict=True):
            pair(mine, theirs)
    if len(view.hand) != len(obs.hand):
        raise NoLayout(f"the game deals {len(view.hand)} cards to the seat, the observation shows "
                       f"{len(obs.hand)}")
    used = set(name.values())
    free = [c for c in sorted(obs.hand) if c not in used]
    for mine in sorted(view.hand):
        if mine not in name:
            name[mine] = free.pop(0)
    places = Places.of(record)
    pack = sorted(c for p in places.cards for c in p)  # the game's own (Bid Whist's jokers)
    taken = set(name.values())
    rest = [c for c in pack if c not in taken]
    rng.shuffle(rest)
    for card in pack:
        if card not in name:
            name[card] = rest.pop()
    renamed = places.record(record, [[name[c] for c in p] for p in places.cards])
    if record.trump_card is not None:
        turned = name[record.trump_card]
        renamed = replace(renamed, trump=turned.suit, trump_card=turned)
    deal = _replayed(renamed, obs, game, rules, rng)
    shown = deal.observe(obs.seat)
    if (shown.hand, shown.piles, shown.trump_card, shown.auction, shown.legal) != (
            obs.hand, obs.piles, obs.trump_card, obs.auction, obs.legal):
        raise NoLayout(f"the deal rebuilt from {obs.seat.name}'s observation does not show what it shows")
    return deal


def points(deal: Deal) -> list[float]:
    """Each side's points in a finished hand, from the game's own ``score_hand``; in a
    partnership game its points over the other pair's (a pair may score nothing in a hand
    it won nothing in, as a nullo's high side: what matters is which pair scored, and how much)."""
    game = deal.game
    score = game.score_hand(deal, (0,) * game.sides, deal.rules, 1, None).points
    if game.partnerships:
        return [float(score[0] - score[1]), float(score[1] - score[0])]
    return [float(p) for p in score]


def rewards(deal: Deal, scale: tuple[float, float], by_points: bool = False) -> list[float]:
    """Each side's result of a finished deal scaled to 0..1: in a partnership game its
    share of the tricks (the arena's margin) unless ``by_points``, else its :func:`points`
    between ``scale``'s low and high."""
    game = deal.game
    if game.partnerships and not by_points:
        total = max(1, sum(deal.won))
        return [deal.won[0] / total, deal.won[1] / total]
    low, high = scale
    out = [min(1.0, max(0.0, (p - low) / (high - low))) for p in points(deal)]
    # where the points are penalties (the lowest total wins) fewer is better
    return [1.0 - r for r in out] if game.table.lowest_wins else out


def scale(layouts: Layouts) -> tuple[float, float]:
    """The :func:`points` a side can score in a hand of this size, worst and best, measured
    by playing the hand out at random (the engine has no formula for every game): the
    extremes of 64 random play-outs of ``layouts``, widened by a tenth."""
    rng = random.Random(0)
    lows, highs = [], []
    for _ in range(64):
        d = layouts.draw(rng)
        while not d.is_over:
            step(d, rng.choice(moves(d, rng)))
        pts = points(d)
        lows.append(min(pts))
        highs.append(max(pts))
    low, high = min(lows), max(highs)
    pad = max(1.0, (high - low) / 10)
    return low - pad, high + pad


def moves(deal: Deal, rng: random.Random) -> list[Action]:
    """The actions to choose among: the legal ones, or where a seat lays away any few cards of
    its hand (Bid Whist's kitty) one such choice drawn at random (there are thousands)."""
    legal = deal.legal_actions()
    if legal or deal.turn is None:
        return legal
    hand = sorted(deal.hand(deal.turn) or ())
    return [Exchange(deal.turn, tuple(rng.sample(hand, deal.exchange_count())))]


def step(deal: Deal, action: Action) -> None:
    """Play one of :func:`moves`: a legal action unchecked (it is one), a drawn exchange checked."""
    if isinstance(action, Exchange):
        deal.apply(action)
    else:
        deal.push(action)


def search(deal: Deal, seat: Seat, iterations: int, explore: float, rng: random.Random,
           reward_scale: tuple[float, float] | None = None, by_points: bool = False) -> Action:
    """The root's most visited action after ``iterations`` simulations from ``seat``'s view;
    ``by_points``: rewarded by the hand's points in a partnership game too (see :func:`rewards`)."""
    game = deal.game
    layouts = Layouts(deal, seat)
    by_tricks = game.partnerships and not by_points
    span = reward_scale or ((0.0, 1.0) if by_tricks else scale(layouts))
    root: Node[Action] = Node()
    for _ in range(max(1, iterations)):
        d = layouts.draw(rng)
        node, path = root, [root]
        while not d.is_over:
            legal = moves(d, rng)
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            turn = d.turn
            assert turn is not None
            side = game.side_of(game.actor(d, turn))
            if untried:
                a = rng.choice(untried)
                node.children[a] = child = Node[Action](mover=side, available=1)
                step(d, a)
                path.append(child)
                break
            best = max(legal, key=lambda a: ucb(node.children[a], explore))
            step(d, best)
            node = node.children[best]
            path.append(node)
        while not d.is_over:
            step(d, rng.choice(moves(d, rng)))
        result = rewards(d, span, by_points)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += result[n.mover]
    return max(root.children, key=lambda a: root.children[a].visits)


def ucb(node: Node[Action], explore: float) -> float:
    return node.total / node.visits + explore * math.sqrt(math.log(node.available) / node.visits)


Bot = Callable[[Match, Seat, int | str], Action]


def bot(iterations: int, explore: float) -> Bot:
    """An arena player (device.arena.Entrant's bot): the search from the seat's view."""

    def play(match: Match, seat: Seat, seed: int | str) -> Action:
        deal = match.current
        assert deal is not None
        rng = random.Random(f"{seed}|{len(deal.actions)}|{int(seat)}")
        legal = moves(deal, rng)
        if len(legal) == 1:
            return legal[0]
        return search(deal, seat, iterations, explore, rng)

    return play



def main(argv: Sequence[str] | None = None) -> int:
    """``python bench/ismcts_any.py GAME LEVEL [--players N] [--deals D] [--iterations I]
    [--seed S]``: the AI level against this search in duplicate deals (device.arena), its
    margin ± one standard error; SIGTERM stops after the deals finished and reports them."""
    import argparse
    import time

    from device.arena import Arena, Entrant, make_entrant, standard_deals

    parser = argparse.ArgumentParser(description="an AI level against the standard ISMCTS, duplicate deals")
    parser.add_argument("game")
    parser.add_argument("level")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", default="st")
    args = parser.parse_args(argv)
    game = get_game(args.game, args.players)
    rules = game.default_rules()
    name = f"ismcts-{args.iterations}"
    a = make_entrant(args.level, args.level, None)
    b = Entrant(name, name, bot(args.iterations, EXPLORE))
    start = time.monotonic()
    with Arena(game, a, b, rules) as arena:
        arena.play(standard_deals(game, rules, args.seed, args.deals), 1)
    summary = arena.summary(args.seed, time.monotonic() - start, "fixed work for the AI level")
    print("\n".join(summary.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
