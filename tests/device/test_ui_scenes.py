"""Scenes driven by posted touch, mouse and key events (dummy video driver)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from device.app.input import canvas_size, to_logical, to_window  # noqa: E402
from device.app.testing import finger, make_app, run_until, tap, tap_button, tap_setting  # noqa: E402
from device.events import Action, ButtonEvent, QuitRequest  # noqa: E402
from engine.seats import Seat  # noqa: E402


@pytest.fixture
def app():
    a = make_app((800, 480))
    yield a
    a.close()


def _to_table_with_deal(app):
    tap_button(app, "play")
    tap_button(app, "deal")
    table = app.scene
    assert run_until(app, lambda: table.waiting_for_human)
    return table


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotation_maps_touch_onto_what_is_drawn(rotation):
    # A pixel drawn at a logical point must appear where a finger at that point lands.
    window = (40, 30)
    canvas = canvas_size(window, rotation)
    surf = pygame.Surface(canvas)
    surf.fill((0, 0, 0))
    lx, ly = 7, 11
    surf.set_at((lx, ly), (255, 0, 0))
    shown = pygame.transform.rotate(surf, -rotation)
    assert shown.get_size() == window
    wx, wy = to_window(rotation, canvas, lx + 0.5, ly + 0.5)
    assert shown.get_at((int(wx), int(wy)))[:3] == (255, 0, 0)
    back = to_logical(rotation, canvas, wx, wy)
    assert back == pytest.approx((lx + 0.5, ly + 0.5))


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_rotated_screen_shows_every_frame_of_the_animation(rotation):
    # Only the patches that changed are turned and shown; the screen must still equal the
    # whole drawing turned, frame after frame, while cards slide in.
    a = make_app((800, 480), rotation, animation="normal")
    try:
        table = _to_table_with_deal(a)
        partial = 0
        for _ in range(3):
            card = table.deal.legal_moves()[0]
            tap(a, *table.tap_point(card), steps=0)
            tap(a, *table.tap_point(card), steps=0)
            for _ in range(40):
                a.step(1 / 60)
                partial += a.scene.dirty is not None
                expected = pygame.transform.rotate(a.canvas, -rotation)
                assert pygame.image.tobytes(a.window, "RGB") == pygame.image.tobytes(expected, "RGB")
            assert run_until(a, lambda: a.scene.name != "table" or table.waiting_for_human)
            if a.scene.name != "table":
                break
        assert partial > 0  # the patch path was exercised, not only whole redraws
    finally:
        a.close()


def test_synthetic_mouse_from_touch_is_ignored(app):
    tap_button(app, "play")
    assert app.scene.name == "table"
    b = app.scene.buttons.by_name("menu")
    # SDL's mouse copy of a touch carries touch=True: it must not press anything.
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=b.rect.center, button=1, touch=True))
    app.step()
    assert app.scene.name == "table"
    # A real mouse click does.
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=b.rect.center, button=1, touch=False))
    app.step()
    assert app.scene.name == "menu"


def test_a_second_finger_does_not_tap(app):
    b = app.scene.buttons.by_name("settings")
    finger(app, "down", 5, 5, finger_id=0)
    finger(app, "down", *b.rect.center, finger_id=1)
    finger(app, "up", *b.rect.center, finger_id=1)
    finger(app, "up", 5, 5, finger_id=0)
    app.step()
    assert app.scene.name == "menu"


def test_drag_a_card_to_the_centre_plays_it(app):
    table = _to_table_with_deal(app)
    deal = app.session.deal
    card = deal.legal_moves()[0]
    x, y = table.tap_point(card)
    cx, cy = table.geo.centre
    finger(app, "down", x, y)
    for i in range(1, 6):
        finger(app, "move", x + (cx - x) * i / 5, y + (cy - y) * i / 5)
    finger(app, "up", cx, cy)
    app.step()
    assert card not in deal.hand(Seat.S)
    assert any(a.card == card for a in deal.actions)


def test_keys_choose_and_play(app):
    table = _to_table_with_deal(app)
    deal = app.session.deal
    legal = deal.legal_moves()
    app.queue.post(ButtonEvent(Action.RIGHT, source="key"))
    app.step()
    assert table.selected in legal
    chosen = table.selected
    app.queue.post(ButtonEvent(Action.SELECT, source="key"))
    app.step()
    assert chosen not in deal.hand(Seat.S)


def test_last_trick_button_follows_the_rules(app):
    table = _to_table_with_deal(app)
    found = False
    for _ in range(2000):
        if app.scene.name in ("summary", "celebration"):  # South never led this hand: next one
            tap_button(app, "next hand")
            table = app.scene
        deal = app.session.deal
        last = table.buttons.by_name("last")
        assert last.enabled == deal.last_trick_viewable
        if table.waiting_for_human:
            if deal.last_trick_viewable:
                found = True
                break
            card = deal.legal_moves()[0]
            tap(app, *table.tap_point(card))
            tap(app, *table.tap_point(card))
            if app.scene is table:
                assert last.enabled == deal.last_trick_viewable
        else:
            app.step()
    assert found
    tap_button(app, "last")
    assert table.overlay == deal.tricks[-1]
    tap(app, 10, 200)
    assert table.overlay is None
    # Once the next trick's first card is down, the last trick is closed.
    card = deal.legal_moves()[0]
    tap(app, *table.tap_point(card))
    tap(app, *table.tap_point(card))
    assert not deal.last_trick_viewable and not last.enabled


def test_hint_selects_a_legal_card(app):
    table = _to_table_with_deal(app)
    tap_button(app, "hint")
    app.step()
    assert table.hint_card in app.session.deal.legal_moves()
    assert table.selected == table.hint_card
    assert table.status().startswith("Hint:")


def test_settings_take_effect(app):
    tap_button(app, "settings")
    assert app.scene.name == "settings"
    tap_button(app, "target")
    assert app.config.rules.target == 7
    assert app.session.rules.target == 7  # no hand dealt yet: at once
    tap_setting(app, "four_colour")
    assert app.config.display.four_colour
    tap_setting(app, "opponents")
    assert app.config.ai.opponents != app.config.ai.partner
    tap_setting(app, "rotation")
    assert app.rotation == 90
    assert app.size == (480, 800)
    # Touch now goes through the rotation: the buttons still answer where drawn.
    tap_setting(app, "rotation")
    assert app.rotation == 180
    tap_button(app, "back")
    assert app.scene.name == "menu"
    tap_button(app, "play")
    tap_button(app, "deal")
    assert app.session.match.rules.target == 7


def test_rules_change_waits_for_the_next_rubber(app):
    _to_table_with_deal(app)
    tap_button(app, "menu")
    tap_button(app, "settings")
    tap_button(app, "honours")
    assert app.config.rules.honours
    assert not app.session.match.rules.honours
    assert app.session.pending_rules is not None and app.session.pending_rules.honours


def test_demo_exits_on_touch(app):
    tap_button(app, "demo")
    assert app.scene.name == "demo"
    demo = app.scene
    assert run_until(app, lambda: len(demo.deal.actions) >= 3, max_steps=600)
    tap(app, 400, 240)
    # "touch to play" (issue 31 calls going to the menu a bug): a hand of your own
    assert app.scene.name == "table" and app.session.deal is not None


def test_demo_exits_on_a_button(app):
    app.go("demo")
    app.step()
    app.queue.post(ButtonEvent(Action.SELECT))
    app.step()
    assert app.scene.name == "menu"


def test_scroll_screens_scroll_by_drag_and_keys(app):
    tap_button(app, "rules")
    scene = app.scene
    assert scene.max_scroll > 0
    finger(app, "down", 200, 400)
    finger(app, "move", 200, 300)
    finger(app, "up", 200, 300)
    app.step()
    assert scene.scroll == 100
    app.queue.post(ButtonEvent(Action.DOWN, source="key"))
    app.step()
    assert scene.scroll > 100
    tap_button(app, "back")
    assert app.scene.name == "menu"


def test_every_scene_draws_at_small_and_large_sizes():
    for size in ((800, 480), (1920, 1080), (480, 800)):
        a = make_app(size)
        try:
            for name in ("menu", "scoresheet", "stats", "rules", "settings", "review", "summary", "table"):
                a.go(name)
                a.step()
                assert a.scene.name == name
        finally:
            a.close()


def test_kiosk_ignores_window_close_and_escape_until_admin():
    a = make_app((800, 480), synchronous=True)
    a.kiosk = True
    a.config = a.config.updated({"kiosk": {"admin_pin": "2468"}})
    try:
        a.queue.post(QuitRequest("window closed"))
        a.queue.post(ButtonEvent(Action.BACK, source="key"))
        a.step()
        assert a.running and a.scene.name == "menu"
        a.scene.relayout()
        tap_button(a, "admin")
        assert a.scene.name == "pin"
        for k in "1111":
            tap_button(a, k)
        tap_button(a, "OK")
        assert a.scene.name == "pin" and a.scene.wrong
        for k in "2468":
            tap_button(a, k)
        tap_button(a, "OK")
        assert a.scene.name == "admin"
        tap_button(a, "quit the table")
        a.step()
        assert not a.running
    finally:
        a.close()


def test_held_admin_button_opens_admin(app):
    app.queue.post(ButtonEvent(Action.ADMIN, held=True))
    app.step()
    assert app.scene.name == "admin"


def test_ui_keeps_running_while_the_ai_thinks(monkeypatch):
    import threading

    from device.app import ai_worker

    release = threading.Event()
    real_act = ai_worker.act_fixed

    def slow_act(*args, **kwargs):
        release.wait(120)  # the test releases it; the bound only frees the thread if the test fails
        return real_act(*args, **kwargs)

    # what the worker runs for a seeded table's AI seat
    monkeypatch.setattr(ai_worker, "act_fixed", slow_act)
    monkeypatch.setattr(ai_worker, "THINKING_CUE_S", 0.0)
    a = make_app((800, 480), synchronous=False)
    try:
        tap_button(a, "play")
        tap_button(a, "deal")
        table = a.scene
        deal = a.session.deal
        assert deal.turn == Seat.E  # North deals, East leads
        frames = a.frames
        for _ in range(5):
            a.step()
        assert a.frames == frames + 5  # frames go on while East thinks
        assert not deal.actions
        assert table.status() == "Right is thinking…"
        release.set()
        assert run_until(a, lambda: len(deal.actions) >= 1, max_steps=100000)
        assert deal.actions[0].seat == Seat.E
    finally:
        release.set()
        a.close()


def test_the_ai_thinks_while_the_cards_are_still_moving(monkeypatch):
    # On a slow board the AI's search must not add to the wait: it starts as soon
    # as its seat is to play (here while the cards are still being dealt), so its
    # card comes the moment the animation allows, with no "thinking" shown.
    import threading

    from device import moves

    started, release, finished = threading.Event(), threading.Event(), threading.Event()
    real = moves.choose_card_fixed

    def slow_choose(*args, **kwargs):
        started.set()
        release.wait(120)  # the test releases it; the bound only frees the thread if the test fails
        try:
            return real(*args, **kwargs)
        finally:
            finished.set()

    monkeypatch.setattr(moves, "choose_card_fixed", slow_choose)
    a = make_app((800, 480), animation="normal", synchronous=False)
    try:
        tap_button(a, "play")
        tap_button(a, "deal")
        table = a.scene
        deal = a.session.deal
        assert deal.turn == Seat.E
        a.step()
        assert table.status() == "Dealing…"
        assert started.wait(10)  # East is already thinking during the deal
        release.set()
        assert finished.wait(10)
        shown = []
        assert run_until(a, lambda: len(deal.actions) >= 1 or shown.append(table.status()), max_steps=600)
        assert not any("thinking" in s for s in shown)
        assert a.clock < 0.8 + 0.45 + 0.1  # the deal animation, the pause before a card, two frames
    finally:
        release.set()
        a.close()


def test_sound_is_quiet_without_an_audio_device():
    from device.app.sound import Sound

    s = Sound(True)
    for name in ("deal", "play", "trick", "win"):
        s.play(name)  # must not raise, device or not
    s.enabled = False
    s.play("play")


def test_four_colour_deck_draws_diamonds_blue():
    from device.app.render import cards

    def colours(four):
        surf = cards.card_surface(2 * 13 + 12, 140, 200, four)  # the ace of diamonds
        return {tuple(surf.get_at((x, y)))[:3] for x in range(0, 140, 3) for y in range(0, 200, 3)}

    assert (30, 80, 200) not in colours(False)
    assert any(b > 150 and r < 100 for r, g, b in colours(True))


def test_settings_are_saved_to_the_config_file(tmp_path):
    from device.app.app import App, AppOptions
    from device.config import Config, load_config, save_config

    path = tmp_path / "config.toml"
    save_config(Config().updated({"display": {"animation": "off", "sound": False}}), path)
    a = App(load_config(path), AppOptions(size=(800, 480), synchronous_ai=True, persist=True))
    try:
        tap_button(a, "settings")
        tap_setting(a, "four_colour")
        tap_setting(a, "partner")
    finally:
        a.close()
    saved = load_config(path)
    assert saved.display.four_colour
    assert saved.ai.partner == a.config.ai.partner != "hard"


def test_touch_targets_and_text_are_big_enough_at_800x480(monkeypatch):
    from device.app.render import text

    sizes: list[tuple[int, str]] = []
    real = text.text

    def recording(s, size, *args, **kwargs):
        sizes.append((size, s))
        return real(s, size, *args, **kwargs)

    monkeypatch.setattr(text, "text", recording)
    a = make_app((800, 480))
    try:
        from device.app.main import _play_out

        deal = a.session.shuffle_and_deal()
        _play_out(deal, 1, lambda d: len(d.tricks) >= 3 and d.turn == Seat.S)
        for name in ("menu", "table", "settings", "rules", "scoresheet", "stats", "review", "admin", "pin"):
            a.go(name)
            a.step()
            for b in a.scene.buttons.buttons:
                if b.visible:
                    assert min(b.rect.w, b.rect.h) >= 40, (name, b.name, b.rect)
            if name == "table":
                assert a.scene.geo.step >= 48  # the visible strip of each card in your hand
        small = [(size, s) for size, s in sizes if size < 18]
        assert not small, small[:5]
    finally:
        a.close()
