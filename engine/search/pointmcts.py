"""The standard information-set Monte Carlo tree search for the play of a hand in
the games scored by the cards taken (the bench's yardstick, issue 48): single
observer (Cowling, Powley and Whitehouse 2012), a fresh determinization every
iteration consistent with everything the seat knows (its hand, the cards played,
the suits each seat showed out of, how many cards each holds, the cards it knows
to be in another's hand: the ones it passed, the turned trump), one tree of the
seat's information set with every seat's choices in it by UCB1 on that seat's
own reward in 0..1 with availability counts, one node added an iteration, random
play-outs, the final card the root's most visited.

Nothing here names a game: the game's package describes its hand as a
:class:`PointPlay` (seats and sides, the pack, trumps and rank order, the lead
limits, what each card scores to its taker, the cards taken over the number
dealt, the moon, whether fewer points are better), and a play-out's reward is
the side's points as the engine would score the hand, scaled to 0..1 between the
worst and the best a side can score.

The search runs in C (engine/csrc/pointmcts.c, the GIL released) when it is built,
else in the pure-Python reference :mod:`engine.search.pointmcts_py` with a warning
logged once (``WHIST_PURE_SOLVER=1`` forces it); both draw the same random numbers,
so a seed gives the same card from either.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.actions import Play
from engine.backend import pick
from engine.cards import Card, full_deck
from engine.errors import RulesError
from engine.game import Phase
from engine.observation import Observation
from engine.order import Order
from engine.search import pointmcts_py
from engine.search.layouts import voids
from engine.search.pointmcts_py import MOON_CHOICE, MOON_OTHERS, Game, Knowledge
from engine.seats import Seat

try:
    from engine import _pointmcts
except ImportError:  # not built on this machine: the reference stands in
    _BUILT = False
else:
    _BUILT = True

log = logging.getLogger(__name__)

ITERATIONS = 1000
EXPLORE = 0.7  # UCB1's constant for rewards in 0..1 (1/sqrt(2), Kocsis and Szepesvari)
MOON_MODES = {"off": 0, "others": MOON_OTHERS, "choice": MOON_CHOICE}


@dataclass(frozen=True)
class PointPlay:
    """A hand's card play and its score, as a game's package describes it to the search.

    ``values``: what taking each card scores (cards not named score nothing);
    ``over``: points a card its side takes over the number dealt to it (``dealt``, by
    side); ``moon``: a side taking all of these cards shoots the moon, worth
    ``moon_points`` (``moon_mode`` "others": each other side gains them and the shooter
    loses them; "choice": so only when that ends the game, ``target``, with the shooter
    lowest on the scores ``before`` the hand, else the shooter loses twice them);
    ``known``: cards the observing seat knows to be in another seat's hand as the play
    began (the cards it passed, the turned trump), played ones included."""

    players: int
    side: tuple[int, ...]  # each seat's side
    pack: frozenset[Card]
    order: Order  # trumps and the rank order (jack-high trumps ...)
    values: Mapping[Card, int]
    dealt: tuple[int, ...]  # cards dealt to each side
    over: int = 0
    must_follow: bool = True
    first_lead: Card | None = None  # leads the first trick when held
    unbroken: int | None = None  # a suit not led until one of ``breakers`` is played
    breakers: frozenset[Card] = frozenset()
    first_barred: frozenset[Card] = frozenset()  # not on the first trick while another card may be
    moon: frozenset[Card] = frozenset()
    moon_mode: str = "off"
    moon_points: int = 0
    before: tuple[int, ...] = ()
    target: int = 0
    lowest_wins: bool = False
    known: Mapping[Seat, frozenset[Card]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.moon_mode not in MOON_MODES:
            raise RulesError(f"the moon is one of {', '.join(MOON_MODES)}, not {self.moon_mode!r}")
        sides = max(self.side) + 1
        if len(self.side) != self.players or len(self.dealt) != sides or len(self.before) not in (0, sides):
            raise RulesError("a side for every seat, and cards dealt (and scores before) for every side")

    @classmethod
    def by_tricks(cls, side: tuple[int, ...], order: Order, *, lowest_wins: bool = False,
                  known: Mapping[Seat, frozenset[Card]] | None = None) -> PointPlay:
        """The whole pack's play, 13 cards a seat, every card taken worth one: a side's
        points are four a trick, for the games scored by the tricks."""
        pack = frozenset(full_deck())
        dealt = tuple(13 * side.count(t) for t in range(max(side) + 1))
        return cls(len(side), side, pack, order, dict.fromkeys(pack, 1), dealt, lowest_wins=lowest_wins,
                   known=known or {})

    @property
    def sides(self) -> int:
        return max(self.side) + 1

    def scale(self) -> tuple[float, float]:
        """The worst and the best points a side can score in the hand."""
        low = sum(min(0, v) for v in self.values.values())
        high = sum(max(0, v) for v in self.values.values()) + self.over * (len(self.pack) - min(self.dealt))
        if self.moon and self.moon_mode == "choice":
            low -= self.moon_points
        return float(low), float(high)

    def game(self) -> Game:
        """The search's game tuple."""
        low, high = self.scale()
        power = tuple(self.order.power(Card(c)) for c in range(52))
        values = tuple(self.values.get(Card(c), 0) for c in range(52))
        moon_mode = MOON_MODES[self.moon_mode] if self.moon else 0
        return (self.players, self.side, self.order.trump, power, int(self.must_follow),
                -1 if self.first_lead is None else int(self.first_lead),
                -1 if self.unbroken is None else self.unbroken, mask_of(self.breakers),
                mask_of(self.first_barred), values, self.over, self.dealt, mask_of(self.moon), moon_mode,
                self.moon_points, self.before or (0,) * self.sides, self.target, int(self.lowest_wins),
                low, high)


