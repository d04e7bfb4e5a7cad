"""The textbook player: the classic tips of whist, no look-ahead.

Lead from your longest suit, top of a sequence; draw trumps when you hold
plenty; return partner's suit; second hand low; third hand high; win as
cheaply as possible; don't trump partner's winner; discard from weakness.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from engine.cards import Card, full_deck
from engine.order import NO_TRUMP, Order
from engine.search.view import SUIT_MASKS, View, cards_of
from engine.seats import Seat

TRUMP_LENGTH_TO_DRAW = 4  # "plenty": four or more trumps


def by_suit(cards: list[Card] | tuple[Card, ...]) -> dict[int, list[Card]]:
    """Cards grouped by suit, each group lowest first."""
    out: dict[int, list[Card]] = {}
    for c in sorted(cards):
        out.setdefault(c.suit, []).append(c)
    return out


def master_of(card: int, held: int, gone: int) -> bool:
    """Every higher card of the suit is held or gone (masks)."""
    higher = SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1)
    return higher & ~(held | gone) == 0


def equivalent(a: int, b: int, held: int, gone: int) -> bool:
    """Cards a and b of one suit are worth the same: every card between is held or gone (masks)."""
    lo, hi = min(a, b), max(a, b)
    between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
    return between & ~(held | gone) == 0


def lowest_of_run(card: int, held: int, gone: int) -> int:
    """The lowest held card equivalent to ``card``: only held or gone cards between (masks)."""
    low = card
    for d in range(card - 1, (card // 13) * 13 - 1, -1):
        bit = 1 << d
        if held & bit:
            low = d
        elif not gone & bit:
            break
    return low


def is_master(view: View, card: Card) -> bool:
    """No card still out (unplayed, not in this trick) of the suit beats it."""
    return master_of(int(card), view.hand_mask, view.gone | view.in_trick)


def _top_sequence(cards: list[Card], view: View) -> bool:
    """Suit headed by two or more touching cards (played cards count as touching)."""
    if len(cards) < 2:
        return False
    top = cards[-1]
    return top.rank >= 11 and equivalent(int(top), int(cards[-2]), view.hand_mask, view.gone)


def _discard(view: View, cards: list[Card]) -> Card:
    """Discard from weakness: the lowest card of the weakest side suit, keeping masters."""
    suits = by_suit(cards)
    best: tuple[tuple[int, int, int], Card] | None = None
    for suit, cs in suits.items():
        low = cs[0]
        masters = sum(1 for c in cs if is_master(view, c))
        trump = 1 if suit == view.trump else 0
        # fewer honours and shorter suits first; never a master if avoidable; trumps last
        key = (trump, 1 if is_master(view, low) else 0, masters * 10 + max(c.rank for c in cs) + len(cs))
        if best is None or key < best[0]:
            best = (key, low)
    assert best is not None
    return best[1]


def _lead(view: View) -> Card:
    hand = list(view.hand)
    suits = by_suit(hand)
    trump = view.trump
    me = view.seat
    # draw trumps when we hold plenty and trumps are still out
    if trump < 4 and trump in suits:
        mine = suits[trump]
        out = SUIT_MASKS[trump] & view.unseen
        if len(mine) >= TRUMP_LENGTH_TO_DRAW and out:
            if is_master(view, mine[-1]) or _top_sequence(mine, view):
                return mine[-1]
            return mine[0]
    # return partner's suit: the first suit partner led that we still hold
    for t in view.tricks:
        if t.leader == me.partner:
            s = t.cards[0].suit
            if s in suits and s != trump:
                cs = suits[s]
                return cs[-1] if len(cs) <= 2 or is_master(view, cs[-1]) else cs[0]
    # longest side suit (trumps only if nothing else), ties to the stronger suit
    side = {s: cs for s, cs in suits.items() if s != trump} or suits
    suit = max(side, key=lambda s: (len(side[s]), sum(c.rank for c in side[s])))
    cs = side[suit]
    if is_master(view, cs[-1]) or _top_sequence(cs, view):
        return cs[-1]
    return cs[0] if len(cs) >= 3 else cs[-1]


def trick_winner(view: View) -> tuple[Card, bool]:
    """The card winning the trick in progress so far, and whether partner played it."""
    trick = view.current
    i = trick.winning_index(view.trump)
    return trick.cards[i], trick.seat_of(i) == view.seat.partner


def beats(card: Card, win_card: Card, trump: int) -> bool:
    """``card`` played now would take the trick from ``win_card``."""
    return card.rank > win_card.rank if card.suit == win_card.suit else card.suit == trump


def choose(view: View) -> Card:
    legal = view.legal()
    if len(legal) == 1:
        return legal[0]
    trick = view.current
    if not trick.cards:
        return _lead(view)
    trump = view.trump
    led = trick.led_suit
    pos = len(trick.cards)  # 1: second hand, 2: third, 3: fourth
    win_card, partner_winning = trick_winner(view)

    following = legal[0].suit == led
    if following:
        winners = [c for c in legal if beats(c, win_card, trump)]
        if pos == 1:
            return legal[0]  # second hand low
        if partner_winning and (pos == 3 or is_master(view, win_card)):
            return legal[0]
        if not winners:
            return legal[0]
        if pos == 3:
            return winners[0]  # win as cheaply as possible
        # third hand high: the top card, but the lowest of an equivalent run
        return Card(lowest_of_run(int(winners[-1]), view.hand_mask, view.gone))
    # void in the suit led
    trumps = [c for c in legal if c.suit == trump]
    if partner_winning and (pos == 3 or is_master(view, win_card)):
        return _discard(view, legal)  # don't trump partner's winner
    ruffs = [c for c in trumps if beats(c, win_card, trump)]
    if ruffs:
        return ruffs[0]  # ruff as cheaply as possible (over-ruffing if need be)
    side = [c for c in legal if c.suit != trump] or legal
    return _discard(view, side)


def forget(view: View) -> View:
    """The same seat remembering no card of the completed tricks: the tips read
    literally (bench's weaker reference opponent, ``tips``). It still sees the
    trick on the table and remembers which suits its partner led."""
    return replace(view, gone=0, played_by=(0, 0, 0, 0), voids=tuple(frozenset() for _ in view.voids))


def rank_preferences(view: View) -> list[Card]:
    """Legal cards, the textbook choice first (used as a tie-break)."""
    first = choose(view)
    return [first] + [c for c in view.legal() if c != first]




# -- the textbook in any order of the cards (Bid Whist: jokers, downtown) -------------
@lru_cache(maxsize=64)
def order_table(order: Order) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every card's suit (-1: none, a joker at no trump) and power under ``order``,
    indexed by the card's int: the textbook asks them thousands of times a move."""
    suits = tuple(-1 if order.suit_of(c) is None else int(order.suit_of(c) or 0) for c in _PACK)
    return suits, tuple(order.power(c) for c in _PACK)


@lru_cache(maxsize=64)
def _play_tables(order: Order) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Card, ...], ...], bool]:
    """:func:`order_table`'s two tables, each suit's cards from the highest down
    (the jokers in trumps), and whether a led joker leaves the suit open: one
    look-up a textbook move instead of several."""
    suit_of, power = order_table(order)
    tops = tuple(tuple(sorted((c for c in _PACK if suit_of[c] == s), key=lambda c: -power[c]))
                 for s in range(4))
    return suit_of, power, tops, order.trump == NO_TRUMP or order.joker_lead == "free"


