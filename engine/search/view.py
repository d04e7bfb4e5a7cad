"""What one seat knows, read from an observation (``Deal.observation``).

An observation is a mapping (as JSON: an object) with ``seat`` and ``dealer``
(``N E S W``), ``hand`` (the seat's cards, ``SA``), ``trump`` (``S H D C`` or
``N``), ``trump_card`` (the dealer's turned card, or null), ``tricks`` (the
completed tricks, each ``{"leader": "W", "cards": [...]}`` in play order) and
``trick`` (the trick in progress, the same form). Everything the AI decides is
computed from a :class:`View`, and a View is built only from the observation:
that is what makes the AI honest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.cards import STRAINS, Card, parse_card
from engine.errors import NotationError, WhistTypeError
from engine.seats import Seat
from engine.trick import Trick, legal_cards

FULL = (1 << 52) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def cards_of(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(Card(low.bit_length() - 1))
        mask ^= low
    return out


@dataclass(frozen=True)
class View:
    seat: Seat
    hand: tuple[Card, ...]
    dealer: Seat
    trump: int  # 0..3, 4 = no trump
    trump_card: Card | None
    tricks: tuple[Trick, ...]
    current: Trick
    # derived
    gone: int  # mask: cards in completed tricks
    in_trick: int  # mask: cards in the trick in progress
    played_by: tuple[int, int, int, int]  # mask of cards each seat has played (all tricks)
    voids: tuple[frozenset[int], ...]  # suits each seat has shown out of (and not played since)
    sizes: tuple[int, int, int, int]  # cards each seat still holds
    known: tuple[int, int, int, int]  # cards this seat knows each seat still holds

    @property
    def hand_mask(self) -> int:
        return self.known[self.seat]

    @property
    def unseen(self) -> int:
        """Cards whose place this seat does not know."""
        return FULL & ~(self.gone | self.in_trick | self.known[0] | self.known[1]
                        | self.known[2] | self.known[3])

    @property
    def trick_number(self) -> int:
        return len(self.tricks) + 1

    def legal(self) -> list[Card]:
        return legal_cards(self.hand, self.current.led_suit)

    def won_by_side(self) -> tuple[int, int]:
        won = [0, 0]
        for t in self.tricks:
            won[t.winner(self.trump).side] += 1
        return won[0], won[1]


def _list(observation: Mapping[str, object], key: str) -> list[object]:
    value = observation.get(key) or []
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise WhistTypeError(f"the observation's {key!r} must be a list, not {type(value).__name__}")
    return list(value)


def _trick(value: object) -> Trick:
    if not isinstance(value, Mapping):
        raise WhistTypeError(f"a trick in the observation must be an object with 'leader' and 'cards', "
                             f"not {type(value).__name__}")
    return Trick.from_dict(dict(value))


def _cards(items: list[object]) -> list[Card]:
    cards = []
    for c in items:
        if not isinstance(c, str | Card):
            raise NotationError(f"{c!r} is not a card: give text such as 'SA' or 'H10'")
        cards.append(parse_card(c))
    return cards


def view_of(observation: Mapping[str, object], *, dealt: int | None = 13) -> View:
    """Read and check an observation; raises NotationError if it is inconsistent.

    ``dealt``: the cards each seat was dealt; None takes it from the observing
    seat's hand and plays (the simple bots are shown partial hands in tests)."""
    seat = Seat.parse(str(observation["seat"]))
    hand = tuple(sorted(_cards(_list(observation, "hand"))))
    dealer = Seat.parse(str(observation["dealer"]))
    trump_text = str(observation.get("trump") or "N").upper()
    if trump_text not in STRAINS:
        raise NotationError(f"{trump_text!r} is not a trump: use S, H, D, C or N")
    trump = STRAINS.index(trump_text)
    tc = observation.get("trump_card")
    trump_card = parse_card(str(tc)) if tc else None
    tricks = tuple(_trick(t) for t in _list(observation, "tricks"))
    cur_data = observation.get("trick") or None
    if cur_data:
        current = _trick(cur_data)
    elif tricks:
        current = Trick(tricks[-1].winner(trump))
    else:
        current = Trick(dealer.next)
    if any(not t.complete for t in tricks):
        raise NotationError("a completed trick in the observation does not hold 4 cards")
    if current.complete:
        raise NotationError("the trick in progress already holds 4 cards")
    if current.next_seat != seat:
        raise NotationError(f"it is not {seat.name}'s turn: {current.next_seat.name} is to play")

    played = [0, 0, 0, 0]
    counts = [0, 0, 0, 0]
    shown_out: list[set[int]] = [set(), set(), set(), set()]
    gone = 0
    for trick in (*tricks, current):
        led = trick.led_suit
        for s, c in trick.plays():
            bit = 1 << int(c)
            if (gone | played[0] | played[1] | played[2] | played[3]) & bit:
                raise NotationError(f"{c} is played twice in the observation")
            played[s] |= bit
            counts[s] += 1
            # a revoke at a physical table: the seat played a suit it showed out of,
            # so the void told us nothing; forget it
            shown_out[s].discard(c.suit)
            if led is not None and c.suit != led:
                shown_out[s].add(led)
        if trick.complete:
            gone |= mask_of(trick.cards)
    in_trick = mask_of(current.cards)
    # cards each seat was dealt; a bot may be shown part of a hand (dealt=None)
    start = len(hand) + counts[seat] if dealt is None else dealt
    sizes = tuple(start - n for n in counts)
    hand_mask = mask_of(hand)
    if hand_mask & (gone | in_trick):
        raise NotationError("a card in the hand has already been played")
    if len(hand) != sizes[seat]:
        raise NotationError(f"{seat.name} should hold {sizes[seat]} cards, not {len(hand)}")
    known = [0, 0, 0, 0]
    known[seat] = hand_mask
    if trump_card is not None and dealer != seat:
        bit = 1 << int(trump_card)
        if not (gone | in_trick) & bit:
            # the turned card stays the dealer's until played: everyone knows it
            known[dealer] |= bit
    return View(
        seat=seat, hand=hand, dealer=dealer, trump=trump, trump_card=trump_card,
        tricks=tricks, current=current, gone=gone, in_trick=in_trick,
        played_by=(played[0], played[1], played[2], played[3]),
        voids=tuple(frozenset(v) for v in shown_out),
        sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        known=(known[0], known[1], known[2], known[3]),
    )
