"""What every game of the family is made of: parameters and a few hooks.

A game is a :class:`Game` subclass in one module under ``engine/games/``
(listed by ``engine.games``). The
shared machine (:class:`engine.deal.Deal` and :class:`engine.match.Match`)
deals, runs the phases, checks every action, plays the tricks and keeps the
score; a game says only what differs: its seats, deck, auction, contract,
trumps, first lead and scoring. The defaults are classic whist's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Protocol

from engine.actions import Bid, Pass
from engine.errors import RulesError
from engine.order import Order
from engine.seats import Seat, around

if TYPE_CHECKING:
    from engine.deal import Deal, DealRecord
    from engine.scoring import HandScore


class Phase(StrEnum):
    """Where a hand stands; the observation's ``phase``."""

    AUCTION = "auction"  # bids and passes
    DECLARE = "declare"  # the declarer names trumps or the direction
    EXCHANGE = "exchange"  # the declarer lays cards away (kitty, widow)
    PLAY = "play"  # tricks
    OVER = "over"  # every trick played, or a claim accepted


@dataclass(frozen=True)
class Contract:
    """What the auction settled: who plays for what, in which order of cards.

    ``call`` names the contract in the game's words (``grand``, ``nullo``,
    ``4 downtown``); ``declarer`` is None where nobody bid (all passed)."""

    declarer: Seat | None
    call: str
    trump: int
    downtown: bool = False
    level: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"declarer": None if self.declarer is None else self.declarer.name, "call": self.call,
                "trump": "SHDCN"[self.trump], "order": "downtown" if self.downtown else "uptown",
                "level": self.level}


class GameRules(Protocol):
    """A game's house settings: a frozen dataclass with these members."""

    @property
    def target(self) -> int: ...

    def to_dict(self) -> dict[str, object]: ...

    def summary(self) -> str: ...


class Game:
    """A game of the family. Subclasses set the class attributes and override
    the hooks that differ; the defaults describe classic whist."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    blurb: ClassVar[str] = ""
    players: ClassVar[int] = 4
    partnerships: ClassVar[bool] = True
    jokers: ClassVar[bool] = False
    per_seat: ClassVar[int] = 1  # cards each seat plays to a trick
    has_auction: ClassVar[bool] = False

    # -- rules ----------------------------------------------------------------
    def default_rules(self) -> GameRules:
        raise NotImplementedError

    def rules_from_dict(self, data: Mapping[str, object]) -> GameRules:
        raise NotImplementedError

    def owns(self, rules: object) -> bool:
        """Whether ``rules`` are this game's settings."""
        return isinstance(rules, type(self.default_rules()))

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return 52 // self.players

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        """Shuffle and deal hand ``hand_number`` (0-based) of a match."""
        raise NotImplementedError

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        """Refuse a record (a physical table's deal) these rules could not have dealt."""

    # -- auction ------------------------------------------------------------------
    def auction_turn(self, deal: Deal) -> Seat:
        """Who speaks next: eldest first, round the table."""
        return around(deal.dealer, 1 + len(deal.auction), self.players)

    def auction_legal(self, deal: Deal, seat: Seat) -> Sequence[Bid | Pass]:
        raise RulesError(f"{self.title} has no auction")

    def contract(self, deal: Deal) -> Contract | None:
        """The contract once the auction is over, else None. Games without an
        auction play in the record's trump, nobody declaring."""
        return Contract(None, "", deal.record.trump)

    # -- play ---------------------------------------------------------------------
    def order(self, deal: Deal, contract: Contract) -> Order:
        return Order(contract.trump, contract.downtown)

    def first_leader(self, deal: Deal, contract: Contract) -> Seat:
        return around(deal.dealer, 1, self.players)

    def side_of(self, seat: Seat) -> int:
        """The side a seat scores for: N/S 0 and E/W 1 in partnership games,
        else the seat itself."""
        return int(seat) % 2 if self.partnerships else int(seat)

    # -- scoring ------------------------------------------------------------------
    def score_hand(self, deal: Deal, game_score: tuple[int, int], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        raise NotImplementedError

    def game_value(self, rules: GameRules, loser_score: int) -> int:
        """Rubber points for a won game."""
        return 1

    def games_to_win(self, rules: GameRules) -> int:
        return 2

    def rubber_bonus(self, rules: GameRules) -> int:
        return 0

    def counts_honours(self, rules: GameRules) -> bool:
        """Whether hands score honours (the summary shows them)."""
        return False

    def counts_rubber_points(self, rules: GameRules) -> bool:
        """Whether the score sheet shows rubber points."""
        return False


__all__ = ["Contract", "Game", "GameRules", "Phase"]
