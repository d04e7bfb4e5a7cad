"""Buttons and panels: rounded, big enough to hit with a finger, cached as surfaces."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from device.app.render import layout, text, theme


@lru_cache(maxsize=512)
def button_surface(label: str, w: int, h: int, size: int, state: str, primary: bool) -> pygame.Surface:
    """``state``: "normal", "pressed", "disabled", "focus"."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, h // 4)
    if state == "disabled":
        bg, fg = theme.BUTTON_DISABLED, theme.BUTTON_DISABLED_TEXT
    else:
        bg = theme.BUTTON_PRIMARY if primary else theme.BUTTON
        if state == "pressed":
            r, g, b = bg
            bg = (int(r * 0.8), int(g * 0.8), int(b * 0.8))
        fg = theme.BUTTON_TEXT
    pygame.draw.rect(s, (0, 0, 0, 70), s.get_rect().move(0, max(1, h // 16)), border_radius=radius)
    pygame.draw.rect(s, bg, s.get_rect().inflate(0, -max(1, h // 16)).move(0, 0), border_radius=radius)
    if state == "focus":
        pygame.draw.rect(s, theme.BUTTON_FOCUS, s.get_rect(), max(2, h // 14), border_radius=radius)
    if label:
        fs = text.fit_size(label, size, w - max(8, min(w, h) // 3), True)
        t = text.text(label, fs, fg, True)
        s.blit(t, t.get_rect(center=(w // 2, h // 2 - max(1, h // 32))))
    return s


@lru_cache(maxsize=64)
def panel_surface(w: int, h: int, alpha: int = 215) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(6, min(w, h) // 20)
    pygame.draw.rect(s, (*theme.PANEL, alpha), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, theme.PANEL_EDGE, s.get_rect(), 2, border_radius=radius)
    return s


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_press: Callable[[], object]  # what it returns is ignored
    enabled: bool = True
    primary: bool = False
    visible: bool = True
    font_size: int = 20
    name: str = ""
    pressed: bool = field(default=False, repr=False)

    def draw(self, surf: pygame.Surface, focused: bool = False) -> None:
        if not self.visible:
            return
        state = ("disabled" if not self.enabled else "pressed" if self.pressed
                 else "focus" if focused else "normal")
        surf.blit(button_surface(self.label, self.rect.w, self.rect.h, self.font_size, state, self.primary),
                  self.rect.topleft)
        if layout.LOG.enabled:
            layout.record(surf, layout.BUTTON, self.rect, self.label or self.name, owner=id(self))
            if self.label:
                room = self.rect.w - max(8, min(self.rect.w, self.rect.h) // 3)  # as button_surface fits it
                fs = text.fit_size(self.label, self.font_size, room, True)
                box = pygame.Rect((0, 0), text.font(fs, True).size(self.label))
                box.center = self.rect.center
                layout.record(surf, layout.TEXT, box, self.label, owner=id(self))

    def hit(self, x: float, y: float) -> bool:
        return self.visible and self.rect.collidepoint(x, y)


class ButtonSet:
    """Press on pointer-up over the button that took the pointer-down, so a
    finger sliding off cancels; arrows move the keyboard focus."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.focus: int | None = None
        self._down: Button | None = None

    def add(self, b: Button) -> Button:
        self.buttons.append(b)
        return b

    def clear(self) -> None:
        self.buttons.clear()
        self.focus = None
        self._down = None

    def by_name(self, name: str) -> Button:
        for b in self.buttons:
            if b.name == name or b.label == name:
                return b
        raise KeyError(name)

    def pointer(self, kind: str, x: float, y: float) -> bool:
        """Feed a pointer event; True if a button took it."""
        if kind == "down":
            for b in self.buttons:
                if b.hit(x, y) and b.enabled:
                    self._down = b
                    b.pressed = True
                    return True
            return False
        if kind == "up":
            down, self._down = self._down, None
            if down is None:
                return False
            down.pressed = False
            if down.hit(x, y) and down.enabled:
                down.on_press()
            return True
        if kind == "move" and self._down is not None:
            self._down.pressed = self._down.hit(x, y)
            return True
        return False

    def _usable(self) -> list[int]:
        return [i for i, b in enumerate(self.buttons) if b.visible and b.enabled]

    def move_focus(self, step: int) -> None:
        usable = self._usable()
        if not usable:
            return
        if self.focus not in usable:
            self.focus = usable[0] if step > 0 else usable[-1]
            return
        i = usable.index(self.focus)
        self.focus = usable[(i + step) % len(usable)]

    def activate_focus(self) -> bool:
        if self.focus is not None and self.focus < len(self.buttons):
            b = self.buttons[self.focus]
            if b.visible and b.enabled:
                b.on_press()
                return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surf, focused=(i == self.focus))
