"""Widow whist's player: each alone for its tricks over par.

The textbook (``rules``, ``easy``): take the widow with a hand counted below
par's worth (taking costs a trick of par and lets you keep the better of two
hands); keep the hand counted for more tricks; swap unseen for a rejected
hand (``chain``) only with a hand counted at under two tricks; in play,
masters first, win cheaply, else the lowest card.

``hard`` and ``expert`` take the widow by the seat's place in the offer: a hand counted
below ``TAKE_BELOW_AT`` for eldest, the next player or the dealer. Played out both ways
from deals, a take repays its trick of par only with a poorer hand than the textbook's
count says, and poorer still the later the place (bench/widow_takes.py makes the numbers).

``medium`` and above: near the end, layouts of the unseen cards (the others'
hands and the dead hand, unless this seat laid it away) solved by the family
solver for this seat's tricks against both others, within a fixed count of
search nodes; the card with the most tricks on average is played. Before that
``hard`` and ``expert`` search the hand as a tree (engine.search.pointmcts over
the model Widow.point_play describes, at fixed work, play-outs mostly following
the trick games' card policy).
"""

from __future__ import annotations

import random

from engine.actions import Action, Bid, Exchange, Pass, Play
from engine.cards import Card
from engine.game import Phase
from engine.games.widow import GAME
from engine.observation import Observation
from engine.order import Order
from engine.search import layouts
from engine.search.hands import count_tricks, win_with
from engine.search.players import seeded
from engine.search.pointmcts import OPENING
from engine.seats import Seat

TAKE_BELOW = 3.5  # a hand counted for fewer tricks than par takes the widow
SWAP_BELOW = 2.0
TAKE_BELOW_AT = (2.7, 2.4, 1.8)  # hard and expert, by place: eldest, the next, the dealer
TAKE_LEVELS = ("hard", "expert")
SOLVE_CARDS = 9
NODES = {"medium": 15_000, "hard": 40_000, "expert": 120_000}
LAYOUTS = {"medium": 4, "hard": 12, "expert": 24}
SLIP_RATE = 0.12
# the tricks before the solved endgame: iterations and guided play-outs, fixed so a move is the
# same on any machine and within 50 ms of processor time (bench/RESULTS.md)
TREE = {"hard": OPENING, "expert": OPENING}


def _count(cards: tuple[Card, ...] | list[Card], trump: int) -> float:
    return count_tricks(list(cards), trump)


def choose_exchange(obs: Observation) -> Action:
    offered = [a for a in obs.legal if isinstance(a, Exchange)]

    def kept(a: Exchange) -> float:
        return _count([c for c in obs.hand if c not in a.discard], obs.trump)

    return max(offered, key=kept)


def choose_bid(obs: Observation, level: str = "rules") -> Action:
    bid = next(a for a in obs.legal if isinstance(a, Bid))
    limit = TAKE_BELOW if bid.call == "take" else SWAP_BELOW
    if bid.call == "take" and level in TAKE_LEVELS:
        limit = TAKE_BELOW_AT[(int(obs.seat) - int(obs.dealer) - 1) % len(TAKE_BELOW_AT)]
    if _count(obs.hand, obs.trump) < limit:
        return bid
    return next(a for a in obs.legal if isinstance(a, Pass))


def solved_card(obs: Observation, level: str, rng: random.Random) -> Card | None:
    if level not in NODES or len(obs.hand) > SOLVE_CARDS:
        return None
    dead = obs.piles.get("dead", ())  # known to the seat that laid it away; else 13 unseen cards
    solved = layouts.solve_layouts(obs, rng, LAYOUTS[level], NODES[level], 1 << int(obs.seat), True,
                                   layouts.held_counts(obs, 13), None, 0 if dead else 13, dead)
    if not solved:
        return None
    order = Order(obs.trump)
    total: dict[int, int] = {}
    for values in solved:
        for card, v in values.items():
            total[card] = total.get(card, 0) + v
    return Card(max(total, key=lambda c: (total[c], -order.power(Card(c)))))


def choose(obs: Observation, level: str, rng: random.Random) -> Action:
    if level == "random":
        return rng.choice(obs.legal)
    if obs.phase == Phase.AUCTION:
        return choose_bid(obs, level)
    if obs.phase == Phase.EXCHANGE:
        return choose_exchange(obs)
    tree = TREE.get(level)
    if tree is not None and len(obs.hand) > SOLVE_CARDS and len(obs.legal) > 1:
        return tree.play(obs, GAME.point_play(obs), rng.getrandbits(64))
    card = solved_card(obs, level, rng)
    if card is None:
        cards = [a.card for a in obs.legal if isinstance(a, Play)]
        card = win_with(obs, Order(obs.trump), cards, frozenset((Seat(obs.seat),)))
        if level == "easy" and rng.random() < SLIP_RATE:
            card = rng.choice([c for c in cards if c.suit == card.suit])
    return Play(obs.seat, card)


PLAYER = seeded(choose)
TEXTBOOK = None  # the simple bots play engine.search.rules' card

__all__ = ["PLAYER", "TEXTBOOK", "TREE", "choose", "choose_bid", "choose_exchange", "solved_card"]
