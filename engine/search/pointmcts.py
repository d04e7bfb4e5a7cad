"""The standard information-set Monte Carlo tree search for the play of a hand in
the games scored by the cards taken (the bench's yardstick, issue 48): single
observer (Cowling, Powley and Whitehouse 2012), a fresh determinization every
iteration consistent with everything the seat knows (its hand, the cards played,
the suits each seat showed out of, how many cards each holds, the cards it knows
to be in another's hand: the ones it passed, the turned trump; the cards only one
seat may hold, a Bid Whist kitty the bidder took up), one tree of the
seat's information set with every seat's choices in it by UCB1 on that seat's
own reward in 0..1 with availability counts, one node added an iteration, random
play-outs, the final card the root's most visited.

A hand may draw from a stock (German whist): after each trick while it lasts the
winner takes its face-up top card and each other seat the next, unseen by the
rest, and the next is turned. A layout then also deals the face-down stock, in an
order at random; the face-up card stays on top, a card a seat was seen to take
stays in its hand, and a suit a seat showed out of comes back only with the
cards it drew since (at most as many as it drew, less those of the suit it has
played since).

A seat may also play from a layout on the table (Scandinavian whist): face-up cards
every seat sees, some with a card face down under each, turned and playable the moment
the card on it is played. A layout draws the face-down cards with the other seats'
hands; a suit a seat showed out of bars its hand, not the cards under its layout.

Nothing here names a game: the game's package describes its hand as a
:class:`PointPlay` (seats and sides, the pack, jokers and all, trumps and rank order
with the suit each card counts as, the lead
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
from engine.search.pointmcts_py import MOON_CHOICE, MOON_OTHERS, SEATS, Game, Knowledge
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
    ``ring``: the engine's seats in the model's order, the order of play (the model plays
    its seats 0, 1, 2 ... round; empty: the engine's seats in their own order);
    ``known``: cards the observing seat knows to be in another seat's hand as the play
    began (the cards it passed, the turned trump) or has seen it take since (a stock's
    face-up card), played ones included; ``shown``: face-up cards on the table each seat may
    play besides its hand, ``covered``: those of them with a card face down under each;
    ``trick_size``: cards a trick, the seats in turn round once or more (0: one a seat);
    ``only``: cards that, where a seat holds them, only
    this seat may hold (a Bid Whist kitty the declarer took up: in its hand or laid away);
    ``stock``, ``upcard``: the stock drawn from after
    each trick while it lasts, and its face-up card now; ``stock_scores``: the tricks played
    while the stock lasts count (else only the later ones do); ``out``: cards of ``pack`` in
    no hand and out of play, unseen by the observing seat (a widow's dead hand)."""

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
    only: Mapping[Seat, frozenset[Card]] = field(default_factory=dict)
    stock: int = 0  # cards in the stock as the play began (none: no drawing)
    upcard: Card | None = None  # the stock's face-up top card now
    stock_scores: bool = False  # the tricks played while the stock lasts score their cards too
    out: int = 0  # cards of the pack dealt to no seat and unseen (the layouts leave them out)
    ring: tuple[Seat, ...] = ()  # the engine's seats in the model's order of play
    shown: Mapping[Seat, frozenset[Card]] = field(default_factory=dict)  # face-up on the table, playable
    covered: frozenset[Card] = frozenset()  # shown cards with a card face down under each
    trick_size: int = 0  # cards a trick (0: one a seat)

    def place(self, seat: Seat) -> int:
        """The model's seat of the engine's ``seat``."""
        return self.ring.index(seat) if self.ring else int(seat)

    def __post_init__(self) -> None:
        if self.moon_mode not in MOON_MODES:
            raise RulesError(f"the moon is one of {', '.join(MOON_MODES)}, not {self.moon_mode!r}")
        sides = max(self.side) + 1
        if len(self.side) != self.players or len(self.dealt) != sides or len(self.before) not in (0, sides):
            raise RulesError("a side for every seat, and cards dealt (and scores before) for every side")
        if self.ring and sorted(self.ring) != list(range(self.players)):
            raise RulesError(f"the order of play names each of the {self.players} seats once")
        if self.ring and self.stock:
            raise RulesError("a stock is drawn from by the seats in their own order")
        if self.out < 0 or self.out > len(self.pack):
            raise RulesError(f"{self.out} cards out of play do not fit a pack of {len(self.pack)}")
        if not self.covered <= frozenset().union(*self.shown.values()):
            raise RulesError("a card with one face down under it is a face-up card on the table")
        if self.trick_size and (self.trick_size % self.players or self.trick_size > SEATS):
            raise RulesError(f"a trick of {self.trick_size} cards is not the {self.players} seats in turn")
        if self.stock % self.players:
            raise RulesError(f"a stock of {self.stock} cannot be drawn one card a seat by "
                             f"{self.players} players")

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

    @property
    def draw_tricks(self) -> int:
        """The tricks played while the stock lasts."""
        return self.stock // self.players

    def scale(self) -> tuple[float, float]:
        """The worst and the best points a side can score in the hand (of the cards in the
        tricks that count)."""
        counted = len(self.pack) - (0 if self.stock_scores else self.stock) - self.out
        values = sorted(self.values.get(c, 0) for c in self.pack)
        low = sum(min(0, v) for v in values[:counted])
        high = sum(max(0, v) for v in values[len(values) - counted:])
        high += self.over * (counted - min(self.dealt))
        if self.moon and self.moon_mode == "choice":
            low -= self.moon_points
        return float(low), float(high)

    def game(self) -> Game:
        """The search's game tuple."""
        low, high = self.scale()
        power = tuple(self.order.power(c) for c in CARDS)
        values = tuple(self.values.get(c, 0) for c in CARDS)
        suits = tuple(-1 if (suit := self.order.suit_of(c)) is None else suit for c in CARDS)
        free = mask_of(tuple(c for c in CARDS if self.order.led_suit([c]) is None))
        moon_mode = MOON_MODES[self.moon_mode] if self.moon else 0
        return (self.players, self.side, self.order.trump, power, int(self.must_follow),
                -1 if self.first_lead is None else int(self.first_lead),
                -1 if self.unbroken is None else self.unbroken, mask_of(self.breakers),
                mask_of(self.first_barred), values, self.over, self.dealt, mask_of(self.moon), moon_mode,
                self.moon_points, self.before or (0,) * self.sides, self.target, int(self.lowest_wins),
                low, high, int(self.stock_scores), suits, free, self.trick_size or self.players)


