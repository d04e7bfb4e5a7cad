"""Kiosk admin: a PIN keypad, then Quit / Settings / Back."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app.render import layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.events import QuitRequest

if TYPE_CHECKING:
    from device.app.app_protocol import App


class AdminScene(Scene):
    name = "admin"
    title = "Admin"

    def layout(self, w: int, h: int) -> None:
        top = self.header("Back")
        pad = self.px(12)
        bw, bh = min(self.px(300), w - 2 * pad), self.px(64)
        items = [("Quit the table", self.quit, True), ("Settings", lambda: self.app.go("settings"), False),
                 ("Back to menu", lambda: self.app.go("menu"), False)]
        y = top + pad
        for label, fn, primary in items:
            self.buttons.add(widgets.Button(pygame.Rect((w - bw) // 2, y, bw, bh), label, fn, primary=primary,
                                            font_size=self.px(22), name=label.lower()))
            y += bh + pad

    def quit(self) -> None:
        self.app.queue.post(QuitRequest("admin"))

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        self.draw_title(surf)


class PinScene(Scene):
    name = "pin"
    title = "Admin PIN"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entered = ""
        self.wrong = False

    def layout(self, w: int, h: int) -> None:
        top = self.header("Cancel")
        pad = self.px(8)
        self.display_y = top
        key_top = top + self.px(44)
        bh = min(self.px(64), (h - key_top - pad) // 4 - pad)
        bw = min(self.px(110), (w - 4 * pad) // 3)
        x0 = (w - 3 * bw - 2 * pad) // 2
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", "OK"]
        for i, k in enumerate(keys):
            r, c = divmod(i, 3)
            rect = pygame.Rect(x0 + c * (bw + pad), key_top + r * (bh + pad), bw, bh)
            self.buttons.add(widgets.Button(rect, k, partial(self.press, k), primary=(k == "OK"),
                                            font_size=self.px(24), name=k))

    def press(self, key: str) -> None:
        if key == "Clear":
            self.entered = ""
        elif key == "OK":
            if self.entered and self.entered == self.app.config.kiosk.admin_pin:
                self.app.go("admin")
                return
            self.wrong = True
            self.entered = ""
        elif len(self.entered) < 8:
            self.entered += key
            self.wrong = False

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        self.draw_title(surf)
        s = "Wrong PIN" if self.wrong else ("•" * len(self.entered) or "Enter the PIN")
        t = text.text(s, self.px(24), theme.GOLD, True)
        layout.blit(surf, t, t.get_rect(midtop=(self.size[0] // 2, self.display_y)))