def _led(trick: Sequence[Card], suit_of: tuple[int, ...], open_joker: bool) -> int | None:
    # Order.led_suit from the tables
    for c in trick:
        if open_joker and c >= _JOKERS:
            continue
        return suit_of[c]
    return None


def winning_index(trick: Sequence[Card], order: Order) -> int:
    """``order.winning_index`` from the tables (the same answer, quicker)."""
    suit_of, power, _, open_joker = _play_tables(order)
    return _winner(trick, suit_of, power, _led(trick, suit_of, open_joker), order.trump)


def _winner(trick: Sequence[Card], suit_of: tuple[int, ...], power: tuple[int, ...], led: int | None,
            trump: int) -> int:
    best, key = 0, (-1, -1)
    for i, c in enumerate(trick):
        s = suit_of[c]
        k = (2, power[c]) if s == trump else (1, power[c]) if s == led and s >= 0 else (-1, -1)
        if k > key:
            best, key = i, k
    return best


def choose_in_order(hand: list[Card], trick: Sequence[Card], order: Order, gone: set[Card], seat: Seat,
                    leader: Seat, leads: Sequence[tuple[Seat, Card]] = ()) -> Card:
    """The same tips as :func:`choose` for a game whose cards rank by ``order``
    (four seats in partnerships): lead a master, draw trumps with plenty,
    return partner's suit, else lead low from the longest suit; second hand
    low, third hand high, win cheaply, don't ruff partner's winner, ruff
    cheaply, discard the weakest card. ``gone``: the cards played to
    finished tricks (and any laid away)."""
    suit_of, power, tops, open_joker = _play_tables(order)
    trump = order.trump if order.trump != NO_TRUMP else -2
    led = _led(trick, suit_of, open_joker)
    if led is None:
        legal = list(hand)
    else:
        legal = [c for c in hand if suit_of[c] == led] or list(hand)
    if len(legal) == 1:
        return legal[0]
    # the highest power still out (not held, played or in this trick), by suit
    top_out = [-1] * 5
    held = set(hand)
    held.update(trick)
    for s, cards in enumerate(tops):
        for c in cards:
            if c not in gone and c not in held:
                top_out[s] = power[c]
                break
    length = [0] * 5
    for c in hand:
        length[suit_of[c]] += 1

    def pw(c: Card) -> int:
        return power[c]

    def master(c: Card) -> bool:
        return suit_of[c] >= 0 and power[c] > top_out[suit_of[c]]

    def weakest(cards: list[Card]) -> Card:
        # discard: never a master if avoidable, trumps last, the lowest of the shortest suit
        return min(cards, key=lambda c: (suit_of[c] == trump, master(c), length[suit_of[c]], power[c]))

    partner = (int(seat) + 2) % 4
    if not trick:
        trumps = [c for c in legal if suit_of[c] == trump]
        trumps_out = trump >= 0 and top_out[trump] >= 0
        if len(trumps) >= TRUMP_LENGTH_TO_DRAW and trumps_out:
            top = max(trumps, key=pw)
            return top if master(top) else min(trumps, key=pw)
        masters = [c for c in legal if master(c)]
        side = [c for c in masters if suit_of[c] != trump]
        if side:
            return max(side, key=pw)
        if masters and trumps_out:
            return max(masters, key=pw)
        for who, card in leads:
            if int(who) == partner:
                s = suit_of[card]
                mine = [c for c in legal if suit_of[c] == s and s != trump and s >= 0]
                if mine:
                    return max(mine, key=pw) if len(mine) <= 2 else min(mine, key=pw)
        groups: dict[int, list[Card]] = {}
        for c in legal:
            if suit_of[c] >= 0 and suit_of[c] != trump:
                groups.setdefault(suit_of[c], []).append(c)
        if not groups:
            return min(legal, key=lambda c: (suit_of[c] < 0, power[c]))
        longest = max(groups.values(), key=lambda cs: (len(cs), sum(power[c] for c in cs)))
        return min(longest, key=pw)
    best = _winner(trick, suit_of, power, led, order.trump)
    win_card = trick[best]
    pos = len(trick)
    partner_winning = (int(leader) + best) % 4 == partner and (pos == 3 or master(win_card))
    if led is None:  # a joker led at no trump: the next card sets the suit
        masters = [c for c in legal if master(c)]
        return max(masters, key=pw) if masters else weakest(legal)
    win_suit, win_power = suit_of[win_card], power[win_card]

    def beats(c: Card) -> bool:
        s = suit_of[c]
        if s == win_suit:
            return power[c] > win_power
        return s == trump

    winners = sorted((c for c in legal if beats(c)), key=pw)
    if suit_of[legal[0]] == led:
        if pos == 1 or partner_winning or not winners:
            return min(legal, key=pw)
        return winners[0] if pos == 3 else winners[-1]
    if partner_winning:
        return weakest(legal)
    ruffs = [c for c in winners if suit_of[c] == trump]
    if ruffs:
        return ruffs[0]
    side_cards = [c for c in legal if suit_of[c] != trump] or legal
    return weakest(side_cards)


_PACK = full_deck(jokers=True)
_JOKERS = 52  # the first joker's card int


__all__ = ["choose", "forget", "trick_winner", "beats", "is_master", "master_of", "lowest_of_run",
           "equivalent", "cards_of", "rank_preferences", "by_suit", "choose_in_order", "order_table",
           "winning_index"]
