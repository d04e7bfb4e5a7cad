"""The hub: registers the players, starts the drive, counts every hand once, publishes the
leaderboard, the round and the movement.

It owns its SQLite store (hall.store.HubStore); what it shows is always
``hall.drive.standings`` of that store, so a hub restarted mid-round picks
up where it was from the file alone.
"""

from __future__ import annotations

import json
import logging
import queue
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from device.gate import RefusalLog, Refused
from engine.seats import Seat
from hall import messages
from hall.drive import (
    DriveError,
    DriveSettings,
    ResultBook,
    ResultConflict,
    Seating,
    Standings,
    checked,
    first_seating,
    standings,
)
from hall.link import (
    BrokerRefused,
    Connected,
    Link,
    LinkEvent,
    Message,
    Published,
    acked_topic,
    board_topic,
    drive_prefix,
    drive_topic,
    seating_topic,
    table_of,
)
from hall.store import HubStore

log = logging.getLogger(__name__)

BOARD_EVERY = 0.25  # seconds: the leaderboard is refolded and sent at most this often
# ... and, in a big drive, so that folding takes at most a tenth of the hub's time
FOLD_SHARE = 0.1


@dataclass
class HubCounts:
    results: int = 0  # result messages received
    counted: int = 0  # new hands counted
    duplicates: int = 0
    refused: int = 0  # results refused (the gate's, the drive's checks, conflicts)
    faults: int = 0  # messages the hub failed on: refused, logged with the fault, the hub goes on
    cleared: int = 0  # retained results or sign-ins the hub asked the broker to wipe
    published: int = 0
    check_seconds: float = 0.0  # time spent replaying results through the engine
    fold_seconds: float = 0.0  # time spent folding the standings
    folds: int = 0


def seat_players(tables: int, players: Sequence[str], signins: dict[tuple[int, Seat], str]) -> Seating:
    """Round one: the names from the list in table order (1N, 1E, 1S, 1W, 2N, ...), each sign-in
    at its own seat, an AI in every seat left."""
    seats = dict(signins)
    free = [(t, s) for t in range(1, tables + 1) for s in Seat if (t, s) not in seats]
    listed = [p for p in players if p not in seats.values()]
    if len(listed) > len(free):
        raise DriveError(f"{len(listed) + len(seats)} players for {tables} tables of four: add tables")
    seats.update(zip(free, listed, strict=False))
    return first_seating(tables, seats)


def read_players(text: str) -> tuple[list[str], dict[str, str]]:
    """The organiser's list: a name a line, optionally ``Name = TAG`` (the player's own reader tag);
    blank lines and ``#`` comments skipped. Returns the names in order and the tags."""
    names: list[str] = []
    tags: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, tag = (part.strip() for part in line.partition("="))
        if not name:
            raise DriveError(f"players list, line {number}: a name is needed before '='")
        if name in names:
            raise DriveError(f"players list, line {number}: {name} is listed twice")
        names.append(name)
        if tag:
            tags[tag.upper()] = name
    return names, tags


def board_json(s: Standings, rows: int | None = None) -> str:
    lead = s.leaderboard()
    moves = s.moves(s.complete_rounds) if s.complete_rounds else []
    return json.dumps({
        "drive": s.settings.drive, "round": s.round, "rounds": s.settings.rounds,
        "complete_rounds": s.complete_rounds, "finished": s.finished,
        "counted": s.counted, "waiting": s.waiting,
        "leaderboard": [[r.place, r.player, r.total, r.hands] for r in lead[:rows]],
        "moves": [[m.player, m.table, m.seat.name, m.to_table, m.to_seat.name] for m in moves],
    }, separators=(",", ":"))


