"""The bridge between a game being played and the store: never lose a trick.

A :class:`Journal` *follows* an engine :class:`~engine.match.Match`: from then
on every deal it starts, every action applied to a deal and every hand it
scores is written to the store (and committed, so it survives a power cut)
before the call that made it returns, so before anything can show it. The
match itself is not changed: the journal shadows ``start_deal``,
``finish_deal`` and each deal's ``apply`` on those objects with versions that
call the engine's method and then write. That way a scene or a demo that
drives the match directly (``deal.apply(Play(...))``) is journalled without
knowing it.

Rebuilding is the other half: a match is a pure fold of its deal records and
their actions, so :func:`rebuild` reads them back and replays them through
:meth:`Match.from_dict`. What the store's ``matches.rules`` column holds is the
rules (the game's ``to_dict()``) plus one key, ``"match"``: the game's name
(none in stores from before there were games: classic), the first dealer, the
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
the error propagates to the caller and nothing is shown; the in-memory game is
then ahead of the store by that one step, and the table must stop (the app
restarts and resumes from the store).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from device.store import MatchRow, Store, StoreError
from device.store.recall import UNDO, fold_undos
from device.words import count
from engine.actions import Action
from engine.deal import Deal, DealRecord
from engine.errors import RulesError
from engine.games import get_game
from engine.match import Match
from engine.scoring import HandScore
from engine.seats import SEATS
from engine.trick import Trick

MATCH_KEY = "match"  # the key in the matches.rules JSON that holds the match header
MISDEAL = "misdeal"  # result key of a deal thrown in before play (the same dealer deals again)


def match_header(match: Match, run: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the store keeps about a match besides its deals: rules and how it began."""
    header: dict[str, Any] = {"game": match.game.name, "first_dealer": match.first_dealer.name,
                              "seed": match.seed}
    if run is not None:
        header["run"] = dict(run)
    return {**match.rules.to_dict(), MATCH_KEY: header}


def header_of(row: MatchRow) -> dict[str, Any]:
    """The match header of a stored rubber ({} for one not written by a journal)."""
    header = row.rules.get(MATCH_KEY) if isinstance(row.rules, dict) else None
    return dict(header) if isinstance(header, dict) else {}


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


def rebuild(store: Store, row: MatchRow) -> Match:
    """The exact match the store holds: its deals replayed, action by action."""
    header = header_of(row)
    game = get_game(str(header.get("game") or "classic"))  # stores before games: classic
    rules = {k: v for k, v in row.rules.items() if k != MATCH_KEY}
    rows = store.deals_of_match(row.id)
    first = header.get("first_dealer") or (rows[0].dealer if rows else "N")
    deals: list[dict[str, Any]] = []
    misdeals: list[dict[str, Any]] = []  # thrown in: {"index": deals before it, "record"}
    declared: dict[str, list[int]] = {}
    scored = 0
    for d in rows:
        result = d.result or {}
        if result.get(MISDEAL):
            misdeals.append({"index": len(deals), "record": d.record})
            continue
        deals.append({"record": d.record, "actions": fold_undos(d.actions)})
        if d.finished is not None:
            scored += 1
            if result.get("honours_declared") is not None:
                declared[str(result.get("number", len(deals)))] = list(result["honours_declared"])
    return Match.from_dict({
        "game": game.name,
        "rules": game.rules_from_dict(rules).to_dict(),
        "first_dealer": first,
        "seed": header.get("seed"),
        "deals": deals,
        "scored": scored,
        "honours_declared": declared,
        "misdeals": misdeals,  # a trailing throw-in included: the redeal's cards depend on it
    })


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
    match_id: int
    deal_id: int | None  # the deal in progress (started, not yet scored)
    rows: int  # deal rows stored for the match (misdeals included): the next row's number
    seq: int = 0  # action rows stored for the deal in progress (undos included): the next seq


