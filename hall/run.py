"""The hall's commands put together: the hub's loop, a headless table, the status text."""

from __future__ import annotations

import argparse
import logging
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from device.moves import choose_action_fixed
from engine.actions import Action
from engine.observation import Observation
from engine.search.levels import LEVELS
from engine.seats import SEAT_NAMES, Seat
from hall.drive import DriveError, DriveSettings, Standings, missing_tables, standings
from hall.hub import Hub, hub_subscriptions, read_players
from hall.link import Broker, Credentials, Link, Untrusted
from hall.store import HubStore, TableJournal
from hall.table import Chooser, HallTable, table_link

log = logging.getLogger(__name__)

_REFUSAL_SHOWN = 300  # characters of the last refusal ``hall status`` prints


class HubScreen(Protocol):
    """The hub's window on the hall's TV (device.app.hall.screen.HubWindow)."""

    def frame(self, hub: Hub) -> str | None:
        """Draw the drive and read the keys: "start", "quit" or None."""

    def close(self) -> None: ...


def ai_chooser(level: str) -> Chooser:
    """The engine's AI at ``level`` with a fixed amount of work: a resumed hand plays on card for card."""
    if level not in LEVELS:
        raise DriveError(f"unknown AI level {level!r}: choose from {', '.join(LEVELS)}")

    def choose(observation: Observation, seed: str) -> Action:
        return choose_action_fixed(observation, level, seed)

    return choose


def _credentials(args: argparse.Namespace) -> Credentials | None:
    return Credentials.read(args.credentials) if getattr(args, "credentials", None) else None


