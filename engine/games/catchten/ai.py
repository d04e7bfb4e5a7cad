"""Catch the Ten's player.

The textbook (``rules``, and the play-outs of the search) plays for the trump honours:
it wins a trick holding an honour as cheaply as it surely can (the jack takes an
opponent's ten), plays its own ten or ace onto a trick its side surely wins, keeps
its honours out of tricks it cannot win, and otherwise throws its least card.

Hard and expert search the hand as a tree (engine.search.pointmcts, in C: the
information-set search of the bench's baseline, with ten and sixteen times its
iterations; its play-outs guided by the card policy cost twice as much a move and
measured no stronger here, bench/RESULTS.md). With
packets still face down (two and three players), which that search does not model,
they search flat as medium does, with more deals.

Medium searches flat: it deals the cards it cannot see at random,
consistent with what the seat knows (its hand and packets taken up, the cards
played, the turned card in the dealer's hand, the suits each player showed out of
in the packet in play), plays every legal card out to the end of the deal with the
textbook player at every seat, and keeps the card whose deals score best for the
seat's side against the best of the others (honours and cards over: the deal's
points). The number of deals is fixed by level, not by the clock, so a move is the
same for the same observation and seed on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.actions import Action, Play
from engine.cards import Card
from engine.errors import RulesError
from engine.games.catchten import HONOURS, PACKET, dealt_each, game_at, pack_for, teams_of
from engine.observation import Observation
from engine.search import pointmcts
from engine.search.players import seeded

SLIP_RATE = 0.12  # easy: share of moves where the textbook card is swapped for another legal one


@dataclass(frozen=True)
class Effort:
    """A level's search: deals of the unseen cards, at most, and the card plays its play-outs
    may make in all (cards to try x cards left to play x deals), so a move stays within
    50 ms of processor time at the largest hands (bench/RESULTS.md); never fewer than
    ``least`` deals."""

    deals: int
    plays: int
    least: int = 3


EFFORT = {"medium": Effort(6, 1200), "hard": Effort(16, 3000), "expert": Effort(32, 4000)}
# hard and expert's tree search, for a hand played whole (no packets face down)
TREE = {"hard": pointmcts.Tree(10000, 0), "expert": pointmcts.Tree(16000, 0)}
TRUMP_POWER_JACK = 15


@dataclass(frozen=True)
class Table:
    """What does not change in a deal: the size, the teams, trumps and the power of each card."""

    players: int
    teams: int
    trump: int
    power: tuple[int, ...]  # by card int: rank, the trump jack above the ace
    higher: tuple[int, ...]  # by card int: the mask of the cards of its suit above it
    trumps: int  # the mask of the trump suit

    def side(self, seat: int) -> int:
        return seat % self.teams if self.teams else seat

    def beats(self, card: int, best: int, led: int) -> bool:
        """Whether ``card`` beats ``best``, the card winning a trick led in ``led``."""
        suit, top = card // 13, best // 13
        if suit == top:
            return self.power[card] > self.power[best]
        return suit == self.trump or (suit == led and top != self.trump)

    def worth(self, card: int) -> int:
        """The points ``card`` carries to whoever takes it."""
        return HONOURS.get(card % 13 + 2, 0) if card // 13 == self.trump else 0


def table_of(players: int, teams: int, trump: int) -> Table:
    power = [c % 13 + 2 for c in range(52)]
    power[trump * 13 + 9] = TRUMP_POWER_JACK
    higher = tuple(sum(1 << o for o in range(c // 13 * 13, c // 13 * 13 + 13) if power[o] > power[c])
                   for c in range(52))
    return Table(players, teams, trump, tuple(power), higher, ((1 << 13) - 1) << (13 * trump))


def mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def winner_index(t: Table, cards: Sequence[int]) -> int:
    best, led = 0, cards[0] // 13
    for i in range(1, len(cards)):
        if t.beats(cards[i], cards[best], led):
            best = i
    return best


def legal(hand: Sequence[int], cards: Sequence[int]) -> list[int]:
    if not cards:
        return list(hand)
    led = cards[0] // 13
    same = [c for c in hand if c // 13 == led]
    return same or list(hand)


def textbook(t: Table, seat: int, hand: Sequence[int], leader: int, cards: Sequence[int], unseen: int) -> int:
    """The textbook card for ``seat`` holding ``hand`` with ``cards`` played to the trick
    led by ``leader``; ``unseen`` is the mask of the cards it cannot see (others' hands,
    packets)."""
    options = legal(hand, cards)
    if len(options) == 1:
        return options[0]
    trump = t.trump
    mine = t.side(seat)
    if not cards:
        return _lead(t, options, unseen)
    led = cards[0] // 13
    win = winner_index(t, cards)
    best = cards[win]
    last = len(cards) == t.players - 1

    def safe(card: int) -> bool:
        # nobody after this seat can beat ``card``: last to play, or no unseen card beats it
        if last:
            return True
        above = t.higher[card] if card // 13 == trump else t.higher[card] | t.trumps
        return not unseen & above

    partner_wins = t.side((leader + win) % t.players) == mine and (last or safe(best))
    if partner_wins and t.teams:
        # fatten a trick the side surely takes: the ten, then the other honours, else the least
        return max(options, key=lambda c: (t.worth(c), -_keep(t, c)))
    beaters = [c for c in options if t.beats(c, best, led)]
    at_stake = sum(t.worth(c) for c in cards)
    sure = [c for c in beaters if safe(c)]
    if sure:
        ten = [c for c in sure if t.worth(c) == HONOURS[10]]
        if ten:
            return ten[0]  # save the ten
        if at_stake or any(t.worth(c) for c in options) or last:
            return min(sure, key=lambda c: (t.worth(c) > 0 and t.worth(c) != HONOURS[11], t.power[c],
                                            c // 13 == trump))
    if beaters and at_stake and not any(t.worth(c) for c in beaters):
        return min(beaters, key=lambda c: (c // 13 == trump, t.power[c]))
    return min(options, key=lambda c: _keep(t, c))


def _keep(t: Table, card: int) -> int:
    """How much a seat wants to keep ``card``: honours most, then trumps, then by rank."""
    return t.worth(card) * 20 + (40 if card // 13 == t.trump else 0) + t.power[card]


def _lead(t: Table, options: list[int], unseen: int) -> int:
    trump = t.trump
    trumps_out = bool(unseen & t.trumps)

    def master(c: int) -> bool:
        return not unseen & t.higher[c]

    plain = [c for c in options if c // 13 != trump]
    masters = [c for c in plain if master(c) and not trumps_out]
    if masters:
        return min(masters, key=lambda c: t.power[c])
    jack = [c for c in options if c // 13 == trump and t.power[c] == TRUMP_POWER_JACK]
    if jack and trumps_out:
        return jack[0]  # draw the trumps while the jack wins: the honours fall to it
    if plain:
        return min(plain, key=lambda c: (t.power[c], c))
    return min(options, key=lambda c: _keep(t, c))


# -- what a seat knows ------------------------------------------------------------------
@dataclass(frozen=True)
class Known:
    """The deal as ``seat`` sees it, in card ints."""

    table: Table
    seat: int
    hand: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    played: tuple[tuple[int, int, int], ...]  # (trick number from 0, seat, card) of every trick done
    unseen: frozenset[int]
    held: tuple[int, ...]  # cards each seat holds now (its packet in play)
    later: tuple[int, ...]  # cards each seat has still face down in packets
    voids: tuple[frozenset[int], ...]  # suits each seat showed out of in the packet in play
    turned: int | None  # the turned card, while it is still to come from the dealer's packets
    dealer: int
    trick_number: int
    packet: int  # cards in a packet (the whole hand without packets)


def known(obs: Observation) -> Known:
    n = obs.players
    teams = teams_of(n, str(obs.rules.get("sides", "two")))
    t = table_of(n, teams, obs.trump)
    each = dealt_each(n)
    packets = bool(obs.rules.get("packets", True)) and n <= 3
    packet = PACKET if packets else each
    done = len(obs.tricks)
    start = done - done % packet  # the first trick of the packet in play
    played: list[tuple[int, int, int]] = []
    count = [0] * n
    voids: list[set[int]] = [set() for _ in range(n)]
    for number, trick in enumerate(obs.tricks):
        plays = trick.plays()
        for s, c in plays:
            played.append((number, int(s), int(c)))
            count[int(s)] += 1
            if number >= start and c.suit != plays[0][1].suit:
                voids[int(s)].add(plays[0][1].suit)
    for s, c in obs.trick.plays():
        count[int(s)] += 1
        if c.suit != obs.trick.cards[0].suit:
            voids[int(s)].add(obs.trick.cards[0].suit)
    in_packet = done - start
    held = tuple(packet - in_packet - (1 if s in {int(x) for x, _ in obs.trick.plays()} else 0)
                 for s in range(n))
    later = tuple(each - packet - start for _ in range(n))
    gone = {c for _, _, c in played} | {int(c) for c in obs.trick.cards}
    hand = tuple(int(c) for c in obs.hand)
    card = obs.trump_card
    # the turned card, not yet played nor in this hand: in the dealer's hand or last packet
    turned = int(card) if card is not None and int(card) not in gone and int(card) not in hand else None
    unseen = frozenset(int(c) for c in pack_for(n)) - gone - set(hand)
    return Known(t, int(obs.seat), hand, int(obs.trick.leader), tuple(int(c) for c in obs.trick.cards),
                 tuple(played), unseen, held, later, tuple(frozenset(v) for v in voids), turned,
                 int(obs.dealer), done, packet)


def sample(k: Known, rng: random.Random) -> list[list[list[int]]]:
    """A deal of the unseen cards consistent with ``k``: for each seat its cards in hand,
    then its packets still face down (the seat's own hand as it is)."""
    n = k.table.players
    for attempt in range(20):
        rest = list(k.unseen)
        if k.turned is not None:
            rest.remove(k.turned)
        rng.shuffle(rest)
        world: list[list[list[int]]] = [[[] for _ in range(1 + k.later[s] // k.packet)] for s in range(n)]
        world[k.seat][0] = list(k.hand)
        ok = True
        # the packets still face down first (no void binds them), the turned card in the
        # dealer's last
        for s in range(n):
            for p in range(1, len(world[s])):
                last = s == k.dealer and k.turned is not None and p == len(world[s]) - 1
                need = k.packet - (1 if last else 0)
                world[s][p] = [rest.pop() for _ in range(need)]
                if need < k.packet and k.turned is not None:
                    world[s][p].append(k.turned)
        if k.turned is not None and not any(k.turned in p for p in world[k.dealer][1:]):
            if k.dealer == k.seat:
                raise RulesError("the turned card is neither in the dealer's hand nor still to come")
            world[k.dealer][0].append(k.turned)  # in the dealer's hand in play
        for s in sorted(range(n), key=lambda x: -len(k.voids[x])):
            if s == k.seat:
                continue
            need = k.held[s] - len(world[s][0])
            fits = [c for c in rest if c // 13 not in k.voids[s]] if attempt < 19 else list(rest)
            if len(fits) < need:
                ok = False
                break
            take = fits[:need]
            world[s][0] += take
            taken = set(take)
            rest = [c for c in rest if c not in taken]
        if ok:
            return world
    raise RulesError("no deal of the unseen cards fits what this seat knows")


def play_out(t: Table, world: list[list[list[int]]], leader: int, cards: list[int], tricks_left: int,
             trick_number: int, packet: int) -> tuple[list[int], list[int]]:
    """Play the deal out from ``world`` (hands, then packets) with the textbook at every
    seat: cards and honour points each side takes from here on (this trick included).
    Each seat sees what it would: its own hand and the cards gone."""
    n = t.players
    sides = t.teams or n
    taken = [0] * sides
    points = [0] * sides
    hands = [list(w[0]) for w in world]
    packets = [[list(p) for p in w[1:]] for w in world]
    # each seat's unseen cards: everything not in its hand and not played
    live = mask(cards)
    for s in range(n):
        live |= mask(hands[s])
        for p in packets[s]:
            live |= mask(p)
    number = trick_number
    for _ in range(tricks_left):
        start = len(cards)
        for i in range(start, n):
            seat = (leader + i) % n
            hand = hands[seat]
            card = textbook(t, seat, hand, leader, cards, live & ~mask(hand) & ~mask(cards))
            hand.remove(card)
            cards.append(card)
        win = (leader + winner_index(t, cards)) % n
        side = t.side(win)
        taken[side] += n
        points[side] += sum(t.worth(c) for c in cards)
        live &= ~mask(cards)
        cards = []
        leader = win
        number += 1
        if number % packet == 0:
            for s in range(n):
                if packets[s]:
                    hands[s] = packets[s].pop(0)
    return taken, points


def evaluate(k: Known, world: list[list[list[int]]], card: int, before: tuple[list[int], list[int]]) -> float:
    t = k.table
    n = t.players
    hands = [[list(h) for h in w] for w in world]
    hands[k.seat][0].remove(card)
    tricks_left = len(k.hand) + k.later[k.seat]
    taken, points = play_out(t, hands, k.leader, [*k.trick, card], tricks_left, k.trick_number, k.packet)
    sides = t.teams or n
    members = [sum(1 for s in range(n) if t.side(s) == side) for side in range(sides)]
    each = dealt_each(n)
    score = []
    for side in range(sides):
        cards = before[0][side] + taken[side]
        score.append(before[1][side] + points[side] + max(0, cards - each * members[side]))
    mine = t.side(k.seat)
    return score[mine] - max(v for i, v in enumerate(score) if i != mine)


def taken_so_far(k: Known) -> tuple[list[int], list[int]]:
    t = k.table
    sides = t.teams or t.players
    cards, points = [0] * sides, [0] * sides
    by_trick: dict[int, list[tuple[int, int]]] = {}
    for number, s, c in k.played:
        by_trick.setdefault(number, []).append((s, c))
    for plays in by_trick.values():
        win = plays[winner_index(t, [c for _, c in plays])][0]
        cards[t.side(win)] += len(plays)
        points[t.side(win)] += sum(t.worth(c) for _, c in plays)
    return cards, points


def distinct(t: Table, cards: Sequence[int], unseen: int) -> list[int]:
    """One card of each run that plays alike: cards of a suit with no unseen card between
    them and no points on them (the lowest stands for the run)."""
    out: list[int] = []
    for c in sorted(cards, key=lambda x: (x // 13, t.power[x])):
        if out and not t.worth(c) and not t.worth(out[-1]) and out[-1] // 13 == c // 13:
            between = t.higher[out[-1]] & ~t.higher[c] & ~(1 << c)
            if not between & unseen:
                continue
        out.append(c)
    return out


def search(obs: Observation, effort: Effort, rng: random.Random) -> int:
    """The legal card whose play-outs score best over the deals of the unseen cards."""
    k = known(obs)
    legal_cards = sorted({int(a.card) for a in obs.legal if isinstance(a, Play)})
    options = distinct(k.table, legal_cards, mask(k.unseen))
    if len(options) == 1:
        return options[0]
    before = taken_so_far(k)
    totals = dict.fromkeys(options, 0.0)
    left = len(k.unseen) + len(k.hand) + len(k.trick)
    deals = max(effort.least, min(effort.deals, effort.plays // (len(options) * left)))
    for _ in range(deals):
        world = sample(k, rng)
        for card in options:
            totals[card] += evaluate(k, world, card, before)
    # level deals: the textbook's card (the search finds nothing better)
    book = textbook(k.table, k.seat, k.hand, k.leader, k.trick, mask(k.unseen))
    return max(options, key=lambda c: (round(totals[c], 6), c == book, -c))


def textbook_card(obs: Observation) -> int:
    k = known(obs)
    return textbook(k.table, k.seat, k.hand, k.leader, k.trick, mask(k.unseen))


def textbook_play(obs: Observation) -> Action:
    """The textbook card (the ``rules`` level and the simple bots)."""
    return Play(obs.seat, Card(textbook_card(obs)))


def choose(obs: Observation, level: str, rng: random.Random) -> Action:
    plays = [a for a in obs.legal if isinstance(a, Play)]
    if not plays:
        raise RulesError(f"Catch the Ten has only cards to play, and seat {obs.label(obs.seat)} has none now")
    if level == "random":
        return rng.choice(plays)
    if level in TREE and len(plays) > 1:
        game = game_at(obs.players, str(obs.rules.get("sides", "two")))
        if game.rules_from_dict(obs.rules).packets_dealt == 1:
            return TREE[level].play(obs, game.point_play(obs), rng.getrandbits(64))
    if level in EFFORT:
        return Play(obs.seat, Card(search(obs, EFFORT[level], rng)))
    card = textbook_card(obs)
    if level == "easy" and len(plays) > 1 and rng.random() < SLIP_RATE:
        return rng.choice([p for p in plays if p.card != card])
    return Play(obs.seat, Card(card))


PLAYER = seeded(choose)
TEXTBOOK = textbook_play

__all__ = ["EFFORT", "PLAYER", "TEXTBOOK", "Effort", "choose", "known", "sample", "search", "textbook",
           "textbook_play"]
