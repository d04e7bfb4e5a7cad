"""The bridge between a game being played and the store: never lose a trick.

A :class:`Journal` *follows* an engine :class:`~engine.match.Match`: it is the
match's listener (:class:`~engine.match.MatchListener`), so every deal the
match starts, every action applied to it (``match.apply``, or ``apply`` on the
deal the match dealt), every undo, throw-in and scored hand is written to the
store (and committed, so it survives a power cut) before the call that made it
returns, so before anything can show it. Nothing of the engine is replaced: a
copy of a deal (an AI trying a move) is heard by nobody and writes nothing.

Rebuilding is the other half: a match is a pure fold of its deal records and
their actions, so :func:`rebuild` reads them back and replays them through
:meth:`Match.from_dict`. What the store's ``matches.rules`` column holds is the
rules (the game's ``to_dict()``) plus one key, ``"match"``: the game's name
(none in stores from before there were games: engine.games.UNNAMED), the first dealer, the
match seed and, for a run of several rubbers (the headless demo), ``"run"``
(who started it, its seed, the rubber number, hands finished before it).

Deal rows are numbered 1, 2, ... in the order they were dealt. Their results
are ``HandScore.to_dict()`` (whose ``number`` is the hand number) plus
``"game"`` (the finished game, on the hand that ended one) and
``"honours_declared"`` when a physical table declared them; a deal thrown in
(``Match.misdeal``) is kept, finished with ``{"misdeal": true}``, since the
redeal's cards depend on it. A finished rubber's result is ``winner``,
``games``, ``points`` and the games. Ids, seq numbers and the JSON are the same whether a run went
straight through or was cut and resumed; only the timestamps differ.

If a write fails (a full disk: the store says so and writes nothing of it),
the write waits, in order, and is tried again before the next one: the
in-memory game is ahead of the store until it catches up. The demo stops on
the error (it is raised); the table app keeps playing and shows it (see
:class:`Journal`'s ``hold``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from device.store import MatchRow, Store, StoreError
from device.store.matches import MATCH_KEY, MISDEAL, UNDO, fold_undos, header_of, rebuild
from device.store.sqlite import HeldWrites
from device.words import count
from engine.actions import Action
from engine.deal import DealRecord
from engine.errors import RulesError
from engine.game import Game
from engine.games import UNNAMED
from engine.match import Match
from engine.scoring import HandScore
from engine.seats import SEATS, Seat, seat_label

log = logging.getLogger(__name__)

ABANDONED = "abandoned"  # result key of a rubber given up unscored (never resumed)
# What rebuilding a stored rubber raises when a row of it is damaged (a card that is no card, a
# card played out of turn, a field missing): the table and the demo then start afresh.
UNREBUILDABLE = (StoreError, RulesError, ValueError, KeyError, TypeError)


def match_header(match: Match, run: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the store keeps about a match besides its deals: rules and how it began."""
    header: dict[str, Any] = {"game": match.game.name, "first_dealer": match.first_dealer.name,
                              "seed": match.seed}
    if match.dealers_given:
        header["dealers_given"] = True
    if run is not None:
        header["run"] = dict(run)
    return {**match.rules.to_dict(), MATCH_KEY: header}


def run_of(row: MatchRow) -> dict[str, Any]:
    run = header_of(row).get("run")
    return dict(run) if isinstance(run, dict) else {}


def hand_result(match: Match, score: HandScore) -> dict[str, Any]:
    """A scored hand as the store keeps it (the deal's result)."""
    result = score.to_dict()
    if score.game_won_by is not None and match.games:
        result["game"] = match.games[-1].to_dict()
    declared = match.to_dict().get("honours_declared") or {}
    held = declared.get(str(score.number)) if isinstance(declared, dict) else None
    if held is not None:
        result["honours_declared"] = list(held)
    return result


def rubber_result(match: Match) -> dict[str, Any]:
    result = match.result()
    assert result is not None, "the rubber is not over"
    return {"winner": result.winner, "games": list(result.games), "points": list(result.points),
            "game_results": [g.to_dict() for g in match.games]}


def latest_match(store: Store) -> MatchRow | None:
    """The most recently started rubber, finished or not."""
    candidates = []
    open_row = store.unfinished_match()
    if open_row is not None:
        candidates.append(open_row.id)
    newest = store.recent_deals(1)
    if newest:
        candidates.append(newest[0].match_id)
    # A finished rubber always has deals, so one of the two is the newest.
    return store.match(max(candidates)) if candidates else None


