"""Where the cards the table scanned lie: the AI racks (face down, in the order scanned), the
piles scanned at the deal, the cards laid away; and why a card cannot be a seat's now.

A rack's card is told by its place ("the 5th card from the left of South's rack"), never by
name: the AI's hand stays hidden from the people at the table. Plain state, no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from device.referee_plan import ScanPlan
from engine.cards import Card
from engine.deal import Deal
from engine.errors import RulesError
from engine.game import Game, Phase
from engine.seats import Seat

Key = Seat | str  # a seat's rack, or a pile by name


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class Racks:
    """A hand's scanning and what lies where; ``plan`` None before the first hand."""

    plan: ScanPlan | None = None
    trump_card: Card | None = None  # the turned card scanned
    trump: int | None = None  # trumps chosen on screen instead of a turned card
    racks: dict[Key, list[Card]] = field(default_factory=dict)  # scanned so far, by rack
    order: list[tuple[Key, Card]] = field(default_factory=list)  # every scan, for undo
    discards: list[Card] = field(default_factory=list)  # an exchange's, scanned so far
    upcards: set[Card] = field(default_factory=set)  # cards seen turned face up and scanned
    # After a restart the store knows each AI's cards but not their order in its rack:
    # the racks are laid on the reader again from the left.
    rerack: dict[Seat, set[Card]] = field(default_factory=dict)
    rack_order: dict[Seat, list[Card]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.plan is not None and not self.racks:
            self.racks = {key: [] for key, _ in self.plan.wants}

    # -- the scanning at the deal -------------------------------------------------------
    def target(self) -> tuple[Key, int] | None:
        """The rack or pile being scanned now and its count, or None: all scanned."""
        for key, want in self.plan.wants if self.plan is not None else ():
            if len(self.racks[key]) < want:
                return key, want
        return None

    def add(self, key: Key, card: Card) -> None:
        self.racks[key].append(card)
        self.order.append((key, card))

    def reracking(self) -> Seat | None:
        """The AI seat whose rack is being laid on the reader again after a restart, or None."""
        short = [s for s in sorted(self.rerack) if len(self.rack_order.get(s, ())) < len(self.rerack[s])]
        return short[0] if short else None

    # -- what lies where once the deal is under way ----------------------------------------
    def rack(self, key: Key, deal: Deal | None, game: Game) -> list[Card]:
        """What lies face down in a rack (an AI's, a kitty's), in scan order; an AI that took
        the kitty has its cards at the right end, then cards it drew; cards played or laid
        away are gone."""
        cards = [c for k, c in self.order if k == key]
        if deal is None:
            return cards
        if isinstance(key, str):  # a kitty face down until taken up (a stock, a layout: their piles')
            return list(deal.piles.get(key, ())) if key == exchange_pile(game, deal) else []
        held = deal.hand(key)
        if held is None or self.face_up(key, deal, game):
            return []
        if key in self.rack_order and key not in self.rerack:  # laid again after a restart
            cards = list(self.rack_order[key])
        pile = exchange_pile(game, deal)
        if pile is not None and pile in self.racks and key == kitty_taker(deal):
            cards += [c for c in deal.record.pile(pile) if c not in cards]
        for _, dealt in deal.record.piles:  # drawn from a pile: at the right end, as drawn
            cards += [c for c in dealt if c in held and c not in cards]
        for ex in deal.exchanges:  # a hand taken whole: as it lay
            cards += [c for c in ex.discard if c in held and c not in cards]
        turned = self.trump_card if self.plan is not None and self.plan.turned_pile is None else None
        return [c for c in cards if c in held and c not in self.discards and c != turned]

    def owner(self, card: Card, deal: Deal | None, game: Game) -> Key | None:
        """The rack ``card`` lies face down in, or None."""
        return next((k for k in self.racks if card in self.rack(k, deal, game)), None)

    def face_up(self, seat: Seat, deal: Deal | None, game: Game) -> bool:
        """Whether ``seat``'s hand lies face up for all (a dummy once the auction is over)."""
        held = deal.hand(seat) if deal is not None else None
        return bool(held) and held is not None and held <= public(deal, game)

    def place(self, key: Key, card: Card, deal: Deal | None, game: Game, seat_name: Callable[[Seat], str],
              rack_name: Callable[[Key], str]) -> str:
        """Where a card lies, without naming one face down: "the 5th card from the left of
        South's rack"; a card face up (turned, a layout's, a face-up hand's) is named."""
        if isinstance(key, Seat) and deal is not None and card in game.layout(deal, key):
            return f"{card.symbol} from {seat_name(key)}'s layout"
        if isinstance(key, Seat) and self.face_up(key, deal, game):
            return f"{card.symbol} from {seat_name(key)}'s cards, face up"
        cards = self.rack(key, deal, game)
        if card not in cards:
            return f"the turned card {card.symbol}"
        return f"the {ordinal(cards.index(card) + 1)} card from the left of {rack_name(key)}"

    def upcard_wanted(self, deal: Deal | None, game: Game, plays_from_piles: bool) -> Card | None:
        """A card scanned face down at the deal that the game has just turned face up (a stock's
        next card after a trick, a layout card uncovered): scanned before play goes on."""
        if deal is None or deal.contract is None or deal.is_over or not plays_from_piles:
            return None
        seen = public(deal, game)
        gone = set(deal.played) | set(deal.current.cards)
        pile = exchange_pile(game, deal)
        return next((c for k, c in self.order if isinstance(k, str) and k != pile
                     and c in seen and c not in gone and c not in self.upcards), None)

    def as_laid(self, cards: tuple[Card, ...], deal: Deal | None) -> tuple[Card, ...]:
        """Cards in the order they lie face down: as scanned, or as laid away before."""
        lying = [c for _, c in self.order]
        for ex in deal.exchanges if deal is not None else ():
            lying += ex.discard
        at = {c: i for i, c in reversed(list(enumerate(lying)))}
        return tuple(sorted(cards, key=lambda c: at.get(c, len(lying))))


def exchange_pile(game: Game, deal: Deal) -> str | None:
    """The pile the seat exchanging takes up (a kitty, a widow), as the engine says."""
    try:
        return game.exchange_pile(deal)
    except RulesError:
        return None


def kitty_taker(deal: Deal | None) -> Seat | None:
    """The seat that has taken the kitty up (in the exchange or after it)."""
    if deal is None:
        return None
    if deal.exchanges:
        return deal.exchanges[0].seat
    step = deal.step
    return step.seat if step is not None and step.phase is Phase.EXCHANGE else None


def public(deal: Deal | None, game: Game) -> set[Card]:
    """Cards every seat may see now (a stock's turned card, face-up layouts, a face-up hand),
    the kitty and the discards aside."""
    if deal is None:
        return set()
    skip = {exchange_pile(game, deal), "discard"}
    seen = [{c for name, cards in game.visible_piles(deal, s).items() if name not in skip for c in cards}
            for s in deal.seats]
    return set.intersection(*seen) if seen else set()


__all__ = ["Key", "Racks", "exchange_pile", "kitty_taker", "ordinal", "public"]
