"""Touch that forgives: every card of a 13-card hand has a fingertip's room,
and your own card can be taken back until the next player has played."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.testing import make_app, run_until, tap, tap_button  # noqa: E402
from engine.actions import Play  # noqa: E402
from engine.seats import Seat  # noqa: E402

FINGER = 48


def finger_square(table, card):
    """The centre of a 48 px square wholly on ``card``, every point of which is ``card``."""
    area = table.hit_area(card)
    assert area.w >= FINGER and area.h >= FINGER, f"{card}: only {area.w}x{area.h} px uncovered"
    cx, cy = area.centerx, area.y + min(area.h, table.geo.card_h) // 2
    half = FINGER // 2
    for dx in range(-half, half, 4):
        for dy in range(-half, half, 4):
            assert table.card_at(cx + dx, cy + dy) == card, f"{card}: {dx},{dy} hits a neighbour"
    return cx, cy


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1920, 1080)])
def test_every_card_of_a_13_card_hand_takes_a_48_px_finger(size):
    app = make_app(size)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        assert run_until(app, lambda: table.waiting_for_human)
        hand = table.hand_cards()
        assert len(hand) == 13
        for card in hand:
            x, y = finger_square(table, card)
            tap(app, x, y)
            # a legal card is raised (selected); an illegal one is explained, never another card chosen
            assert table.selected in (card, None)
            if table.selected is None:
                assert table.status()
            table.selected = None
    finally:
        app.close()


def play_by_touch(app, table, card):
    tap(app, *table.tap_point(card))
    tap(app, *table.tap_point(card))


def test_a_misplay_is_taken_back_until_the_next_player_has_played():
    app = make_app((800, 480), animation="normal")
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        deal = app.session.deal
        assert run_until(app, lambda: table.waiting_for_human)
        before = len(app.session.deal.actions)
        card = app.session.deal.legal_moves()[-1]
        play_by_touch(app, table, card)
        assert card not in app.session.deal.hand(Seat.S)
        assert run_until(app, lambda: not table.busy or not table.can_take_back, max_steps=30)
        tap_button(app, "takeback")
        deal = app.session.deal
        assert card in deal.hand(Seat.S) and len(deal.actions) == before
        assert "took back" in table.status()
        assert run_until(app, lambda: table.waiting_for_human)
        # play another card; once the next seat has played there is no taking it back
        other = deal.legal_moves()[0]
        play_by_touch(app, table, other)
        assert run_until(app, lambda: len(app.session.deal.actions) > before + 1
                         or app.session.deal.turn == Seat.S, max_steps=600)
        last = app.session.deal.actions[-1]
        if not (isinstance(last, Play) and last.seat == Seat.S):
            app.step(1 / 60)
            assert not table.can_take_back and not table.b_take_back.visible
    finally:
        app.close()


def test_no_take_back_when_the_house_says_no():
    app = make_app((800, 480), animation="normal")
    try:
        app.apply_config(app.config.updated({"rules": {"take_back": False}}))
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        assert run_until(app, lambda: table.waiting_for_human)
        play_by_touch(app, table, app.session.deal.legal_moves()[0])
        app.step(1 / 60)
        assert not table.can_take_back and not table.b_take_back.visible
    finally:
        app.close()


def test_the_journal_records_the_take_back(tmp_path):
    from device.journal import Journal, table_players
    from device.store import Store

    app = make_app((800, 480), animation="normal")
    store = Store(tmp_path / "t.sqlite3")
    try:
        app.session.attach_journal(Journal(store, table_players("rules", "rules")))
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        assert run_until(app, lambda: table.waiting_for_human)
        before = len(app.session.deal.actions)
        play_by_touch(app, table, app.session.deal.legal_moves()[-1])
        tap_button(app, "takeback")
        resumed = Journal(store, table_players("rules", "rules")).resume()
        assert resumed is not None and len(resumed.current.actions) == before
    finally:
        app.close()
        store.close()


def test_after_a_take_back_the_next_seat_answers_the_card_you_play_instead():
    from device.app.ai_worker import act_fixed

    app = make_app((800, 480), animation="normal", seed=9)  # West answers S's high and low cards apart
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        match = app.session.match

        def answer():
            seat = match.current.turn
            return act_fixed(match.observe(seat), app.ai_level(seat), match.move_seed())

        assert run_until(app, lambda: table.waiting_for_human)
        before = len(match.current.actions)
        legal = sorted(match.current.legal_moves(), key=lambda c: c.rank)
        play_by_touch(app, table, legal[-1])  # the next seat thinks while your card slides
        to_the_first = answer()
        tap_button(app, "takeback")
        assert run_until(app, lambda: table.waiting_for_human)
        play_by_touch(app, table, legal[0])
        expected = answer()
        assert expected != to_the_first
        assert run_until(app, lambda: len(match.current.actions) > before + 1, max_steps=600)
        assert match.current.actions[before:before + 2] == [Play(Seat.S, legal[0]), expected]
    finally:
        app.close()
