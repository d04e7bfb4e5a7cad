"""Hearts' player: the textbook (duck, dump the queen and high hearts when void,
flush the queen with low spades), a flat Monte Carlo search above it (medium), and
for hard and expert a tree search; all play for the goal of the game, the fewest
points.

Hard and expert search the hand as a tree (engine.search.pointmcts: the C search
the bench's standard ISMCTS runs, with six times its iterations (expert too: more
did not fit a move's processor time) and play-outs that mostly follow the card
policy of a game scored in penalties: lead low, duck under the trick's winner as
high as one can, dump the worst penalty when void, else the highest card). The moon
is in the reward as the rules score it, so the tree shoots when its hand takes
everything and stops a rival's.

The flat search samples layouts of the unseen cards consistent with what the seat
knows (its hand, the cards played, the suits each player has shown out of,
the cards it passed, which the receiver holds until it plays them), tries
every legal card on the same layouts and plays the rest of the hand out with
the textbook for every seat. A card's value is the seat's points less the
mean of the others' (the moon counted as the rules count it), so taking a
heart to stop another's moon is worth it, and dumping the queen on a rival
is better than on nobody. A rival who has taken every point so far, and
enough of them, is played out as shooting, so the search sees the moon
coming and stops it.

Cards are ints here (suit * 13 + rank - 2; spades 0, hearts 1, diamonds 2,
clubs 3), as in ``engine.cards``; the work of a decision is counted in cards
played in play-outs or iterations, not seconds, so a move is the same on any
machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Exchange, Play
from engine.cards import Card
from engine.game import Phase
from engine.games.hearts import Hearts
from engine.observation import Observation
from engine.search import pointmcts
from engine.search.players import seeded

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
QUEEN = 10  # the queen of spades
KING, ACE = 11, 12
JACK_D = 2 * 13 + 9
# Cards played in play-outs per decision (shared by the candidate cards): medium's flat search.
WORK = {"medium": 1500}
# Iterations a card and the share of play-out cards guided, by level (bench/RESULTS.md).
TREE = {"hard": pointmcts.Tree(6000, 80), "expert": pointmcts.Tree(6000, 80)}
MIN_LAYOUTS = 4
MAX_LAYOUTS = 64
SLIP_RATE = 0.12  # easy: the share of cards played without thought
SHOOT_SEEN = 10  # a rival with every point so far and at least this many is played out shooting
RIVALRY = 0.25
STOP_SEEN = 3  # point cards taken, all by one player, before the others play to stop a moon
REMOVED = {3: (2 * 13,), 4: (), 5: (2 * 13, 3 * 13), 6: (2 * 13, 3 * 13, 3 * 13 + 1, 0)}


def _suit(c: int) -> int:
    return c // 13


def _rank(c: int) -> int:
    return c % 13


def _point(c: int) -> bool:
    return c // 13 == HEARTS or c == QUEEN


@dataclass
class Rules:
    """The settings the play needs."""

    players: int
    first_trick_points: bool
    queen_breaks: bool
    jack_diamonds: bool
    moon: str

    @classmethod
    def of(cls, obs: Observation) -> Rules:
        r = obs.rules
        return cls(obs.players, bool(r.get("first_trick_points")), bool(r.get("queen_breaks_hearts")),
                   bool(r.get("jack_diamonds")), str(r.get("moon", "others_plus_26")))

    @property
    def lead(self) -> int:
        return min(c for c in range(3 * 13, 4 * 13) if c not in REMOVED[self.players])

    def value(self, c: int) -> int:
        if c // 13 == HEARTS:
            return 1
        if c == QUEEN:
            return 13
        return -10 if self.jack_diamonds and c == JACK_D else 0


def allowed(hand: Sequence[int], led: int | None, first: bool, broken: bool, rules: Rules) -> list[int]:
    """The cards of ``hand`` the rules let the seat play (as the game's ``play_limit``)."""
    if led is None:
        if first and rules.lead in hand:
            return [rules.lead]
        if not broken:
            others = [c for c in hand if c // 13 != HEARTS]
            if others:
                return others
        return list(hand)
    follow = [c for c in hand if c // 13 == led]
    if follow:
        return follow
    if first and not rules.first_trick_points:
        clean = [c for c in hand if not _point(c)]
        if clean:
            return clean
    return list(hand)


AVOID, SHOOT, STOP = 0, 1, 2  # a seat's plan: duck the points, take them all, stop a rival's moon


def pick(hand: Sequence[int], legal: Sequence[int], trick: Sequence[int], last: bool, queen_out: bool,
         plan: int = AVOID, rival_winning: bool = False) -> int:
    """The textbook's card from ``legal`` (``trick``: the cards played to it so far;
    ``last``: the seat plays the trick's last card; ``queen_out``: the queen of spades is
    still to be played; ``plan``: duck, shoot, or stop a rival who has taken every point so
    far; ``rival_winning``: that rival is winning the trick now)."""
    if plan == SHOOT:
        if not trick:
            return max(legal, key=lambda c: (_rank(c), c // 13 == HEARTS))
        led = trick[0] // 13
        if any(c // 13 == led for c in legal):
            return max(legal, key=_rank)
        clean = [c for c in legal if not _point(c)]
        return min(clean or legal, key=_rank)
    if plan == STOP and trick:
        led = trick[0] // 13
        following = all(c // 13 == led for c in legal)
        if following and (led == HEARTS or any(_point(c) for c in trick)):
            return max(legal, key=lambda c: (c != QUEEN, _rank(c)))  # take a point from the rival
        if not following and not rival_winning:
            hearts = [c for c in legal if c // 13 == HEARTS]
            if hearts:
                return min(hearts)  # a heart to another player ends the moon
    if not trick:
        # lead low; a low spade flushes the queen when it is out and not ours
        safe = [c for c in legal if not (queen_out and c // 13 == SPADES and _rank(c) >= QUEEN % 13)]
        if queen_out and QUEEN not in hand:
            low_spades = [c for c in legal if c // 13 == SPADES and _rank(c) < QUEEN % 13]
            if low_spades:
                return max(low_spades)
        count = [0, 0, 0, 0]
        for c in hand:
            count[c // 13] += 1
        return min(safe or legal, key=lambda c: (_rank(c) + (3 if c // 13 == HEARTS else 0), count[c // 13]))
    led = trick[0] // 13
    if all(c // 13 == led for c in legal):
        top = max(_rank(c) for c in trick if c // 13 == led)
        under = [c for c in legal if _rank(c) < top]
        if under:
            return max(under)  # duck as high as we can (the queen under a king or ace)
        points = any(_point(c) for c in trick)
        above = [c for c in legal if c != QUEEN]
        if last and not points:
            return max(above or legal)  # the trick is ours anyway: shed the highest
        return min(above or legal)
    # void in the suit led: dump the worst (nothing to a rival running the moon)
    if plan == STOP and rival_winning:
        clean = [c for c in legal if not _point(c)]
        if clean:
            return max(clean, key=_rank)
    if QUEEN in legal:
        return QUEEN
    if queen_out:
        big = [c for c in legal if c // 13 == SPADES and _rank(c) > QUEEN % 13]
        if big:
            return max(big)
    hearts = [c for c in legal if c // 13 == HEARTS]
    if hearts:
        return max(hearts)
    count = [0, 0, 0, 0]
    for c in hand:
        count[c // 13] += 1
    return max(legal, key=lambda c: (_rank(c) - 2 * count[c // 13], c))


def running(counted: Sequence[int]) -> int | None:
    """The seat that has taken every point card so far, enough of them to be running the moon."""
    total = sum(counted)
    if total < STOP_SEEN:
        return None
    for s, n in enumerate(counted):
        if n == total:
            return s
    return None


def winning_seat(leader: int, trick: Sequence[int], players: int) -> int:
    led = trick[0] // 13
    w = max((i for i in range(len(trick)) if trick[i] // 13 == led), key=lambda i: trick[i])
    return (leader + w) % players


def pass_cards(hand: Sequence[int], count: int) -> list[int]:
    """The textbook's pass: the queen and the spades above it when spades are short,
    high hearts, then high cards of the shortest side suit (towards a void)."""
    length = [0, 0, 0, 0]
    for c in hand:
        length[c // 13] += 1

    def danger(c: int) -> float:
        s, r = c // 13, _rank(c)
        if s == SPADES:
            if r >= QUEEN % 13:
                return 100 + r if length[SPADES] < 5 else 1  # five spades guard the queen
            return r / 4
        if s == HEARTS:
            return 8 + r * 1.5 if r >= 8 else r / 2
        return r + 3 * max(0, 4 - length[s]) if r >= 7 else r / 2

    return sorted(hand, key=danger, reverse=True)[:count]


@dataclass
class Position:
    """The hand from the seat's view, as ints: what a play-out starts from."""

    rules: Rules
    seat: int
    hand: list[int]
    leader: int
    trick: list[int]
    first: bool
    broken: bool
    queen_out: bool
    taken: list[int]  # points taken so far, by seat
    counted: list[int]  # point cards taken so far, by seat
    left: list[int]  # cards each seat still holds
    voids: list[set[int]]
    known: list[set[int]]  # cards known to be in each other seat's hand (the pass)
    unseen: list[int]


def position(obs: Observation) -> Position:
    rules = Rules.of(obs)
    n = obs.players
    seat = int(obs.seat)
    hand = [int(c) for c in obs.hand]
    played: set[int] = set()
    taken = [0] * n
    counted = [0] * n
    voids: list[set[int]] = [set() for _ in range(n)]
    broken = False
    for t in (*obs.tricks, obs.trick):
        plays = t.plays()
        if not plays:
            continue
        led = plays[0][1].suit
        for s, c in plays:
            played.add(int(c))
            if c.suit != led:
                voids[s].add(led)
            if c.suit == HEARTS or (rules.queen_breaks and int(c) == QUEEN):
                broken = broken or t is not obs.trick
        if t is not obs.trick:
            w = max((i for i, (_, c) in enumerate(plays) if c.suit == led), key=lambda i: plays[i][1].rank)
            winner = int(plays[w][0])
            taken[winner] += sum(rules.value(int(c)) for c in t.cards)
            counted[winner] += sum(1 for c in t.cards if _point(int(c)))
    per = [0] * n
    for t in (*obs.tricks, obs.trick):
        for who, _ in t.plays():
            per[who] += 1
    held = [len(hand) + per[seat] - per[s] for s in range(n)]
    known: list[set[int]] = [set() for _ in range(n)]
    passed = obs.piles.get("passed", ())
    call = obs.contract.call if obs.contract is not None else "hold"
    step = {"pass left": 1, "pass right": n - 1, "pass across": 2}.get(call)
    if step is not None and passed:
        known[(seat + step) % n] = {int(c) for c in passed} - played
    pack = [c for c in range(52) if c not in REMOVED[n]]
    unseen = [c for c in pack if c not in played and c not in hand]
    return Position(rules, seat, hand, int(obs.trick.leader), [int(c) for c in obs.trick.cards],
                    not obs.tricks, broken, QUEEN not in played, taken, counted, held, voids, known, unseen)


def sample(pos: Position, rng: random.Random) -> list[list[int]] | None:
    """Hands for every seat consistent with what the seat knows, or None if the draw failed."""
    n = pos.rules.players
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[pos.seat] = list(pos.hand)
    need = list(pos.left)
    need[pos.seat] = 0
    pool = []
    for c in pos.unseen:
        owner = next((s for s in range(n) if c in pos.known[s]), None)
        if owner is not None and owner != pos.seat:
            hands[owner].append(c)
            need[owner] -= 1
        else:
            pool.append(c)
    rng.shuffle(pool)
    # the cards fewest seats may hold go first
    pool.sort(key=lambda c: sum(1 for s in range(n) if need[s] > 0 and c // 13 not in pos.voids[s]))
    for c in pool:
        open_ = [s for s in range(n) if need[s] > 0 and c // 13 not in pos.voids[s]]
        if not open_:
            return None
        s = rng.choice(open_)
        hands[s].append(c)
        need[s] -= 1
    return hands


def sample_loose(pos: Position, rng: random.Random) -> list[list[int]]:
    """A layout ignoring the shown-out suits (when the strict draw keeps failing)."""
    n = pos.rules.players
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[pos.seat] = list(pos.hand)
    pool = list(pos.unseen)
    rng.shuffle(pool)
    i = 0
    for s in range(n):
        if s != pos.seat:
            hands[s] = pool[i:i + pos.left[s]]
            i += pos.left[s]
    return hands


def playout(pos: Position, hands: list[list[int]], first_card: int, shooters: frozenset[int]) -> list[int]:
    """Play the hand out from ``pos`` with ``first_card`` for the seat to move, every seat by
    the textbook (those in ``shooters`` taking every point); the points each seat took."""
    rules = pos.rules
    n = rules.players
    hands = [list(h) for h in hands]
    taken = list(pos.taken)
    counted = list(pos.counted)
    leader, trick = pos.leader, list(pos.trick)
    first, broken, queen_out = pos.first, pos.broken, pos.queen_out
    card: int | None = first_card
    rival = running(counted)
    values = [rules.value(c) for c in range(52)]
    while True:
        mover = (leader + len(trick)) % n
        hand = hands[mover]
        if not hand:
            break
        if card is None:
            legal = allowed(hand, trick[0] // 13 if trick else None, first, broken, rules)
            if len(legal) == 1:
                card = legal[0]
            else:
                plan = SHOOT if mover in shooters else STOP if rival is not None and rival != mover else AVOID
                card = pick(hand, legal, trick, len(trick) == n - 1, queen_out, plan,
                            plan == STOP and bool(trick) and winning_seat(leader, trick, n) == rival)
        hand.remove(card)
        trick.append(card)
        card = None
        if len(trick) == n:
            winner = winning_seat(leader, trick, n)
            for c in trick:
                if c == QUEEN or c // 13 == HEARTS:
                    counted[winner] += 1
                    if c != QUEEN or rules.queen_breaks:
                        broken = True
                    if c == QUEEN:
                        queen_out = False
                taken[winner] += values[c]
            leader, trick, first = winner, [], False
            rival = running(counted)
    if rules.moon != "off":
        for s in range(n):
            if counted[s] == 14:
                taken = [t + 26 for t in taken]
                taken[s] -= 52
                break
    return taken


def _score(points: list[int], seat: int) -> float:
    """The seat's points, less a quarter of the mean of the others' (the race is against
    them, but a point not taken is worth more than one given): lower is better."""
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - RIVALRY * sum(others) / len(others)


def rivals_of(pos: Position) -> list[int]:
    """The others who have taken every point card so far, enough of them to be shooting."""
    n = pos.rules.players
    return [s for s in range(n) if s != pos.seat and pos.counted[s] and
            sum(pos.counted) == pos.counted[s] and pos.taken[s] >= SHOOT_SEEN]


def search(obs: Observation, rng: random.Random, work: int) -> int:
    pos = position(obs)
    legal = sorted(int(a.card) for a in obs.legal if isinstance(a, Play))
    if len(legal) == 1:
        return legal[0]
    shooters = frozenset(rivals_of(pos))
    cards_left = sum(pos.left) + len(pos.trick)
    layouts = max(MIN_LAYOUTS, min(MAX_LAYOUTS, work // max(1, cards_left * len(legal))))
    totals = [0.0] * len(legal)
    for _ in range(layouts):
        hands = None
        for _ in range(5):
            hands = sample(pos, rng)
            if hands is not None:
                break
        if hands is None:
            hands = sample_loose(pos, rng)
        for i, c in enumerate(legal):
            totals[i] += _score(playout(pos, hands, c, shooters), pos.seat)
    return legal[min(range(len(legal)), key=lambda i: (totals[i], i))]


def textbook_pass(obs: Observation) -> Exchange:
    chosen = pass_cards([int(c) for c in obs.hand], obs.discard)
    return Exchange(obs.seat, tuple(Card(c) for c in sorted(chosen)))


def textbook_play(obs: Observation) -> Action:
    if obs.phase == Phase.EXCHANGE:
        return textbook_pass(obs)
    legal = sorted(int(a.card) for a in obs.legal if isinstance(a, Play))
    if len(legal) == 1:
        return Play(obs.seat, Card(legal[0]))
    pos = position(obs)
    n = pos.rules.players
    rival = running(pos.counted)
    plan = STOP if rival is not None and rival != pos.seat else AVOID
    winning = plan == STOP and bool(pos.trick) and winning_seat(pos.leader, pos.trick, n) == rival
    return Play(obs.seat, Card(pick(pos.hand, legal, pos.trick, len(pos.trick) == n - 1, pos.queen_out, plan,
                                    winning)))


def choose(obs: Observation, level: str, rng: random.Random) -> Action:
    """The action of ``level`` for a Hearts observation."""
    if obs.phase == Phase.EXCHANGE:
        if level == "random":
            return Exchange(obs.seat, tuple(sorted(rng.sample(sorted(obs.hand), obs.discard))))
        return textbook_pass(obs)
    if level == "random" or (level == "easy" and rng.random() < SLIP_RATE):
        return rng.choice(obs.legal)
    tree = TREE.get(level)
    if tree is not None and len(obs.legal) > 1:
        return tree.play(obs, Hearts(obs.players).point_play(obs), rng.getrandbits(64))
    work = WORK.get(level, 0)
    if not work:
        return textbook_play(obs)
    return Play(obs.seat, Card(search(obs, rng, work)))


PLAYER = seeded(choose)
TEXTBOOK = textbook_play

__all__ = ["PLAYER", "TEXTBOOK", "allowed", "choose", "pass_cards", "pick", "playout", "position", "sample"]