CARDS = tuple(full_deck(jokers=True))  # every card the search knows, 0..53


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
    place = play.place
    seat = place(obs.seat)
    hand = mask_of(frozenset(obs.hand) | play.shown.get(obs.seat, frozenset()))
    played = {c for t in (*obs.tricks, obs.trick) for c in t.cards}
    won = [0] * n
    for i, t in enumerate(obs.tricks):
        if play.stock_scores or i >= play.draw_tricks:
            won[place(t.winner(play.order))] |= mask_of(t.cards)
    per = [0] * n
    for t in (*obs.tricks, obs.trick):
        for who, _ in t.plays():
            per[place(who)] += 1
    # each seat was dealt as many cards as this one: those played, those it holds and those
    # face down under its layout
    down = [0] * n
    for s, cards in play.shown.items():
        down[place(s)] = len(cards & play.covered)
    dealt = bin(hand).count("1") + per[seat] + down[seat]
    counts = tuple(dealt - per[s] - down[s] for s in range(n))
    by_place = {place(s): play.known.get(s, frozenset()) | play.shown.get(s, frozenset())
                for s in {*play.known, *play.shown}}
    known = tuple(0 if s == seat else mask_of(by_place.get(s, frozenset()) - played) for s in range(n))
    left = max(0, play.stock - n * len(obs.tricks))
    if left and play.upcard is None:
        raise RulesError("a stock still drawn from needs its face-up card")
    stock = (int(play.upcard), *(-1,) * (left - 1)) if left and play.upcard is not None else ()
    upcards = mask_of(tuple(Card(c) for c in stock if c >= 0))
    unseen = mask_of(play.pack) & ~hand & ~mask_of(frozenset(played)) & ~upcards
    hands = tuple(hand if s == seat else 0 for s in range(n))
    under = tuple((int(c), -1) for c in sorted(play.covered))
    state = (seat, place(obs.trick.leader), len(obs.tricks), int(bool(play.breakers & played)),
             tuple(int(c) for c in obs.trick.cards), hands, tuple(won), stock, under)
    if play.stock:
        caps = drawn_caps(obs, play)
        void_bits = tuple(sum(1 << suit for suit in range(4) if caps[s][suit] == 0) for s in range(n))
    else:
        shown = {place(s): suits for s, suits in voids(obs, play.order).items()}
        void_bits = tuple(sum(1 << suit for suit in shown[s]) for s in range(n))
        caps = ((13,) * 4,) * n
    confined = {place(s): mask_of(cards) & unseen for s, cards in play.only.items()}
    barred = tuple(sum(m for t, m in confined.items() if t != s) for s in range(n)) + (0,)
    return (state, seat, counts, void_bits, known, unseen, caps, barred)


def drawn_caps(obs: Observation, play: PointPlay) -> tuple[tuple[int, ...], ...]:
    """Where a hand draws from a stock: the most cards of each suit each seat's unknown cards
    may hold. A suit a seat showed out of comes back only with the cards it drew since (one
    a trick while the stock lasts: the face-up ones it won are not remembered, the
    observation showing only the stock's top card now), less the cards of the suit it has
    played since that were not known to be in its hand."""
    n = obs.players
    tricks = (*obs.tricks, obs.trick)
    caps = [[13] * 4 for _ in range(n)]
    for s in range(n):
        known = play.known.get(Seat(s), frozenset())
        for i, t in enumerate(tricks):
            if not t.cards:
                continue
            led = play.order.led_suit(list(t.cards))
            for who, card in t.plays():
                if int(who) != s or led is None or play.order.suit_of(card) == led:
                    continue
                drawn = max(0, min(len(obs.tricks), play.draw_tricks) - i)
                since = sum(1 for later in tricks[i + 1:] for w, c in later.plays()
                            if int(w) == s and play.order.suit_of(c) == led and c not in known)
                caps[s][led] = max(0, drawn - since)
    return tuple(tuple(c) for c in caps)


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


# the search the trick games' hard and expert levels play their first tricks with, before
# their endgame is solved: the same work in each (bench/RESULTS.md has its move times)
OPENING = Tree(iterations=5000, guide=80)


def search(obs: Observation, play: PointPlay, iterations: int = ITERATIONS, explore: float = EXPLORE,
           seed: int = 0, guide: int = 0) -> Play:
    """The card the search chooses for ``obs``'s seat; ``guide``: the play-outs play the
    game's card policy (lead low, take a trick worth taking cheaply, shed) that many times
    in 100, at random otherwise (0, the default: the standard search)."""
    card = SEARCH(play.game(), knowledge(obs, play), iterations, explore, seed & (2**64 - 1), guide)
    return Play(obs.seat, CARDS[card])


__all__ = ["BACKEND", "CARDS", "EXPLORE", "ITERATIONS", "OPENING", "PointPlay", "Tree", "drawn_caps",
           "knowledge", "mask_of", "search"]
