"""A table in a drive: plays its hands, journals every action, sends each result from its outbox.

The table needs the hub only to join (the retained drive message: the
settings and round one's seating). From then on it can play every round
offline: the deals come from the drive's seed, the movement's rule says
where its players go, and the outbox keeps each result until the hub's
retained acknowledgement names it, sending it again after each reconnect.

The journal hears the round's :class:`engine.match.Match` as its listener
(every action committed before the next is chosen), so a table cut off
mid-hand resumes the hand from its journal, card for card.
"""

from __future__ import annotations

import json
import logging
import queue
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TextIO

from device.driver import ChooserPlayer, Driver
from device.gate import RefusalLog, Refused
from engine.actions import Action
from engine.deal import DealRecord
from engine.match import Match
from engine.observation import Observation
from engine.scoring import HandScore
from engine.seats import Seat
from hall import messages
from hall.broker import check_table_user
from hall.drive import DriveError, Four, HandResult, Seating, round_winner, table_moves, trumps_name
from hall.drive import DriveSettings as DriveSettings
from hall.link import (
    Broker,
    BrokerRefused,
    Connected,
    Credentials,
    Link,
    LinkEvent,
    Message,
    Published,
    Untrusted,
    acked_topic,
    board_topic,
    drive_topic,
    online_topic,
    result_topic,
    seating_topic,
    signin_topic,
)
from hall.store import TableJournal

log = logging.getLogger(__name__)

RESEND_AFTER = 3.0  # seconds a sent result waits for the hub's acknowledgement before it goes again

Chooser = Callable[[Observation, str], Action]


class HandJournal:
    """The round's match's listener: each action into the table's journal as it is applied,
    each scored hand's result into the outbox."""

    def __init__(self, journal: TableJournal, settings: DriveSettings, table: int, round_: int,
                 match: Match) -> None:
        self.journal, self.settings, self.table = journal, settings, table
        self.round, self.match = round_, match

    def hand_started(self, record: DealRecord) -> None:
        pass

    def action_applied(self, action: Action) -> None:
        deal = self.match.current
        assert deal is not None
        self.journal.append(self.settings.drive, self.round, len(self.match.deals), len(deal.actions) - 1,
                            action)

    def action_undone(self) -> None:
        self.journal.drop_last(self.settings.drive, self.round, len(self.match.deals))

    def hand_thrown_in(self, record: DealRecord) -> None:
        pass

    def hand_scored(self, score: HandScore) -> None:
        deal = self.match.deals[-1]
        self.journal.finish(HandResult(self.settings.drive, self.round, self.table, len(self.match.hands),
                                       deal.tricks_taken(), tuple(deal.actions)))


@dataclass
class TableCounts:
    sent: int = 0  # result messages published (resends included)
    acked: int = 0
    refused: int = 0