def settings_from_args(args: argparse.Namespace) -> DriveSettings:
    if args.tables is None:
        raise DriveError("a new drive needs --tables (and --rounds, --hands as wanted)")
    rounds = args.rounds if args.rounds is not None else max(1, 24 // args.hands)
    return DriveSettings(args.drive, tables=args.tables, rounds=rounds, hands_per_round=args.hands,
                         movement=args.movement, trump_mode=args.trumps, score_unit=args.score,
                         seed=args.seed or secrets.token_hex(6))


def serve(args: argparse.Namespace, open_screen: Callable[[], HubScreen] | None = None) -> int:
    """The hub's loop; ``open_screen`` opens its window (the screen's, so handed in) if it has one."""
    store = HubStore(args.db)
    try:
        settings = store.settings()
        if settings is None:
            settings = settings_from_args(args)
        elif settings.drive != args.drive:
            raise DriveError(f"{args.db} holds drive {settings.drive!r}, not {args.drive!r}")
        players: list[str] = []
        tags: dict[str, str] = {}
        if args.players:
            players, tags = read_players(Path(args.players).read_text(encoding="utf-8"))
        link = Link(Broker.parse(args.broker), _credentials(args), f"hub-{settings.drive}",
                    hub_subscriptions(settings.drive))
        hub = Hub(store, link, settings)
        hub.tags = tags
        screen = open_screen() if open_screen is not None else None
        page = None
        if getattr(args, "page", None):
            from hall.page import StandingsPage

            page = StandingsPage(hub, args.page)
            page.start()
        link.start()
        if args.start or hub.started:
            hub.start(players)
        print(f"hub of drive {settings.drive}: {settings.tables} tables, {settings.rounds} rounds of "
              f"{settings.hands_per_round} hands; broker {link.broker}", flush=True)
        complete = -1
        try:
            while True:
                hub.step(0.05)
                if page is not None:
                    page.update()
                s = hub.standings()
                if s is not None and s.complete_rounds != complete:
                    complete = s.complete_rounds
                    print(f"round {s.round}: {complete} of {settings.rounds} rounds complete, "
                          f"{s.counted} hands counted", flush=True)
                if screen is not None:
                    action = screen.frame(hub)
                    if action == "start" and not hub.started:
                        hub.start(players)
                    elif action == "quit":
                        break
                if args.until_finished and s is not None and s.finished:
                    print(status_text(store, 10), flush=True)
                    break
        finally:
            link.stop()
            if page is not None:
                page.stop()
            if screen is not None:
                screen.close()
    finally:
        store.close()
    return 0


def run_table(args: argparse.Namespace) -> int:
    journal = TableJournal(args.db)
    try:
        link = table_link(Broker.parse(args.broker), _credentials(args), args.drive, args.table)
        table = HallTable(journal, link, args.table, ai_chooser(args.level), out=sys.stdout, drive=args.drive,
                          pace=args.pace)
        link.start()
        try:
            if args.players:
                _sign_in(table, args.players, args.wait)
            if table.wait_for_drive(args.wait) is None:
                print(f"table {args.table}: {_not_joined(table, args)}", file=sys.stderr)
                return 1
            table.play(args.rounds)
            if not table.flush(30.0):
                print(f"table {args.table}: some results are not acknowledged yet; they stay in "
                      f"{args.db} and go when the table is next connected", file=sys.stderr)
                return 1
        finally:
            link.stop()
    finally:
        journal.close()
    return 0


def _not_joined(table: HallTable, args: argparse.Namespace) -> str:
    """Why the table has no drive: the broker refusing it, or it the broker, says so, not the
    hub's silence."""
    refused = table.broker_refused
    where = table.link.broker if table.link is not None else args.broker
    again = f"give it the credentials file hall broker-config last wrote for table {args.table}"
    if isinstance(refused, Untrusted):
        return (f"the broker at {where} showed a certificate the drive's CA did not sign for that name "
                f"({refused.reason}): give its name as broker-config's --name gave it, or {again}")
    if refused is not None and refused.credentials:
        return f"the broker at {where} refused this table's user and password ({refused.reason}): {again}"
    if refused is not None:
        return f"the broker at {where} refused this table ({refused.reason})"
    return f"drive {args.drive} has not started (no word from the hub in {args.wait:g} s)"


def _sign_in(table: HallTable, players: str, wait: float) -> None:
    """Sign the named players in at their seats once the broker is there."""
    names = [p.strip() for p in players.split(",")]
    if len(names) > 4:
        raise DriveError(f"--players names at most four players (N,E,S,W), not {len(names)}")
    end = time.monotonic() + wait
    while table.link is not None and not table.link.connected and time.monotonic() < end:
        table.pump(0.1)
    for seat, name in zip(Seat, names, strict=False):
        if name:
            table.sign_in(seat, name)


def hub_standings(store: HubStore) -> Standings | None:
    settings, first = store.settings(), store.seating()
    if settings is None or first is None:
        return None
    return standings(settings, first, store.results())


def status_text(store: HubStore, top: int | None = None) -> str:
    settings = store.settings()
    if settings is None:
        return f"{store.path}: no drive yet"
    s = hub_standings(store)
    if s is None:
        signed = store.signins()
        return (f"drive {settings.drive}: not started; {len(signed)} signed in "
                f"({', '.join(sorted(signed.values())) or 'nobody yet'})")
    lines = [f"drive {settings.drive}: round {s.round} of {settings.rounds}"
             f"{' (finished)' if s.finished else ''}; {s.counted} hands counted"
             f"{f', {s.waiting} waiting for an earlier round' if s.waiting else ''}"]
    if not s.finished:
        missing = missing_tables(settings, store.results(), s.round)
        lines.append(f"round {s.round}: waiting for table(s) {', '.join(map(str, missing))}")
    lists = s.prize_lists()
    for name, ranks in lists.items():
        lines.append("")
        label = "player" if len(lists) == 1 else f"{name} players"
        lines.append(f"{'':>4} {label:<20} {'total':>5} {'hands':>5}")
        shown = ranks[:top]
        if ranks and ranks[-1] not in shown:
            shown.append(ranks[-1])  # the booby prize, whatever --top says
        for r in shown:
            lines.append(f"{r.place:>4} {r.player:<20} {r.total:>5} {r.hands:>5}")
        if len(ranks) > 1:
            lines.append(f"     booby prize: {ranks[-1].player}")
    ais = [r for r in s.leaderboard() if not r.place]
    if ais:
        lines.append(f"     AI players (not ranked): {', '.join(f'{r.player} {r.total}' for r in ais[:top])}")
    if s.complete_rounds and not s.finished:
        lines.append("")
        lines.append(f"after round {s.complete_rounds}:")
        for m in s.moves(s.complete_rounds):
            if m.to_table != m.table or m.to_seat != m.seat:
                lines.append(f"  {m.player}: table {m.table} {SEAT_NAMES[m.seat]} -> "
                             f"table {m.to_table} {SEAT_NAMES[m.to_seat]}")
    refused = store.refusals()
    if refused:
        lines.append("")
        last = refused[-1][1]  # one line, whatever an older hub kept
        last = last if len(last) <= _REFUSAL_SHOWN else last[:_REFUSAL_SHOWN] + "..."
        lines.append(f"{len(refused)} message(s) refused; the last: {last}".replace("\n", " "))
    return "\n".join(lines)

