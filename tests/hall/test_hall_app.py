"""`whist-table play --hall`: the table app plays its part of a drive, offline here (the broker's
part is tests/hall/test_hall_broker.py): the round's hands dealt by the drive, journalled, put in
the outbox, then the movement shown; a power cut mid-hand resumes at the card."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.hall.session import HallSession  # noqa: E402
from device.app.testing import make_app, run_until, tap, tap_button  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.observation import Observation  # noqa: E402
from hall.drive import DriveSettings  # noqa: E402
from hall.store import HubStore, TableJournal  # noqa: E402
from hall.table import HallTable  # noqa: E402
from tests.device.test_app_norwegian import speak_or_play  # noqa: E402
from tests.hall.conftest import Mosquitto  # noqa: E402

SETTINGS = DriveSettings("club", tables=3, rounds=2, hands_per_round=2, seed="app")


def unused(observation: Observation, seed: str) -> Action:
    raise AssertionError("the app's AI plays the other seats")


ONE_PERSON = ("AI 2N", "AI 2E", "Cy", "AI 2W")  # Cy at South, nobody signed in at the other seats


def offline_table(path: Path, four: tuple[str, str, str, str] = ONE_PERSON) -> HallTable:
    journal = TableJournal(path)
    journal.join(SETTINGS, 2)
    journal.set_seating("club", 1, four)
    return HallTable(journal, None, 2, unused, drive="club")


def play_to_summary(app) -> None:  # type: ignore[no-untyped-def]
    assert run_until(app, lambda: speak_or_play(app) or app.scene.name == "summary", max_steps=20000)


def test_the_app_plays_a_round_of_the_drive_and_then_shows_the_movement(tmp_path: Path) -> None:
    table = offline_table(tmp_path / "hall.db")
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        app.step(1 / 60)
        session = app.session
        assert isinstance(session, HallSession) and session.interlude == "start"
        tap(app, 400, 240)  # "Tap to deal"
        assert app.scene.name == "table"
        assert session.deal is not None and session.deal.record == SETTINGS.record(1, 2, 1)
        play_to_summary(app)
        tap_button(app, "next hand")
        assert session.deal is not None and session.deal.record == SETTINGS.record(1, 2, 2)
        play_to_summary(app)
        # the round is over: both hands wait in the outbox, and the next button is the movement
        assert [(r.round, r.hand) for r in table.journal.outbox("club")] == [(1, 1), (1, 2)]
        tap_button(app, "next round")
        assert app.scene.name == "hall" and session.interlude == "moves"
        moves = dict(session.moves())
        assert set(moves) == set(ONE_PERSON)
        assert sorted(moves.values()).count("goes to table 1") == 2  # the winners move up
        tap(app, 400, 240)  # "Tap when everyone has moved"
        assert session.round == 2 and session.interlude == "start"
        tap(app, 400, 240)
        assert session.deal is not None and session.deal.record == SETTINGS.record(2, 2, 1)
    finally:
        app.close()


def test_a_power_cut_mid_hand_resumes_the_drive_at_the_card(tmp_path: Path) -> None:
    table = offline_table(tmp_path / "hall.db")
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        app.step(1 / 60)
        tap(app, 400, 240)
        session = app.session
        assert run_until(app, lambda: speak_or_play(app) or (session.deal is not None
                                                             and len(session.deal.actions) >= 9))
        played = list(session.deal.actions) if session.deal is not None else []
    finally:
        app.close()
    table.journal.close()
    again = HallSession(offline_table(tmp_path / "hall.db"))
    deal = again.shuffle_and_deal()
    assert again.round == 1 and deal.record == SETTINGS.record(1, 2, 1)
    assert list(deal.actions) == played


def test_players_sign_in_with_their_tags_at_the_app_and_the_drive_seats_them(
        mosquitto: Mosquitto, tmp_path: Path) -> None:
    from device.events import CardScanned
    from hall.table import table_link
    from tests.hall.test_hall_broker import WAIT, HubThread, wait_for

    settings = DriveSettings("club", tables=2, rounds=1, seed="tags")
    hub = HubThread(mosquitto, tmp_path / "hub.db", settings, start=False)
    hub.hub.tags = {"04A1B2": "Ann", "04C3D4": "Bob"}
    link = table_link(mosquitto.broker, mosquitto.table_credentials("club", 1), "club", 1)
    table = HallTable(TableJournal(tmp_path / "hall.db"), link, 1, unused, drive="club")
    link.start()
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        wait_for(lambda: app.step(1 / 60) is None and link.connected, "the table's link to the broker")
        app.dispatch(CardScanned(None, tag="04A1B2"))  # North lays her tag on the reader
        app.dispatch(CardScanned(None, tag="04C3D4"))  # then East
        reader = HubStore(tmp_path / "hub.db")
        wait_for(lambda: len(reader.signins()) == 2, "both tags at the hub")
        reader.close()
        hub.start_drive()
        assert run_until(app, lambda: isinstance(app.current_session, HallSession), max_steps=100_000)
        assert table.players(1) == ("Ann", "Bob", "AI 1S", "AI 1W")
        assert table.wait_for_drive(WAIT) is not None
    finally:
        app.close()
        link.stop()
        hub.stop()
