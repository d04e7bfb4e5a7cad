"""Make tests/data/store-v0.1.0.db and its transcript with the release it is named after.

Run from the project root, at commit fe2264c (the release before the family
engine), never with later code: the point of the file is that it was written by
the old release.

    git worktree add /tmp/v010 fe2264c
    cd /tmp/v010 && make .venv/.installed-test
    TZ=UTC .venv/bin/python tests/data/make_store_v0_1_0.py /path/to/tests/data

(this script is copied there first if the checkout lacks it). It writes
``store-v0.1.0.db`` (the store) and ``store-v0.1.0.transcript`` (what
``whist-table history`` and ``stats`` printed about it, command by command).
tests/system/test_store_migration.py checks that today's code prints the same.
"""

from __future__ import annotations

import contextlib
import io
import os
import sqlite3
import sys
from pathlib import Path

from device.cli import main
from device.journal import Journal, table_players
from device.referee import RefereeSession
from device.store import Store
from engine.actions import Claim, Play
from engine.bots import rules_card
from engine.cards import parse_card
from engine.deal import DealRecord
from engine.games.classic.rules import Rules
from engine.match import Match
from engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
DB = "store-v0.1.0.db"
TRANSCRIPT = "store-v0.1.0.transcript"


def bot_cards(match: Match, n: int | None = None) -> None:
    """The rules bot plays ``n`` cards (or to the end) of the current deal."""
    deal = match.current
    assert deal is not None
    played = 0
    while not deal.is_over and (n is None or played < n):
        card = rules_card(deal.observation(deal.turn), match.move_seed())
        deal.apply(Play(deal.turn, parse_card(card)))
        played += 1


def table_rubber(store: Store) -> None:
    """The table: honours counted, a hand claimed, a misdeal, a hand left in play."""
    match = Match(Rules(honours=True, target=7), E, seed="fixture-table")
    Journal(store, table_players("hard", "easy")).follow(match, run={"kind": "table"})
    match.new_deal()
    bot_cards(match, 22)
    seat = match.current.turn
    match.apply(Claim(seat, 3))
    match.finish_deal()
    match.new_deal()
    match.misdeal()
    match.new_deal()
    bot_cards(match)
    match.finish_deal()
    match.new_deal()
    bot_cards(match, 9)


def cycling_rubber(store: Store) -> None:
    """Cycling trumps (every fifth hand at no trumps), rubber points, played out."""
    match = Match(Rules(cycling_trumps=True, target=10, rubber_points=True), S,
                  seed="fixture-cycle")
    Journal(store, table_players("rules", "rules")).follow(match, run={"kind": "table"})
    while not match.is_over:
        match.new_deal()
        bot_cards(match)
        match.finish_deal()


def rules_ai(observation: dict, level: str, seed: str | None) -> str:
    return rules_card(observation, seed)


def referee_rubber(store: Store) -> None:
    """Real cards: West an AI, the others people; an undo, a revoke; one hand scored,
    the next (trumps chosen on screen) left in play."""
    session = RefereeSession(ai_seats={W: "rules"}, choose=rules_ai, store=store,
                             seed="fixture-ref")
    session.choose_dealer(N)
    record = DealRecord.deal(N, seed="fixture-ref-deal")
    hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
    assert session.scan(str(record.trump_card))
    for card in sorted(hands[W]):
        if card != record.trump_card:
            assert session.scan(str(card)), session.messages[-1].text
    revoked = False
    undone = False
    while session.phase == "play":
        deal = session.deal
        seat = deal.turn
        if session.is_ai(seat):
            card = session.expected_card()
        else:
            led = deal.current.led_suit
            follow = sorted(c for c in hands[seat] if c.suit == led)
            others = sorted(c for c in hands[seat] if c.suit != led)
            if seat == E and follow and others and not revoked and len(deal.tricks) >= 2:
                card, revoked = others[0], True  # East does not follow: proven later
            else:
                card = (follow or sorted(hands[seat]))[0]
        assert session.scan(str(card)), session.messages[-1].text
        hands[seat].discard(card)
        if len(deal.actions) == 7 and not undone:
            # A scanning mistake taken back, then the same card again.
            undone = True
            assert session.undo()
            hands[seat].add(card)
    assert revoked and session.deal.revokes
    assert session.next_hand()
    assert session.choose_trump("D")
    record = DealRecord.deal(E, seed="fixture-ref-deal-2")
    hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
    for card in sorted(hands[W]):
        assert session.scan(str(card)), session.messages[-1].text
    for _ in range(5):
        seat = session.deal.turn
        if session.is_ai(seat):
            card = session.expected_card()
        else:
            led = session.deal.current.led_suit
            card = min([c for c in hands[seat] if c.suit == led] or hands[seat])
        assert session.scan(str(card)), session.messages[-1].text
        hands[seat].discard(card)


def make(out_dir: Path) -> Path:
    db = out_dir / DB
    for p in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        p.unlink(missing_ok=True)
    assert main(["demo", "--headless", "--hands", "6", "--seed", "7", "--db", str(db)]) == 0
    with Store(db) as store:
        table_rubber(store)
        cycling_rubber(store)
        referee_rubber(store)
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("VACUUM")
    con.close()
    return db


def commands(db: Path) -> list[list[str]]:
    """Every command the transcript records, with --db F."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    deals = [r[0] for r in con.execute("SELECT id FROM deals ORDER BY id")]
    matches = [r[0] for r in con.execute("SELECT id FROM matches ORDER BY id")]
    con.close()
    out = [["history"], ["history", "--last", "1000"], ["stats"]]
    out += [["history", "--show", str(d)] for d in deals]
    out += [["history", "--pbn", "--show", str(d)] for d in deals]
    out += [["history", "--pbn", "--rubber", str(m)] for m in matches]
    return [[c[0], "--db", "F", *c[1:]] for c in out]


def run(args: list[str], db: Path) -> str:
    argv = [str(db) if a == "F" else a for a in args]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    assert code == 0, (args, code)
    return buf.getvalue()


def record(db: Path, out_dir: Path) -> None:
    assert os.environ.get("TZ") == "UTC", "run with TZ=UTC (history prints local times)"
    blocks = []
    for args in commands(db):
        blocks.append("$ whist-table " + " ".join(args) + "\n" + run(args, db))
    (out_dir / TRANSCRIPT).write_text("".join(blocks))


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent)
    made = make(target)
    record(made, target)
    print(f"{made}: {made.stat().st_size} bytes")
