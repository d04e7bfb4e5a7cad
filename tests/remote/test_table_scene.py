"""The table's screen with a seat on a phone: the menu offers the seat with a code, the seat
is called by its person's name, the phone's action is played, a quiet phone's seat is the
AI's after the wait, and the seat is still the phone's after a restart (a power cut)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.app import App, AppOptions  # noqa: E402
from device.app.scenes.table.scene import TableScene  # noqa: E402
from device.app.testing import run_until, tap_button  # noqa: E402
from device.config import Config  # noqa: E402
from engine.seats import Seat  # noqa: E402


def _app(tmp_path: Path, wait: int = 30) -> App:
    config = Config().updated({
        "display": {"animation": "off", "sound": False},
        "ai": {"partner": "rules", "opponents": "rules", "pace": "instant"},
        "remote": {"enabled": True, "wait": wait},
        "store": {"path": str(tmp_path / "whist.sqlite3")},
    })
    return App(config, AppOptions(size=(800, 480), fullscreen=False, synchronous_ai=True, seed=5))


def _north_to_play(app: App) -> bool:
    deal = app.session.deal
    return deal is not None and deal.turn == Seat.N and not app.scene.busy


def _deal_until_north_plays(app: App) -> TableScene:
    """The table, a hand dealt, played on (you taking your first legal action) to North's turn."""
    app.go("table")
    tap_button(app, "deal")
    table = app.scene
    assert isinstance(table, TableScene)
    assert run_until(app, lambda: _north_to_play(app) or table.waiting_for_human)
    while not _north_to_play(app):
        table.act_yours(app.session.deal.legal_actions()[0])
        assert run_until(app, lambda: _north_to_play(app) or table.waiting_for_human)
    return table


def test_the_menu_offers_a_seat_and_the_table_plays_the_phone_s_move(tmp_path: Path) -> None:
    app = _app(tmp_path)
    try:
        assert app.remote is not None
        tap_button(app, "seat from a phone")
        assert app.scene.name == "phone"
        tap_button(app, f"seat-{int(Seat.N)}")
        offer = app.remote.pairing.offered
        assert offer is not None and offer.seat == int(Seat.N) and len(offer.code) == 6
        seat, _token = app.remote.pairing.redeem(offer.code, "Ann", "phone")
        app.remote.link.connected(seat, True)  # the phone's websocket is open
        app.step(1 / 60)
        assert app.remote.pairing.offered is None  # the code is spent
        table = _deal_until_north_plays(app)
        assert table.seating.name(Seat.N) == "Ann (phone)"
        deal = app.session.deal
        before = len(deal.actions)
        for _ in range(30):
            app.step(1 / 60)
        assert len(deal.actions) == before  # the table waits for Ann
        move = deal.legal_actions()[-1]
        app.remote.link.hand_in(seat, move)
        assert run_until(app, lambda: len(deal.actions) > before)
        assert deal.actions[before] == move
    finally:
        app.close()


def test_a_quiet_phone_s_seat_is_played_by_the_ai_and_kept_after_a_restart(tmp_path: Path) -> None:
    app = _app(tmp_path, wait=0)
    try:
        assert app.remote is not None
        offer = app.remote.pairing.offer(int(Seat.N))
        app.remote.pairing.redeem(offer.code, "Ann", "phone")  # paired, then never connected
        _deal_until_north_plays(app)
        deal = app.session.deal
        before = len(deal.actions)
        assert run_until(app, lambda: len(deal.actions) > before)  # the AI played for Ann
        assert deal.actions[before].seat == Seat.N
    finally:
        app.close()
    again = _app(tmp_path)
    try:
        assert again.remote is not None and again.remote.pairing.holders() == {int(Seat.N): "Ann"}
    finally:
        again.close()
