"""A drive's table seats the people the movement sends to it: four people tapping their cards in
turn at the one screen (each hand covered until its player asks for it), the AI at a seat nobody
signed in to; the hand's result goes out through the outbox to a hub that counts it."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.hall.session import HallSession  # noqa: E402
from device.app.testing import make_app, run_until, tap, tap_button  # noqa: E402
from engine.seats import SEAT_NAMES, Seat  # noqa: E402
from hall.drive import DriveSettings  # noqa: E402
from hall.store import HubStore, TableJournal  # noqa: E402
from hall.table import HallTable, table_link  # noqa: E402
from tests.hall.conftest import Mosquitto  # noqa: E402
from tests.hall.test_hall_app import offline_table, unused  # noqa: E402
from tests.hall.test_hall_broker import HubThread, counted, wait_for  # noqa: E402


def play_the_person_to_move(app) -> bool:  # type: ignore[no-untyped-def]
    """What the person whose turn it is does: uncover their hand, tap a legal card twice."""
    scene = app.scene
    if scene.name != "hall_seats":
        return False
    if scene.covered:
        tap_button(app, "show")
        return True
    if scene.waiting_for_human:
        card = scene.deal.legal_moves()[0]
        tap(app, *scene.tap_point(card))
        assert scene.selected == card
        tap(app, *scene.tap_point(card))
        return True
    return False


def test_four_people_play_a_hand_at_one_screen_and_the_hub_counts_it(mosquitto: Mosquitto,
                                                                     tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=1, rounds=1, hands_per_round=1, seed="four people")
    db = tmp_path / "hub.db"
    hub = HubThread(mosquitto, db, settings, start=False)
    link = table_link(mosquitto.broker, mosquitto.table_credentials("club", 1), "club", 1)
    table = HallTable(TableJournal(tmp_path / "hall.db"), link, 1, unused, drive="club")
    link.start()
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        wait_for(lambda: app.step(1 / 60) is None and link.connected, "the table's link to the broker")
        for seat, name in zip(Seat, ("Ann", "Bob", "Cy", "Di"), strict=True):
            assert table.sign_in(seat, name)
        reader = HubStore(db)
        wait_for(lambda: len(reader.signins()) == 4, "the four sign-ins at the hub")
        reader.close()
        hub.start_drive()
        assert run_until(app, lambda: isinstance(app.current_session, HallSession), max_steps=100_000)
        session = app.current_session
        assert isinstance(session, HallSession) and session.people() == set(Seat)
        tap(app, 400, 240)  # "Tap to deal"
        scene = app.scene
        assert scene.name == "hall_seats"
        deal = session.deal
        assert deal is not None
        # the first to play is covered until she asks: nobody else sees her cards
        first = deal.turn
        assert first is not None and scene.covered and scene.hand_rects() == []
        app.step(1 / 60)
        name = ("Ann", "Bob", "Cy", "Di")[first]
        assert scene.buttons.by_name("show").label == f"{name} ({SEAT_NAMES[first]}): show my cards"
        players = set()
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            players.add(seat)
            assert play_the_person_to_move(app)
            app.step(1 / 60)
        assert players == set(Seat)
        app.step(1 / 60)
        assert "Hand over" in scene.status() and scene.buttons.by_name("next").visible
        assert run_until(app, lambda: counted(db) == 1 and not table.journal.outbox("club"),
                         max_steps=100_000)
        stored = HubStore(db)
        result = stored.results()[0]
        stored.close()
        assert result.actions == tuple(deal.actions) and result.tricks == deal.tricks_taken()
        tap_button(app, "next")  # the round is over: the movement
        assert app.scene.name == "hall"
    finally:
        app.close()
        link.stop()
        hub.stop()


def test_an_ai_plays_the_seat_nobody_signed_in_to_and_each_person_plays_their_own(tmp_path: Path) -> None:
    table = offline_table(tmp_path / "hall.db", ("Ann", "AI 2E", "Cy", "Di"))
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        app.step(1 / 60)
        tap(app, 400, 240)
        scene = app.scene
        session = app.current_session
        assert isinstance(session, HallSession) and scene.name == "hall_seats"
        assert session.people() == {Seat.N, Seat.S, Seat.W}
        deal = session.deal
        assert deal is not None
        assert run_until(app, lambda: play_the_person_to_move(app) and False or scene.b_next.visible,
                         max_steps=20_000)
        east = [a for a in deal.actions if a.seat == Seat.E]
        assert len(east) == 13  # the AI's, without a tap
        assert [(r.round, r.hand) for r in table.journal.outbox("club")] == [(1, 1)]
        tap_button(app, "next")
        assert session.deal is not None and len(session.match.hands) == 1 and not session.deal.actions
    finally:
        app.close()


def test_the_table_s_buttons_uncover_a_hand_and_play_a_card(tmp_path: Path) -> None:
    from device.events import Action, ButtonEvent

    table = offline_table(tmp_path / "hall.db", ("Ann", "Bob", "Cy", "Di"))
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        app.step(1 / 60)
        tap(app, 400, 240)
        scene = app.scene
        deal = app.session.deal
        assert scene.name == "hall_seats" and scene.covered
        app.dispatch(ButtonEvent(Action.SELECT, source="gpio"))
        assert not scene.covered and scene.selected is None
        legal = [c for c in scene.hand_cards() if c in deal.legal_moves()]
        app.dispatch(ButtonEvent(Action.RIGHT, source="gpio"))
        app.dispatch(ButtonEvent(Action.RIGHT, source="gpio"))
        assert scene.selected == legal[1 % len(legal)]
        app.dispatch(ButtonEvent(Action.LEFT, source="gpio"))
        assert scene.selected == legal[0]
        seat = deal.turn
        app.dispatch(ButtonEvent(Action.SELECT, source="gpio"))
        assert deal.actions[-1].seat == seat and deal.actions[-1].card == legal[0]
        assert scene.covered  # the next person's hand, covered until they ask
    finally:
        app.close()


def test_a_table_that_has_not_heard_its_players_seats_four_people(tmp_path: Path) -> None:
    table = offline_table(tmp_path / "hall.db")
    table.journal.set_seating("club", 1, ("AI 2N", "AI 2E", "Cy", "AI 2W"))
    session = HallSession(table)
    assert session.people() == {Seat.S} and session.table_scene() == "table"
    assert session.people(2) == set(Seat)  # round 2 not heard from the hub yet
