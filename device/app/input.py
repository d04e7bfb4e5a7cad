"""pygame input -> the project's own events, through the screen rotation.

Touch is first class: FINGER events carry coordinates normalised to the
window, which are turned into window pixels and then mapped back through the
rotation into the logical (drawing) space. In pygame 2 the mouse events SDL
synthesises from a touch have ``event.touch`` True: they are dropped so a
tap never counts twice.
"""

from __future__ import annotations

import pygame

from device.events import Action, ButtonEvent, EventQueue, PointerEvent, QuitRequest

KEY_ACTIONS = {
    pygame.K_LEFT: Action.LEFT,
    pygame.K_RIGHT: Action.RIGHT,
    pygame.K_UP: Action.UP,
    pygame.K_DOWN: Action.DOWN,
    pygame.K_RETURN: Action.SELECT,
    pygame.K_KP_ENTER: Action.SELECT,
    pygame.K_SPACE: Action.SELECT,
    pygame.K_ESCAPE: Action.BACK,
    pygame.K_BACKSPACE: Action.BACK,
    pygame.K_h: Action.HINT,
    pygame.K_l: Action.LAST_TRICK,
    pygame.K_d: Action.DEAL,
    pygame.K_u: Action.UNDO,
}


def to_logical(rotation: int, canvas: tuple[int, int], wx: float, wy: float) -> tuple[float, float]:
    """Window pixel -> logical canvas pixel. ``rotation`` turns the drawing clockwise."""
    cw, ch = canvas
    if rotation == 90:
        return wy, ch - wx
    if rotation == 180:
        return cw - wx, ch - wy
    if rotation == 270:
        return cw - wy, wx
    return wx, wy


def to_window(rotation: int, canvas: tuple[int, int], lx: float, ly: float) -> tuple[float, float]:
    """Logical canvas pixel -> window pixel (the inverse of :func:`to_logical`)."""
    cw, ch = canvas
    if rotation == 90:
        return ch - ly, lx
    if rotation == 180:
        return cw - lx, ch - ly
    if rotation == 270:
        return ly, cw - lx
    return lx, ly


def window_rect(rotation: int, canvas: tuple[int, int], rect: pygame.Rect) -> pygame.Rect:
    """Where a logical rectangle lands in the window (edges map like points, so it is exact)."""
    x0, y0 = to_window(rotation, canvas, rect.left, rect.top)
    x1, y1 = to_window(rotation, canvas, rect.right, rect.bottom)
    return pygame.Rect(int(min(x0, x1)), int(min(y0, y1)), int(abs(x1 - x0)), int(abs(y1 - y0)))


def canvas_size(window: tuple[int, int], rotation: int) -> tuple[int, int]:
    w, h = window
    return (h, w) if rotation in (90, 270) else (w, h)


class InputMapper:
    """Feeds pygame events in, posts device events on ``queue``."""

    def __init__(self, queue: EventQueue, window: tuple[int, int], rotation: int = 0) -> None:
        self.queue = queue
        self.window = window
        self.rotation = rotation
        self._finger: int | None = None  # the finger being followed; others are ignored
        self._mouse_down = False

    @property
    def canvas(self) -> tuple[int, int]:
        return canvas_size(self.window, self.rotation)

    def _pointer(self, kind: str, wx: float, wy: float, source: str) -> None:
        x, y = to_logical(self.rotation, self.canvas, wx, wy)
        self.queue.post(PointerEvent(kind, x, y, source))

    def feed(self, ev: pygame.event.Event) -> None:
        t = ev.type
        if t == pygame.QUIT:
            self.queue.post(QuitRequest("window closed"))
        elif t == pygame.KEYDOWN:
            if ev.key == pygame.K_F4 and ev.mod & pygame.KMOD_ALT:
                self.queue.post(QuitRequest("alt-f4"))
                return
            action = KEY_ACTIONS.get(ev.key)
            if action is not None:
                self.queue.post(ButtonEvent(action, source="key"))
            elif ev.key == pygame.K_q and ev.mod & pygame.KMOD_CTRL:
                self.queue.post(QuitRequest("ctrl-q"))
        elif t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            fid = getattr(ev, "finger_id", 0)
            wx, wy = ev.x * self.window[0], ev.y * self.window[1]
            if t == pygame.FINGERDOWN:
                if self._finger is not None:
                    return  # a second finger: ignore (palm, multi-touch)
                self._finger = fid
                self._pointer("down", wx, wy, "touch")
            elif fid == self._finger:
                if t == pygame.FINGERUP:
                    self._finger = None
                    self._pointer("up", wx, wy, "touch")
                else:
                    self._pointer("move", wx, wy, "touch")
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(ev, "touch", False):
                return  # SDL's copy of a touch we already handled
            if t == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                self._mouse_down = True
                self._pointer("down", ev.pos[0], ev.pos[1], "mouse")
            elif t == pygame.MOUSEBUTTONUP and ev.button == 1:
                self._mouse_down = False
                self._pointer("up", ev.pos[0], ev.pos[1], "mouse")
            elif t == pygame.MOUSEMOTION and self._mouse_down:
                self._pointer("move", ev.pos[0], ev.pos[1], "mouse")
        elif t == pygame.MOUSEWHEEL:
            if getattr(ev, "touch", False):
                return
            if ev.y:
                self.queue.post(ButtonEvent(Action.UP if ev.y > 0 else Action.DOWN, source="wheel"))