@dataclass
class _Followed:
    match: Match
    match_id: int | None  # None while the rubber's own row waits to be written
    deal_id: int | None  # the stored deal in progress (started, not yet scored)
    rows: int  # deal rows for the match (misdeals included), written or waiting
    seq: int = 0  # action rows for the deal in progress (undos included), written or waiting


class Journal(HeldWrites):
    """Writes one table's game to the store as it happens: the match's listener
    (:class:`engine.match.MatchListener`).

    ``players`` is the seat -> "human" or AI level map kept with each rubber
    (the statistics are broken down by it).

    Writes go out in order. When the store refuses one (a full disk: it says
    so and writes nothing of it), the write and every later one wait in
    ``pending`` and are tried again, first thing, at the next write or at
    :meth:`flush`. By default the refusal is also raised to the caller (the
    headless demo stops on it; a new deal the store refused is not dealt).
    With ``hold=True`` (the table app) nothing is raised: the game goes on in
    memory, ``error`` says what is wrong until the store has caught up.
    """

    def __init__(self, store: Store, players: dict[str, str], *, hold: bool = False) -> None:
        super().__init__(hold=hold)
        self.store = store
        self.players = dict(players)
        self.followed: _Followed | None = None

    @property
    def match_id(self) -> int | None:
        return None if self.followed is None else self.followed.match_id

    # ----- writing, in order (HeldWrites.write and flush) -----------------------

    def _stored_match(self, f: _Followed) -> int:
        if f.match_id is None:
            raise StoreError("the journal has no record of the rubber being played")
        return f.match_id

    def _stored_deal(self, f: _Followed) -> int:
        if f.deal_id is None:
            raise StoreError("the journal has no record of the hand being played")
        return f.deal_id

    # ----- following a match --------------------------------------------

    def follow(self, match: Match, run: dict[str, Any] | None = None) -> int | None:
        """Journal a new match from now on: its header is written at once.
        Returns its id in the store (None while that write waits, with ``hold``)."""
        f = self._attach(match, None, None, 0)
        header = match_header(match, run)
        # Only the table app seats its one person at seat 0; the referee's seats are as chosen.
        at_table = run is not None and run.get("kind") == TABLE
        players = seats_of_alone(self.players, match.game) if at_table else dict(self.players)

        def write() -> None:
            f.match_id = self.store.start_match(header, players)

        self.write(write)
        return f.match_id

    def adopt(self, match: Match, match_id: int) -> None:
        """Carry on journalling a match rebuilt from the store (see :meth:`resume`)."""
        deal_id = None
        seq = 0
        if match.current is not None:
            open_deal = self.store.unfinished_deal(match_id)
            if open_deal is None or open_deal.record != match.current.record.to_dict():
                raise StoreError(f"rubber {match_id}: the store's open deal is not the "
                                 "rebuilt match's current deal")
            deal_id = open_deal.id
            seq = len(open_deal.actions)
        f = self._attach(match, match_id, deal_id, len(self.store.deals_of_match(match_id)))
        f.seq = seq
        # A rubber won by the last hand scored, cut off before its own result was written.
        row = self.store.match(match_id)
        if match.is_over and row is not None and row.finished is None:
            result = rubber_result(match)
            self.write(lambda: self.store.finish_match(match_id, result))

    def resume(self, accept: Callable[[MatchRow], bool] | None = None) -> Match | None:
        """Rebuild and follow the newest unfinished rubber (that ``accept`` likes: the
        table, the referee and the demo each look for their own)."""
        row = next((r for r in self.store.unfinished_matches()
                    if accept is None or accept(r)), None)
        if row is None:
            return None
        match = rebuild(self.store, row)
        self.adopt(match, row.id)
        return match

    def _attach(self, match: Match, match_id: int | None, deal_id: int | None,
                rows: int) -> _Followed:
        if self.followed is not None and self in self.followed.match.listeners:
            self.followed.match.remove_listener(self)
        self.followed = _Followed(match, match_id, deal_id, rows)
        match.add_listener(self)
        return self.followed

    def _now_following(self) -> _Followed:
        assert self.followed is not None, "told of a match the journal does not follow"
        return self.followed

    # ----- what the match tells (engine.match.MatchListener) ------------------

    def hand_started(self, record: DealRecord) -> None:
        f = self._now_following()
        number, data = f.rows + 1, record.to_dict()

        def write() -> None:
            f.deal_id = self.store.start_deal(self._stored_match(f), number, data)

        f.rows, f.seq = number, 0
        try:
            self.write(write)
        except StoreError:
            # Raised before the match adds the deal: not stored, so not dealt.
            self.pending.remove(write)
            f.rows -= 1
            raise

    def action_applied(self, action: Action) -> None:
        # seats named as the match's table size names them (0..n-1 away from four)
        self._append(action.to_dict(self._now_following().match.game.players))

    def action_undone(self) -> None:
        # Never rewritten: the undo is a row of its own (fold_undos reads it back).
        self._append({UNDO: True})

    def _append(self, data: dict[str, Any]) -> None:
        f = self._now_following()
        seq = f.seq
        f.seq += 1
        self.write(lambda: self.store.append_action(self._stored_deal(f), seq, data))

    def hand_thrown_in(self, record: DealRecord) -> None:
        # Kept, marked thrown in: the redeal's cards depend on it.
        self._finish_deal({MISDEAL: True})

    def hand_scored(self, score: HandScore) -> None:
        f = self._now_following()
        self._finish_deal(hand_result(f.match, score))
        if f.match.is_over:
            result = rubber_result(f.match)
            self.write(lambda: self.store.finish_match(self._stored_match(f), result))

    def abandon(self, match: Match) -> None:
        """The rubber followed is given up: finished in the store as abandoned, with
        the score it had, so nothing resumes it; its open hand stays unfinished (it
        was never scored). The journal then follows nothing until told to."""
        f = self._now_following()
        if f.match is not match:
            raise StoreError("the journal is asked to abandon a rubber it does not follow")
        result = {ABANDONED: True, "winner": None, "games": list(match.games_won),
                  "game_score": list(match.game_score),
                  "game_results": [g.to_dict() for g in match.games]}
        self.write(lambda: self.store.finish_match(self._stored_match(f), result))
        match.remove_listener(self)
        self.followed = None

    def _finish_deal(self, result: dict[str, Any]) -> None:
        f = self._now_following()

        def write() -> None:
            self.store.finish_deal(self._stored_deal(f), result)
            f.deal_id = None

        self.write(write)


