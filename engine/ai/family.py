"""``choose_action`` for every game: the auction's textbook and, in play, the
classic search where the goal is tricks or the textbook of losing them.

Card play towards the most tricks (classic, Norwegian grand) is
``choose_card``'s search, run on the observation's card-play part. A game
whose goal is to lose tricks (Norwegian nullo) plays the ducking textbook
and, at the searching levels near the end, layouts solved by the family
solver for the fewest tricks (engine.ai.nullo). Solo whist's player is
engine.ai.solo_whist.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from engine.actions import Action, Bid, Pass, Play
from engine.ai import (
    dummy_whist,
    german,
    ismcts,
    nullo,
    scandinavian,
    scandinavian_search,
    solo,
    solo_whist,
    widow_whist,
)
from engine.ai.levels import DEFAULT_BUDGET, LEVELS, play, seed_for
from engine.ai.view import view_of
from engine.cards import Card
from engine.errors import RulesError
from engine.family_solver import solve_family_moves
from engine.game import Phase
from engine.observation import Observation
from engine.order import Order

HIGH_CARD_POINTS = {14: 4, 13: 3, 12: 2, 11: 1}
GRAND_POINTS = 15  # a quarter of the 40 is 10: with 15 the side expects seven tricks at no trump


def choose_action(observation: Observation | Mapping[str, object], level: str = "hard",
                  seed: int | str | None = None, *, budget: float | None = DEFAULT_BUDGET,
                  samples: int | None = None) -> Action:
    """A legal action for the seat to act, from what it may know."""
    obs = observation if isinstance(observation, Observation) else Observation.from_json(observation)
    if level not in LEVELS:
        raise RulesError(f"no AI level called {level!r}: choose one of {', '.join(LEVELS)}")
    if obs.game == "bid":  # jokers, downtown and the kitty: its own module
        from engine.ai import bid

        return bid.choose_action(obs, level, seed_for(obs.to_json(), seed))
    if not obs.legal and not obs.discard:  # an open exchange offers no list: any `discard` cards
        raise RulesError(f"seat {obs.label(obs.seat)} has nothing to do now")
    if len(obs.legal) == 1:
        return obs.legal[0]
    own = OWN_PLAYERS.get(obs.game)
    if own is not None:
        return own(obs, level, seed_for(obs.to_json(), seed))
    if obs.phase == Phase.AUCTION:
        rng = seed_for(obs.to_json(), seed)
        return rng.choice(obs.legal) if level == "random" else _bid(obs)
    # the card play is seeded from its own part of the observation, so a play here is
    # choose_card's for the same position and seed
    form = obs.play_form()
    rng = seed_for(form, seed)
    if not plays_for_tricks(obs):
        if level == "random":
            return rng.choice(obs.legal)
        solved = nullo.solved_card(obs, level, rng)
        return _duck(obs) if solved is None else Play(obs.seat, solved)
    return Play(obs.seat, play(view_of(form), level, rng, budget, samples))


def _german(obs: Observation, level: str, rng: random.Random) -> Action:
    if level == "random":
        return rng.choice(obs.legal)
    return german.choose(obs, None if level in ("rules", "easy") else _german_endgame)


def _scandinavian(obs: Observation, level: str, rng: random.Random) -> Action:
    if level == "random":
        return rng.choice(obs.legal)
    textbook = scandinavian.bid(obs) if obs.phase == Phase.AUCTION else scandinavian.play(obs)
    if level not in scandinavian_search.PLAY_WORK:
        return textbook
    if obs.phase == Phase.AUCTION:
        return scandinavian_search.choose_bid(obs, level, rng, textbook)
    assert isinstance(textbook, Play)
    return Play(obs.seat, scandinavian_search.choose_play(obs, level, rng, textbook.card))


def _german_endgame(hands: tuple[int, int], order: Order, leader: int,
                    trick: tuple[int, ...]) -> dict[int, int] | None:
    # the two hands are known once the stock is gone: an exact solve
    return solve_family_moves(hands, order, leader, trick)


CLASSIC_SEARCH = ("classic", "norwegian")  # four seats in pairs, 52 cards, one card a trick


# The games with a player of their own: (observation, level, seeded rng) -> action.
Player = Callable[[Observation, str, random.Random], Action]
OWN_PLAYERS: dict[str, Player] = {
    **{game: ismcts.choose for game in solo.GAMES},  # each for themselves, playing for a count of tricks
    "german": _german,
    "scandinavian": _scandinavian,
    "solo": solo_whist.choose,
    "widow": widow_whist.choose,
    "dummy": dummy_whist.choose,
}


def plays_for_tricks(obs: Observation) -> bool:
    """Whether the seat is to play a card towards the most tricks, which is
    ``choose_card``'s search on ``obs.play_form()``."""
    if obs.game not in CLASSIC_SEARCH:  # other packs, seats or goals: the game's own player
        return False
    return obs.phase == Phase.PLAY and not (obs.contract is not None and obs.contract.call == "nullo")


def _points(hand: tuple[Card, ...]) -> int:
    return sum(HIGH_CARD_POINTS.get(c.rank, 0) for c in hand)


def _bid(obs: Observation) -> Action:
    """Norwegian whist's textbook: grand with a strong hand, else pass (all
    passing makes the hand nullo anyway). Laying a card (Minnesota whist): the
    lowest card of the colour that says so, revealing least if it is turned."""
    if obs.rules.get("bid_style") == "cards":
        black_high = obs.rules.get("high_colour", "black") == "black"
        grand_wanted = _points(obs.hand) >= GRAND_POINTS
        laid = [a for a in obs.legal if isinstance(a, Bid) and a.call is not None]
        cards = {a: Card(a.call) for a in laid if a.call is not None}
        wanted = [a for a in laid if (cards[a].suit in (0, 3)) == (black_high == grand_wanted)]
        return min(wanted or laid, key=lambda a: (cards[a].rank, cards[a].suit))
    grand = next((a for a in obs.legal if isinstance(a, Bid) and a.call == "grand"), None)
    if grand is not None and _points(obs.hand) >= GRAND_POINTS:
        return grand
    return next(a for a in obs.legal if isinstance(a, Pass))


def _duck(obs: Observation) -> Action:
    """Lose tricks: under the card winning the trick when possible, else the
    highest card (it would win anyway); lead the lowest card of the longest suit;
    when void, throw the most dangerous high card."""
    order = Order(obs.trump, obs.order == "downtown")
    cards = [a.card for a in obs.legal if isinstance(a, Play)]
    trick = obs.trick.cards
    if not trick:
        length = {s: sum(1 for c in obs.hand if c.suit == s) for s in range(4)}
        return Play(obs.seat, min(cards, key=lambda c: (-length[c.suit], order.power(c))))
    best = trick[order.winning_index(trick)]
    led = order.led_suit(trick)
    if all(order.suit_of(c) != led for c in cards):
        return Play(obs.seat, max(cards, key=order.power))
    under = [c for c in cards
             if order.power(c) < order.power(best) or order.suit_of(c) != order.suit_of(best)]
    last = len(trick) == obs.trick.size - 1
    if under:
        return Play(obs.seat, max(under, key=order.power))
    # every card wins: as the last to play take it with the highest, else the lowest may be beaten yet
    return Play(obs.seat, (max if last else min)(cards, key=order.power))


__all__ = ["choose_action", "plays_for_tricks"]
