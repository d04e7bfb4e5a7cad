"""Screenshots of the drive's app scenes (``whist-table screenshot --scene hall-seats`` ...):
the app itself, offline, on a made-up table's journal, driven to the moment shown."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine.actions import Action
from engine.observation import Observation
from engine.seats import Seat
from hall.drive import DriveError, DriveSettings
from hall.screen import sample_drive
from hall.store import TableJournal
from hall.table import HallTable

if TYPE_CHECKING:
    from device.app.app import App

APP_SCENES = ("hall-seats", "hall-seats-covered", "hall-keyboard", "hall-signin-seats", "hall-referee")


def _unused(observation: Observation, seed: str) -> Action:
    raise DriveError("the app's own AI plays the seats of a hall table")


def app_screenshot(scene: str, size: tuple[int, int], out: str | Path, seed: int = 1) -> Path:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from device.app.scenes.hall import HallScene
    from device.app.scenes.hall_seats import HallSeatsScene
    from device.app.testing import make_app, run_until, tap

    s, _ = sample_drive(seed=seed)
    with tempfile.TemporaryDirectory(prefix="whist-shot-") as tmp:
        journal = TableJournal(Path(tmp) / "hall.db", durable=False)
        if scene not in ("hall-keyboard", "hall-signin-seats"):
            journal.join(s.settings, 2)
            four = ("Ada Fenwick", "Bert Rowley", "Cissie Hart", "AI 2W")
            journal.set_seating(s.settings.drive, 1, four)
        real = scene == "hall-referee"
        table = HallTable(journal, None, 2, _unused, drive=s.settings.drive, real_cards=real)
        app = make_app(size)
        try:
            if scene in ("hall-keyboard", "hall-signin-seats"):
                # a link as if the hall's broker were there (never started: nothing is sent)
                from hall.link import Broker, Link

                table.link = Link(Broker("hall-pi.local"), None, "screenshot", [])
                table.link.connected = True
                app.go("hall", table=table)
                hall = app.scene
                assert isinstance(hall, HallScene) and hall.keyboard is not None
                hall.signed.append((Seat.N, "Ada Fenwick"))
                if scene == "hall-keyboard":
                    hall.choose_seat(Seat.E)
                    hall.keyboard.type_text("Bert Row")
                else:
                    hall.signed.append((Seat.W, "tag 04A1B2C3"))
                hall._refresh_seats()
                app.step(1 / 60)
            elif scene == "hall-referee":
                _real_cards_laid(app, table, s.settings)
            else:
                app.go("hall", table=table)
                app.step(1 / 60)
                tap(app, size[0] // 2, size[1] // 2)
                sc = app.scene
                assert isinstance(sc, HallSeatsScene)
                deal = app.session.deal
                assert deal is not None

                def people_played_some() -> bool:
                    if len(deal.actions) >= 6 and deal.turn in sc.people:
                        return True
                    if sc.covered:
                        sc.show_hand()
                    elif sc.waiting_for_human:
                        card = deal.legal_moves()[0]
                        sc.tap_card(card)
                        sc.tap_card(card)
                    return False

                assert run_until(app, people_played_some, max_steps=5000)
                if scene == "hall-seats" and sc.covered:
                    sc.show_hand()
                    legal = deal.legal_moves()
                    sc.tap_card(legal[-1])
                app.step(1 / 60)
            app.render()
            path = Path(out)
            pygame.image.save(app.canvas, str(path))
        finally:
            app.close()
            journal.close()
    return path


def _real_cards_laid(app: App, table: HallTable, settings: DriveSettings) -> None:
    """The real-card drive table a few cards into its first hand."""
    from device.app.scenes.referee import TAKEN_SECONDS
    from device.app.testing import tap
    from device.events import CardScanned
    from engine.deal import DealRecord
    from hall.app import HallSession

    app.go("hall", table=table)
    app.step(1 / 60)
    tap(app, app.size[0] // 2, app.size[1] // 2)
    session = app.current_session
    assert isinstance(session, HallSession) and session.drive_referee is not None
    referee = session.drive_referee.session
    record = DealRecord.deal(settings.dealer(1, 1), seed="a shuffle", trump=settings.trump(1, 1))
    hands = {seat: sorted(h or ()) for seat, h in zip(Seat, record.hands(), strict=True)}
    for card in hands[Seat.W]:
        app.dispatch(CardScanned(str(card), tag="shot"))
    for _ in range(6):
        app.step(1 / 60)  # the AI's card chosen, when it is the AI's turn
        deal = referee.deal
        assert deal is not None and deal.turn is not None
        asked = referee.expected_card()
        if asked is None:
            mine = hands[deal.turn]
            asked = ([c for c in mine if c.suit == deal.current.led_suit] or mine)[0]
        hands[deal.turn].remove(asked)
        app.dispatch(CardScanned(str(asked), tag="shot"))
    app.step(1 / 60)
    app.step(TAKEN_SECONDS)  # the last card shown big has had its moment: the table and its names show
