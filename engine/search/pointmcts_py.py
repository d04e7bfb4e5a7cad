"""The point games' standard ISMCTS in pure Python: the reference the C core
(engine/csrc/pointmcts.c) is held to, and the fallback where it is not built.

The same functions on the same values as ``engine._pointmcts`` (the tuples of
:mod:`engine.search.pointmcts`), drawing the same random numbers (xoshiro256**
seeded by splitmix64, engine/csrc/deals.c) in the same order, so a search here
chooses the card the C chooses, visit for visit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

MASK64 = (1 << 64) - 1
REJECTIONS = 32  # uniform layouts drawn whole before the card-by-card fill
FILLS = 200  # card-by-card fills tried before giving up
MOON_OTHERS, MOON_CHOICE = 1, 2

CARDS = 54  # the 52 and the two jokers
SEATS = 8  # pointmcts.h's PM_SEATS: the most seats, and the most cards a trick
Game = tuple[int, tuple[int, ...], int, tuple[int, ...], int, int, int, int, int, tuple[int, ...], int,
             tuple[int, ...], int, int, int, tuple[int, ...], int, int, float, float, int,
             tuple[int, ...], int, int]
# the stock top first, then a (card, card face down under it) pair for each layout card with
# one; in a knowledge's root -1 for each card the seat has not seen
State = tuple[int, int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
              tuple[tuple[int, int], ...]]
# caps: each seat's most cards of each suit among its unknown cards
Caps = tuple[tuple[int, ...], ...]
# barred: the cards each seat may not hold, then those not out of play
Knowledge = tuple[State, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, Caps, tuple[int, ...]]


class Rng:
    """engine/csrc/deals.c's generator, number for number."""

    def __init__(self, seed: int) -> None:
        x = seed & MASK64
        self.s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            self.s.append(z ^ (z >> 31))

    def next(self) -> int:
        s = self.s
        out = (_rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return out

    def below(self, n: int) -> int:
        floor = (1 << 64) % n
        while True:
            x = self.next()
            if x >= floor:
                return x % n


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


def cards_of(mask: int) -> list[int]:
    return [c for c in range(CARDS) if mask >> c & 1]


@dataclass
class Sim:
    """A state as mutable values, for playing it out."""

    turn: int
    leader: int
    tricks: int
    broken: bool
    trick: list[int]
    hands: list[int]
    won: list[int]
    stock: list[int] = field(default_factory=list)  # its top last, as the C holds it
    under: dict[int, int] = field(default_factory=dict)  # a layout card: the card under it, -1 unseen

    @classmethod
    def of(cls, state: State) -> Sim:
        turn, leader, tricks, broken, trick, hands, won, stock, under = state
        return cls(turn, leader, tricks, bool(broken), list(trick), list(hands), list(won), list(stock[::-1]),
                   dict(under))

    def state(self) -> State:
        return (self.turn, self.leader, self.tricks, int(self.broken), tuple(self.trick), tuple(self.hands),
                tuple(self.won), tuple(self.stock[::-1]), tuple(sorted(self.under.items())))

    def copy(self) -> Sim:
        return Sim(self.turn, self.leader, self.tricks, self.broken, list(self.trick), list(self.hands),
                   list(self.won), list(self.stock), dict(self.under))


@dataclass
class Rules:
    """The game tuple's fields by name."""

    players: int
    side: tuple[int, ...]
    trump: int
    power: tuple[int, ...]
    must_follow: int
    first_lead: int
    unbroken: int
    breakers: int
    first_barred: int
    values: tuple[int, ...]
    over: int
    dealt: tuple[int, ...]
    moon: int
    moon_mode: int
    moon_points: int
    before: tuple[int, ...]
    target: int
    lowest_wins: int
    low: float
    high: float
    stock_scores: int
    suit: tuple[int, ...]  # each card's suit in the hand, -1 none
    free_leads: int  # cards that, led, fix no suit
    trick_size: int  # cards a trick: the seats in turn, round once or more
    sides: int = field(init=False)
    suit_masks: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.sides = max(self.side) + 1
        self.suit_masks = [sum(1 << c for c in range(CARDS) if self.suit[c] == s) for s in range(4)]


def _led(r: Rules, trick: list[int]) -> int:
    """pointmcts.c's led_suit(): the first card's suit that fixes one, -1 while none has."""
    for c in trick:
        if r.suit[c] >= 0 and not r.free_leads >> c & 1:
            return r.suit[c]
    return -1


def _over(r: Rules, sim: Sim) -> bool:
    return not any(sim.hands)


def _legal(r: Rules, sim: Sim) -> list[int]:
    options = sim.hands[sim.turn]
    leading = not sim.trick
    if not leading and r.must_follow:
        led = _led(r, sim.trick)
        follow = options & r.suit_masks[led] if led >= 0 else 0
        if follow:
            options = follow
    if sim.tricks == 0:
        if leading:
            if r.first_lead >= 0 and options >> r.first_lead & 1:
                options = 1 << r.first_lead
        elif options & ~r.first_barred:
            options &= ~r.first_barred
    elif leading and r.unbroken >= 0 and not sim.broken and options & ~r.suit_masks[r.unbroken]:
        options &= ~r.suit_masks[r.unbroken]
    return cards_of(options)


def _key(r: Rules, card: int, led: int) -> int:
    s = r.suit[card]
    return -1 if s < 0 else 1000 + r.power[card] if s == r.trump else r.power[card] if s == led else -1


def _want(r: Rules, card: int) -> int:
    return -r.values[card] if r.lowest_wins else r.values[card]


def _policy(r: Rules, sim: Sim, legal_now: list[int]) -> int:
    """pointmcts.c's policy(), card for card."""
    if not sim.trick:
        return min(legal_now,
                   key=lambda c: (r.values[c] != 0) * 4096 + (r.suit[c] == r.trump) * 1024 + r.power[c])
    led = _led(r, sim.trick)
    win, win_key = 0, -1
    for i, c in enumerate(sim.trick):
        if _key(r, c, led) > win_key:
            win, win_key = i, _key(r, c, led)
    stake = sum(_want(r, c) for c in sim.trick) + r.over * r.trick_size
    holder = (sim.leader + win) % r.players
    ours = r.side[holder] == r.side[sim.turn]
    if ours and len(sim.trick) == r.trick_size - 1:
        return max(legal_now, key=lambda c: _want(r, c) * 4096 - r.power[c])
    winners = [c for c in legal_now if _key(r, c, led) > win_key]
    losers = len(legal_now) - len(winners)
    if winners:
        cheapest = min(winners, key=lambda c: _key(r, c, led))
        if not ours and stake + _want(r, cheapest) > 0:
            return cheapest
    penalties = any(_want(r, c) < 0 for c in legal_now)

    def shed(c: int) -> int:
        if not losers:
            return _want(r, c) * 4096 + _key(r, c, led)
        if r.lowest_wins:
            return -_want(r, c) * 4096 + r.power[c]
        if penalties:
            return -_want(r, c) * 4096 + _key(r, c, led) + 2048
        return -(_want(r, c) * 4096 + (r.suit[c] == r.trump) * 1024 + r.power[c])

    return max((c for c in legal_now if not (losers and _key(r, c, led) > win_key)), key=shed)


def _apply(r: Rules, sim: Sim, card: int) -> None:
    sim.hands[sim.turn] &= ~(1 << card)
    under = sim.under.pop(card, None)
    if under is not None:  # a layout's face-up card: the one under it is turned
        sim.hands[sim.turn] |= 1 << under
    sim.trick.append(card)
    if r.breakers >> card & 1:
        sim.broken = True
    if len(sim.trick) < r.trick_size:
        sim.turn = (sim.turn + 1) % r.players
        return
    led = _led(r, sim.trick)
    best, best_key = 0, -1
    for i, c in enumerate(sim.trick):
        key = _key(r, c, led)
        if key > best_key:
            best, best_key = i, key
    winner = (sim.leader + best) % r.players
    if not sim.stock or r.stock_scores:
        for c in sim.trick:
            sim.won[winner] |= 1 << c
    for i in range(r.players):  # the winner the top card, the others the next
        if sim.stock:
            sim.hands[(winner + i) % r.players] |= 1 << sim.stock.pop()
    sim.leader = sim.turn = winner
    sim.trick = []
    sim.tricks += 1


def _points(r: Rules, sim: Sim) -> list[int]:
    out = [0] * r.sides
    cards = [0] * r.sides
    taken = [0] * r.sides
    for s in range(r.players):
        side = r.side[s]
        taken[side] |= sim.won[s]
        cards[side] += bin(sim.won[s]).count("1")
        out[side] += sum(r.values[c] for c in cards_of(sim.won[s]))
    if r.over:
        for s in range(r.sides):
            out[s] += r.over * max(0, cards[s] - r.dealt[s])
    if not r.moon:
        return out
    shooter = next((s for s in range(r.sides) if taken[s] & r.moon == r.moon), None)
    if shooter is None:
        return out
    others = [p - r.moon_points if s == shooter else p + r.moon_points for s, p in enumerate(out)]
    after = [b + p for b, p in zip(r.before, others, strict=True)]
    if r.moon_mode == MOON_CHOICE and not (max(after) >= r.target and after[shooter] == min(after)):
        out[shooter] -= 2 * r.moon_points
        return out
    return others


def _rewards(r: Rules, sim: Sim) -> list[float]:
    side = []
    for p in _points(r, sim):
        x = min(1.0, max(0.0, (p - r.low) / (r.high - r.low)))
        side.append(1.0 - x if r.lowest_wins else x)
    return [side[r.side[s]] for s in range(r.players)]


def legal(game: Game, state: State) -> tuple[int, ...]:
    return tuple(_legal(Rules(*game), Sim.of(state)))


def apply(game: Game, state: State, card: int) -> State:
    if any(u < 0 for _, u in state[8]):
        raise ValueError("under: the card under a layout card -1 only where the seat has not seen it")
    r, sim = Rules(*game), Sim.of(state)
    if card not in _legal(r, sim):
        raise ValueError(f"card {card} is not legal here")
    _apply(r, sim, card)
    return sim.state()


def points(game: Game, state: State) -> tuple[int, ...]:
    r, sim = Rules(*game), Sim.of(state)
    if not _over(r, sim):
        raise ValueError("points: the hand is not played out")
    return tuple(_points(r, sim))


def _shuffle(cards: list[int], rng: Rng) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def _within_caps(r: Rules, h: int, caps: tuple[int, ...]) -> bool:
    return all(bin(h & r.suit_masks[suit]).count("1") <= caps[suit] for suit in range(4))


def _void(r: Rules, voids: int, card: int) -> bool:
    """The seat showed out of the card's suit (a card of no suit: never)."""
    return r.suit[card] >= 0 and bool(voids >> r.suit[card] & 1)


def _caps(k: Knowledge, players: int) -> list[list[int]]:
    """The knowledge's caps with its voids: a suit shown out of, none at all."""
    return [[0 if k[3][s] >> suit & 1 else k[6][s][suit] for suit in range(4)] for s in range(players)]


def _force(r: Rules, k: Knowledge, holders: int, room: list[int], held: list[list[int]], hands: list[int],
           left: int, caps: list[list[int]]) -> tuple[int, int] | None:
    """pointmcts.c's force(): each seat (the last, out of play) that may hold no more of the
    cards ``left`` than it has room for takes them all, until none does; the cards left and
    those put out of play, or None where a seat may hold fewer or more of a suit than its caps."""
    voids, barred = k[3], k[7]
    stock_seat = r.players
    stocked = 0
    changed = True
    while changed:
        changed = False
        for s in range(holders):
            if room[s] <= 0:
                continue
            allowed = left & ~barred[s]
            if s != stock_seat:
                for suit in range(4):
                    if voids[s] >> suit & 1:
                        allowed &= ~r.suit_masks[suit]
            may = cards_of(allowed)
            if len(may) < room[s]:
                return None
            if len(may) > room[s]:
                continue
            for c in may:
                suit = r.suit[c]
                if s == stock_seat:
                    stocked |= 1 << c
                    continue
                if suit >= 0:
                    if held[s][suit] >= caps[s][suit]:
                        return None
                    held[s][suit] += 1
                hands[s] |= 1 << c
            room[s] = 0
            left &= ~allowed
            changed = True
    return left, stocked


def _sample(r: Rules, k: Knowledge, rng: Rng, hands: list[int], stock: list[int],
            under: dict[int, int]) -> bool:
    """pointmcts.c's pm_sample(), number for number: ``stock`` top last, -1 where unseen, and
    ``under`` the layouts' face-down cards, -1 where unseen."""
    _, seat, counts, voids, known, unseen, _, barred = k
    caps = _caps(k, r.players)
    players = r.players
    free = unseen
    for s in range(players):
        if s != seat:
            free &= ~known[s]
    pool = cards_of(free)
    need = [0 if s == seat else counts[s] - bin(known[s]).count("1") for s in range(players)]
    # the stock's unseen places, the cards face down under the layouts and the unseen cards
    # dealt to no seat (out of play, as a widow's dead hand): one more "seat" takes them all
    need.append(len(pool) - sum(need))
    stock_seat = players

    def fill_places(cards: list[int]) -> None:
        """The stock's unseen places, then the layouts' face-down cards, from ``cards`` in turn."""
        it = iter(cards)
        for j, c in enumerate(stock):
            if c < 0:
                stock[j] = next(it)
        for top in sorted(under):  # then the layouts' face-down cards, in the order of those on them
            if under[top] < 0:
                under[top] = next(it)

    for _ in range(0 if any(barred) else REJECTIONS):
        _shuffle(pool, rng)
        i, ok = 0, True
        for s in range(players):
            if not ok:
                break
            if s == seat:
                continue
            h = 0
            for _ in range(need[s]):
                if _void(r, voids[s], pool[i]):
                    ok = False
                h |= 1 << pool[i]
                i += 1
            if ok and not _within_caps(r, h, tuple(caps[s])):
                ok = False
            hands[s] = h | known[s]
        if ok:
            fill_places(pool[i:])
            return True
    holders = players + 1 if need[stock_seat] else players
    for t in range(2 * FILLS):
        _shuffle(pool, rng)
        elig = [sum(1 for s in range(holders) if need[s] > 0 and not barred[s] >> c & 1
                    and (s == stock_seat or not _void(r, voids[s], c))) for c in pool]
        order = sorted(range(len(pool)), key=lambda i: elig[i])
        room = list(need)
        held = [[0] * 4 for _ in range(players)]
        stocked = 0
        for s in range(players):
            if s != seat:
                hands[s] = known[s]
        left = sum(1 << c for c in pool)
        ok = True
        if t >= FILLS:
            forced = _force(r, k, holders, room, held, hands, left, caps)
            ok = forced is not None
            if forced is not None:
                left, out = forced
                stocked |= out
        for i in order:
            if not ok:
                break
            c = pool[i]
            if not left >> c & 1:
                continue
            suit = r.suit[c]
            open_ = [s for s in range(holders)
                     if room[s] > 0 and not barred[s] >> c & 1
                     and (s == stock_seat or suit < 0 or held[s][suit] < caps[s][suit])]
            total = sum(room[s] for s in open_)
            if not total:
                ok = False
                break
            x = rng.below(total)
            for s in open_:
                if x < room[s]:
                    if s == stock_seat:
                        stocked |= 1 << c
                    else:
                        hands[s] |= 1 << c
                        if suit >= 0:
                            held[s][suit] += 1
                    room[s] -= 1
                    break
                x -= room[s]
        if ok:
            cards = cards_of(stocked)
            _shuffle(cards, rng)
            fill_places(cards)
            return True
    return False


def layout(game: Game, knowledge: Knowledge, seed: int) -> State:
    """One layout of the unseen cards: the whole state, the stock's unseen places and the
    cards face down under the layouts filled."""
    r = Rules(*game)
    sim = Sim.of(knowledge[0])
    if not _sample(r, knowledge, Rng(seed), sim.hands, sim.stock, sim.under):
        raise ValueError("no layout of the unseen cards fits what the seat knows")
    return sim.state()


def sample(game: Game, knowledge: Knowledge, seed: int) -> tuple[int, ...]:
    return layout(game, knowledge, seed)[5]


@dataclass
class Node:
    mover: int
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[int, Node] = field(default_factory=dict)


def search(game: Game, knowledge: Knowledge, iterations: int, explore: float, seed: int,
           guide: int = 0) -> int:
    r = Rules(*game)
    rng = Rng(seed)
    root = Node(-1)
    base = Sim.of(knowledge[0])
    for _ in range(max(1, iterations)):
        sim = base.copy()
        if not _sample(r, knowledge, rng, sim.hands, sim.stock, sim.under):
            raise ValueError("no layout of the unseen cards fits what the seat knows")
        node, path = root, [root]
        while not _over(r, sim):
            legal_now = _legal(r, sim)
            untried = []
            for a in legal_now:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
            if untried:
                a = untried[rng.below(len(untried))]
                node.children[a] = child = Node(sim.turn, available=1)
                _apply(r, sim, a)
                path.append(child)
                break
            best, best_u = -1, -1.0
            for a in legal_now:
                c = node.children[a]
                u = c.total / c.visits + explore * math.sqrt(math.log(c.available) / c.visits)
                if u > best_u:
                    best, best_u = a, u
            _apply(r, sim, best)
            node = node.children[best]
            path.append(node)
        while not _over(r, sim):
            legal_now = _legal(r, sim)
            if guide > 0 and rng.below(100) < guide:
                _apply(r, sim, _policy(r, sim, legal_now))
            else:
                _apply(r, sim, legal_now[rng.below(len(legal_now))])
        result = _rewards(r, sim)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += result[n.mover]
    best, best_visits = -1, -1
    for a in _legal(r, base):
        tried = root.children.get(a)
        if tried is not None and tried.visits > best_visits:
            best, best_visits = a, tried.visits
    return best
