"""Layouts of the unseen cards for the games of the family at any table size:
what the others may hold, drawn at random within what one seat knows.

The seat knows its own hand, the cards played, the cards it has been shown
(an open misère's hand, the dealer's turned card while the dealer holds it,
a dummy), how many cards each seat holds, the suits each has shown out of,
and how many unseen cards lie out of play (widow whist's dead hand). Cards
are dealt the most constrained first (a suit fewer seats may hold), each to a
seat with room, in proportion to that room; a draw that runs into a dead end
starts again, and after a few gives up (None: the player falls back on its
textbook), so a layout never contradicts a show-out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from engine.cards import Card, full_deck
from engine.family_solver import clear_tables, nodes, solve_family_moves
from engine.observation import Observation
from engine.order import Order
from engine.seats import Seat

ATTEMPTS = 20
OUT = -1  # the bucket of unseen cards out of play


def voids(obs: Observation, order: Order | None = None) -> dict[Seat, set[int]]:
    """The suits each seat has shown out of: a card not of the suit led when it was played
    (``order``, the hand's, decides the suits; a joker led may leave the suit to the next card)."""
    order = order or Order(obs.trump, obs.order == "downtown")
    out: dict[Seat, set[int]] = {Seat(s): set() for s in range(obs.players)}
    for trick in (*obs.tricks, obs.trick):
        cards = list(trick.cards)
        for i, (seat, card) in enumerate(trick.plays()):
            led = order.led_suit(cards[:i])
            if led is not None and order.suit_of(card) != led:
                out[seat].add(led)
    return out


def played(obs: Observation) -> set[Card]:
    return {c for t in obs.tricks for c in t.cards} | set(obs.trick.cards)


def held_counts(obs: Observation, dealt: int) -> dict[Seat, int]:
    """Cards each seat still holds, from the ``dealt`` each began the play with."""
    plays = [s for t in (*obs.tricks, obs.trick) for s, _ in t.plays()]
    return {Seat(s): dealt - plays.count(Seat(s)) for s in range(obs.players)}


def sample(obs: Observation, rng: random.Random, counts: Mapping[Seat, int],
           known: Mapping[Card, Seat] | None = None, out_of_play: int = 0,
           excluded: Iterable[Card] = (), deck: Sequence[Card] | None = None) -> list[set[Card]] | None:
    """Each seat's cards (this seat's own hand as it is), or None if nothing fits.
    ``out_of_play`` unseen cards lie out of play unknown; ``excluded`` out of play, known;
    ``deck``: the pack (default the 52; dummy whist with jokers, 54)."""
    gone = played(obs) | set(excluded)
    hands: list[set[Card]] = [set() for _ in range(obs.players)]
    hands[obs.seat] = set(obs.hand)
    given = {c: s for c, s in (known or {}).items() if s != obs.seat and c not in gone}
    for card, seat in given.items():
        hands[seat].add(card)
    pack = full_deck() if deck is None else deck
    unseen = [c for c in pack if c not in gone and c not in obs.hand and c not in given]
    shown_out = voids(obs)
    room: dict[int, int] = {int(s): counts[s] - len(hands[s]) for s in counts if s != obs.seat}
    room[OUT] = out_of_play
    if sum(room.values()) != len(unseen) or min(room.values()) < 0:
        return None

    order = Order(obs.trump, obs.order == "downtown")

    def fits(card: Card, bucket: int) -> bool:
        # the suit the card counts as (a joker is a trump at a suit contract)
        return bucket == OUT or order.suit_of(card) not in shown_out[Seat(bucket)]

    for _ in range(ATTEMPTS):
        rng.shuffle(unseen)
        pool = sorted(unseen, key=lambda c: sum(1 for b in room if fits(c, b)))
        left = dict(room)
        trial = [set(h) for h in hands]
        ok = True
        for card in pool:
            options = [b for b in left if left[b] > 0 and fits(card, b)]
            if not options:
                ok = False
                break
            bucket = rng.choices(options, [left[b] for b in options])[0]
            left[bucket] -= 1
            if bucket != OUT:
                trial[bucket].add(card)
        if ok:
            return trial
    return None


def solve_layouts(obs: Observation, rng: random.Random, draw: int, node_budget: int, side: int,
                  maximise: bool, counts: Mapping[Seat, int], known: Mapping[Card, Seat] | None = None,
                  out_of_play: int = 0, excluded: Iterable[Card] = ()) -> list[dict[int, int]]:
    """The family solver's values of every legal card (the side's tricks from here) on up to
    ``draw`` sampled layouts, within ``node_budget`` search nodes in all."""
    order = Order(obs.trump, obs.order == "downtown")
    return solve_drawn(lambda: sample(obs, rng, counts, known, out_of_play, excluded), order,
                       int(obs.trick.leader), tuple(int(c) for c in obs.trick.cards), draw, node_budget, side,
                       maximise)


def solve_drawn(layout: Callable[[], Sequence[Iterable[Card]] | None], order: Order, leader: int,
                trick: tuple[int, ...], draw: int, node_budget: int, side: int,
                maximise: bool = True) -> list[dict[int, int]]:
    """:func:`solve_layouts` with the game's own layouts: up to ``draw`` of them from ``layout``
    (each hand in the solver's seat order; None: none fits), solved from ``leader`` and the
    ``trick`` so far for the ``side`` within ``node_budget`` search nodes in all."""
    out: list[dict[int, int]] = []
    budget = node_budget
    clear_tables()  # a layout's nodes must not depend on earlier moves, so a seed gives one card
    for _ in range(draw):
        if budget <= 0:
            break
        hands = layout()
        if hands is None:
            break
        masks = [sum(1 << int(c) for c in h) for h in hands]
        before = nodes()
        values = solve_family_moves(masks, order, leader, trick, side, maximise=maximise, node_limit=budget)
        budget -= max(1, nodes() - before)
        if values is None:
            break
        out.append(values)
    return out


__all__ = ["held_counts", "played", "sample", "solve_drawn", "solve_layouts", "voids"]