def ai_players(level: str, humans: tuple[str, ...] = ()) -> dict[str, str]:
    return {seat.name: ("human" if seat.name in humans else level) for seat in SEATS}


# ----- the headless demo: a run of several rubbers, resumable -----------------

DEMO = "demo"


@dataclass
class DemoRun:
    """A journalled ``whist-table demo --headless --seed S --db PATH`` run.

    A run is identified by its seed: when the store holds a demo run with the
    same seed, the command carries that run on from its newest rubber (to the
    number of hands asked) instead of starting another, whatever ran since.
    """

    journal: Journal
    seed: int | str | None  # None: an unseeded run, never resumed
    resume: Match | None = None
    rubber: int = 1
    hands_done: int = 0
    damaged: str | None = None  # why the run the store holds could not be carried on

    @property
    def note(self) -> str | None:
        if self.resume is None:
            return self.damaged
        played = self.hands_done + len(self.resume.hands)
        deal = self.resume.current
        where = f", hand {len(self.resume.deals)} at card {len(deal.actions)}" if deal else ""
        return (f"Resuming the demo run with seed {self.seed} from the game store: "
                f"{count(played, 'hand')} done, rubber {self.rubber}{where}.")

    def on_match(self, match: Match, rubber: int, hands_before: int) -> None:
        self.journal.follow(match, run={"kind": DEMO, "seed": self.seed, "rubber": rubber,
                                        "hands_before": hands_before})

    def headless_kwargs(self) -> dict[str, Any]:
        """What run_headless needs to journal this run (and carry it on)."""
        kwargs: dict[str, Any] = {"on_match": self.on_match}
        if self.resume is not None:
            kwargs.update(resume=self.resume, rubber=self.rubber, hands_done=self.hands_done)
        return kwargs


def _is_demo_of(row: MatchRow, seed: int | str, game: str) -> bool:
    info = run_of(row)
    return info.get("kind") == DEMO and info.get("seed") is not None \
        and str(info.get("seed")) == str(seed) and (header_of(row).get("game") or UNNAMED.name) == game


