"""Issue 30, items 3 and 6: when games cannot be saved the table says so on the screen.

A full disk: the game goes on in memory, the screen says what is wrong and
what to do, and the store is tried again until it has caught up (nothing
lost). A store the table cannot open (a newer schema): the screen says so.
"""

from __future__ import annotations

import os
import sqlite3

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app import store_banner  # noqa: E402
from device.app.testing import make_app, run_until, tap_button  # noqa: E402
from device.journal import attach_app, rebuild  # noqa: E402
from device.store import SCHEMA_VERSION, StoreError  # noqa: E402
from engine.actions import Play  # noqa: E402
from engine.seats import Seat  # noqa: E402


def app_on(db):
    app = make_app((800, 480))
    app.config = app.config.updated({"store": {"path": str(db)}})
    store = attach_app(app)
    app.step()
    return app, store


def play_on(app, done, max_steps: int = 6000) -> bool:
    """Frames go by with South playing its lowest legal card when it is to play."""
    for _ in range(max_steps):
        if done():
            return True
        deal = app.session.match.current
        if deal is not None and deal.turn == Seat.S:
            app.session.match.apply(Play(Seat.S, min(deal.legal_moves())))
        app.step()
    return done()


def fill_the_disk(store) -> None:
    """Cap the file at its size, then take every free page and the room left in the
    pages that hold actions: the next action stored needs a page and is refused."""
    other = store.start_deal(store.start_match({}, {}), 1, {"dealer": "N"})
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreError, match="is full"):
        for i in range(pages + 1):
            store.set_setting(f"pad{i}", "x" * 3000)
    with pytest.raises(StoreError, match="is full"):
        for seq in range(1000):
            store.append_action(other, seq, {"pad": "x" * 60})


def banner_shown(app) -> bool:
    """The banner's colour across the top of what is on the screen."""
    w = app.window.get_width()
    return all(tuple(app.window.get_at((x, 2)))[:3] == store_banner.BACKGROUND
               for x in (2, w // 2, w - 3))


def test_a_full_disk_keeps_the_game_says_so_and_catches_up(tmp_path):
    db = tmp_path / "whist.sqlite3"
    app, store = app_on(db)
    try:
        app.go("table")
        tap_button(app, "deal")
        deal = app.session.match.current
        assert deal is not None and not banner_shown(app)
        fill_the_disk(store)
        # Cards are played until a write is refused: the step does not raise.
        assert play_on(app, lambda: store_banner.message(app) is not None)
        words = store_banner.message(app)
        assert "Games are not being saved" in words and "is full" in words
        assert "free some space" in words and "The game goes on" in words
        assert banner_shown(app)
        # The game goes on in memory: the hand is finished and scored meanwhile.
        assert play_on(app, lambda: deal.is_over)
        assert run_until(app, lambda: app.session.match.current is None)
        assert app.journal.pending  # still held
        # Room again: the next retry writes everything, in order, and the banner goes.
        store._db.execute("PRAGMA max_page_count = 1073741823")
        app.step(store_banner.RETRY_SECONDS + 1)
        app.step()
        assert app.journal.pending == [] and app.journal.error is None
        assert store_banner.message(app) is None and not banner_shown(app)
        row = store.match(app.journal.match_id)
        assert rebuild(store, row).to_dict() == app.session.match.to_dict()
    finally:
        app.close()
        store.close()


def test_a_store_from_a_newer_version_is_shown_on_the_screen(tmp_path):
    db = tmp_path / "whist.sqlite3"
    newer = sqlite3.connect(db)
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.commit()
    newer.close()
    app, store = app_on(db)
    try:
        assert store is None
        words = store_banner.message(app)
        assert "Games are not being saved" in words and "newer whist-table" in words
        assert "update the software" in words
        assert banner_shown(app)
        app.go("table")  # the table still plays, without a store
        tap_button(app, "deal")
        assert app.session.match.current is not None and banner_shown(app)
    finally:
        app.close()


def test_a_store_in_use_by_another_program_is_shown(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    db = tmp_path / "whist.sqlite3"
    hold = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom device.store import Store\n"
         "s = Store(sys.argv[1])\nprint('open', flush=True)\ntime.sleep(120)", str(db)],
        cwd=Path(__file__).resolve().parents[2], stdout=subprocess.PIPE, text=True)
    try:
        assert hold.stdout.readline().strip() == "open"
        app, store = app_on(db)
        try:
            assert store is None
            assert f"in use by process {hold.pid}" in store_banner.message(app)
            assert banner_shown(app)
        finally:
            app.close()
    finally:
        hold.kill()
        hold.wait()