@dataclass
class HallTable:
    journal: TableJournal
    link: Link | None
    table: int
    chooser: Chooser
    out: TextIO | None = None
    drive: str | None = None
    clock: Callable[[], float] = time.monotonic
    pace: float = 0.0  # seconds between cards: a headless table someone watches
    counts: TableCounts = field(default_factory=TableCounts)
    real_cards: bool = False  # the app's table plays real cards through the referee (hall.referee)

    def __post_init__(self) -> None:
        joined = self.journal.joined(self.drive)
        self.settings: DriveSettings | None = joined[0] if joined and joined[1] == self.table else None
        self.first: Seating | None = None
        self.board: Mapping[str, object] | None = None
        self._sent_at: dict[tuple[int, int], float] = {}
        self.refusals = RefusalLog(log)
        # why the table cannot talk to the broker, if it cannot: the broker refused it, or the
        # table refused the broker's certificate
        self.broker_refused: BrokerRefused | Untrusted | None = None

    # -- the broker --
    def handle(self, event: LinkEvent) -> None:
        if isinstance(event, Connected):
            self.broker_refused = None
            self._sent_at.clear()  # everything unacknowledged goes again
            self.send_pending()
        elif isinstance(event, BrokerRefused):
            self.broker_refused = event
            log.error("the broker refused table %d: %s (check the drive's credentials file)",
                      self.table, event.reason)
        elif isinstance(event, Untrusted):
            self.broker_refused = event
        elif isinstance(event, Published) and not event.ok:
            self.counts.refused += 1
            log.warning("the broker refused a result of table %d: %s", self.table, event.reason)
        elif isinstance(event, Message):
            self._message(event)

    def _message(self, event: Message) -> None:
        # the ACL lets only the hub write these topics; a bad message must not stop the table's game
        try:
            self._apply(event.topic, event.payload)
        except Refused as exc:
            self.refusals.note(exc)
        except DriveError as exc:
            self.refusals.note(Refused("the hub", event.topic, str(exc)))

    def _apply(self, topic: str, payload: bytes) -> None:
        if topic.endswith("/drive"):
            message = messages.drive(payload, "the hub")
            settings = message.settings
            if self.drive is not None and settings.drive != self.drive:
                return
            if self.settings is not None and settings != self.settings:
                raise DriveError(f"the hub's drive {settings.drive} has other settings than the one this "
                                 f"table joined ({self.journal.path}): it keeps playing its own")
            if message.seating is not None:
                self.first = message.seating
            if self.settings is None:
                self.journal.join(settings, self.table)
                self.settings = settings
                log.info("table %d joined drive %s", self.table, settings.drive)
            if self.first is not None:
                self.journal.set_seating(settings.drive, 1, self.first.at(self.table))
        elif self.settings is None:
            return
        elif topic == acked_topic(self.settings.drive, self.table):
            self.counts.acked += self.journal.ack(self.settings.drive, messages.acked(payload, "the hub"))
        elif topic == seating_topic(self.settings.drive, self.table):
            for r, four in messages.seatings(payload, "the hub").items():
                self.journal.set_seating(self.settings.drive, r, four)
        elif topic == board_topic(self.settings.drive):
            self.board = messages.board(payload, "the hub")

    def pump(self, timeout: float = 0.0) -> None:
        """Handle what the broker sent (waiting up to ``timeout`` for the first), resend what is due."""
        if self.link is not None:
            try:
                events = self.link.events
                self.handle(events.get(timeout=timeout) if timeout else events.get_nowait())
                while True:
                    self.handle(self.link.events.get_nowait())
            except queue.Empty:
                pass
        self.send_pending()

    def send_pending(self) -> None:
        if self.link is None or self.settings is None or not self.link.connected:
            return
        now = self.clock()
        for row in self.journal.outbox(self.settings.drive):
            key = (row.round, row.hand)
            if now - self._sent_at.get(key, -1e9) < RESEND_AFTER:
                continue
            if self.link.publish(result_topic(self.settings.drive, self.table), row.payload, qos=1) is None:
                return
            self._sent_at[key] = now
            self.counts.sent += 1

    def sign_in(self, seat: Seat, name: str | None = None, tag: str | None = None) -> bool:
        """A player signs in at ``seat`` by name, or by their own tag on the card reader
        (the hub knows whose it is). False when the broker is not there to tell."""
        if self.link is None or self.drive is None:
            return False
        who = {"tag": tag} if tag is not None else {"name": name}
        payload = json.dumps({"seat": seat.name, **who})
        return self.link.publish(signin_topic(self.drive, self.table), payload) is not None

    @property
    def cut_off(self) -> bool:
        """The broker refused this table's password, or the table the broker's certificate: waiting
        longer changes neither."""
        refused = self.broker_refused
        return isinstance(refused, Untrusted) or (refused is not None and refused.credentials)

    def wait_for_drive(self, timeout: float = 30.0) -> DriveSettings | None:
        """The drive, from the journal or the hub's retained message once it has started."""
        end = self.clock() + timeout
        while self.clock() < end and not self.cut_off:
            if self.settings is not None and self.journal.seating(self.settings.drive, 1) is not None:
                return self.settings
            self.pump(0.1)
        return self.settings

    # -- play --
    def players(self, round_: int) -> Four | None:
        """Who is due at this table in ``round_``, when the hub has said or the table knows."""
        assert self.settings is not None
        return self.journal.seating(self.settings.drive, round_)

    def round_match(self, round_: int) -> Match:
        """The round's match, the hands already finished replayed into it from the journal."""
        assert self.settings is not None
        s = self.settings
        match = s.match(round_, self.table)
        for h in range(1, s.hands_per_round + 1):
            if not self.journal.finished(s.drive, round_, h):
                break
            deal = match.start_deal(s.record(round_, self.table, h))
            for a in self.journal.actions(s.drive, round_, h):
                deal.apply(a)
            match.finish_deal()
        return match

    def play_round(self, round_: int) -> list[HandResult]:
        assert self.settings is not None
        s = self.settings
        match = self.round_match(round_)
        self._say_round(round_)
        while len(match.hands) < s.hands_per_round:
            h = len(match.hands) + 1
            deal = match.start_deal(s.record(round_, self.table, h))
            for a in self.journal.actions(s.drive, round_, h):  # a hand cut off mid-way
                deal.apply(a)
            player = ChooserPlayer(self.chooser)
            driver = Driver(match, {seat: player for seat in deal.seats},
                            (HandJournal(self.journal, s, self.table, round_, match),),
                            seeds=self._move_seeds(round_, h))
            try:
                driver.play_hand(self._after_move)
            finally:
                driver.close()
            self.pump()
        # from the match, not the journal: on a full disk the journal may still hold some back
        results = [HandResult(s.drive, round_, self.table, h, d.tricks_taken(), tuple(d.actions))
                   for h, d in enumerate(match.deals, start=1)]
        self._say_moves(round_, results)
        return results

    def _move_seeds(self, round_: int, hand: int) -> Callable[[Match], str]:
        # each move's seed by round, table, hand and move: a resumed hand plays on card for card
        assert self.settings is not None
        base = f"{self.settings.seed}:r{round_}:t{self.table}:h{hand}"
        return lambda match: f"{base}:a{len(match.deals[-1].actions)}"

    def _after_move(self) -> None:
        if self.pace:
            time.sleep(self.pace)
        self.pump()

    def play(self, rounds: int | None = None) -> None:
        assert self.settings is not None
        last = self.settings.rounds if rounds is None else min(rounds, self.settings.rounds)
        for r in range(1, last + 1):
            self.play_round(r)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until the hub has acknowledged every result (True), or ``timeout`` passes."""
        assert self.settings is not None
        end = self.clock() + timeout
        while self.journal.outbox(self.settings.drive) and self.clock() < end:
            self.pump(0.1)
        return not self.journal.outbox(self.settings.drive)

    # -- what the table says (headless; the screen shows the same) --
    def _print(self, text: str) -> None:
        if self.out is not None:
            print(text, file=self.out, flush=True)

    def _say_round(self, round_: int) -> None:
        assert self.settings is not None
        s = self.settings
        four = self.players(round_)
        due = ", ".join(f"{seat.name} {p}" for seat, p in zip(Seat, four, strict=True)) if four else \
            "the players the movement brings"
        first = s.hand_index(round_, 1) + 1
        trumps = " ".join(trumps_name(s, round_, h) for h in range(1, s.hands_per_round + 1))
        self._print(f"Table {self.table}, round {round_} of {s.rounds}: {due}; "
                    f"hands {first}-{first + s.hands_per_round - 1}, trumps {trumps}")

    def _say_moves(self, round_: int, results: list[HandResult]) -> None:
        assert self.settings is not None
        four = self.players(round_) or ("N", "E", "S", "W")
        winner = round_winner(self.settings, sorted(results, key=lambda r: r.hand))
        ns = sum(r.tricks[0] for r in results)
        ew = sum(r.tricks[1] for r in results)
        moves = "; ".join(f"{p} {where}" for p, where in table_moves(self.settings, self.table, four, winner))
        if round_ < self.settings.rounds:
            self._print(f"Table {self.table}, round {round_} over: N/S {ns}, E/W {ew}. Next: {moves}")
        else:
            self._print(f"Table {self.table}, the drive is over: N/S {ns}, E/W {ew} in the last round")


def table_link(broker: Broker, credentials: Credentials | None, drive: str, table: int) -> Link:
    """A table's connection: its own client id and persistent session, its presence kept retained."""
    if credentials is not None:
        check_table_user(credentials, drive, table)
    return Link(broker, credentials, f"table-{drive}-{table}", table_subscriptions(drive, table),
                presence=online_topic(drive, table))


def table_subscriptions(drive: str, table: int) -> list[str]:
    return [drive_topic(drive), board_topic(drive), acked_topic(drive, table), seating_topic(drive, table)]
