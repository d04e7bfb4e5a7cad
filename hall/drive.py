"""A whist drive (progressive whist): settings, deals, movement, scorecards, leaderboard.

Pure like ``engine``: no I/O, no clock. The customs are progressive whist's
(section 9 of the rules of the variants): T tables of four play the game of
a match that names none (engine.games.UNNAMED: partners, trumps, 13 tricks)
without honours, the same trumps hall-wide for each hand, the dealer
following the hand number (N, E, S, W, ...); after every round the players
move and partners change; each player's total is the sum of their own
side's tricks.

Everything the hub shows is a fold of the drive's settings, the first
round's seating and the set of hand results, keyed on (drive, round, table,
hand): :func:`standings`. The seating of round r + 1 follows from the
results of round r by the movement, so a result that arrives late, twice or
out of order changes nothing but when the fold can see it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from enum import Enum

from engine.actions import Action, action_from_dict
from engine.cards import STRAINS, SUITS
from engine.deal import Deal, DealRecord
from engine.errors import NotationError, RulesError, WhistError
from engine.games import UNNAMED
from engine.jsonform import as_int, as_list, as_mapping
from engine.jsonform import field as json_field
from engine.match import Match
from engine.seats import SEAT_NAMES, Seat
from engine.settings import rules_with
from engine.shuffle import rng_for

# Rounds, tables and hands are numbered from 1, as on the scorecards.
TRUMP_MODES = ("rotation", "fixed_suit", "turn_up")
MOVEMENTS = ("winners_move", "fixed", "losers_move")
SCORE_UNITS = ("tricks", "odd_tricks")
TIE_BREAKS = ("last_hand", "cut")
MAX_TABLES = 500
_DRIVE_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")

# A table's Match: no honours, and a game target no four hands can reach twice
# (at most 7 odd tricks a hand), so a rubber never ends inside a round.
TABLE_RULES = rules_with(UNNAMED, {"target": 10, "honours": False})


class DriveError(WhistError, ValueError):
    """A drive setting, seating or result that cannot be used, with what to do instead."""


class ResultConflict(DriveError):
    """A second, different result for a hand the hub has already counted."""


_SETTING_KINDS: dict[str, type] = {"str": str, "int": int, "bool": bool}  # DriveSettings' field types


@dataclass(frozen=True)
class DriveSettings:
    """The organiser's settings, defaults as in the customs (24 hands, one a round)."""

    drive: str
    tables: int
    rounds: int = 24
    hands_per_round: int = 1
    trump_mode: str = "rotation"
    trump_order: str = "HCDS"
    movement: str = "winners_move"
    score_unit: str = "tricks"
    tie_break: str = "last_hand"
    separate_prizes: bool = False
    interval_after: int = 12  # hands; the screen says "interval" then, nothing else changes
    seed: str = "drive"

    def __post_init__(self) -> None:
        if not _DRIVE_ID.match(self.drive):
            raise DriveError(f"drive name {self.drive!r}: use 1-32 lower-case letters, digits or '-', "
                             "starting with a letter or digit (it is part of every topic)")
        if not 1 <= self.tables <= MAX_TABLES:
            raise DriveError(f"{self.tables} tables: a drive has 1 to {MAX_TABLES}")
        if not 1 <= self.hands_per_round <= 4:
            raise DriveError(f"{self.hands_per_round} hands a round: choose 1 to 4")
        if self.rounds < 1:
            raise DriveError(f"{self.rounds} rounds: a drive has at least one")
        if self.trump_mode not in TRUMP_MODES:
            raise DriveError(f"trump mode {self.trump_mode!r}: choose {', '.join(TRUMP_MODES)}")
        order = self.trump_order.upper()
        if not order or any(s not in SUITS for s in order) or len(set(order)) != len(order):
            raise DriveError(f"trump order {self.trump_order!r}: name suits from S, H, D, C, each once")
        object.__setattr__(self, "trump_order", order)
        if self.movement not in MOVEMENTS:
            raise DriveError(f"movement {self.movement!r}: choose {', '.join(MOVEMENTS)}")
        if self.score_unit not in SCORE_UNITS:
            raise DriveError(f"score unit {self.score_unit!r}: choose {', '.join(SCORE_UNITS)}")
        if self.tie_break not in TIE_BREAKS:
            raise DriveError(f"tie break {self.tie_break!r}: choose {', '.join(TIE_BREAKS)}")
        if self.separate_prizes and self.movement != "fixed":
            raise DriveError("separate prizes need the fixed movement (N and E stay, the others move)")

    @property
    def hands(self) -> int:
        return self.rounds * self.hands_per_round

    def hand_index(self, round_: int, hand: int) -> int:
        """The hall-wide hand number, 0-based, of ``hand`` (1-based) in ``round_``."""
        self.check_key(round_, 1, hand)
        return (round_ - 1) * self.hands_per_round + hand - 1

    def check_key(self, round_: int, table: int, hand: int) -> None:
        if not 1 <= round_ <= self.rounds:
            raise DriveError(f"round {round_}: drive {self.drive} has rounds 1 to {self.rounds}")
        if not 1 <= table <= self.tables:
            raise DriveError(f"table {table}: drive {self.drive} has tables 1 to {self.tables}")
        if not 1 <= hand <= self.hands_per_round:
            raise DriveError(f"hand {hand}: a round of drive {self.drive} has hands 1 to "
                             f"{self.hands_per_round}")

    def dealer(self, round_: int, hand: int) -> Seat:
        return Seat(self.hand_index(round_, hand) % 4)

    def trump(self, round_: int, hand: int) -> int | None:
        """The hall-wide trumps (0..3 = S H D C) of a hand, None when each table turns its own."""
        k = self.hand_index(round_, hand)
        if self.trump_mode == "turn_up":
            return None
        if self.trump_mode == "fixed_suit":
            return SUITS.index(rng_for(f"{self.seed}:trumps").choice(SUITS))
        return SUITS.index(self.trump_order[k % len(self.trump_order)])

    def record(self, round_: int, table: int, hand: int) -> DealRecord:
        """The deal of a hand at a table; from the drive's seed, so the hub can replay any result."""
        self.check_key(round_, table, hand)
        return DealRecord.deal(self.dealer(round_, hand), seed=f"{self.seed}:r{round_}:t{table}:h{hand}",
                               trump=self.trump(round_, hand))

    def match(self, round_: int, table: int | None = None) -> Match:
        """A table's match for one round: its hands are dealt with :meth:`record`.
        With the table, the match is seeded, and so are its AI's moves (``Match.move_seed``)."""
        seed = None if table is None else f"{self.seed}:r{round_}:t{table}"
        return Match(TABLE_RULES, first_dealer=self.dealer(round_, 1), seed=seed)

    def score(self, tricks: int) -> int:
        """What a side's tricks in one hand add to each of its players' totals."""
        return tricks if self.score_unit == "tricks" else max(0, tricks - 6)

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> DriveSettings:
        kinds = {f.name: _SETTING_KINDS[str(f.type)] for f in fields(cls)}
        unknown = set(data) - set(kinds)
        if unknown:
            raise DriveError(f"unknown drive setting(s): {', '.join(sorted(unknown))}")
        for name, value in data.items():
            kind = kinds[name]
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise DriveError(f"drive setting {name}: {value!r} is not a {kind.__name__}")
        try:
            return cls(**data)  # type: ignore[arg-type]
        except TypeError as exc:
            raise DriveError(f"drive settings: {exc}") from None


