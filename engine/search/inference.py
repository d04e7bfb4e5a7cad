"""Hard and expert: PIMC whose layouts are weighted by how well they explain the play.

Plain PIMC treats every consistent layout alike. Real players are not
random: most of them play by the textbook (lead from the long suit, top of a
sequence, second hand low, third hand high, win cheaply, ruff when you can),
so a layout in which a player's cards were not the textbook ones is less
likely. Each sampled layout gets a weight: the product, over the other
players' cards so far, of the chance that a player holding that layout's hand
would have played that card. The model is deliberately soft (a share of
"any card"), so players who play otherwise (a false card, a short-suit lead
for a ruff, a PIMC partner) are never ruled out.

The weights choose which layouts are solved rather than scaling their values:
each solved layout is drawn from RESAMPLE uniform layouts in proportion to
their weights (sampling-importance-resampling). Scaling the values instead
spent most solves on layouts weighted near zero (bench/RESULTS.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.search.rules import equivalent, lowest_of_run, master_of
from engine.search.view import SUIT_MASKS, View
from engine.trick import Trick

LENGTH_POWER = 2.0  # how strongly a lead points to length
# How far the others are believed to play by the book: a card off the book keeps a share
# (1 - trust) of a random choice, so nobody is ruled out. 0.9 beat 0.5 and 0.7 against rules
# and cost nothing measurable against pimc-dds, who plays no book (bench/RESULTS.md).
TRUST = 0.9  # share of the length model in the choice of the suit led
CARD_TRUST = 0.9  # share of "played the textbook card" in the choice of a card
# Each layout solved is picked from this many uniform draws by weight (pimc.Search.resample).
RESAMPLE = 16


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def _high(m: int) -> int:
    return m.bit_length() - 1


def _lengths(hand: int) -> tuple[int, ...]:
    # spelt out: called for every layout expert draws, and a generator costs twice as much
    m0, m1, m2, m3 = SUIT_MASKS
    return (hand & m0).bit_count(), (hand & m1).bit_count(), (hand & m2).bit_count(), (hand & m3).bit_count()


class _Lead:
    """A lead: the suit (long suits first) and the card (top of a sequence,
    a master or from a short suit, else low)."""

    __slots__ = ("seat", "suit", "card", "later", "gone", "cache")

    def __init__(self, seat: int, card: int, later: int, gone: int) -> None:
        self.seat, self.suit, self.card, self.later, self.gone = seat, card // 13, card, later, gone
        self.cache: dict[int, float] = {}

    def factor(self, hand: int) -> float:
        return self.suit_part(_lengths(hand)) * self.card_part(hand & SUIT_MASKS[self.suit])

    def suit_part(self, lengths: tuple[int, ...]) -> float:
        """The chance of leading this suit, given the lengths the hand holds now."""
        held = [n + (self.later & m).bit_count() for n, m in zip(lengths, SUIT_MASKS, strict=True)]
        suits = [n for n in held if n]
        total: float = sum(float(n) ** LENGTH_POWER for n in suits)
        mine: float = float(held[self.suit]) ** LENGTH_POWER
        return TRUST * mine / total + (1 - TRUST) / len(suits)

    def card_part(self, holding: int) -> float:
        """The chance of this card, given the suit's cards the hand holds now."""
        f = self.cache.get(holding)
        if f is not None:
            return f
        held = (holding | self.later) & SUIT_MASKS[self.suit]
        f = CARD_TRUST * self._book(held) + (1 - CARD_TRUST) / held.bit_count()
        self.cache[holding] = f
        return f

    def follows_book(self, hand: int) -> bool:
        """Whether the card led is the book's (or one worth the same), from the hand held now."""
        return self._book((hand | self.later) & SUIT_MASKS[self.suit])

    def _book(self, held: int) -> bool:
        n = held.bit_count()
        top = _high(held)
        sequence = n > 1 and top % 13 >= 9 and equivalent(top, _high(held & ~(1 << top)), held, self.gone)
        book = top if (n < 3 or sequence or master_of(top, held, self.gone)) else _low(held)
        return equivalent(book, self.card, held, self.gone)


