"""Screenshots of the drive's screens (``whist-table screenshot --scene hall-hub`` ...): the
hub's and a table's between rounds drawn from a made-up drive, and the drive's app scenes, the
app itself offline on a made-up table's journal, driven to the moment shown."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from device.app.hall.screen import HubView, draw_between_rounds, draw_hub, draw_round_start, draw_waiting
from device.app.hall.session import HallSession
from device.app.scenes.hall import HallScene
from device.app.scenes.hall_seats import HallSeatsScene
from device.app.scenes.referee import TAKEN_SECONDS
from device.app.testing import make_app, run_until, tap
from device.events import CardScanned
from engine.actions import Action
from engine.deal import DealRecord
from engine.observation import Observation
from engine.seats import Seat
from hall.drive import DriveError, DriveSettings, Four, HandResult, Standings, first_seating, standings
from hall.link import Broker, Link
from hall.store import TableJournal
from hall.table import HallTable

if TYPE_CHECKING:
    from device.app.app import App

NAMES = ("Ada Fenwick", "Bert Rowley", "Cissie Hart", "Dot Pember", "Edna Crouch", "Fred Lulham",
         "Gwen Tapley", "Harold Nye", "Ivy Marchant", "Jack Oakes", "Kit Solway", "Lil Dunstone",
         "Maud Ellery", "Ned Thorley", "Olive Brimble", "Percy Gandy", "Queenie Moss", "Ron Attwood",
         "Sid Pocock", "Tilly Vane", "Una Skerritt", "Vic Hollins", "Wyn Pardoe", "Alf Greenslade",
         "Bessie Quartermain", "Cyril Ovenden", "Dora Lashmar", "Ernie Fudge", "Flo Catchpole",
         "George Winterbottom", "Hilda Pinnock", "Ike Sandilands")


def sample_drive(tables: int = 8, rounds: int = 6, played: int = 3,
                 seed: int = 3) -> tuple[Standings, HubView]:
    """A drive with made-up players part way through: ``played`` rounds complete, the next half in."""
    settings = DriveSettings("church-hall", tables=tables, rounds=rounds, hands_per_round=4, seed=str(seed))
    names = list(NAMES) + [f"Player {i}" for i in range(len(NAMES) + 1, 4 * tables + 1)]
    signed = {(t, s): names[(t - 1) * 4 + s] for t in range(1, tables + 1) for s in Seat
              if not (t == tables and s == Seat.W)}  # one empty seat: an AI fills it
    rng = random.Random(seed)
    results = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            if r > played + 1 or (r == played + 1 and t % 3 == 0):
                continue
            for hnd in range(1, 5):
                ns = min(13, max(0, round(rng.gauss(6.5, 2.2))))
                results.append(HandResult(settings.drive, r, t, hnd, (ns, 13 - ns)))
    s = standings(settings, first_seating(tables, signed), results)
    missing = tuple(t for t in range(1, tables + 1) if t % 3 == 0) if played < rounds else ()
    return s, HubView(missing=missing)


def _table_tricks(s: Standings, round_: int, table: int, four: Four) -> list[tuple[int, tuple[int, int]]]:
    """The tricks of a table's round, read back from its North's scorecard."""
    out = []
    for line in s.cards[four[0]]:
        if line.round == round_:
            ns = line.tricks if line.seat.side == 0 else 13 - line.tricks
            out.append((line.hand - s.settings.hand_index(round_, 1), (ns, 13 - ns)))
    return out


APP_SCENES = ("hall-seats", "hall-seats-covered", "hall-keyboard", "hall-signin-seats", "hall-referee")


def screenshot(scene: str, size: tuple[int, int], out: str | Path, seed: int = 1) -> Path:
    if scene in APP_SCENES:
        return app_screenshot(scene, size, out, seed)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    surface = pygame.Surface(size)
    if scene == "hall-hub":
        s, view = sample_drive(tables=12 if size[0] >= 1280 else 8, seed=seed)
        draw_hub(surface, s.settings, s, view)
    elif scene == "hall-table":
        s, _ = sample_drive(seed=seed)
        table, round_ = 2, s.complete_rounds
        four = s.seatings[round_ - 1].at(table)
        results = [HandResult(s.settings.drive, round_, table, hnd, line_tricks)
                   for hnd, line_tricks in _table_tricks(s, round_, table, four)]
        draw_between_rounds(surface, s.settings, table, round_, four, results, s.seatings[round_].at(table),
                            "Tap when everyone has moved")
    elif scene == "hall-signin":
        draw_waiting(surface, 3, "church-hall", "hub.local:1883", True,
                     [(Seat.N, "Ada Fenwick"), (Seat.E, "Bert Rowley")], reader=True)
    elif scene == "hall-table-start":
        s, _ = sample_drive(seed=seed)
        draw_round_start(surface, s.settings, 2, s.round, s.seatings[-1].at(2), "Tap to deal")
    else:
        raise ValueError(f"unknown hall scene {scene!r}")
    path = Path(out)
    pygame.image.save(surface, str(path))
    return path


def _unused(observation: Observation, seed: str) -> Action:
    raise DriveError("the app's own AI plays the seats of a hall table")


def app_screenshot(scene: str, size: tuple[int, int], out: str | Path, seed: int = 1) -> Path:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
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
