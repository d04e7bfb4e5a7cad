"""Duplicate at the table: a hand played again from the other side, or a file's
deals played as a duplicate match against the AI (engine.duplicate).

A :class:`DuplicateRun` is what the duplicate scenes share: the engine's
:class:`~engine.duplicate.DuplicateMatch`, the rules, and the two tables'
deals of the deal in hand (for the comparison). Each table is a
:class:`~engine.duplicate.ReplayMatch` in a session of its own: nothing of it
goes into the rubber, the score sheet, the statistics or the store.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from device.app.session import Session
from engine.deal import Deal, DealRecord
from engine.duplicate import DuplicateMatch, ReplayMatch
from engine.errors import RulesError
from engine.game import GameRules

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.deals import DealSource


@dataclass
class DuplicateRun:
    match: DuplicateMatch
    rules: GameRules
    hand_numbers: tuple[int, ...]  # each deal's hand in its rubber (cycling trumps check it)
    single: bool = False  # one hand played again from the summary: then back to the rubber
    title: str = "Duplicate match"
    tables: list[Deal] = field(default_factory=list)  # the deal in hand's tables, as played

    def session(self, seed: int | None = None) -> Session:
        """A session of its own for the table to play now."""
        session = Session(self.rules, seed=seed)
        session.match = ReplayMatch(self.match.table_record(), self.rules,
                                    hand_number=self.hand_numbers[self.match.board])
        return session

    def table_over(self, deal: Deal) -> None:
        self.tables.append(deal)
        self.match.table_played(deal.tricks_taken())

    def next_deal(self) -> None:
        self.tables = []

    @property
    def last_deal_number(self) -> int:
        """1-based number of the deal last finished (or in hand)."""
        return max(1, len(self.match.results))


def start_duplicate(app: App, source: DealSource) -> DuplicateRun:
    """A file's deals as a duplicate match against the AI; the table opens on the first."""
    rules = app.session.rules
    records = source.records(rules)
    run = DuplicateRun(DuplicateMatch(tuple(records)), rules, tuple(range(len(records))),
                       title=f"Duplicate match: {source.name}")
    app.go("duplicate_table", run=run)
    return run


def play_again(app: App) -> DuplicateRun:
    """The hand just played, again from the other side: you hold what East held and
    the AI your cards; the comparison follows it."""
    session = app.session
    deal, score = session.last_deal, session.last_score
    if deal is None or score is None:
        raise RulesError("no hand has been played yet")
    record: DealRecord = deal.record
    run = DuplicateRun(DuplicateMatch((record,)), session.rules, (score.number - 1,), single=True,
                       title=f"Hand {score.number} from both sides")
    run.table_over(deal)
    app.go("duplicate_table", run=run)
    return run


__all__ = ["DuplicateRun", "play_again", "start_duplicate"]
