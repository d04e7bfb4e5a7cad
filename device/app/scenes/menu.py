"""Title and menu: Play, Game (the game picker), Demo, Real cards, Score pad, History, Stats, Rules, Settings.

When the game store was found damaged at start (and moved aside by the store),
the menu says so in a notice over everything until it is dismissed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app import game_choice
from device.app.render import cards, felt, layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.events import Action, ButtonEvent, InputEvent

if TYPE_CHECKING:
    from device.app.app_protocol import App


def store_notice(app: App) -> str | None:
    """What to tell the players about a damaged store, until they have read it."""
    aside = None if app.store is None else app.store.recovered_from
    if aside is None or app.store_notice_dismissed:
        return None
    return (f"The saved games file was damaged and moved aside to {aside}; "
            "a fresh one was started.")


def game_blurb(app: App, width: int, size: int) -> str:
    """The line under the title: the game the table plays (the Game button changes it),
    with its one-line description where that fits on one line."""
    from engine.games import get_game

    name, players = game_choice.current(app)
    game = get_game(name, players)
    short = f"{game.title} · {game.people} players"
    if game.partnerships:
        short = f"{game.title} · you and an AI partner against two AI opponents"
    long = f"{short} · {game.blurb}"
    return long if text.width(long, size) <= width else short


class MenuScene(Scene):
    name = "menu"

    def dismiss_notice(self) -> None:
        self.app.store_notice_dismissed = True
        self.relayout()

    def _layout_notice(self, w: int, h: int, notice: str) -> None:
        pad = self.px(16)
        self.notice_rect = pygame.Rect(0, 0, min(w - 2 * pad, self.px(640)), min(h - 2 * pad, self.px(300)))
        self.notice_rect.center = (w // 2, h // 2)
        bw, bh = self.px(160), self.px(56)
        ok = pygame.Rect(0, 0, bw, bh)
        ok.midbottom = (self.notice_rect.centerx, self.notice_rect.bottom - pad)
        self.buttons.add(widgets.Button(ok, "OK", self.dismiss_notice, primary=True,
                                        font_size=self.px(24), name="dismiss"))
        self.buttons.focus = 0
        self.notice_lines = text.wrap(notice, self.px(20), self.notice_rect.w - 2 * pad)

    def layout(self, w: int, h: int) -> None:
        self._bg = None
        self.notice = store_notice(self.app)
        if self.notice is not None:
            # Modal: the menu's own buttons come back once it is read.
            self._layout_notice(w, h, self.notice)
            return
        pad = self.px(12)
        self.title_h = self.px(150) if h > w else self.px(120) if h >= w * 0.5 else self.px(96)
        items = [
            ("Continue" if self.app.has_game else "Play", lambda: self.app.go("table"), True),
            ("Game", lambda: self.app.go("games"), False),
            ("Demo", lambda: self.app.go("demo"), False),
            ("Real cards", lambda: self.app.go("referee"), False),
            ("Score pad", lambda: self.app.go("scorepad"), False),
            ("History", lambda: self.app.go("recall"), False),
            ("Stats", lambda: self.app.go("stats"), False),
            ("Rules", lambda: self.app.go("rules"), False),
            ("Settings", lambda: self.app.go("settings"), False),
        ]
        if self.app.remote is not None:
            items.append(("Seat from a phone", lambda: self.app.go("phone"), False))
        cols = 3 if w > h else 2
        rows = (len(items) + cols - 1) // cols
        area = pygame.Rect(pad * 3, self.title_h, w - pad * 6, h - self.title_h - self.px(70))
        bw = min(self.px(230), (area.w - (cols - 1) * pad) // cols)
        bh = min(self.px(84), (area.h - (rows - 1) * pad) // rows)
        gx = area.x + (area.w - (cols * bw + (cols - 1) * pad)) // 2
        gy = area.y + (area.h - (rows * bh + (rows - 1) * pad)) // 2
        for i, (label, fn, primary) in enumerate(items):
            r, c = divmod(i, cols)
            rect = pygame.Rect(gx + c * (bw + pad), gy + r * (bh + pad), bw, bh)
            self.buttons.add(widgets.Button(rect, label, fn, primary=primary,
                                            font_size=text.fit_size(label, self.px(26), bw - self.px(12)),
                                            name=label.lower()))
        small_w, small_h = self.px(110), self.px(48)
        corner = pygame.Rect(w - pad - small_w, h - pad - small_h, small_w, small_h)
        if self.app.kiosk:
            if self.app.config.kiosk.admin_pin:
                self.buttons.add(widgets.Button(corner, "Admin", lambda: self.app.go("pin"),
                                                font_size=self.px(20), name="admin"))
        else:
            self.buttons.add(widgets.Button(corner, "Quit", self._quit, font_size=self.px(20), name="quit"))
        self.buttons.focus = 0

    def update(self, dt: float) -> None:
        # The store is opened after the menu first shows (device.journal.attach_app).
        if store_notice(self.app) != self.notice:
            self.relayout()

    def _quit(self) -> None:
        # Asked first: Esc from the table and Esc again here must not close the table.
        self.app.go("quit", back="menu")

    def on_back(self) -> None:
        if not self.app.kiosk:
            self._quit()

    def handle(self, ev: InputEvent) -> None:
        if self.notice is not None:
            if isinstance(ev, ButtonEvent) and ev.action in (Action.BACK, Action.DEAL):
                self.dismiss_notice()
                return
            super().handle(ev)
            return
        if isinstance(ev, ButtonEvent) and ev.action == Action.DEAL:
            self.app.go("table")
            return
        super().handle(ev)

    def _background(self, w: int, h: int) -> pygame.Surface:
        bg = felt.felt_surface(w, h).copy()
        t = text.text("Whist", self.px(56), theme.INK, True)
        cy = self.title_h // 2
        layout.blit(bg, t, t.get_rect(center=(w // 2, cy - self.px(6))))
        blurb = game_blurb(self.app, w - self.px(40), self.px(18))
        y = cy + self.px(30)
        for line in text.wrap(blurb, self.px(18), w - self.px(40)):
            sub = text.text(line, self.px(18), theme.INK_DIM)
            layout.blit(bg, sub, sub.get_rect(midtop=(w // 2, y)))
            y += text.line_height(self.px(18))
        # A little fan of aces either side of the title.
        ch = self.px(80)
        cw = int(ch * cards.CARD_RATIO)
        x0 = w // 2 - t.get_width() // 2 - self.px(20) - cw - 3 * self.px(16)
        x1 = w // 2 + t.get_width() // 2 + self.px(20)
        four = self.app.config.display.four_colour
        for i, suit in enumerate((0, 1, 2, 3)):
            c = suit * 13 + 12
            y = cy - ch // 2 - self.px(8)
            layout.blit(bg, cards.card_surface(c, cw, ch, four), (x0 + i * self.px(16), y))
            layout.blit(bg, cards.card_surface(c, cw, ch, four), (x1 + i * self.px(16), y))
        return bg

    def draw(self, surf: pygame.Surface) -> None:
        self.blit_background(surf)
        if self.notice is not None:
            self._draw_notice(surf)
        self.buttons.draw(surf)

    def _draw_notice(self, surf: pygame.Surface) -> None:
        r = self.notice_rect
        layout.blit(surf, widgets.panel_surface(r.w, r.h, 245), r.topleft)
        title = text.text("Saved games", self.px(26), theme.GOLD, True)
        layout.blit(surf, title, title.get_rect(midtop=(r.centerx, r.y + self.px(14))))
        y = r.y + self.px(56)
        size = self.px(20)
        for line in self.notice_lines:
            t = text.text(line, size, theme.INK)
            layout.blit(surf, t, t.get_rect(midtop=(r.centerx, y)))
            y += text.line_height(size)
