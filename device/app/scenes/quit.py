"""Quit the table? Asked over the screen it came from, with "Stay" chosen.

Every way out of the app through the screen comes here first (the menu's Quit
and Esc, the kiosk admin's "Quit the table"), so no single key or tap closes
the table: Esc and Enter both stay; quitting takes a move to "Quit" and a
press, or a tap on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app.render import layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.events import QuitRequest

if TYPE_CHECKING:
    from device.app.app_protocol import App


class QuitScene(Scene):
    name = "quit"
    title = "Quit the table?"

    def __init__(self, app: App, back: str = "menu") -> None:
        super().__init__(app)
        self.back = back
        # The screen it was asked from, dimmed behind the question.
        self.behind = app.canvas.copy()
        shade = pygame.Surface(self.behind.get_size(), pygame.SRCALPHA)
        shade.fill(theme.SHADE)
        layout.blit(self.behind, shade, (0, 0))

    def note(self) -> str:
        if not self.app.has_game:
            return ""
        if getattr(self.app, "store", None) is not None:
            return "The game in progress is kept: it goes on at the next start."
        return "The game in progress is not kept: it will be lost."

    def layout(self, w: int, h: int) -> None:
        pad = self.px(16)
        pw = min(w - 2 * pad, self.px(520))
        note = self.note()
        self.note_lines = text.wrap(note, self.px(19), pw - 2 * pad) if note else ()
        bh = self.px(60)
        ph = self.px(66) + len(self.note_lines) * text.line_height(self.px(19)) + pad + bh + pad
        self.panel = pygame.Rect(0, 0, pw, min(h - 2 * pad, ph))
        self.panel.center = (w // 2, h // 2)
        bw = (self.panel.w - 3 * pad) // 2
        y = self.panel.bottom - pad - bh
        stay = widgets.Button(pygame.Rect(self.panel.x + pad, y, bw, bh), "Stay", self.on_back, primary=True,
                              font_size=self.px(24), name="stay")
        leave = widgets.Button(pygame.Rect(self.panel.right - pad - bw, y, bw, bh), "Quit", self.quit,
                               font_size=self.px(24), name="quit")
        self.buttons.add(stay)
        self.buttons.add(leave)
        self.buttons.focus = 0

    def on_back(self) -> None:
        self.app.go(self.back)

    def quit(self) -> None:
        # Through the app's one door: a kiosk closes only for its admin screen.
        self.app.queue.post(QuitRequest("admin" if self.back == "admin" else "menu"))

    def draw(self, surf: pygame.Surface) -> None:
        if self.behind.get_size() == surf.get_size():
            layout.blit(surf, self.behind, (0, 0), covers=True)
        else:
            surf.fill(theme.FELT_DARK)
        p = self.panel
        layout.blit(surf, widgets.panel_surface(p.w, p.h, 255), p.topleft)
        t = text.text(self.title, self.px(28), theme.GOLD, True)
        layout.blit(surf, t, t.get_rect(midtop=(p.centerx, p.y + self.px(18))))
        y = p.y + self.px(66)
        for line in self.note_lines:
            s = text.text(line, self.px(19), theme.INK)
            layout.blit(surf, s, s.get_rect(midtop=(p.centerx, y)))
            y += text.line_height(self.px(19))
        self.buttons.draw(surf)