@dataclass
class Hub:
    store: HubStore
    link: Link | None
    settings: DriveSettings
    clock: Callable[[], float] = time.monotonic
    counts: HubCounts = field(default_factory=HubCounts)

    def __post_init__(self) -> None:
        self.store.create(self.settings)
        self.book = ResultBook(self.store.results())
        self._standings: Standings | None = None
        self._dirty = True
        self._last_board = -1e9
        self._last_fold = 0.0
        self._published_rounds = 0
        self._round_seen_at: dict[int, float] = {}
        self.online: dict[int, bool] = {}  # tables heard from: connected now or not
        self.tags: dict[str, str] = {}  # a player's tag (upper-case hex) -> name, from the players list
        self.refusals = RefusalLog(log)
        self._faults_seen: set[str] = set()

    @property
    def offline(self) -> tuple[int, ...]:
        """The tables that were connected and have gone (lost their Wi-Fi, lost power)."""
        return tuple(sorted(t for t, up in self.online.items() if not up))

    # -- the drive --
    @property
    def first(self) -> Seating | None:
        return self.store.seating()

    @property
    def started(self) -> bool:
        return self.first is not None

    def start(self, players: Sequence[str] = ()) -> Seating:
        if self.first is None:
            self.store.start(seat_players(self.settings.tables, players, self.store.signins()))
            log.info("drive %s started: %d tables, %d rounds of %d hands", self.settings.drive,
                     self.settings.tables, self.settings.rounds, self.settings.hands_per_round)
            self._dirty = True
        first = self.first
        assert first is not None
        self._publish_drive()
        return first

    def standings(self) -> Standings | None:
        """The standings as last folded (``tick`` refolds them as results come in)."""
        if self._standings is None:
            return self.refold()
        return self._standings

    def refold(self) -> Standings | None:
        first = self.first
        if first is None:
            return None
        if self._dirty or self._standings is None:
            t0 = time.perf_counter()
            self._standings = standings(self.settings, first, self.book)
            self._last_fold = time.perf_counter() - t0
            self.counts.fold_seconds += self._last_fold
            self.counts.folds += 1
            self._dirty = False
        return self._standings

    # -- messages --
    def handle(self, event: LinkEvent) -> None:
        if isinstance(event, Connected):
            # after a broker restart that lost its retained messages, everything is said again
            self._publish_drive()
            for t in range(1, self.settings.tables + 1):
                self._publish_acked(t)
            self._published_rounds = 0
            self._last_board = -1e9
        elif isinstance(event, BrokerRefused):
            log.error("the broker refused the hub: %s (check the hub's credentials file)", event.reason)
        elif isinstance(event, Message):
            self._message(event)
        elif isinstance(event, Published) and not event.ok:
            log.warning("the broker refused a message of the hub: %s", event.reason)

    def _message(self, event: Message) -> None:
        table = table_of(event.topic)
        if table is None or not 1 <= table <= self.settings.tables:
            return
        kind = event.topic.rsplit("/", 1)[1]
        if kind in ("result", "signin") and event.retained and event.payload:
            # tables never retain these: a retained one (a poison message above all) would come
            # back on every start of the hub, so it is wiped once heard
            if self._publish(event.topic, "", retain=True):
                self.counts.cleared += 1
        if not event.payload:  # a wiped retained message, said again by the broker
            return
        if kind == "result":
            self.receive_result(table, event.payload)
        elif kind == "signin":
            self.receive_signin(table, event.payload)
        elif kind == "online":
            self.online[table] = event.payload == b"1"

    def _refuse(self, table: int, refused: Refused) -> None:
        """Logged and kept in the store for ``hall status``, a flood from one table in a few lines."""
        if self.refusals.note(refused):
            self.store.refuse(table, f"{refused.what}: {refused.reason}")

    def receive_result(self, table: int, payload: bytes) -> None:
        self.counts.results += 1
        sender = f"table {table}"
        t0 = time.perf_counter()
        try:
            result = checked(self.settings, messages.result(payload, sender))
            if result.table != table:
                raise DriveError(f"a result of table {result.table} came on table {table}'s topic")
        except Refused as exc:
            self.counts.refused += 1
            self._refuse(table, exc)
            return
        except DriveError as exc:  # the drive's own checks: its key, its cards, its tricks
            self.counts.refused += 1
            self._refuse(table, Refused(sender, "a hand result", str(exc)))
            return
        finally:
            self.counts.check_seconds += time.perf_counter() - t0
        try:
            new = self.store.add(result)
        except ResultConflict as exc:
            self.counts.refused += 1
            self._refuse(table, Refused(sender, "a hand result", str(exc)))
            new = False
        if new:
            self.book.add(result)
            self.counts.counted += 1
            self._dirty = True
            self._round_seen_at.setdefault(result.round, self.clock())
        else:
            self.counts.duplicates += 1
        # acknowledged either way: the table stops sending a hand the hub has
        self._publish_acked(table)

    def receive_signin(self, table: int, payload: bytes) -> None:
        try:
            signin = messages.signin(payload, f"table {table}")
        except Refused as exc:
            self._refuse(table, exc)
            return
        seat = signin.seat
        if signin.tag is not None:  # a player's own tag laid on the table's card reader
            name = self.tags.get(signin.tag) or f"Tag {signin.tag}"
        else:
            assert signin.name is not None
            name = signin.name
        if self.started:
            self._refuse(table, Refused(f"table {table}", "a sign-in",
                                        f"{name} signed in after the start: round one is seated already"))
            return
        self.store.sign_in(table, seat, name)
        log.info("%s signed in at table %d, %s", name, table, seat.name)

    # -- publishing --
    def _publish(self, topic: str, payload: str, retain: bool = True) -> bool:
        if self.link is not None and self.link.publish(topic, payload, qos=1, retain=retain) is not None:
            self.counts.published += 1
            return True
        return False

    def _publish_drive(self) -> None:
        first = self.first
        self._publish(drive_topic(self.settings.drive), json.dumps({
            "settings": self.settings.to_dict(),
            "seating": None if first is None else first.to_dict(),
        }))

    def _publish_acked(self, table: int) -> None:
        self._publish(acked_topic(self.settings.drive, table), messages.acked_json(self.store.counted(table)))

    def tick(self) -> None:
        """Refold and publish the board and any new round's seating, at most every BOARD_EVERY."""
        every = max(BOARD_EVERY, self._last_fold / FOLD_SHARE)
        if not self.started or self.clock() - self._last_board < every:
            return
        if not self._dirty and self._published_rounds:
            return
        s = self.refold()
        assert s is not None
        self._last_board = self.clock()
        self._publish(board_topic(self.settings.drive), board_json(s))
        if len(s.seatings) > self._published_rounds:
            for t in range(1, self.settings.tables + 1):
                self._publish(seating_topic(self.settings.drive, t), json.dumps(
                    {str(r): list(seating.at(t)) for r, seating in enumerate(s.seatings, start=1)}))
            self._published_rounds = len(s.seatings)

    def guarded(self, event: LinkEvent) -> None:
        """``handle``, surviving any one message: one the hub fails on is refused, counted and
        logged with the fault (in full the first time a fault of its kind is seen), and the
        drive goes on with the next."""
        try:
            self.handle(event)
        except Exception as exc:  # the drive must outlive a bug of ours that one message finds
            self.counts.faults += 1
            kind = type(exc).__name__
            table = table_of(event.topic) if isinstance(event, Message) else None
            sender = f"table {table}" if table is not None else "the broker"
            if kind not in self._faults_seen:
                self._faults_seen.add(kind)
                log.exception("the hub failed on a message from %s: refused; the drive goes on", sender)
            else:
                self.refusals.note(Refused(sender, "a message", f"the hub failed on it ({kind}: {exc})"))

    def step(self, timeout: float = 0.1) -> bool:
        """Handle what the broker sent within ``timeout``; False when nothing came."""
        got = False
        if self.link is not None:
            try:
                self.guarded(self.link.events.get(timeout=timeout))
                got = True
                while True:
                    self.guarded(self.link.events.get_nowait())
            except queue.Empty:
                pass
        self.tick()
        return got


def hub_subscriptions(drive: str) -> list[str]:
    return [f"{drive_prefix(drive)}/table/+/{what}" for what in ("result", "signin", "online")]
