"""Norwegian whist's nullo played to lose tricks: layouts of the unseen cards
drawn as the classic AI draws them (engine.search.sampling: uniform, within the
suits each seat has shown out of) and solved exactly by the family solver for
the fewest tricks of this seat's partnership (``maximise=False``: the other
side, wanting to lose its own tricks, gives them to us). The search starts
once the hands are small enough to solve within a move's count of search
nodes (the same on any machine); before that, and when no layout is solved,
the ducking textbook plays.
"""

from __future__ import annotations

import random

from engine.cards import Card
from engine.family_solver import clear_tables, nodes, partners, solve_family_moves
from engine.observation import Observation
from engine.order import Order
from engine.search.sampling import Sampler
from engine.search.view import view_of

SOLVE_CARDS = 7  # solve layouts once this seat holds at most this many cards
NODES = {"medium": 15_000, "hard": 60_000, "expert": 120_000}  # search nodes a move
LAYOUTS = {"medium": 4, "hard": 12, "expert": 24}


def solved_card(obs: Observation, level: str, rng: random.Random) -> Card | None:
    """The card losing the fewest tricks for this seat's side over sampled layouts,
    or None (early in the hand, a level that does not search, nothing solved)."""
    if level not in NODES or len(obs.hand) > SOLVE_CARDS or obs.players != 4:
        return None
    view = view_of(obs.play_form())
    sampler = Sampler.for_view(view)
    order = Order(obs.trump, obs.order == "downtown")
    side = partners(int(obs.seat))
    trick = tuple(int(c) for c in obs.trick.cards)
    budget = NODES[level]
    total: dict[int, int] = {}
    solved = 0
    clear_tables()  # a layout's nodes must not depend on earlier moves, so a seed gives one card
    for _ in range(LAYOUTS[level]):
        if budget <= 0:
            break
        hands = sampler.sample(rng)
        before = nodes()
        values = solve_family_moves(hands, order, int(obs.trick.leader), trick, side, maximise=False,
                                    node_limit=budget)
        budget -= max(1, nodes() - before)
        if values is None:
            break
        solved += 1
        for card, v in values.items():
            total[card] = total.get(card, 0) + v
    if not solved:
        return None
    return Card(min(total, key=lambda c: (total[c], -order.power(Card(c)))))


__all__ = ["solved_card"]