def mask_of(cards: frozenset[Card] | set[Card] | tuple[Card, ...]) -> int:
    out = 0
    for c in cards:
        out |= 1 << int(c)
    return out


def knowledge(obs: Observation, play: PointPlay) -> Knowledge:
    """What ``obs``'s seat knows, as the search's values."""
    if obs.phase != Phase.PLAY:
        raise RulesError(f"the point games' search chooses cards, not the {obs.phase} phase's actions")
    n = obs.players
    seat = int(obs.seat)
    hand = mask_of(obs.hand)
    played = {c for t in (*obs.tricks, obs.trick) for c in t.cards}
    won = [0] * n
    for t in obs.tricks:
        won[int(t.winner(play.order))] |= mask_of(t.cards)
    per = [0] * n
    for t in (*obs.tricks, obs.trick):
        for who, _ in t.plays():
            per[int(who)] += 1
    counts = tuple(len(obs.hand) + per[seat] - per[s] for s in range(n))
    shown = voids(obs)
    known = tuple(0 if s == seat else mask_of(play.known.get(Seat(s), frozenset()) - played)
                  for s in range(n))
    unseen = mask_of(play.pack) & ~hand & ~mask_of(frozenset(played))
    hands = tuple(hand if s == seat else 0 for s in range(n))
    state = (seat, int(obs.trick.leader), len(obs.tricks), int(bool(play.breakers & played)),
             tuple(int(c) for c in obs.trick.cards), hands, tuple(won))
    void_bits = tuple(sum(1 << suit for suit in shown[Seat(s)]) for s in range(n))
    return (state, seat, counts, void_bits, known, unseen)


Search = Callable[[Game, Knowledge, int, float, int, int], int]

SEARCH: Search = pick("point games' search", "engine._pointmcts", _BUILT, lambda: _pointmcts.search,
                      lambda: pointmcts_py.search, log)
BACKEND = "python" if SEARCH is pointmcts_py.search else "c"


@dataclass(frozen=True)
class Tree:
    """An AI level's search with this module: its iterations, fixed so a move is the same on
    any machine and within 50 ms of processor time here (bench/RESULTS.md), how many
    play-out cards in 100 follow the game's card policy rather than chance (``guide``),
    and UCB1's constant."""

    iterations: int
    guide: int
    explore: float = EXPLORE

    def play(self, obs: Observation, play: PointPlay, seed: int) -> Play:
        return search(obs, play, self.iterations, self.explore, seed, self.guide)


def search(obs: Observation, play: PointPlay, iterations: int = ITERATIONS, explore: float = EXPLORE,
           seed: int = 0, guide: int = 0) -> Play:
    """The card the search chooses for ``obs``'s seat; ``guide``: the play-outs play the
    game's card policy (lead low, take a trick worth taking cheaply, shed) that many times
    in 100, at random otherwise (0, the default: the standard search)."""
    card = SEARCH(play.game(), knowledge(obs, play), iterations, explore, seed & (2**64 - 1), guide)
    return Play(obs.seat, Card(card))


__all__ = ["BACKEND", "EXPLORE", "ITERATIONS", "PointPlay", "Tree", "knowledge", "mask_of", "search"]