# A table's four players, N E S W.
Four = tuple[str, str, str, str]


@dataclass(frozen=True)
class Seating:
    """Who sits where in one round: ``tables[t - 1]`` is table t's N, E, S, W."""

    tables: tuple[Four, ...]

    def __post_init__(self) -> None:
        names = [p for four in self.tables for p in four]
        if len(set(names)) != len(names):
            dup = sorted({p for p in names if names.count(p) > 1})
            raise DriveError(f"a player cannot sit at two seats: {', '.join(dup)}")
        if any(not p.strip() for p in names):
            raise DriveError("every seat needs a player's name (an AI fills an empty one)")

    def at(self, table: int) -> Four:
        return self.tables[table - 1]

    def where(self, player: str) -> tuple[int, Seat]:
        for t, four in enumerate(self.tables, start=1):
            if player in four:
                return t, Seat(four.index(player))
        raise DriveError(f"{player!r} does not play in this drive")

    def players(self) -> list[str]:
        return [p for four in self.tables for p in four]

    def to_dict(self) -> list[list[str]]:
        return [list(four) for four in self.tables]

    @classmethod
    def from_dict(cls, data: object) -> Seating:
        tables = []
        for four in as_list(data, "a seating"):
            names = [str(p) for p in as_list(four, "a table's players")]
            if len(names) != 4:
                raise NotationError(f"a table seats four players, not {names!r}")
            tables.append((names[0], names[1], names[2], names[3]))
        return cls(tuple(tables))


