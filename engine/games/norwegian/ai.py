"""Norwegian whist's player: the textbook auction (grand with a strong hand,
else pass, as all passing makes the hand nullo anyway; laying a card in
Minnesota whist), at hard and expert the valued one (``auction``: each call
worth the points the hand expects from it); the shared search towards the most
tricks in a grand; in a nullo the ducking textbook, the C tree search
(engine.search.pointmcts) at hard and expert while a hand holds more than
``nullo.SOLVE_CARDS`` cards, then layouts solved by the family solver for the
fewest tricks (``nullo``)."""

from __future__ import annotations

from engine.actions import Action, Bid, Pass, Play
from engine.cards import Card
from engine.game import Phase
from engine.games.norwegian import GAME, auction, nullo
from engine.observation import Observation
from engine.order import Order
from engine.search.hands import high_card_points
from engine.search.levels import seed_for
from engine.search.players import most_tricks
from engine.search.pointmcts import OPENING

VALUED = ("hard", "expert")
# a nullo's first six tricks searched (the C tree of engine.search.pointmcts, its play-outs
# guided), then the solved endgame
TREE = {"hard": OPENING, "expert": OPENING}
GRAND_POINTS = 15  # a quarter of the 40 is 10: with 15 the side expects seven tricks at no trump


def choose(obs: Observation, level: str, seed: int | str | None, budget: float | None,
           samples: int | None) -> Action:
    if obs.phase == Phase.AUCTION:
        rng = seed_for(obs.to_json(), seed)
        if level == "random":
            return rng.choice(obs.legal)
        return _valued(obs) if level in VALUED and obs.rules.get("bid_style") != "cards" else _bid(obs)
    if obs.contract is None or obs.contract.call != "nullo":
        return most_tricks(obs, level, seed, budget, samples)
    # seeded from the card-play part, as the search is
    rng = seed_for(obs.play_form(), seed)
    if level == "random":
        return rng.choice(obs.legal)
    tree = TREE.get(level)
    if tree is not None and len(obs.hand) > nullo.SOLVE_CARDS and len(obs.legal) > 1:
        return tree.play(obs, GAME.point_play(obs), rng.getrandbits(64))
    solved = nullo.solved_card(obs, level, rng)
    return _duck(obs) if solved is None else Play(obs.seat, solved)


def _valued(obs: Observation) -> Action:
    # spoken: every earlier seat passed
    said = auction.call(obs.hand, len(obs.auction), GAME.rules_from_dict(obs.rules))
    if said is None:
        return next(a for a in obs.legal if isinstance(a, Pass))
    return next(a for a in obs.legal if isinstance(a, Bid) and a.call == said)


def _bid(obs: Observation) -> Action:
    """Norwegian whist's textbook: grand with a strong hand, else pass (all
    passing makes the hand nullo anyway). Laying a card (Minnesota whist): the
    lowest card of the colour that says so, revealing least if it is turned."""
    if obs.rules.get("bid_style") == "cards":
        black_high = obs.rules.get("high_colour", "black") == "black"
        grand_wanted = high_card_points(obs.hand) >= GRAND_POINTS
        laid = [a for a in obs.legal if isinstance(a, Bid) and a.call is not None]
        cards = {a: Card(a.call) for a in laid if a.call is not None}
        wanted = [a for a in laid if (cards[a].suit in (0, 3)) == (black_high == grand_wanted)]
        return min(wanted or laid, key=lambda a: (cards[a].rank, cards[a].suit))
    grand = next((a for a in obs.legal if isinstance(a, Bid) and a.call == "grand"), None)
    if grand is not None and high_card_points(obs.hand) >= GRAND_POINTS:
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


PLAYER = choose
TEXTBOOK = None  # the simple bots play engine.search.rules' card

__all__ = ["PLAYER", "TEXTBOOK", "choose"]