class _Follow:
    """A card that follows suit: second hand low, third hand high (the lowest
    of equals), fourth hand wins cheaply, low when partner has the trick."""

    __slots__ = ("seat", "mask", "card", "later", "gone", "pos", "win", "partner_wins", "cache")

    def __init__(self, seat: int, card: int, later: int, gone: int, pos: int, win: int,
                 partner_wins: bool) -> None:
        self.seat, self.card, self.later, self.gone = seat, card, later, gone
        self.mask = SUIT_MASKS[card // 13]
        self.pos, self.win, self.partner_wins = pos, win, partner_wins
        self.cache: dict[int, float] = {}

    def factor(self, hand: int) -> float:
        held = (hand | self.later) & self.mask
        f = self.cache.get(held)
        if f is not None:
            return f
        f = CARD_TRUST * self._book(held) + (1 - CARD_TRUST) / held.bit_count()
        self.cache[held] = f
        return f

    def follows_book(self, hand: int) -> bool:
        """Whether the card is the book's (or one worth the same), from the hand held now."""
        return self._book((hand | self.later) & self.mask)

    def _book(self, held: int) -> bool:
        same_suit = self.win // 13 == self.card // 13  # else the trick is ruffed
        winners = held & ~((1 << (self.win + 1)) - 1) if same_suit else 0
        if self.pos == 1 or not winners:
            book = _low(held)
        elif self.partner_wins and (self.pos == 3 or master_of(self.win, held, self.gone)):
            book = _low(held)
        elif self.pos == 3:
            book = _low(winners)
        else:
            book = lowest_of_run(_high(winners), held, self.gone)
        return equivalent(book, self.card, held, self.gone)


class _NoRuff:
    """A void player who did not ruff (or ruffed high) where the book ruffs as
    cheaply as possible: it held none of the trumps that would have done."""

    __slots__ = ("seat", "forbidden", "later")

    def __init__(self, seat: int, forbidden: int, later: int) -> None:
        self.seat, self.forbidden, self.later = seat, forbidden, later

    def factor(self, hand: int) -> float:
        return 1.0 if self.follows_book(hand) else 1 - CARD_TRUST

    def follows_book(self, hand: int) -> bool:
        return not (hand | self.later) & self.forbidden


_Event = _Lead | _Follow | _NoRuff


def _events(view: View) -> list[_Event]:
    """What each other player's cards say, replayed from the observation."""
    me, trump = int(view.seat), view.trump
    plays: list[tuple[int, int, Trick, int, int]] = []  # (seat, card, trick, index, gone before it)
    gone = 0
    for t in (*view.tricks, view.current):
        for i, (seat, card) in enumerate(t.plays()):
            plays.append((int(seat), int(card), t, i, gone))
        for card in t.cards:
            gone |= 1 << int(card)
    later = [0, 0, 0, 0]  # cards each seat played from that point on
    out: list[_Event] = []
    for s, c, t, i, before_trick in reversed(plays):
        later[s] |= 1 << c
        if s == me:
            continue
        if i == 0:
            out.append(_Lead(s, c, later[s], before_trick))
            continue
        before = before_trick
        for prev in t.cards[:i]:
            before |= 1 << int(prev)
        led = int(t.cards[0]) // 13
        part = Trick(t.leader, t.cards[:i])
        wi = part.winning_index(trump)
        win = int(part.cards[wi])
        partner_wins = i - wi == 2
        if c // 13 == led:
            out.append(_Follow(s, c, later[s], before, i, win, partner_wins))
        elif trump < 4:
            if partner_wins and (i == 3 or master_of(win, 0, before)):
                continue  # the book discards here: nothing learnt
            beat = SUIT_MASKS[trump]
            if win // 13 == trump:
                beat &= ~((1 << (win + 1)) - 1)
            if c // 13 == trump:
                beat &= (1 << c) - 1  # a cheaper ruff was there
            beat &= ~before
            if beat:
                out.append(_NoRuff(s, beat, later[s]))
    return out


class _SeatModel:
    """The events of one player, grouped so a layout is weighed with a few
    lookups: each event depends on the player's holding in one suit (the
    card led or followed with, the trumps it did not ruff with), and a lead
    also on its suit lengths."""

    def __init__(self, events: list[_Event]) -> None:
        self.by_suit: list[list[Callable[[int], float]]] = [[], [], [], []]
        self.leads: list[_Lead] = []
        for e in events:
            if isinstance(e, _Lead):
                self.leads.append(e)
                self.by_suit[e.suit].append(e.card_part)
            elif isinstance(e, _Follow):
                self.by_suit[e.card // 13].append(e.factor)
            else:  # the trumps it did not ruff with
                self.by_suit[_low(e.forbidden) // 13].append(e.factor)
        self.suit_cache: list[dict[int, float]] = [{}, {}, {}, {}]
        self.length_cache: dict[tuple[int, ...], float] = {}
        # the suits something was learnt about, in suit order (called for every layout drawn)
        self.active = [(SUIT_MASKS[k], self.suit_cache[k], tuple(fns))
                       for k, fns in enumerate(self.by_suit) if fns]

    def weight(self, hand: int) -> float:
        w = 1.0
        for mask, cache, fns in self.active:
            holding = hand & mask
            f = cache.get(holding)
            if f is None:
                f = 1.0
                for fn in fns:
                    f *= fn(holding)
                cache[holding] = f
            w *= f
        if self.leads:
            lengths = _lengths(hand)
            f = self.length_cache.get(lengths)
            if f is None:
                f = 1.0
                for e in self.leads:
                    f *= e.suit_part(lengths)
                self.length_cache[lengths] = f
            w *= f
        return w


class PlayInference:
    """Weight function for pimc.Search: P(observed cards | layout), up to a constant."""

    def __init__(self) -> None:
        self._view: View | None = None
        self._seats: list[tuple[int, _SeatModel]] = []

    def __call__(self, view: View, hands: tuple[int, int, int, int]) -> float:
        if self._view is not view:
            self._view = view
            by_seat: dict[int, list[_Event]] = {}
            for e in _events(view):
                by_seat.setdefault(e.seat, []).append(e)
            self._seats = [(s, _SeatModel(events)) for s, events in by_seat.items()]
        w = 1.0
        for s, model in self._seats:
            w *= model.weight(hands[s])
        return w


# by place in the trick: a card that follows is named by its index in the trick (KINDS[pos])
KINDS = ("lead", "second hand", "third hand", "fourth hand", "no ruff")


@dataclass(frozen=True)
class BookCheck:
    """One card another player played, held against the book the inference believes."""

    seat: int
    kind: str  # one of KINDS
    book: bool  # the book's card (a lead: its card, whatever the suit)
    suit_chance: float | None  # a lead: the chance the inference gives the suit led
    suits_held: int  # a lead: the suits the hand held then (1 / this: no belief)


def book_checks(view: View, hands: tuple[int, int, int, int]) -> list[BookCheck]:
    """Every card the others played so far, checked against the book from ``hands`` (the
    cards each seat holds now, which only the deal itself knows): how far real players
    follow the book the inference believes (bench/book_rates.py)."""
    out = []
    for e in _events(view):
        hand = hands[e.seat]
        if isinstance(e, _Lead):
            lengths = _lengths(hand)
            held = sum(1 for n, m in zip(lengths, SUIT_MASKS, strict=True) if n or e.later & m)
            out.append(BookCheck(e.seat, KINDS[0], e.follows_book(hand),
                                 e.suit_part(lengths), held))
        elif isinstance(e, _Follow):
            out.append(BookCheck(e.seat, KINDS[e.pos], e.follows_book(hand), None, 0))
        else:
            out.append(BookCheck(e.seat, KINDS[4], e.follows_book(hand), None, 0))
    return list(reversed(out))
