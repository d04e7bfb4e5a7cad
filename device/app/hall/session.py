"""The table app playing its part of a drive (``whist-table play --hall HOST``).

The people the movement sends to the table play their own seats (a seat
whose player is an AI, nobody having signed in to it, is the AI's): one
person at South plays at the app's own table scene, any other company at the
``hall_seats`` scene, each person tapping their cards in turn at the one
screen. :class:`HallSession` deals the hands from the drive instead of a
rubber, journals them in the table's hall journal, sends each result from
the outbox, and between rounds the ``hall`` scene shows the table's number,
the players due, the round's hands and where each player goes next.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from device.app.session import Session
from engine.deal import Deal
from engine.game import GameRules
from engine.match import Match
from engine.scoring import HandScore
from engine.seats import Seat
from hall.drive import TABLE_RULES, DriveError, DriveSettings, HandResult, is_ai, round_winner, table_moves
from hall.table import HallTable, HandJournal

if TYPE_CHECKING:
    from device.store.sqlite import HeldWrites
    from hall.referee import DriveReferee

log = logging.getLogger(__name__)


class HallSession(Session):
    """The app's session for a drive's table: one round's match at a time, dealt by the drive."""

    replay_allowed = False  # a drive's hands are played once, at the table's own seats

    def __init__(self, table: HallTable) -> None:
        self.hall = table
        settings = self._settings
        self.round = 1
        while self.round < settings.rounds and self._round_done(self.round):
            self.round += 1
        super().__init__(TABLE_RULES, first_dealer=settings.dealer(self.round, 1))
        self.match = self._round_match(self.round)
        self._listener: HandJournal | None = None
        self.drive_referee: DriveReferee | None = None  # the round's real-card referee (hall_referee)
        # what the hall scene shows before the next hand: the round's start, the moves after it
        self.interlude: str | None = "start"
        if self.round_over:
            self.interlude = "moves" if self.round < settings.rounds else "over"

    def writes(self) -> list[HeldWrites]:
        return [self.hall.journal.held]

    @property
    def _settings(self) -> DriveSettings:
        settings = self.hall.settings
        if settings is None:
            raise DriveError(f"table {self.hall.table} has not joined a drive yet")
        return settings

    @property
    def reproducible(self) -> bool:
        return True

    @property
    def real_cards(self) -> bool:
        """The round's hands are played with real cards through the referee (hall.referee)."""
        return self.hall.real_cards

    def _round_done(self, round_: int) -> bool:
        s = self._settings
        return all(self.hall.journal.finished(s.drive, round_, h) for h in range(1, s.hands_per_round + 1))

    def _round_match(self, round_: int) -> Match:
        # a real-card round's hands are not the drive's deals: nothing to replay into this match
        s = self._settings
        return s.match(round_, self.hall.table) if self.real_cards else self.hall.round_match(round_)

    @property
    def round_over(self) -> bool:
        if self.real_cards:
            return self._round_done(self.round)
        return len(self.match.hands) >= self._settings.hands_per_round

    @property
    def finished(self) -> bool:
        return self.round_over and self.round >= self._settings.rounds

    def people(self, round_: int | None = None) -> frozenset[Seat]:
        """The seats of the round whose players are people (the rest are the AI's)."""
        four = self.hall.players(self.round if round_ is None else round_)
        if four is None:
            # not told (the hub out of reach): people in every seat, who can play an AI's seat
            # by hand, rather than an AI playing the cards of people who have sat down
            return frozenset(Seat)
        return frozenset(seat for seat, player in zip(Seat, four, strict=True) if not is_ai(player))

    def table_scene(self) -> str:
        """The scene that plays this round's hands: the app's own table for one person at South."""
        if self.real_cards:
            return "hall_referee"
        return "table" if self.people() == {Seat.S} else "hall_seats"

    def real_round_over(self) -> None:
        """The referee has confirmed the round's last real-card hand: the movement next."""
        if self.round_over:
            self.interlude = "moves" if self.round < self._settings.rounds else "over"

    def set_rules(self, rules: GameRules) -> bool:
        return False  # the drive's rules (hall.drive.TABLE_RULES), whatever the house plays

    def between_hands(self) -> str | None:
        return "hall" if self.interlude is not None else None

    def next_round(self) -> None:
        """The players have moved: the next round's match (nothing once the drive is over)."""
        if not self.round_over or self.round >= self._settings.rounds:
            return
        self.round += 1
        self.match = self._round_match(self.round)
        self._listener = None
        self.interlude = "start"

    def shuffle_and_deal(self) -> Deal:
        s = self._settings
        if self.round_over:
            self.next_round()
        deal = self.match.current
        if deal is None:
            hand = len(self.match.hands) + 1
            deal = self.match.start_deal(s.record(self.round, self.hall.table, hand))
            # a hand cut off by a power cut goes on at its card
            for action in self.hall.journal.actions(s.drive, self.round, hand):
                deal.apply(action)
        if self._listener is None:
            self._listener = HandJournal(self.hall.journal, s, self.hall.table, self.round, self.match)
            self.match.add_listener(self._listener)
        self.interlude = None
        return deal

    def finish(self) -> HandScore:
        score = super().finish()
        self.hall.pump()
        if self.round_over:
            self.interlude = "moves" if self.round < self._settings.rounds else "over"
        return score

    def results(self, round_: int) -> list[HandResult]:
        return [r for r in self.hall.journal.results(self._settings.drive) if r.round == round_]

    def moves(self) -> list[tuple[str, str]]:
        s = self._settings
        four = self.hall.players(self.round) or ("North", "East", "South", "West")
        winner = round_winner(s, sorted(self.results(self.round), key=lambda r: r.hand))
        return table_moves(s, self.hall.table, four, winner)
