"""How a hand began, as the games deal it: a :class:`DealRecord` (dealer, hands or
pack, piles, trump) and what the deal proves along the way (a :class:`Revoke`).

Below every game and the deal that plays them: a game deals its records here, and
:class:`engine.deal.Deal` folds one with the actions played.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from engine.cards import STRAINS, SUIT_NAMES, SUITS, Card, parse_card, parse_cards, parse_strain
from engine.errors import NotationError, RulesError
from engine.jsonform import as_list, as_mapping, as_strings, field
from engine.pbn import format_hands, parse_hands
from engine.seats import SEAT_NAMES, Seat, around, seat_label, seats_at
from engine.shuffle import shuffled_pack
from engine.trick import NO_TRUMP

TRICKS_PER_HAND = 13

HandSet = tuple[frozenset[Card] | None, ...]


@dataclass(frozen=True)
class DealRecord:
    """How a deal began.

    Classic whist's form: ``pack`` is the 52 cards in dealing order (card i
    goes to the seat ``dealer + 1 + i``, so the last goes to the dealer and
    is turned for trumps). Every other game gives the hands it dealt
    (``dealt``, one a seat, any seat count; a seat dealt nothing sits the
    hand out) and its other ``piles`` by name (``kitty``, ``stock``,
    ``widow``), as :func:`deal_out` makes them. At a physical table the pack
    is unknown (None) and ``known`` holds the hands the table was shown (an
    AI seat's cards scanned at the deal), None for the others. ``declarer``
    is a seat the match named before the deal (Knockout's trump chooser).
    ``size`` is the cards dealt to each seat in play at a physical table (where
    no hand may be known to count them: Oh Hell's shrinking hands); a seat
    known to hold nothing (``known`` an empty hand) sits the hand out.
    """

    dealer: Seat
    trump: int  # 0..3 = S H D C, 4 = no trump
    pack: tuple[Card, ...] | None = None
    trump_card: Card | None = None
    known: HandSet | None = None
    dealt: tuple[frozenset[Card], ...] | None = None
    piles: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    declarer: Seat | None = None
    size: int | None = None

    def __post_init__(self) -> None:
        if self.pack is not None:
            if len(self.pack) != 52 or len(set(self.pack)) != 52:
                raise NotationError("a pack must hold each of the 52 cards exactly once")
            if self.known is not None or self.dealt is not None:
                raise NotationError("give either the pack or the hands, not both")
        if self.dealt is not None:
            if self.known is not None:
                raise NotationError("give either the dealt hands or the known hands, not both")
            seats_at(len(self.dealt))
            every = [c for h in self.dealt for c in h] + [c for _, p in self.piles for c in p]
            if len(every) != len(set(every)):
                twice = sorted({c for c in every if every.count(c) > 1})
                raise NotationError(f"{twice[0]} is dealt twice")
        if len({name for name, _ in self.piles}) != len(self.piles):
            raise NotationError("two piles of a deal have the same name")
        if self.trump_card is not None and self.trump_card.suit != self.trump:
            raise RulesError(
                f"the turned card {self.trump_card} does not match trumps {STRAINS[self.trump]}"
            )

    @classmethod
    def of_hands(
        cls, dealer: Seat, hands: Sequence[Iterable[Card]], trump: int = NO_TRUMP,
        piles: Mapping[str, Sequence[Card]] | None = None, trump_card: Card | None = None,
        declarer: Seat | None = None,
    ) -> DealRecord:
        """A deal of any game from its hands (one a seat) and its piles."""
        return cls(dealer, trump, None, trump_card, None, tuple(frozenset(h) for h in hands),
                   tuple((name, tuple(cards)) for name, cards in (piles or {}).items()), declarer)

    @property
    def players(self) -> int:
        if self.dealt is not None:
            return len(self.dealt)
        return len(self.known) if self.known is not None else 4

    def pile(self, name: str) -> tuple[Card, ...]:
        """The cards of the pile ``name`` as dealt (empty if the deal has none)."""
        return self._by_name.get(name, ())

    @cached_property
    def _by_name(self) -> dict[str, tuple[Card, ...]]:
        # a layout's cards are looked up after every card a search plays (Scandinavian whist)
        return dict(self.piles)

    @classmethod
    def deal(
        cls,
        dealer: Seat | str,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        trump: int | None = None,
    ) -> DealRecord:
        """Shuffle and deal. With ``trump`` None the dealer's last card is turned
        for trumps; otherwise (cycling trumps) no card is turned."""
        pack = tuple(shuffled_pack(seed, rng))
        if trump is None:
            return cls(Seat.parse(dealer), pack[-1].suit, pack, pack[-1])
        return cls(Seat.parse(dealer), trump, pack, None)

    @classmethod
    def from_hands(
        cls, hands: str | Sequence[Iterable[Card]], dealer: Seat | str, trump: str | int,
        trump_card: str | Card | None = None,
    ) -> DealRecord:
        """A deal from four complete hands (PBN or N,E,S,W card lists).

        The pack order is rebuilt so that dealing gives these hands; the
        turned card, if given, is put last (it must be in the dealer's hand).
        """
        d = Seat.parse(dealer)
        hs: tuple[frozenset[Card], ...] = parse_hands(hands, complete=True) if isinstance(hands, str) \
            else tuple(frozenset(parse_cards(list(h))) for h in hands)
        if any(len(h) != 13 for h in hs):
            raise NotationError("each hand needs 13 cards")
        if len(frozenset[Card]().union(*hs)) != 52:
            raise NotationError("the four hands must hold 52 different cards")
        strain = parse_strain(trump) if isinstance(trump, str) else trump
        turned = parse_card(trump_card) if trump_card is not None else None
        if turned is not None and turned not in hs[d]:
            raise RulesError(f"the turned card {turned} must be in the dealer's hand")
        per_seat = [sorted(h) for h in hs]
        if turned is not None:
            per_seat[d].remove(turned)
            per_seat[d].append(turned)
        pack = []
        for i in range(52):
            seat = d.offset(1 + i % 4)
            pack.append(per_seat[seat][i // 4])
        return cls(d, strain, tuple(pack), turned)

    @classmethod
    def physical(
        cls, dealer: Seat | str, trump: str | int, trump_card: str | Card | None = None,
        known: dict[Seat, Iterable[Card | str]] | None = None,
    ) -> DealRecord:
        """A deal at a real table: the engine sees only what is scanned."""
        hands: list[frozenset[Card] | None] = [None] * 4
        seen: set[Card] = set()
        for seat, cards in (known or {}).items():
            hand = frozenset(parse_cards(list(cards)))
            if len(hand) != 13:
                raise NotationError(f"{SEAT_NAMES[Seat.parse(seat)]}'s hand has {len(hand)} cards, not 13")
            if seen & hand:
                raise NotationError(f"{min(seen & hand)} is scanned into two hands")
            seen |= hand
            hands[Seat.parse(seat)] = hand
        strain = parse_strain(trump) if isinstance(trump, str) else trump
        turned = parse_card(trump_card) if trump_card is not None else None
        d = Seat.parse(dealer)
        if turned is not None:
            # The turned card is the dealer's 13th card: in no other hand, and
            # in the dealer's when that hand was scanned.
            for seat in seats_at(len(hands)):
                scanned = hands[seat]
                if scanned is None or (seat == d) == (turned in scanned):
                    continue
                if seat == d:
                    raise RulesError(
                        f"the turned card {turned} is one of the dealer's 13 cards, but "
                        f"{SEAT_NAMES[d]}'s scanned hand lacks it: scan it with the rest"
                    )
                raise RulesError(
                    f"the turned card {turned} belongs to {SEAT_NAMES[d]}, the dealer; "
                    f"it cannot be in {SEAT_NAMES[seat]}'s hand"
                )
        return cls(d, strain, None, turned, tuple(hands) if known else None)

    def hands(self) -> HandSet:
        """The hands as dealt (N, E, S, W); None where the table cannot know."""
        if self.dealt is not None:
            return self.dealt
        if self.pack is None:
            return self.known if self.known is not None else (None, None, None, None)
        out: list[set[Card]] = [set(), set(), set(), set()]
        for i, card in enumerate(self.pack):
            out[self.dealer.offset(1 + i % 4)].add(card)
        return tuple(frozenset(h) for h in out)

    @property
    def first_leader(self) -> Seat:
        return self.dealer.next

    def pbn(self) -> str | None:
        hs = self.hands()
        if any(h is None for h in hs):
            return None
        return format_hands(hs, self.dealer)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        n = self.players
        out: dict[str, object] = {
            "dealer": seat_label(self.dealer, n),
            "trump": STRAINS[self.trump],
            "pack": [str(c) for c in self.pack] if self.pack is not None else None,
            "trump_card": str(self.trump_card) if self.trump_card is not None else None,
            "known": None if self.known is None else [
                None if h is None else sorted(str(c) for c in h) for h in self.known
            ],
        }
        # Classic records keep the form stores have always held.
        if self.dealt is not None:
            out["hands"] = [sorted(str(c) for c in h) for h in self.dealt]
        if self.piles:
            out["piles"] = {name: [str(c) for c in cards] for name, cards in self.piles}
        if self.declarer is not None:
            out["declarer"] = seat_label(self.declarer, n)
        if self.size is not None:
            out["size"] = self.size
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> DealRecord:
        pack = data.get("pack")
        known = data.get("known")
        card = data.get("trump_card")
        hands = data.get("hands")
        dealt = None if hands is None else tuple(
            frozenset(parse_cards(as_strings(h, "a dealt hand"))) for h in as_list(hands, "a record's hands"))
        n = len(dealt) if dealt is not None else len(as_list(known, "")) if known is not None else 4
        piles = as_mapping(data.get("piles") or {}, "a record's piles")
        declarer = data.get("declarer")
        size = data.get("size")
        return cls(
            Seat.parse_at(str(field(data, "dealer", "a deal record")), n),
            parse_strain(str(field(data, "trump", "a deal record"))),
            tuple(parse_cards(as_strings(pack, "a record's pack"))) if pack is not None else None,
            parse_card(str(card)) if card is not None else None,
            None if known is None else tuple(
                None if h is None else frozenset(parse_cards(as_strings(h, "a known hand")))
                for h in as_list(known, "a record's known hands")
            ),
            dealt,
            tuple((str(k), tuple(parse_cards(as_strings(v, "a pile")))) for k, v in piles.items()),
            None if declarer is None else Seat.parse_at(str(declarer), n),
            None if size is None else int(str(size)),
        )


@dataclass(frozen=True)
class Revoke:
    """A proven revoke: ``seat`` showed out of ``suit`` in trick ``trick``
    (1-based) and later played that suit in trick ``proven_in``."""

    seat: Seat
    suit: int
    trick: int
    proven_in: int

    def describe(self, who: str | None = None) -> str:
        """In words, the seat called ``who`` where the caller knows it better ("West (Alice)")."""
        return (
            f"{who or SEAT_NAMES[self.seat]} revoked in trick {self.trick}: showed out of "
            f"{SUIT_NAMES[self.suit]}, then played {SUIT_NAMES[self.suit]} in trick {self.proven_in}"
        )

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat.name, "suit": SUITS[self.suit], "trick": self.trick,
                "proven_in": self.proven_in}


def deal_out(pack: Sequence[Card], dealer: Seat, players: int, hand_size: int,
             piles: Sequence[tuple[str, int]] = (), out: Iterable[Seat] = ()
             ) -> tuple[tuple[frozenset[Card], ...], dict[str, tuple[Card, ...]]]:
    """Deal ``hand_size`` cards to each seat one at a time from the dealer's
    left (seats in ``out`` get none), then the ``piles`` (name, size) in turn
    from the top of what is left; a pile of size -1 takes the rest."""
    sitting = [around(dealer, i, players) for i in range(1, players + 1)]
    sitting = [s for s in sitting if s not in set(out)]
    need = hand_size * len(sitting) + sum(n for _, n in piles if n > 0)
    if need > len(pack):
        raise RulesError(f"{len(sitting)} hands of {hand_size} and the piles need {need} cards; "
                         f"the pack has {len(pack)}")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(hand_size * len(sitting)):
        hands[sitting[i % len(sitting)]].append(pack[i])
    rest = list(pack[hand_size * len(sitting):])
    made: dict[str, tuple[Card, ...]] = {}
    for name, size in piles:
        take = len(rest) if size < 0 else size
        made[name], rest = tuple(rest[:take]), rest[take:]
    return tuple(frozenset(h) for h in hands), made


def seat_name(seat: Seat, players: int) -> str:
    """A seat as the players call it: North, ... at four; Player 1.. otherwise."""
    return SEAT_NAMES[seat] if players == 4 else f"Player {int(seat) + 1}"


__all__ = ["DealRecord", "HandSet", "Revoke", "TRICKS_PER_HAND", "deal_out", "seat_name"]
