"""Helpers to drive the app from tests and benchmarks with posted touch events.

Touches go in as real pygame FINGERDOWN/FINGERUP events (normalised window
coordinates, through the rotation), exactly like a touchscreen's.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from device.app.input import to_window
from engine.games import UNNAMED

if TYPE_CHECKING:
    from device.app.app import App


def make_app(size: tuple[int, int] = (800, 480), rotation: int = 0, animation: str = "off",
             seed: int | None = 3, level: str = "rules", synchronous: bool = True, game: str = UNNAMED.name,
             pace: str = "instant", players: int | None = None, **display: object) -> App:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from device.app.app import App, AppOptions
    from device.config import Config

    config = Config().updated({
        "display": {"animation": animation, "sound": False, "rotation": rotation, **display},
        # The AI leads at once unless a test asks for the table's pace.
        "ai": {"partner": level, "opponents": level, "pace": pace},
    })
    return App(config, AppOptions(size=size, fullscreen=False, synchronous_ai=synchronous, seed=seed,
                                  game=game, players=players))


def window_point(app: App, x: float, y: float) -> tuple[float, float]:
    """Logical (drawing) point -> normalised window coordinates of a finger."""
    wx, wy = to_window(app.rotation, app.size, x, y)
    w, h = app.window.get_size()
    return wx / w, wy / h


def finger(app: App, kind: str, x: float, y: float, finger_id: int = 0) -> None:
    nx, ny = window_point(app, x, y)
    etype = {"down": pygame.FINGERDOWN, "up": pygame.FINGERUP, "move": pygame.FINGERMOTION}[kind]
    pygame.event.post(pygame.event.Event(etype, touch_id=1, finger_id=finger_id, x=nx, y=ny,
                                         dx=0.0, dy=0.0, pressure=1.0))


def tap(app: App, x: float, y: float, steps: int = 1) -> None:
    """A finger down and up at a logical point, then ``steps`` frames."""
    finger(app, "down", x, y)
    finger(app, "up", x, y)
    for _ in range(steps):
        app.step(1 / 60)


def tap_button(app: App, name: str) -> None:
    app.scene.ensure_layout(app.size)
    b = app.scene.buttons.by_name(name)
    assert b.visible and b.enabled, f"button {name!r} is not usable"
    tap(app, *b.rect.center)


def tap_setting(app: App, key: str) -> None:
    """Tap a Settings row's value button, turning its pages ("More") to find it."""
    for _ in range(8):
        app.scene.ensure_layout(app.size)
        if any(b.name == key for b in app.scene.buttons.buttons):
            tap_button(app, key)
            return
        tap_button(app, "page")
    raise AssertionError(f"no row {key!r} on any page of Settings")


def run_until(app: App, done: Callable[[], object], max_steps: int = 2000, dt: float = 1 / 60) -> bool:
    for _ in range(max_steps):
        if done():
            return True
        app.step(dt)
    return bool(done())


def hand_result(app: App, max_steps: int = 2000) -> None:
    """After a hand: wait for its result (the summary, or the celebration of a game won)."""
    assert run_until(app, lambda: app.scene.name in ("summary", "celebration"), max_steps), \
        f"the hand's result never showed (still on {app.scene.name!r})"
    app.scene.ensure_layout(app.size)


def next_hand(app: App, max_steps: int = 2000) -> None:
    """After a hand: its result, then the result's Next hand (or New game)."""
    hand_result(app, max_steps)
    primary = next(b for b in app.scene.buttons.buttons if b.primary and b.visible)
    tap(app, *primary.rect.center)