def demo_run(store: Store, seed: int | str | None, level: str, game: str = UNNAMED.name) -> DemoRun:
    """Find the demo run of this game with this seed to carry on, or get ready for a new one."""
    run = DemoRun(Journal(store, ai_players(level)), seed)
    if seed is None:
        return run
    row = next((r for r in store.matches() if _is_demo_of(r, seed, game)), None)
    if row is None:
        return run
    info = run_of(row)
    try:
        match = rebuild(store, row)
        run.journal.adopt(match, row.id)
    except UNREBUILDABLE as exc:
        # as the table app does: the damaged rubber stays as it is, the run starts again
        log.error("the demo run with seed %s in %s cannot be resumed: %s", seed, store.path, exc)
        run.journal = Journal(store, ai_players(level))
        run.damaged = (f"The demo run with seed {seed} in the game store cannot be resumed "
                       f"(rubber {row.id}: {exc}); it is played again from the start.")
        return run
    run.resume = match
    run.rubber = int(info.get("rubber", 1))
    run.hands_done = int(info.get("hands_before", 0))
    return run


# ----- the table app: one rubber at a time, resumed on start --------------------

TABLE = "table"  # run kind of the app's rubbers (the demo's are DEMO)


def seats_of_alone(players: dict[str, str], game: Game) -> dict[str, str]:
    """Who sits where in a game each plays alone at the table app: the person at seat 0
    (the bottom of device/app/scenes/solo_table.py), every other seat the opponents'
    AI level, keyed by the game's seat labels. Partnership games, and tables with
    nobody at the screen (the demo), keep ``players`` as they are."""
    if game.partnerships or "human" not in players.values():
        return dict(players)
    others = players.get("E") or next((v for v in players.values() if v != "human"), "hard")
    return {seat_label(Seat(i), game.players): "human" if i == 0 else others for i in range(game.players)}


def table_players(partner: str, opponents: str, human: str = "S") -> dict[str, str]:
    """Seat -> "human" or AI level for a table with one person (South by default)."""
    me = SEATS[["N", "E", "S", "W"].index(human)]
    return {seat.name: "human" if seat == me else partner if seat == me.partner else opponents
            for seat in SEATS}


def is_table_rubber(row: MatchRow) -> bool:
    return run_of(row).get("kind") == TABLE


REFEREE = "referee"  # run kind of the referee's rubbers (real cards; device.referee)


def is_referee_rubber(row: MatchRow) -> bool:
    return run_of(row).get("kind") == REFEREE


def attach_app(app: Any) -> Store | None:
    """Give the table app (device.app.app.App) its journal, from its config's store.

    The app owns this one store (``app.store``): the table's session journals
    through it, the referee scene journals its real-card rubbers and reads the
    card enrolment from it, the Stats scene reads its statistics and the menu
    says when it had to be started afresh (``store.recovered_from``).

    Resumes the table's unfinished rubber and goes straight to it when there
    is one (a power cut mid-hand boots back into the same hand); when the
    newest unfinished rubber is a real-card one, the referee screen comes up
    instead and resumes it. A store that cannot be opened (a newer schema,
    another program holding it) leaves the table playing without one rather
    than not starting: ``app.store_problem`` says why, on the screen
    (device.app.store_banner). A damaged one is moved aside by the store
    (which logs it) and the table starts a fresh one. The journal holds what
    the store refuses (a full disk) and the app retries it, saying so on the
    screen meanwhile. Returns the store (close it on exit).
    """
    path = app.config.db_path()
    try:
        store = Store(path)
    except StoreError as exc:
        log.error("no game store, games will not be kept: %s", exc)
        app.store_problem = str(exc)
        return None
    except OSError as exc:
        log.error("no game store, games will not be kept: %s", exc)
        app.store_problem = f"cannot open the game store {path}: {exc}"
        return None
    app.store = store
    players = table_players(app.config.ai.partner, app.config.ai.opponents)
    try:
        resumed = app.session.attach_journal(Journal(store, players, hold=True))
    except UNREBUILDABLE as exc:
        # The session is journalled all the same: its next rubber is the newest one.
        log.error("the unfinished rubber in %s cannot be rebuilt (%s): starting a new one",
                  path, exc)
        resumed = False
    newest = next((r for r in store.unfinished_matches()
                   if is_table_rubber(r) or is_referee_rubber(r)), None)
    if newest is not None and is_referee_rubber(newest):
        log.info("resuming the unfinished real-card rubber from %s", path)
        app.go("referee")
    elif resumed:
        log.info("resuming the unfinished rubber from %s", path)
        app.go("table")
    return store


__all__ = ["ABANDONED", "DEMO", "MATCH_KEY", "MISDEAL", "REFEREE", "TABLE", "DemoRun", "Journal",
           "ai_players", "attach_app", "demo_run", "fold_undos", "hand_result", "header_of",
           "is_referee_rubber", "is_table_rubber", "latest_match", "match_header", "rebuild",
           "rubber_result", "run_of", "table_players"]
