"""Abandon this rubber? Asked over the screen it came from, with "Keep playing" chosen.

Abandoning ends the rubber in play unscored (the store marks it abandoned, so a
restart does not resume it) and starts a new one under the house rules as they
are set now, so rules changed in Settings apply at once instead of waiting for
the next rubber.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device import vocabulary
from device.app.render import layout, text, theme, widgets
from device.app.scenes.base import Scene

if TYPE_CHECKING:
    from device.app.app_protocol import App


class AbandonScene(Scene):
    """The question over a shaded copy of the screen behind: ``note`` says what is lost,
    "Keep playing" (chosen) goes back, the other button does ``confirm``."""

    name = "abandon"
    title = "Abandon this rubber?"
    confirm_label = "Abandon"

    def __init__(self, app: App, back: str = "settings") -> None:
        super().__init__(app)
        self.back = back
        self.word = vocabulary.match_word(app.session.match.game)
        self.title = f"Abandon this {self.word}?"
        self.behind = app.canvas.copy()
        shade = pygame.Surface(self.behind.get_size(), pygame.SRCALPHA)
        shade.fill(theme.SHADE)
        layout.blit(self.behind, shade, (0, 0))

    def note(self) -> str:
        m = self.app.session.match
        sides = vocabulary.side_words(m.game)
        where = f"It stands at game {len(m.games) + 1}: {vocabulary.by_side(sides, m.game_score)}"
        if m.game.games_to_win(m.rules) > 1:
            where += f"; games {vocabulary.by_side(sides, m.games_won)}"
        rules = ("the house rules you have just set" if self.app.session.pending_rules is not None
                 else "the same house rules")
        return f"{where}. It ends unscored and a new {self.word} starts under {rules}."

    def layout(self, w: int, h: int) -> None:
        pad = self.px(16)
        pw = min(w - 2 * pad, self.px(560))
        size = self.px(20)
        self.note_lines = text.wrap(self.note(), size, pw - 2 * pad)
        bh = self.px(60)
        ph = self.px(66) + len(self.note_lines) * text.line_height(size) + pad + bh + pad
        self.panel = pygame.Rect(0, 0, pw, min(h - 2 * pad, ph))
        self.panel.center = (w // 2, h // 2)
        bw = (self.panel.w - 3 * pad) // 2
        y = self.panel.bottom - pad - bh
        self.buttons.add(widgets.Button(pygame.Rect(self.panel.x + pad, y, bw, bh), "Keep playing",
                                        self.on_back, primary=True, font_size=self.px(24), name="keep"))
        self.buttons.add(widgets.Button(pygame.Rect(self.panel.right - pad - bw, y, bw, bh),
                                        self.confirm_label, self.confirm, font_size=self.px(24),
                                        name=self.confirm_label.split()[0].lower()))
        self.buttons.focus = 0  # Enter keeps playing: giving it up takes a move and a press

    def on_back(self) -> None:
        self.app.go(self.back)

    def confirm(self) -> None:
        self.app.session.abandon_rubber()
        self.app.go(self.back)

    def draw(self, surf: pygame.Surface) -> None:
        if self.behind.get_size() == surf.get_size():
            layout.blit(surf, self.behind, (0, 0), covers=True)
        else:
            surf.fill(theme.FELT_DARK)
        p = self.panel
        layout.blit(surf, widgets.panel_surface(p.w, p.h, 255), p.topleft)
        fs = text.fit_size(self.title, self.px(28), p.w - self.px(24), True)
        t = text.text(self.title, fs, theme.GOLD, True)
        layout.blit(surf, t, t.get_rect(midtop=(p.centerx, p.y + self.px(18))))
        y = p.y + self.px(66)
        size = self.px(20)
        for line in self.note_lines:
            s = text.text(line, size, theme.INK)
            layout.blit(surf, s, s.get_rect(midtop=(p.centerx, y)))
            y += text.line_height(size)
        self.buttons.draw(surf)