AI_PREFIX = "AI "


def is_ai(player: str) -> bool:
    """An AI filling an empty seat: it scores but is not ranked."""
    return player.startswith(AI_PREFIX)


def first_seating(tables: int, signed_in: Mapping[tuple[int, Seat], str]) -> Seating:
    """Round one's seating from the players signed in at each table's seats, an AI in every other."""
    fours = []
    for t in range(1, tables + 1):
        four = tuple(signed_in.get((t, s)) or f"{AI_PREFIX}{t}{s.name}" for s in Seat)
        fours.append((four[0], four[1], four[2], four[3]))
    for (t, _), name in signed_in.items():
        if not 1 <= t <= tables:
            raise DriveError(f"{name} signed in at table {t}, but the drive has tables 1 to {tables}")
        if is_ai(name):
            raise DriveError(f"{name!r}: names starting {AI_PREFIX!r} are kept for the AI players")
    return Seating(tuple(fours))


@dataclass(frozen=True)
class HandResult:
    """One hand played at one table: the key, the tricks by side and the actions that made them."""

    drive: str
    round: int
    table: int
    hand: int
    tricks: tuple[int, int]  # N/S, E/W
    actions: tuple[Action, ...] = field(default=(), compare=False)
    # A table playing real cards (the referee) deals its own: how its hand began (the dealer,
    # trumps, the AI seats' hands as scanned); None for the drive's own deal from its seed.
    record: DealRecord | None = field(default=None, compare=False)

    @property
    def key(self) -> tuple[str, int, int, int]:
        return (self.drive, self.round, self.table, self.hand)

    def to_json(self) -> str:
        data: dict[str, object] = {
            "drive": self.drive, "round": self.round, "table": self.table, "hand": self.hand,
            "tricks": list(self.tricks), "actions": [a.to_dict() for a in self.actions],
        }
        if self.record is not None:
            data["record"] = self.record.to_dict()
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> HandResult:
        """A result from our own store (what arrives from a table passes hall.messages first)."""
        try:
            data = as_mapping(json.loads(text), "a hand result")
        except ValueError as exc:
            raise NotationError(f"a hand result is not JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> HandResult:
        tricks = as_list(json_field(data, "tricks", "a hand result"), "a result's tricks")
        if len(tricks) != 2:
            raise NotationError(f"a result's tricks are [N/S, E/W], not {tricks!r}")
        return cls(
            drive=str(json_field(data, "drive", "a hand result")),
            round=as_int(json_field(data, "round", "a hand result"), "a result's round"),
            table=as_int(json_field(data, "table", "a hand result"), "a result's table"),
            hand=as_int(json_field(data, "hand", "a hand result"), "a result's hand"),
            tricks=(as_int(tricks[0], "tricks"), as_int(tricks[1], "tricks")),
            actions=tuple(action_from_dict(as_mapping(a, "an action"))
                          for a in as_list(data.get("actions"), "a result's actions")),
            record=None if data.get("record") is None else DealRecord.from_dict(
                as_mapping(data["record"], "a result's deal")),
        )


def play_result(settings: DriveSettings, round_: int, table: int, hand: int,
                actions: Sequence[Action], real: DealRecord | None = None) -> HandResult:
    """The result of a finished hand, replayed through the engine from the drive's deal (or from
    ``real``, the deal of a table playing real cards: the drive's dealer and trumps, its own cards).

    The hub calls this on every message, so a result whose cards could not
    have been played, or that does not finish the hand, is refused there.
    """
    record = settings.record(round_, table, hand) if real is None else real_record(settings, round_, table,
                                                                                    hand, real)
    try:
        deal = Deal.replay(record, actions, TABLE_RULES)
    except RulesError as exc:
        raise DriveError(f"table {table}, round {round_}, hand {hand}: the cards sent were not "
                         f"playable ({exc})") from None
    if not deal.is_over:
        raise DriveError(f"table {table}, round {round_}, hand {hand}: the hand sent is not finished")
    return HandResult(settings.drive, round_, table, hand, deal.tricks_taken(), tuple(actions), real)


def real_record(settings: DriveSettings, round_: int, table: int, hand: int,
                record: DealRecord) -> DealRecord:
    """``record`` if a real-card table could have dealt it for this hand: the drive's dealer, the
    drive's trumps (or those its turned card made), no pack of the drive's own."""
    where = f"table {table}, round {round_}, hand {hand}"
    if record.pack is not None or record.dealt is not None:
        raise DriveError(f"{where}: a real-card hand sends the hands it was shown, not a whole pack")
    if record.dealer != settings.dealer(round_, hand):
        raise DriveError(f"{where}: dealt by {record.dealer.name}, but the drive's dealer is "
                         f"{settings.dealer(round_, hand).name}")
    trump = settings.trump(round_, hand)
    if trump is not None and record.trump != trump:
        raise DriveError(f"{where}: trumps {record.trump}, but the drive's trumps are {trump}")
    if trump is None and (record.trump_card is None or record.trump_card.suit != record.trump):
        raise DriveError(f"{where}: trumps are turned at this drive, and no turned card was sent")
    return record


def checked(settings: DriveSettings, result: HandResult) -> HandResult:
    """``result`` if its key is the drive's and its tricks are what its actions make."""
    if result.drive != settings.drive:
        raise DriveError(f"a result for drive {result.drive!r} sent to drive {settings.drive!r}")
    settings.check_key(result.round, result.table, result.hand)
    replayed = play_result(settings, result.round, result.table, result.hand, result.actions, result.record)
    if replayed.tricks != result.tricks:
        raise DriveError(f"table {result.table}, round {result.round}, hand {result.hand}: the result "
                         f"says {result.tricks[0]}-{result.tricks[1]}, its cards make "
                         f"{replayed.tricks[0]}-{replayed.tricks[1]}")
    return result


class Added(Enum):
    NEW = "new"
    DUPLICATE = "duplicate"


class ResultBook:
    """The hub's results: each hand counted once, whatever is delivered twice or late."""

    def __init__(self, results: Iterable[HandResult] = ()) -> None:
        self._results: dict[tuple[str, int, int, int], HandResult] = {}
        for r in results:
            self.add(r)

    def add(self, result: HandResult) -> Added:
        known = self._results.get(result.key)
        if known is None:
            self._results[result.key] = result
            return Added.NEW
        if known.tricks != result.tricks:
            raise ResultConflict(
                f"table {result.table}, round {result.round}, hand {result.hand} is already counted "
                f"as {known.tricks[0]}-{known.tricks[1]}; a second result says "
                f"{result.tricks[0]}-{result.tricks[1]} and is not counted")
        return Added.DUPLICATE

    def __len__(self) -> int:
        return len(self._results)

    def __iter__(self) -> Iterator[HandResult]:
        return iter(self._results.values())

    def by_key(self) -> dict[tuple[int, int, int], HandResult]:
        return {k[1:]: r for k, r in self._results.items()}


def round_winner(settings: DriveSettings, results: Sequence[HandResult]) -> int:
    """The side (0 = N/S, 1 = E/W) that won a table's round: more tricks over its hands, an
    even split going to the winners of its last hand."""
    if len(results) != settings.hands_per_round:
        raise DriveError(f"a round has {settings.hands_per_round} hands; {len(results)} are in")
    ns = sum(r.tricks[0] for r in results)
    ew = sum(r.tricks[1] for r in results)
    if ns != ew:
        return 0 if ns > ew else 1
    last = max(results, key=lambda r: r.hand)
    return 0 if last.tricks[0] > last.tricks[1] else 1


def _pair(four: Four, side: int) -> tuple[str, str]:
    return four[side], four[side + 2]


def move(settings: DriveSettings, seating: Seating, winners: Sequence[int]) -> Seating:
    """The next round's seating from this round's, given each table's winning side."""
    n = settings.tables
    if len(winners) != n or len(seating.tables) != n:
        raise DriveError(f"the movement needs the winners of all {n} tables")
    old = seating.tables
    new: list[Four] = []
    if settings.movement == "winners_move":
        for i in range(n):
            w = winners[i]
            if i == 0:
                stay = _pair(old[0], w)
                arrive = _pair(old[1], winners[1]) if n > 1 else _pair(old[0], 1 - w)
            else:
                stay = _pair(old[i], 1 - w)
                # winners come up from the table below; the last table takes table 1's losers
                arrive = _pair(old[i + 1], winners[i + 1]) if i + 1 < n else _pair(old[0], 1 - winners[0])
            # stayers take N and E, arrivals S and W: everyone has a new partner
            new.append((stay[0], stay[1], arrive[0], arrive[1]))
    elif settings.movement == "fixed":
        for i in range(n):
            new.append((old[i][0], old[i][1], old[(i - 1) % n][2], old[(i + 1) % n][3]))
    else:  # losers_move: the losing pair splits, N/E player up a table, S/W player down one
        for i in range(n):
            four = list(old[i])
            lose = 1 - winners[i]
            from_below = old[(i - 1) % n][1 - winners[(i - 1) % n]]
            from_above = old[(i + 1) % n][1 - winners[(i + 1) % n] + 2]
            four[lose], four[lose + 2] = from_below, from_above
            new.append((four[0], four[1], four[2], four[3]))
    return Seating(tuple(new))


@dataclass(frozen=True)
class ScoreLine:
    """One line of a player's scorecard."""

    round: int
    hand: int  # hall-wide, 1-based
    table: int
    seat: Seat
    trumps: str  # S H D C, or "turned" when each table turns its own
    partner: str
    tricks: int  # won by the player's own side
    score: int
    total: int


@dataclass(frozen=True)
class Move:
    """Where a player goes after a round."""

    player: str
    table: int
    seat: Seat
    to_table: int
    to_seat: Seat


@dataclass(frozen=True)
class Rank:
    place: int  # 1-based; AI players get 0 (not ranked)
    player: str
    total: int
    hands: int


@dataclass(frozen=True)
class Standings:
    """Everything the hub knows, folded from the settings, round one's seating and the results."""

    settings: DriveSettings
    seatings: tuple[Seating, ...]  # round 1 .. the last round whose seating is known
    winners: tuple[tuple[int, ...], ...]  # per complete round, each table's winning side
    cards: Mapping[str, tuple[ScoreLine, ...]]
    counted: int  # results counted in the totals
    waiting: int  # results in, not yet counted: an earlier round is incomplete

    @property
    def complete_rounds(self) -> int:
        return len(self.winners)

    @property
    def round(self) -> int:
        """The round being played: the first not complete (the last one when all are)."""
        return min(self.complete_rounds + 1, self.settings.rounds)

    @property
    def finished(self) -> bool:
        return self.complete_rounds == self.settings.rounds

    def total(self, player: str) -> int:
        lines = self.cards.get(player, ())
        return lines[-1].total if lines else 0

    def moves(self, round_: int) -> list[Move]:
        """Where everybody goes after ``round_`` (known once the round is complete)."""
        if round_ >= len(self.seatings):
            return []
        before, after = self.seatings[round_ - 1], self.seatings[round_]
        out = []
        for t, four in enumerate(before.tables, start=1):
            for s, p in zip(Seat, four, strict=True):
                to_t, to_s = after.where(p)
                out.append(Move(p, t, s, to_t, to_s))
        return out

    def leaderboard(self) -> list[Rank]:
        """Players by total, highest first; ties by the tie break; AI players after, unranked."""
        players = self.seatings[0].players()
        people = [p for p in players if not is_ai(p)]

        def key(p: str) -> tuple[object, ...]:
            lines = self.cards.get(p, ())
            if self.settings.tie_break == "last_hand":
                later_first = tuple(-line.score for line in reversed(lines))
                return (-self.total(p), later_first, p)
            cut = hashlib.sha256(f"{self.settings.seed}:cut:{p}".encode()).hexdigest()
            return (-self.total(p), cut, p)

        ranked = [Rank(i, p, self.total(p), len(self.cards.get(p, ())))
                  for i, p in enumerate(sorted(people, key=key), start=1)]
        ais = [Rank(0, p, self.total(p), len(self.cards.get(p, ())))
               for p in sorted((p for p in players if is_ai(p)), key=lambda p: (-self.total(p), p))]
        return ranked + ais

    def prize_lists(self) -> dict[str, list[Rank]]:
        """The leaderboard, split into stationary (N and E at the fixed movement) and moving
        players when the drive gives separate prizes."""
        board = [r for r in self.leaderboard() if r.place]
        if not self.settings.separate_prizes:
            return {"all": board}
        stationary = {p for four in self.seatings[0].tables for p in four[:2]}
        lists: dict[str, list[Rank]] = {"stationary": [], "moving": []}
        for r in board:
            lists["stationary" if r.player in stationary else "moving"].append(r)
        return {k: [Rank(i, r.player, r.total, r.hands) for i, r in enumerate(v, start=1)]
                for k, v in lists.items()}


def trumps_name(settings: DriveSettings, round_: int, hand: int) -> str:
    t = settings.trump(round_, hand)
    return "turned" if t is None else STRAINS[t]


def standings(settings: DriveSettings, first: Seating,
              results: ResultBook | Iterable[HandResult]) -> Standings:
    """Fold the drive: each complete round gives the next round's seating by the movement."""
    if len(first.tables) != settings.tables:
        raise DriveError(f"round one seats {len(first.tables)} tables; the drive has {settings.tables}")
    book = results if isinstance(results, ResultBook) else ResultBook(results)
    by_key = book.by_key()
    seatings = [first]
    winners: list[tuple[int, ...]] = []
    lines: dict[str, list[ScoreLine]] = {p: [] for p in first.players()}
    counted = 0
    for r in range(1, settings.rounds + 1):
        seating = seatings[-1]
        round_winners: list[int] = []
        hands = [(h, settings.hand_index(r, h) + 1, trumps_name(settings, r, h))
                 for h in range(1, settings.hands_per_round + 1)]
        for t in range(1, settings.tables + 1):
            four = seating.at(t)
            table_results = []
            for h, number, trumps in hands:
                res = by_key.get((r, t, h))
                if res is None:
                    continue
                table_results.append(res)
                counted += 1
                for s, p in zip(Seat, four, strict=True):
                    own = res.tricks[s.side]
                    card = lines[p]
                    score = settings.score(own)
                    total = (card[-1].total if card else 0) + score
                    card.append(ScoreLine(r, number, t, s, trumps, four[(s + 2) % 4], own, score, total))
            if len(table_results) == settings.hands_per_round:
                round_winners.append(round_winner(settings, table_results))
        if len(round_winners) < settings.tables:
            break
        winners.append(tuple(round_winners))
        if r < settings.rounds:
            seatings.append(move(settings, seating, round_winners))
    # each player sits at one table a round and the rounds and hands are folded in order:
    # every card is in hand order with its running total
    cards = {p: tuple(c) for p, c in lines.items()}
    return Standings(settings, tuple(seatings), tuple(winners), cards, counted, len(book) - counted)


def missing_tables(settings: DriveSettings, results: Iterable[HandResult], round_: int) -> tuple[int, ...]:
    """The tables with a hand of ``round_`` not yet in: the ones the hall is waiting for."""
    have = {(r.table, r.hand) for r in results if r.round == round_}
    return tuple(t for t in range(1, settings.tables + 1)
                 if any((t, h) not in have for h in range(1, settings.hands_per_round + 1)))


def table_moves(settings: DriveSettings, table: int, four: Four, winner: int) -> list[tuple[str, str]]:
    """What a table can say by itself after its round: each player and where they go
    (from the movement's rule, not the other tables' results)."""
    n = settings.tables
    up, down = (table - 2) % n + 1, table % n + 1
    out = []
    for s, p in zip(Seat, four, strict=True):
        won = s.side == winner
        if settings.movement == "winners_move":
            if table == 1:
                where = "stays at table 1" if won else f"goes to table {n}"
            else:
                where = f"goes to table {up}" if won else f"stays at table {table}"
        elif settings.movement == "fixed":
            where = {Seat.N: "stays", Seat.E: "stays", Seat.S: f"goes to table {down}",
                     Seat.W: f"goes to table {up}"}[s]
            where = f"stays at table {table}" if where == "stays" else where
        else:
            if won:
                where = f"stays at table {table}"
            else:
                where = f"goes to table {down}" if s in (Seat.N, Seat.E) else f"goes to table {up}"
        out.append((p, where))
    return out


__all__ = [
    "AI_PREFIX", "Added", "DriveError", "DriveSettings", "Four", "HandResult", "Move", "Rank",
    "ResultBook", "ResultConflict", "ScoreLine", "Seating", "Standings", "TABLE_RULES", "checked",
    "first_seating", "is_ai", "missing_tables", "move", "play_result", "round_winner", "standings",
    "table_moves",
    "SEAT_NAMES",
]