class Journal:
    """Writes one table's game to the store as it happens.

    ``players`` is the seat -> "human" or AI level map kept with each rubber
    (the statistics are broken down by it).
    """

    def __init__(self, store: Store, players: dict[str, str]) -> None:
        self.store = store
        self.players = dict(players)
        self.followed: _Followed | None = None

    @property
    def match_id(self) -> int | None:
        return None if self.followed is None else self.followed.match_id

    # ----- following a match --------------------------------------------

    def follow(self, match: Match, run: dict[str, Any] | None = None) -> int:
        """Journal a new match from now on: its header is written at once."""
        match_id = self.store.start_match(match_header(match, run), self.players)
        self._attach(match, match_id, None, 0)
        return match_id

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
        self._attach(match, match_id, deal_id, len(self.store.deals_of_match(match_id)), seq)
        # A rubber won by the last hand scored, cut off before its own result was written.
        row = self.store.match(match_id)
        if match.is_over and row is not None and row.finished is None:
            self.store.finish_match(match_id, rubber_result(match))

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

    def _attach(self, match: Match, match_id: int, deal_id: int | None, rows: int,
                seq: int = 0) -> None:
        followed = _Followed(match, match_id, deal_id, rows, seq)
        self.followed = followed
        store = self.store
        engine_start = type(match).start_deal.__get__(match)
        engine_finish = type(match).finish_deal.__get__(match)

        def start_deal(record: DealRecord) -> Deal:
            deal = engine_start(record)  # the engine validates first
            try:
                followed.deal_id = store.start_deal(match_id, followed.rows + 1, record.to_dict())
            except BaseException:
                match.deals.pop()  # not stored, so not dealt
                raise
            followed.rows += 1
            followed.seq = 0
            self._watch(deal, followed)
            return deal

        def finish_deal(honours_held: tuple[int, int] | None = None) -> HandScore:
            score = engine_finish(honours_held)
            if followed.deal_id is None:
                raise StoreError("the journal has no record of the hand just scored")
            store.finish_deal(followed.deal_id, hand_result(match, score))
            followed.deal_id = None
            if match.is_over:
                store.finish_match(match_id, rubber_result(match))
            return score

        # Shadow the engine's methods on this one object (new_deal calls start_deal).
        match.start_deal = start_deal  # type: ignore[method-assign]
        match.finish_deal = finish_deal  # type: ignore[method-assign]
        engine_misdeal = getattr(type(match), "misdeal", None)
        if engine_misdeal is not None:

            def misdeal() -> DealRecord:
                record = engine_misdeal(match)
                if followed.deal_id is not None:
                    # Kept, marked thrown in: the redeal's cards depend on it.
                    store.finish_deal(followed.deal_id, {MISDEAL: True})
                    followed.deal_id = None
                return record

            match.misdeal = misdeal  # type: ignore[attr-defined]
        engine_undo = getattr(type(match), "undo", None)
        if engine_undo is not None:

            def undo() -> Action:
                if followed.deal_id is None:
                    raise StoreError("the journal has no record of the hand to undo in")
                action = engine_undo(match)
                # Never rewritten: the undo is a row of its own (fold_undos reads it back).
                store.append_action(followed.deal_id, followed.seq, {UNDO: True})
                followed.seq += 1
                self._watch(match.deals[-1], followed)
                return action

            match.undo = undo  # type: ignore[method-assign]
        if match.current is not None and deal_id is not None:
            self._watch(match.current, followed)

    def _watch(self, deal: Deal, followed: _Followed) -> None:
        store = self.store
        engine_apply = type(deal).apply.__get__(deal)
        deal_id = followed.deal_id
        assert deal_id is not None

        def apply(action: Action) -> Trick | None:
            done = engine_apply(action)  # validated and applied in memory
            store.append_action(deal_id, followed.seq, action.to_dict())
            followed.seq += 1
            return done

        deal.apply = apply  # type: ignore[method-assign]


def ai_players(level: str, humans: tuple[str, ...] = ()) -> dict[str, str]:
    return {seat.name: ("human" if seat.name in humans else level) for seat in SEATS}


# ----- the headless demo: a run of several rubbers, resumable -----------------

DEMO = "demo"


@dataclass
class DemoRun:
    """A journalled ``whist-table demo --headless --seed S --db PATH`` run.

    A run is identified by its seed: when the newest rubber in the store
    belongs to a demo run with the same seed, the command carries that run on
    (to the number of hands asked) instead of starting another.
    """

    journal: Journal
    seed: int | str | None  # None: an unseeded run, never resumed
    resume: Match | None = None
    rubber: int = 1
    hands_done: int = 0

    @property
    def note(self) -> str | None:
        if self.resume is None:
            return None
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


def demo_run(store: Store, seed: int | str | None, level: str, game: str = "classic") -> DemoRun:
    """Find the demo run of this game with this seed to carry on, or get ready for a new one."""
    run = DemoRun(Journal(store, ai_players(level)), seed)
    if seed is None:
        return run
    row = latest_match(store)
    info = run_of(row) if row is not None else {}
    if row is None or info.get("kind") != DEMO or info.get("seed") is None \
            or str(info.get("seed")) != str(seed) or (header_of(row).get("game") or "classic") != game:
        return run
    match = rebuild(store, row)
    run.journal.adopt(match, row.id)
    run.resume = match
    run.rubber = int(info.get("rubber", 1))
    run.hands_done = int(info.get("hands_before", 0))
    return run


# ----- the table app: one rubber at a time, resumed on start --------------------

TABLE = "table"  # run kind of the app's rubbers (the demo's are DEMO)


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
    instead and resumes it. A store that cannot be opened is logged and the
    table plays on without one rather than not starting; a damaged one is
    moved aside by the store (which logs it) and the table starts a fresh one.
    Returns the store (close it on exit).
    """
    import logging

    log = logging.getLogger(__name__)
    path = app.config.db_path()
    try:
        store = Store(path)
    except (StoreError, OSError) as exc:
        log.error("no game store, games will not be kept: %s", exc)
        return None
    app.store = store
    players = table_players(app.config.ai.partner, app.config.ai.opponents)
    try:
        resumed = app.session.attach_journal(Journal(store, players))
    except (StoreError, RulesError, ValueError, KeyError, TypeError) as exc:
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


__all__ = ["DEMO", "REFEREE", "TABLE", "DemoRun", "Journal", "ai_players", "attach_app", "demo_run",
           "fold_undos", "hand_result", "header_of", "is_referee_rubber", "is_table_rubber", "latest_match",
           "match_header", "rebuild", "rubber_result", "run_of", "table_players"]
