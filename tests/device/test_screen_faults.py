"""What a player saw going wrong on the 800x480 screen (issue 30, items 13-21), driven
through the app with posted events on SDL's dummy driver. Item 15 (the 10's index) is
in test_card_faces.py."""

from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from device.app.main import _play_out  # noqa: E402
from device.app.render import theme  # noqa: E402
from device.app.testing import make_app, run_until, tap, tap_button, tap_setting  # noqa: E402
from device.events import Action, ButtonEvent  # noqa: E402
from engine.seats import Seat  # noqa: E402


@pytest.fixture
def app():
    a = make_app((800, 480))
    yield a
    a.close()


def _key(app, key: int, steps: int = 1, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    for _ in range(steps):
        app.step(1 / 60)
        if not app.running:
            return


def _finish_hands(app, n: int) -> None:
    session = app.session
    for _ in range(n):
        _play_out(session.shuffle_and_deal(), match=session.match)
        app.stats.record_hand(app.level_key, session.finish(), session.match)


# -- 13 ----------------------------------------------------------------------------------

def test_no_reader_message_names_a_setting_that_turns_the_reader_on(app, ptys):
    from device.app.scenes.referee import NO_READER

    tap_button(app, "real cards")
    assert app.scene.name == "referee"
    app.step()
    assert not app.scene.readers
    named = re.search(r'"([^"]+)" in Settings', NO_READER)
    assert named, f"the message names no setting: {NO_READER!r}"
    tap_button(app, "back")
    tap_button(app, "settings")
    # The reader's port comes from the config file; here a pty stands in for it.
    app.config = app.config.updated({"reader": {"port": ptys().path}})
    app.scene.relayout()
    tap_setting(app, "enabled")
    assert app.config.reader.enabled
    labels = [s.label for _, s in app.scene.rows]  # the page of the row just changed
    assert named.group(1) in labels, (named.group(1), labels)
    tap_button(app, "back")
    tap_button(app, "real cards")
    app.step()
    try:
        assert app.scene.readers  # the setting it named really turns the reader on
    finally:
        app.go("menu")


def test_enrol_screen_says_the_same_as_real_cards(app):
    from device.app.scenes import enrol, referee

    assert enrol.NO_READER == referee.NO_READER
    tap_button(app, "settings")
    tap_button(app, "enrol")
    app.step()
    assert app.scene.reader_problem == enrol.NO_READER


# -- 14 ----------------------------------------------------------------------------------

def _south_deals(app):
    _finish_hands(app, 2)  # North dealt the first hand, East the second
    app.session.shuffle_and_deal()
    app.go("table")
    table = app.scene
    assert table.deal.dealer == Seat.S and table.deal.trump_card_showing
    app.step()
    return table


def test_when_south_deals_the_turned_card_is_drawn_once(app):
    table = _south_deals(app)
    turned = table.deal.record.trump_card
    assert turned in table.deal.hand(Seat.S)
    table.card_rect(turned)  # in your hand, where you play it from
    # ... and not a second time, face up on the felt
    assert table.turned_rects == [], "the turned card is drawn beside your hand too"


def test_when_south_deals_the_dealer_mark_is_a_pill_like_the_others(app):
    table = _south_deals(app)
    pills = table.label_rects
    assert Seat.S in pills, "no label for you as the dealer"
    for seat in (Seat.S, Seat.N):  # North: a label of the usual kind, for comparison
        r = pills[seat]
        top_edge = app.canvas.get_at((r.centerx, r.top + 1))[:3]
        assert top_edge in (theme.PANEL, theme.GOLD), (seat, top_edge)
    assert pills[Seat.S].height == pills[Seat.N].height


# -- 16 ----------------------------------------------------------------------------------

def _summary_rows(honours: bool) -> list[tuple[str, str]]:
    a = make_app((800, 480))
    try:
        a.apply_config(a.config.updated({"rules": {"honours": honours}}))
        _finish_hands(a, 1)
        a.go("summary")
        a.step()
        return a.scene.rows()
    finally:
        a.close()


def test_summary_says_nothing_of_honours_the_house_does_not_count():
    rows = _summary_rows(honours=False)
    assert not [r for r in rows if "onours" in r[0] + r[1] or "held" in r[1]], rows


def test_summary_shows_honours_when_the_house_counts_them():
    rows = dict(_summary_rows(honours=True))
    assert "Honours" in rows and "held" in rows["Honours"]


# -- 17 ----------------------------------------------------------------------------------

def test_nothing_shows_through_the_last_trick():
    app = make_app((800, 480), seed=1)  # a deal where you win a trick and lead the next
    try:
        _look_at_the_last_trick(app)
    finally:
        app.close()


def _look_at_the_last_trick(app):
    tap_button(app, "play")
    tap_button(app, "deal")
    table = app.scene
    deal = table.deal
    _play_out(deal, None, lambda d: d.last_trick_viewable and d.turn == Seat.S, match=app.session.match)
    app.step()
    tap_button(app, "last")
    assert table.overlay is not None
    panel = table.overlay_rect.inflate(-8, -8)
    before = pygame.image.tobytes(app.canvas.subsurface(panel), "RGB")
    for status in ("A long message under the overlay, right where the status line is drawn",
                   "Something else entirely, just as long, where the status line is drawn"):
        table.say(status, 60)
        app.step()
        assert pygame.image.tobytes(app.canvas.subsurface(panel), "RGB") == before, status
    tap(app, *panel.center)
    assert table.overlay is None


# -- 18 ----------------------------------------------------------------------------------

def test_your_turn_waits_until_the_last_card_has_landed():
    a = make_app((800, 480), animation="normal")
    try:
        tap_button(a, "play")
        tap_button(a, "deal")
        table = a.scene
        deal = table.deal
        shown_while_moving: list[str] = []

        def moving() -> bool:
            return any(s.progress(a.clock) < 1 for s in table.slides)

        def watch() -> bool:
            if deal.turn == Seat.S and moving():
                shown_while_moving.append(table.status())
            return table.waiting_for_human

        assert run_until(a, watch)
        assert shown_while_moving, "East's card never slid while it was your turn"
        assert not [s for s in shown_while_moving if "your turn" in s.lower()], shown_while_moving
        assert all(s.startswith("Right plays") for s in shown_while_moving), shown_while_moving
        assert table.status() == "Your turn: tap a raised card"
    finally:
        a.close()


# -- 19 ----------------------------------------------------------------------------------

def test_escape_twice_from_the_table_asks_before_quitting(app):
    tap_button(app, "play")
    _key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"
    _key(app, pygame.K_ESCAPE)
    assert app.running and app.scene.name == "quit"
    _key(app, pygame.K_RETURN)  # "Stay" is chosen
    assert app.running and app.scene.name == "menu"
    _key(app, pygame.K_ESCAPE)
    _key(app, pygame.K_ESCAPE)  # Esc on the question stays too
    assert app.running and app.scene.name == "menu"
    tap_button(app, "quit")
    assert app.scene.name == "quit"
    tap_button(app, "quit")
    app.step()
    assert not app.running


def test_in_the_kiosk_no_key_quits():
    from device.app.app import App, AppOptions
    from device.app.input import KEY_ACTIONS
    from device.config import Config

    config = Config().updated({"display": {"animation": "off", "sound": False},
                               "ai": {"partner": "rules", "opponents": "rules"}})
    a = App(config, AppOptions(size=(800, 480), fullscreen=False, kiosk=True, synchronous_ai=True, seed=3))
    try:
        keys = [(k, 0) for k in KEY_ACTIONS]
        keys += [(pygame.K_q, pygame.KMOD_CTRL), (pygame.K_F4, pygame.KMOD_ALT)]
        for start in ("menu", "table", "settings", "summary"):
            for first, mod in keys:
                for second in (pygame.K_ESCAPE, pygame.K_RETURN):
                    a.go(start)
                    a.step()
                    _key(a, first, mod=mod)
                    _key(a, second)
                    assert a.running, (start, pygame.key.name(first), pygame.key.name(second))
        a.go("menu")
        a.step()
        assert "quit" not in [b.name for b in a.scene.buttons.buttons]
    finally:
        a.close()


# -- 20 ----------------------------------------------------------------------------------

def test_score_pad_from_the_summary_goes_back_to_it(app):
    # The summary's and the menu's "Score sheet" became the score pad (issue 31: a list is
    # not the sheet players keep on paper); the list is a button on the pad.
    _finish_hands(app, 1)
    app.go("summary")
    app.step()
    tap_button(app, "score pad")
    assert app.scene.name == "scorepad"
    assert app.scene.buttons.by_name("back").label == "Back"
    tap_button(app, "back")
    assert app.scene.name == "summary"
    tap_button(app, "score pad")
    app.queue.post(ButtonEvent(Action.BACK, source="key"))
    app.step()
    assert app.scene.name == "summary"
    tap_button(app, "menu")
    tap_button(app, "score pad")  # from the menu, Menu takes you back there
    assert app.scene.buttons.by_name("back").label == "Menu"
    tap_button(app, "back")
    assert app.scene.name == "menu"
    tap_button(app, "score pad")
    tap_button(app, "list")  # the same rubber hand by hand; Back returns to the pad
    assert app.scene.name == "scoresheet"
    tap_button(app, "back")
    assert app.scene.name == "scorepad"


# -- 21 ----------------------------------------------------------------------------------

def test_glossary_agrees_with_the_sources(app):
    tap_button(app, "rules")
    lines = app.scene.lines()
    meaning = {lines[i][1]: lines[i + 1][1] for i in range(len(lines) - 1)
               if lines[i][0] == "b" and lines[i + 1][0] == "dim"}
    # The user's source: "Round: Thirteen tricks." A round is not one card from each player.
    assert "thirteen tricks" in meaning["Round"].lower() or "13 tricks" in meaning["Round"]
    assert "each of the four players plays once" not in meaning["Round"]
    trick = meaning["Trick"].lower()
    assert "trump" in trick and "suit led" in trick
