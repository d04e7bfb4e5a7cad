"""The Real cards screen at a real table (issue 37): readers per seat found by the
setup step and kept in the config, a card laid out of turn refused, the card the
one reader took shown with an undo, touch wording, stale refusals gone."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app, tap_button  # noqa: E402
from device.events import Action, ButtonEvent, CardScanned  # noqa: E402
from device.reader import rdm6300_frame  # noqa: E402
from device.referee import PLAY, READERS, SETUP, Referee  # noqa: E402
from device.store import Store  # noqa: E402
from engine.cards import Card, full_deck  # noqa: E402
from engine.deal import DealRecord  # noqa: E402
from engine.seats import Seat  # noqa: E402

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
TAG_OF = {Card(c): f"C0DE{i:06X}" for i, c in enumerate(full_deck())}
WAIT = 30.0  # seconds to wait at most for a reader's thread (a bound, not a timing)


def until(app, done) -> bool:
    """Step the app until ``done()``: the readers' threads post their events in their own
    time, so the bound is the clock's, generous for a loaded machine, never a frame count."""
    deadline = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > deadline:
            return bool(done())
        app.step(1 / 60)
        time.sleep(0.002)
    return True


@pytest.fixture
def app():
    a = make_app((800, 480))
    a.store = Store(":memory:")
    for card, tag in TAG_OF.items():
        a.store.enrol(tag, str(card))
    yield a
    a.scene.leave()  # the screen's readers let go of their ports (a pty's name is reused)
    a.close()
    a.store.close()


def lay(app, pty, card) -> bool:
    """Lay ``card`` on the reader of ``pty``; True when the screen's session took it."""
    session = app.scene.session
    before = session.message_count
    pty.write(rdm6300_frame(TAG_OF[Card(card)]))
    assert until(app, lambda: session.message_count > before)
    return session.messages[-1].kind != "error"


def connected(app, count: int) -> bool:
    return until(app, lambda: sum(app.scene.session.readers.connected.values()) == count)


def test_the_setup_step_finds_each_seats_reader_and_keeps_it(app, ptys, tmp_path, monkeypatch):
    # Four readers as the udev rule names them, by USB socket.
    sockets = tmp_path / "whist-readers"
    sockets.mkdir()
    plugged = [ptys() for _ in range(4)]
    for i, p in enumerate(plugged):
        os.symlink(p.path, sockets / f"usb-1-1.{i + 1}")
    monkeypatch.setattr("device.reader.ports.SEAT_READERS_DIR", str(sockets))
    app.config = app.config.updated({"reader": {"enabled": True, "per_seat": True}})
    tap_button(app, "real cards")
    session = app.scene.session
    assert session.phase == READERS  # no seat has a reader yet: the step opens by itself
    assert connected(app, 4)
    assert session.view().prompt == "North, lay any card on your reader"
    assert lay(app, plugged[3], "SA")  # North's reader is in the fourth socket
    assert session.view().prompt == "East, lay any card on your reader"
    assert lay(app, plugged[0], "SA")
    tap_button(app, "skip_reader")  # South plays without a reader of its own
    assert lay(app, plugged[1], "SA")  # West
    app.step(1 / 60)
    assert session.phase == SETUP
    reader = app.config.reader  # written to the config: the next start knows them
    assert (reader.north, reader.east, reader.south, reader.west) == (
        str(sockets / "usb-1-1.4"), str(sockets / "usb-1-1.1"), None, str(sockets / "usb-1-1.2"))
    tap_button(app, "readers")  # asked again, from North
    assert session.phase == READERS and session.view().prompt == "North, lay any card on your reader"
    tap_button(app, "readers_done")
    assert session.phase == SETUP


def test_readers_from_the_config_refuse_a_card_laid_out_of_turn(app, ptys):
    plugged = {seat: ptys() for seat in Seat}
    app.config = app.config.updated({"reader": {
        "enabled": True, "per_seat": True, "north": plugged[N].path, "east": plugged[E].path,
        "south": plugged[S].path, "west": plugged[W].path}})
    tap_button(app, "real cards")
    session = app.scene.session
    assert session.phase == SETUP and set(session.readers.seats()) == set(Seat)
    assert connected(app, 4)
    tap_button(app, "start")  # North deals
    record = DealRecord.deal(N, seed=7)
    assert lay(app, plugged[N], record.trump_card)
    assert session.phase == PLAY and session.deal.turn == E
    south = min(record.hands()[S])
    assert not lay(app, plugged[S], south)  # South lays before East
    assert session.messages[-1].text.startswith("not South's turn: South, take back the card")
    assert session.deal.actions == []
    east = min(record.hands()[E])
    assert lay(app, plugged[E], east)
    assert session.deal.actions[-1].seat == E
    app.scene.ensure_layout(app.size)
    names = [b.name for b in app.scene.buttons.buttons]
    assert "undo_taken" not in names  # the reader said whose it was: nothing to doubt


def scan(app, card) -> None:
    app.queue.post(CardScanned(str(card), "0A1B2C3D4E"))
    app.step(1 / 60)


def test_one_reader_the_card_taken_is_shown_big_with_an_undo(app):
    tap_button(app, "real cards")
    session = app.scene.session
    tap_button(app, "start")
    scan(app, "H7")
    scan(app, "C2")  # taken as East's
    app.step(1 / 60)
    app.scene.ensure_layout(app.size)
    undo = app.scene.buttons.by_name("undo_taken")
    assert undo.label == "Not East's: undo"
    tap_button(app, "undo_taken")
    assert session.deal.actions == []
    app.scene.ensure_layout(app.size)
    assert "undo_taken" not in [b.name for b in app.scene.buttons.buttons]


def test_touch_wording_and_button_wording(app):
    tap_button(app, "real cards")  # a tap: the table is worked by touch
    session = app.scene.session
    assert session.view().prompt == ("Classic whist, 4 players: North deals (tap a seat for a person or "
                                     "the AI; tap Dealer to change, Start to begin)")
    app.queue.post(ButtonEvent(Action.RIGHT, source="gpio"))
    app.step(1 / 60)
    assert session.view().prompt == ("Classic whist, 4 players: East deals (left/right to change, "
                                     "select to start)")


def test_an_old_refusal_is_cleared_once_it_no_longer_applies(app):
    tap_button(app, "real cards")
    session = app.scene.session
    scan(app, "SA")  # before the dealer is chosen
    assert [m.kind for m in session.view().messages][-1] == "error"
    tap_button(app, "start")
    assert all(m.kind != "error" for m in session.view().messages)


def test_the_trick_area_clears_before_the_ais_lead_is_asked_for():
    record = DealRecord.deal(W, seed=3)
    hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}

    def rules_ai(observation, level, seed):
        from engine.ai import choose_card

        return choose_card(observation, "rules", seed)

    session = Referee(ai_seats={N: "rules"}, choose=rules_ai)
    session.choose_dealer(W)
    session.scan(record.trump_card)
    for card in sorted(hands[N]):
        session.scan(card)
    checked = False
    while session.phase == PLAY and not checked:
        deal = session.deal
        seat = deal.turn
        if seat == N and not deal.current.cards and deal.tricks:
            assert session.view().trick == ()  # the last trick is off the screen
            assert session.view().prompt.startswith("North plays the ")
            checked = True
            break
        card = session.expected_card() if seat == N else min(
            [c for c in hands[seat] if c.suit == deal.current.led_suit] or hands[seat])
        assert session.scan(card), session.messages[-1].text
        hands[seat].discard(card)
    assert checked
