"""What a game says about itself for the table, the menus and the referee, as
data: its settings (with their words), its rules pages, and its table (seats
and sides, piles and who sees them, what a real-card table scans and when).

Every game package under ``engine/games/`` fills these in (``Game.table``,
``Game.settings``, ``Game.pages``, ``Game.player``); the screens, the config and the referee
read them and name no game. Nothing here names a game either.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.seats import Seat


class Sides(StrEnum):
    """Who plays with whom."""

    PAIRS = "pairs"  # fixed partnerships: seats 0 and 2 against 1 and 3
    ALONE = "alone"  # each for themselves, every hand
    CHOSEN = "chosen"  # settled each hand by the auction (a declarer alone, or with a partner or the dummy)


class ScoresBy(StrEnum):
    """Whose score the pad keeps: a column per side, or one per seat."""

    SIDE = "side"
    SEAT = "seat"


class Place(StrEnum):
    """Where a pile lies on the table."""

    CENTRE = "centre"  # the middle of the table (a kitty, a widow, a stock)
    DEALER = "dealer"  # beside the dealer (the turned card)
    EACH_SEAT = "each_seat"  # one in front of every seat (face-up layouts)
    OPPOSITE_DECLARER = "opposite_declarer"  # the dummy's place, across from the declarer
    DECLARER = "declarer"  # in front of the declarer (an open misère's hand, cards laid away)


class Sight(StrEnum):
    """Who sees a pile's cards face up."""

    NOBODY = "nobody"  # face down to everyone (a dead hand, a stock's unturned cards)
    TAKER = "taker"  # the seat that took it up or laid it away
    EVERYONE = "everyone"


class Moment(StrEnum):
    """When a real-card table scans a pile (or shows it face up)."""

    DEAL = "deal"  # once the cards are dealt, before any call
    AUCTION_OVER = "auction_over"  # once the contract is known
    EXCHANGE = "exchange"  # as the declarer takes it up or lays cards away
    EVERY_TRICK = "every_trick"  # between tricks (a stock's next card, a layout's turned card)
    FIRST_TRICK = "first_trick"  # once the first trick is played


@dataclass(frozen=True)
class Pile:
    """Cards on the table that are no seat's hand.

    ``key`` is the pile's name in the deal record and the observation's ``piles``
    (``"kitty"``; a pile per seat is the key and the seat's number, ``"layout0"``);
    the turned card is the observation's ``trump_card``, key ``"turned"``."""

    key: str
    word: str  # what a person calls it: "the kitty"
    cards: int  # how many at the deal (0: it changes hand by hand)
    place: Place
    face_up_to: Sight
    face_up_from: Moment = Moment.DEAL
    help: str = ""


@dataclass(frozen=True)
class Call:
    """A contract or call of the game: its ``call`` in the engine (``Bid.call``,
    ``Contract.call``) and the words a person reads."""

    call: str
    word: str
    help: str = ""


@dataclass(frozen=True)
class Scan:
    """What a real-card table reads with the card reader besides the plays and the AI
    seats' racks (scanned at every deal, in every game)."""

    pile: str  # the deal record's pile (``DealRecord.pile``: "kitty", "stock", "up" + the seat's number),
    # "turned" for the turned card, or a hand dealt as a pile ("dummy")
    moment: Moment
    why: str


@dataclass(frozen=True)
class SettingSpec:
    """One house setting: the rules dataclass's field ``key``, its label, the values a
    menu steps through (any other value the rules accept may still be typed), and a line
    of help. The config's ``[rules.<game>]`` and ``--rule KEY=VALUE`` read the same."""

    key: str
    label: str
    values: tuple[object, ...]
    help: str
    words: tuple[tuple[object, str], ...] = ()  # how a value reads on the menu, where not as written
    checked_with: tuple[tuple[str, object], ...] = ()  # other settings a value is only valid beside

    def word(self, value: object) -> str:
        """The value as the menu shows it."""
        for v, w in self.words:
            if v == value:
                return w
        if isinstance(value, bool):
            return "On" if value else "Off"
        if value is None:
            return "Never"
        return str(value).replace("_", " ")


@dataclass(frozen=True)
class Pages:
    """The rules screen's pages: how to play, then a glossary of terms."""

    how_to_play: tuple[str, ...]
    glossary: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class TableSpec:
    """A game's table as a renderer and a referee need it."""

    seat_counts: tuple[int, ...]  # the table sizes it is played at, smallest first
    sides: Sides
    scores_by: ScoresBy
    piles: tuple[Pile, ...] = ()
    calls: tuple[Call, ...] = ()
    scans: tuple[Scan, ...] = ()
    cards_per_trick_per_seat: int = 1
    turned_card: bool = False  # a card turned for trumps lies face up at the start
    trumps: bool = True  # False: the game never has a trump suit, so no screen names one
    # What the score pad and the statistics count besides tricks and points:
    bids_tricks: bool = False  # each seat bids the number of tricks it will take (exact bids)
    contracts: bool = False  # the auction names a declarer whose side makes or fails a contract
    knockouts: bool = False  # a player who takes no trick leaves the game (``Game.still_in``)
    lowest_wins: bool = False  # the points are penalties: the lowest total leads and wins

    def pile(self, key: str) -> Pile:
        for p in self.piles:
            if p.key == key:
                return p
        raise KeyError(f"no pile {key!r}: the piles are {', '.join(p.key for p in self.piles) or 'none'}")

    def call_word(self, call: str) -> str:
        """The words of ``call`` (as the engine writes it when the game gives none)."""
        for c in self.calls:
            if c.call == call:
                return c.word
        return call

    def seat_name(self, seat: Seat, players: int, you: Seat) -> str:
        """What the person at ``you`` calls ``seat``: You, Partner, Left, Right at four
        in fixed pairs; else You and Player 2..n, numbered clockwise from you."""
        step = (int(seat) - int(you)) % players
        if step == 0:
            return "You"
        if self.sides is Sides.PAIRS and players == 4:
            return ("Left", "Partner", "Right")[step - 1]
        return f"Player {step + 1}"


__all__ = ["Call", "Moment", "Pages", "Pile", "Place", "Scan", "ScoresBy", "SettingSpec", "Sides", "Sight",
           "TableSpec"]
