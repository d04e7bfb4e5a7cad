"""The Real cards screen: reached from the menu, driven by taps and scans."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from device.app.testing import make_app, tap_button  # noqa: E402
from device.events import Action, ButtonEvent, CardScanned, ReaderStatus  # noqa: E402
from device.referee import AI_HANDS, HAND_OVER, PLAY, SETUP, TRUMP  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.deal import DealRecord  # noqa: E402
from engine.seats import Seat  # noqa: E402


def scan(app, card) -> None:
    app.queue.post(CardScanned(str(card), "0A1B2C3D4E"))
    app.step(1 / 60)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_real_cards_from_the_menu_to_the_summary(size):
    app = make_app(size)
    try:
        tap_button(app, "real cards")
        assert app.scene.name == "referee"
        session = app.scene.session
        assert session.phase == SETUP
        tap_button(app, "seat_W")  # West: an AI
        assert Seat.W in session.ai_seats
        tap_button(app, "dealer")  # North -> East
        tap_button(app, "start")
        assert session.phase == TRUMP and session.dealer == Seat.E
        record = DealRecord.deal(Seat.E, seed=9)
        tap_button(app, ["trump_0", "trump_1", "trump_2", "trump_3"][record.trump_card.suit])
        assert session.phase == AI_HANDS
        for card in sorted(record.hands()[Seat.W]):
            scan(app, card)
        assert session.phase == PLAY
        hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
        app.queue.post(ReaderStatus(False, "reader disconnected"))
        app.step(1 / 60)
        assert "reader disconnected" in session.view().badges
        # Select in play must not undo anything (no primary button there).
        app.queue.post(ButtonEvent(Action.SELECT, source="gpio"))
        app.step(1 / 60)
        while session.phase == PLAY:
            v = session.view()
            seat = session.deal.turn
            if v.expected_card is None and seat == Seat.W:
                app.step(1 / 60)  # the AI answers on the worker (synchronous in tests)
                continue
            led = session.deal.current.led_suit
            follow = [c for c in hands[seat] if c.suit == led]
            card = Card(v.expected_card) if seat == Seat.W else min(follow or hands[seat])
            before = len(session.deal.actions)
            scan(app, card)
            assert len(session.deal.actions) == before + 1, session.messages[-1].text
            hands[seat].discard(card)
        assert session.phase == HAND_OVER and session.view().summary
        tap_button(app, "next")
        assert session.phase == TRUMP and session.dealer == Seat.S
        assert sum(session.match.hands[-1].tricks) == 13
        # Back with nothing to undo leaves for the menu; the rubber is kept.
        tap_button(app, "back")
        assert app.scene.name == "menu"
        tap_button(app, "real cards")
        assert app.scene.session is session and len(session.match.hands) == 1
    finally:
        app.close()


SHOTS = ("referee", "referee-readers", "referee-rack", "referee-taken", "referee-unplugged", "referee-hand",
         "referee-bids", "referee-kitty")


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_every_game_s_real_cards_screen_renders_each_moment_with_fingers_sized_buttons(tmp_path, size):
    """The one referee screen for every game of the registry, at each moment a table reaches with
    cards in hand: it draws, its buttons take a finger (48 px at 800x480) and lie on the screen,
    and the seats' labels stay in the table area."""
    from device.app import referee_shots
    from device.app.scenes.referee import RefereeScene
    from engine.games import GAMES

    for game in GAMES:
        app = make_app(size, game=game)
        try:
            for scene in SHOTS:
                if scene == "referee":
                    app.referee_session = None
                    app.go("referee")
                else:
                    referee_shots.prepare(app, scene, seed=1)
                shown = app.scene
                assert isinstance(shown, RefereeScene), (game, scene)
                app.step(1 / 60)
                shown.ensure_layout(app.size)
                screen = pygame.Rect((0, 0), app.size)
                for b in shown.buttons.buttons:
                    if b.name == "back":
                        continue  # the header's, every screen's (device.app.scenes.base)
                    assert screen.contains(b.rect), (game, scene, b.name, b.rect)
                    assert min(b.rect.size) >= shown.px(48), (game, scene, b.name, b.rect)
                view = shown.session.view()
                if view.phase in (PLAY, AI_HANDS) and shown.showing_taken is None:
                    for sv in view.seats:
                        for _, _, where in shown.seat_label(view, sv.seat):
                            assert shown.table_rect.contains(where), (game, scene, sv.name, where)
        finally:
            app.close()
