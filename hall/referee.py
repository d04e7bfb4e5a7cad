"""A drive's table playing real cards: the referee (device.referee) watches the round's hands
laid on the card reader, and each finished hand's result goes out through the table's outbox
like any other (journalled, QoS 1, counted once by the hub).

The drive decides what a table would otherwise choose at the referee's
setup: the round's dealer (passed to the left each hand), the hall-wide
trumps of each hand (none is turned, unless the drive turns them up), and
which seats are the AI's (those nobody signed in to; their cards are
scanned face down as the referee does). The deal is the table's own,
shuffled by hand: the result carries its record (the dealer, trumps, the AI
seats' hands as scanned) and the hub replays it through the engine.

Only RefereeSession's public API is used, so the referee itself stays the
table's one real-card referee for every game it plays.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from device.events import InputEvent
from device.referee import HAND_OVER, TRUMP, Chooser, RefereeSession
from device.seat_readers import SeatReaders
from engine.actions import Action
from engine.deal import DealRecord
from engine.match import Match
from engine.scoring import HandScore
from engine.seats import Seat
from hall.drive import TABLE_RULES, DriveError, HandResult, is_ai
from hall.table import HallTable

log = logging.getLogger(__name__)


class RealHandListener:
    """The referee's match's listener: a hand confirmed at the table goes into the outbox."""

    def __init__(self, owner: DriveReferee) -> None:
        self.owner = owner

    def hand_started(self, record: DealRecord) -> None:
        pass

    def action_applied(self, action: Action) -> None:
        pass

    def action_undone(self) -> None:
        pass

    def hand_thrown_in(self, record: DealRecord) -> None:
        pass

    def hand_scored(self, score: HandScore) -> None:
        self.owner.hand_confirmed()


class DriveReferee:
    """One round of a drive at a real-card table: ``hands_per_round`` hands, then the movement."""

    def __init__(self, table: HallTable, round_: int, *, level: str | Mapping[Seat, str] = "rules",
                 choose: Chooser | None = None, ai_async: bool = False,
                 readers: SeatReaders | None = None) -> None:
        settings = table.settings
        if settings is None:
            raise DriveError(f"table {table.table} has not joined a drive yet")
        four = table.players(round_)
        if four is None:
            raise DriveError(f"table {table.table} does not know who plays round {round_} yet")
        self.table, self.settings, self.round = table, settings, round_
        ai: dict[Seat | str, str] = {seat: (level if isinstance(level, str) else level[seat])
                                     for seat, player in zip(Seat, four, strict=True) if is_ai(player)}
        self.done = sum(1 for h in range(1, settings.hands_per_round + 1)
                        if table.journal.finished(settings.drive, round_, h))
        first = settings.dealer(round_, self.done + 1)
        self.session = RefereeSession(TABLE_RULES, ai, choose=choose, ai_async=ai_async,
                                      seed=f"{settings.seed}:r{round_}:t{table.table}:real", dealer=first,
                                      readers=readers)
        self.session.choose_dealer(first)  # the drive's dealer: no setup step at a drive
        self._listener = RealHandListener(self)
        self._match: Match | None = None
        self._follow()
        self.settle()

    @property
    def hand(self) -> int:
        """The round's hand being played (1-based)."""
        return min(self.done + 1, self.settings.hands_per_round)

    @property
    def round_over(self) -> bool:
        return self.done >= self.settings.hands_per_round

    def _follow(self) -> None:
        """Listen to the referee's match (it starts a new one when a rubber ends)."""
        match = self.session.match
        if match is not self._match:
            if self._match is not None:
                self._match.remove_listener(self._listener)
            match.add_listener(self._listener)
            self._match = match

    def settle(self) -> None:
        """What the drive decides for the table: the hand's trumps, unless the dealer turns them."""
        self._follow()
        s = self.session
        if s.phase == TRUMP and not self.round_over:
            trump = self.settings.trump(self.round, self.hand)
            if trump is not None:
                s.choose_trump(trump)

    def handle(self, event: InputEvent) -> bool:
        used = self.session.handle(event)
        self.settle()
        return used

    def next_hand(self) -> bool:
        """Confirm the finished hand (its result goes to the outbox) and go on."""
        if self.session.phase != HAND_OVER:
            return False
        taken = self.session.next_hand()
        self.settle()
        return taken

    def hand_confirmed(self) -> None:
        match = self._match
        assert match is not None and match.deals
        deal = match.deals[-1]
        self.done += 1
        result = HandResult(self.settings.drive, self.round, self.table.table, self.done, deal.tricks_taken(),
                            tuple(deal.actions), deal.record)
        self.table.journal.finish(result)
        log.info("table %d, round %d, hand %d played with real cards: N/S %d, E/W %d", self.table.table,
                 self.round, self.done, *result.tricks)
        self.table.send_pending()
