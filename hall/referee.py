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

Only the Referee's public API is used, so the referee itself stays the
table's one real-card referee for every game it plays.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING

from device.events import InputEvent
from device.referee import HAND_OVER, ActionChooser, Referee
from device.seat_readers import SeatReaders
from engine.actions import Action
from engine.deal import DealRecord
from engine.match import Match
from engine.scoring import HandScore
from engine.seats import Seat
from hall.drive import TABLE_RULES, DriveError, HandResult, is_ai
from hall.table import HallTable

if TYPE_CHECKING:
    from device.store import Store

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
                 choose: ActionChooser | None = None, ai_async: bool = False,
                 readers: SeatReaders | None = None, store: Store | None = None) -> None:
        settings = table.settings
        if settings is None:
            raise DriveError(f"table {table.table} has not joined a drive yet")
        four = table.players(round_)
        if four is None:
            raise DriveError(f"table {table.table} does not know who plays round {round_} yet")
        self.table, self.settings, self.round = table, settings, round_
        ai: dict[Seat, str] = {seat: (level if isinstance(level, str) else level[seat])
                                     for seat, player in zip(Seat, four, strict=True) if is_ai(player)}
        self.done = sum(1 for h in range(1, settings.hands_per_round + 1)
                        if table.journal.finished(settings.drive, round_, h))
        seed = f"{settings.seed}:r{round_}:t{table.table}:real"
        self.closed = False
        # the seats called as the drive's screens call them: a person by the name signed in with
        names = {seat: "AI" if is_ai(player) else player for seat, player in zip(Seat, four, strict=True)}
        resumed = self._resumed(store, seed, choose, ai_async, readers, names)
        if resumed is not None:
            self.session = resumed
        else:
            first = settings.dealer(round_, self.done + 1)
            self.session = Referee(None, None, ai, rules=TABLE_RULES, choose=choose, ai_async=ai_async,
                                   seed=seed, dealer=first, readers=readers, store=store, names=names)
            self.session.choose_dealer(first)  # the drive's dealer: no setup step at a drive
        self._listener = RealHandListener(self)
        self._match: Match | None = None
        self._follow()
        self.settle()

    def _resumed(self, store: Store | None, seed: str, choose: ActionChooser | None, ai_async: bool,
                 readers: SeatReaders | None, names: Mapping[Seat, str]) -> Referee | None:
        """This round's rubber from the app's store after a power cut: the hand on the table at the
        card it had reached (the referee journals every card), its players named from the table's
        journal (the store keeps only who is an AI). None when the store's newest unfinished
        real-card rubber is not this round's."""
        if store is None:
            return None
        probe = Referee(None, None, rules=TABLE_RULES, choose=choose, ai_async=ai_async, readers=readers,
                        store=store, names=names)
        try:
            if not probe.resume():
                return None
        except Exception as exc:  # a rubber that cannot be rebuilt must not stop the drive
            log.error("the real-card round cannot be resumed from the store: %s", exc)
            return None
        if probe.match.seed != seed or len(probe.match.hands) != self.done:
            return None
        log.info("table %d, round %d: the real-card hand resumed from the store", self.table.table,
                 self.round)
        return probe

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
        """What the drive decides for the table: the hand's trumps, unless the dealer turns them;
        after the round's last hand, its rubber closed in the store (nothing is to resume it)."""
        self._follow()
        s = self.session
        if self.round_over and not self.closed:
            self.closed = True
            if s.journal is not None and s.journal.followed is not None:
                s.journal.abandon(s.match)
        if s.trumps_on_screen() and not self.round_over:
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
