"""Simple bots for demos and tests (the real AI lives in engine.ai).

Both take an observation (DESIGN.md format: what one seat may know) and
return a legal card as text. ``random_card`` picks any legal card;
``rules_card`` plays the textbook basics: second hand low, third hand high,
win cheaply, don't beat partner, ruff when the opponents are winning, lead
winners or from the longest suit, discard from the weakest suit.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from engine.cards import Card, parse_cards
from engine.seats import Seat
from engine.shuffle import rng_for
from engine.trick import Trick

Observation = Mapping[str, object]


def _trump(obs: Observation) -> int:
    return "SHDCN".index(str(obs["trump"]))


def _current(obs: Observation) -> Trick:
    t = obs.get("trick") or {}
    leader = Seat.parse(str(t.get("leader", obs["seat"])))  # type: ignore[union-attr]
    return Trick(leader, tuple(parse_cards(t.get("cards", []))))  # type: ignore[union-attr, arg-type]


def legal_cards(obs: Observation) -> list[Card]:
    """The cards the observing seat may play now (follow suit if able)."""
    hand = parse_cards(obs["hand"])  # type: ignore[arg-type]
    led = _current(obs).led_suit
    if led is not None:
        follow = [c for c in hand if c.suit == led]
        if follow:
            return sorted(follow)
    return sorted(hand)


def _played(obs: Observation) -> set[Card]:
    cards: set[Card] = set()
    for t in obs.get("tricks") or []:  # type: ignore[union-attr]
        cards.update(parse_cards(t["cards"]))
    cards.update(_current(obs).cards)
    return cards


def random_card(observation: Observation, seed: int | str | None = None) -> str:
    """Any legal card, uniformly (seeded for reproducible demos)."""
    legal = legal_cards(observation)
    if not legal:
        raise ValueError("no legal card: the hand is empty")
    return str(rng_for(seed).choice(legal))


def _is_top(card: Card, gone: set[Card]) -> bool:
    """True when no higher card of the suit is still out."""
    return all(Card.of(card.suit, r) in gone for r in range(card.rank + 1, 15))


def rules_card(observation: Observation, seed: int | str | None = None) -> str:
    """A basic follow/win heuristic; ``seed`` breaks ties between equal choices."""
    rng: random.Random = rng_for(seed if seed is not None else 0)
    legal = legal_cards(observation)
    if not legal:
        raise ValueError("no legal card: the hand is empty")
    if len(legal) == 1:
        return str(legal[0])
    trump = _trump(observation)
    hand = parse_cards(observation["hand"])  # type: ignore[arg-type]
    me = Seat.parse(str(observation["seat"]))
    trick = _current(observation)
    gone = _played(observation) | set(hand)  # cards I need not fear

    if not trick.cards:
        return str(_lead(hand, trump, gone, rng))

    led = trick.led_suit
    assert led is not None
    win_i = trick.winning_index(trump)
    partner_winning = trick.seat_of(win_i) == me.partner
    last = len(trick.cards) == 3

    def beats(card: Card) -> bool:
        return Trick(trick.leader, trick.cards + (card,)).winning_index(trump) == len(trick.cards)

    winners = sorted((c for c in legal if beats(c)), key=lambda c: (c.suit == trump, c.rank))
    following = legal[0].suit == led

    if partner_winning:
        # Partner's card stands if it is sure to hold (last to play, or a top card).
        top = trick.cards[win_i]
        if last or _is_top(top, gone) or top.suit == trump:
            return str(_lowest(legal, trump))
    if not winners:
        return str(_lowest(legal, trump))
    if following:
        if len(trick.cards) == 1 and not _is_top(winners[-1], gone):
            return str(_lowest(legal, trump))  # second hand low
        if last:
            return str(winners[0])  # win as cheaply as possible
        # Third hand high: the highest equal-value card is the lowest sure winner.
        sure = [c for c in winners if _is_top(c, gone)]
        return str(sure[0] if sure else winners[-1])
    # Void in the suit led: ruff as cheaply as will hold.
    return str(winners[0])


def _lowest(cards: list[Card], trump: int) -> Card:
    """Cheapest card to give up: a low non-trump from the shortest suit."""
    def key(c: Card) -> tuple[int, int, int]:
        same = sum(1 for x in cards if x.suit == c.suit)
        return (c.suit == trump, c.rank, same)
    return min(cards, key=key)


def _lead(hand: list[Card], trump: int, gone: set[Card], rng: random.Random) -> Card:
    tops = [c for c in hand if c.suit != trump and _is_top(c, gone)]
    if tops:
        return max(tops, key=lambda c: (sum(1 for x in hand if x.suit == c.suit), c.rank))
    by_suit: dict[int, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c)
    plain = {s: cs for s, cs in by_suit.items() if s != trump} or by_suit
    longest = max(len(cs) for cs in plain.values())
    suit = rng.choice(sorted(s for s, cs in plain.items() if len(cs) == longest))
    cards = sorted(plain[suit])
    # Fourth best from a long suit, the lowest otherwise.
    return cards[-4] if len(cards) >= 4 else cards[0]


BOTS: dict[str, Callable[[Observation, int | str | None], str]] = {
    "random": random_card,
    "rules": rules_card,
}


def choose_card(observation: Observation, level: str = "rules", seed: int | str | None = None) -> str:
    """Same shape as engine.ai.choose_card, for code that wants a simple bot."""
    if level not in BOTS:
        raise ValueError(f"unknown bot {level!r}: choose {', '.join(BOTS)}")
    return BOTS[level](observation, seed)


__all__ = ["BOTS", "choose_card", "legal_cards", "random_card", "rules_card"]
