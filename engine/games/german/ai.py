"""German whist's player.

While the stock lasts a trick is worth the card turned on it: try to win a
good upcard (a trump or an honour) as cheaply as possible and give away a
poor one with the lowest card. Once the stock is gone both hands are known
to a player who watched the draws (the face-up cards the other took, and
the rest by elimination), so the last 13 tricks are a two-hand problem of
perfect information: the textbook plays masters and cheap winners;
``endgame`` is the exact answer where a solver is given.

Hard and expert search the first 13 tricks with the information-set tree
search of engine.search.pointmcts over the model German.point_play describes
(the stock dealt face down at random in each layout, the hand played out to
its score), then solve the last 13 exactly as medium does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from engine.actions import Action, Play
from engine.cards import Card, full_deck
from engine.family_solver import solve_family_moves
from engine.games.german import GAME, play_model
from engine.observation import Observation
from engine.order import Order
from engine.search.players import seeded
from engine.search.pointmcts import PointPlay, Tree

WORTH_WINNING = 11  # a jack or better is an upcard worth a card to win
# the stock's tricks searched at fixed work, so a move is the same on any machine and within
# 50 ms of processor time (bench/RESULTS.md)
TREE = {"hard": Tree(iterations=8000, guide=80), "expert": Tree(iterations=10000, guide=80)}

# (hands as masks, order, leader, trick) -> tricks after each legal card, for the mover
Endgame = Callable[[tuple[int, int], Order, int, tuple[int, ...]], dict[int, int] | None]


def _order(obs: Observation) -> Order:
    return Order(obs.trump, obs.order == "downtown")


def upcard(obs: Observation) -> Card | None:
    cards = obs.piles.get("upcard", ())
    return cards[0] if cards else None


def other_hand(obs: Observation) -> frozenset[Card]:
    """Once the stock is gone: every card not in this hand and not yet played."""
    played = {c for t in obs.tricks for c in t.cards} | set(obs.trick.cards)
    return frozenset(full_deck()) - played - set(obs.hand)


def _beats(order: Order, card: Card, best: Card) -> bool:
    return order.winning_index([best, card]) == 1


def choose(obs: Observation, endgame: Endgame | None = None) -> Action:
    order = _order(obs)
    legal = [a.card for a in obs.legal if isinstance(a, Play)]
    up = upcard(obs)
    if up is None and endgame is not None:
        card = _solved(obs, order, endgame)
        if card is not None:
            return Play(obs.seat, card)
    wanted = up is None or up.suit == obs.trump or up.rank >= WORTH_WINNING
    trick = obs.trick.cards

    def cheap(c: Card) -> tuple[int, int]:
        return (order.suit_of(c) == obs.trump, order.power(c))

    if not trick:
        if wanted:
            masters = [c for c in legal if _master(obs, order, c)]
            if masters:
                return Play(obs.seat, min(masters, key=cheap))
            return Play(obs.seat, max(legal, key=lambda c: (c.suit != obs.trump, order.power(c))))
        return Play(obs.seat, min(legal, key=cheap))
    winners = [c for c in legal if _beats(order, c, trick[0])]
    if wanted and winners:
        return Play(obs.seat, min(winners, key=cheap))
    losers = [c for c in legal if c not in winners] or legal
    return Play(obs.seat, min(losers, key=cheap))


def _master(obs: Observation, order: Order, card: Card) -> bool:
    """No unseen card of its suit beats it (from this seat's view)."""
    seen = {c for t in obs.tricks for c in t.cards} | set(obs.hand)
    higher = [c for c in full_deck() if c.suit == card.suit and order.power(c) > order.power(card)]
    return all(c in seen for c in higher)


def _solved(obs: Observation, order: Order, endgame: Endgame) -> Card | None:
    me = int(obs.seat)
    mine = sum(1 << int(c) for c in obs.hand)
    theirs = sum(1 << int(c) for c in other_hand(obs))
    hands = (mine, theirs) if me == 0 else (theirs, mine)
    values = endgame(hands, order, int(obs.trick.leader), tuple(int(c) for c in obs.trick.cards))
    if not values:
        return None
    best = max(values.values())
    return min((Card(c) for c, v in values.items() if v == best), key=order.power)


def model(obs: Observation) -> PointPlay:
    """The search's model of the hand: a game won by the majority of the tricks is searched
    for the most tricks (a step no reward in the model can say)."""
    rules = GAME.rules_from_dict(obs.rules)
    if rules.score_mode == "majority":
        rules = replace(rules, score_mode="per_trick")
    return play_model(obs, rules)


def choose_action(obs: Observation, level: str, rng: random.Random) -> Action:
    """The player of ``level``: the textbook, with the exact endgame above easy; hard and
    expert search the tricks played while the stock lasts."""
    if level == "random":
        return rng.choice(obs.legal)
    tree = TREE.get(level)
    if tree is not None and upcard(obs) is not None and len(obs.legal) > 1:
        return tree.play(obs, model(obs), rng.getrandbits(64))
    return choose(obs, None if level in ("rules", "easy") else _endgame)


def _endgame(hands: tuple[int, int], order: Order, leader: int,
             trick: tuple[int, ...]) -> dict[int, int] | None:
    # the two hands are known once the stock is gone: an exact solve
    return solve_family_moves(hands, order, leader, trick)


PLAYER = seeded(choose_action)
TEXTBOOK = None  # the simple bots play engine.search.rules' card

__all__ = ["PLAYER", "TEXTBOOK", "TREE", "choose", "choose_action", "model", "other_hand", "upcard"]
