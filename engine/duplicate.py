"""Duplicate at home: a deal played again from the other side, and a match of them.

Duplicate whist takes the luck of the cards away: each deal is played twice,
and your side's cards at one table are your opponents' at the other. At home
the other table is the AI: you play a deal sitting South (you and your AI
partner hold North-South's cards), then the same deal with the cards turned
one seat (:func:`turned`), so that you hold what East held and the AI plays
North-South's cards, your old hand included. The score of the deal is your
side's tricks with North-South's cards less the AI's with the same cards:
the trick difference.

:class:`ReplayMatch` plays such a deal as a hand of its own (no rubber, no
store); the record is the one the game dealt, so it is not checked again
against the rubber's trumps.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.deal import DealRecord
from engine.errors import RulesError
from engine.game import Game, GameRules
from engine.match import Match
from engine.seats import Seat

TURN = 1  # the second table: the cards turned one seat, your hand to West


def turned(record: DealRecord, seats: int = TURN) -> DealRecord:
    """The same deal with every hand (and the deal) moved ``seats`` seats to the
    left: with 1, South holds what East held and West what South held. The pack
    and the turned card are the same; the dealer moves with the cards."""
    if record.pack is None:
        raise RulesError("a deal from a real deck cannot be played again: the table never saw "
                         "all four hands")
    return DealRecord(record.dealer.offset(seats), record.trump, record.pack, record.trump_card)


class ReplayMatch(Match):
    """One deal played again as a hand of its own. ``hand_number`` is the hand
    the deal was in its rubber, so the game's check of the record (cycling
    trumps) sees the hand it was dealt for."""

    def __init__(self, record: DealRecord, rules: GameRules | None = None, game: Game | None = None,
                 hand_number: int = 0) -> None:
        self._hand_offset = hand_number
        super().__init__(rules, record.dealer, None, game)
        self.start_deal(record)

    @property
    def hand_number(self) -> int:
        return self._hand_offset + len(self.deals)


@dataclass(frozen=True)
class BoardResult:
    """One deal of a duplicate match. Tricks are North-South's cards' (the deal as
    first dealt): ``yours`` when you and your partner held them, ``theirs`` when
    the AI did (None until the second table is played)."""

    record: DealRecord
    yours: int
    theirs: int | None = None

    @property
    def difference(self) -> int | None:
        """Your tricks less the AI's with the same cards (positive: you did better)."""
        return None if self.theirs is None else self.yours - self.theirs


def ns_tricks_at_second_table(tricks: tuple[int, int], seats: int = TURN) -> int:
    """North-South's cards' tricks at the second table, from its (NS, EW) tricks:
    with the cards turned an odd number of seats they are held by East-West."""
    return tricks[1] if seats % 2 else tricks[0]


@dataclass
class DuplicateMatch:
    """A set of deals, each played at both tables; the score is the sum of the
    trick differences."""

    records: tuple[DealRecord, ...]
    results: list[BoardResult] = field(default_factory=list)
    pending: int | None = None  # your first table's North-South tricks on the deal in play

    @property
    def board(self) -> int:
        """0-based index of the deal in play (or next)."""
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return len(self.results) >= len(self.records)

    @property
    def at_second_table(self) -> bool:
        return self.pending is not None

    def table_record(self) -> DealRecord:
        """The record to play now: the deal as dealt, or turned for the second table."""
        if self.is_over:
            raise RulesError("the duplicate match is over: every deal has been played twice")
        record = self.records[self.board]
        return turned(record) if self.at_second_table else record

    def table_played(self, tricks: tuple[int, int]) -> BoardResult | None:
        """Record a table's (NS, EW) tricks as the table saw them; the deal's result
        once both tables are played."""
        if self.is_over:
            raise RulesError("the duplicate match is over")
        if self.pending is None:
            self.pending = tricks[0]
            return None
        result = BoardResult(self.records[self.board], self.pending, ns_tricks_at_second_table(tricks))
        self.results.append(result)
        self.pending = None
        return result

    @property
    def total(self) -> int:
        return sum(r.difference or 0 for r in self.results)

    def first_dealer(self) -> Seat:
        return self.records[0].dealer


__all__ = ["BoardResult", "DuplicateMatch", "ReplayMatch", "TURN", "ns_tricks_at_second_table", "turned"]
