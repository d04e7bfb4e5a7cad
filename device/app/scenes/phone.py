"""Seat from a phone: choose a seat, and the screen shows the QR code of the table's page
with that seat's one-time code (and the code itself, to type in), until a phone takes it.
A seat a phone holds can be given back to the AI here."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app.render import layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.app.scenes.table.seating import seating_of
from device.remote.qr import matrix
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.remote.pairing import Offer

OFF = ("Seats from phones are off: set enabled = true under [remote] in the config, "
       "or start the table with whist-table play --remote.")


class PhoneScene(Scene):
    name = "phone"
    title = "Seat from a phone"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seating = seating_of(app.session.match.game)
        self.chosen: Seat | None = None
        self.offer: Offer | None = None
        self.url = ""
        self.qr: tuple[tuple[bool, ...], ...] = ()

    @property
    def seats(self) -> list[Seat]:
        return [s for s in self.seating.seats if s != self.seating.you and s not in self.seating.hands]

    def holders(self) -> dict[int, str]:
        return {} if self.app.remote is None else self.app.remote.pairing.holders()

    def choose(self, seat: Seat) -> None:
        remote = self.app.remote
        if remote is None:
            return
        self.chosen = seat
        self.offer, self.url = remote.offer(seat)
        self.qr = matrix(self.url)
        self.relayout()

    def release(self) -> None:
        if self.app.remote is not None and self.chosen is not None:
            self.app.remote.pairing.release(int(self.chosen))
        self.relayout()

    def leave(self) -> None:
        if self.app.remote is not None:
            self.app.remote.pairing.withdraw()

    def update(self, dt: float) -> None:
        # the code taken (or run out): the screen says who sits there now
        if self.offer is not None and self.app.remote is not None and self.app.remote.pairing.offered is None:
            self.offer = None
            self.qr = ()
            self.relayout()

    def layout(self, w: int, h: int) -> None:
        top = self.header()
        pad = self.px(12)
        if self.app.remote is None or self.app.remote_problem:
            return
        portrait = h > w
        holders = self.holders()
        # the seat buttons: a column on the left (a row on top when the screen stands up)
        n = len(self.seats)
        bh = self.px(56)
        if portrait:
            bw = (w - pad * (n + 1)) // max(1, n)
            rects = [pygame.Rect(pad + i * (bw + pad), top, bw, bh) for i in range(n)]
            self.qr_area = pygame.Rect(pad, top + bh + pad, w - 2 * pad, h - top - bh - 2 * pad)
        else:
            bw = min(self.px(220), w // 3)
            rects = [pygame.Rect(pad, top + i * (bh + pad), bw, bh) for i in range(n)]
            self.qr_area = pygame.Rect(bw + 2 * pad, top, w - bw - 3 * pad, h - top - pad)
        for seat, rect in zip(self.seats, rects, strict=True):
            held = holders.get(int(seat))
            label = self.seating.name(seat) if held is None else f"{held} (phone)"
            self.buttons.add(widgets.Button(rect, label, partial(self.choose, seat),
                                            primary=seat == self.chosen, font_size=self.px(20),
                                            name=f"seat-{int(seat)}"))
        if self.chosen is not None and int(self.chosen) in holders:
            r = pygame.Rect(0, 0, min(self.px(300), self.qr_area.w), bh)
            r.midbottom = (self.qr_area.centerx, self.qr_area.bottom)
            self.buttons.add(widgets.Button(r, "Give the seat back to the AI", self.release,
                                            font_size=self.px(20), name="release"))

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.FELT_DARK)
        self.draw_title(surf)
        self.buttons.draw(surf)
        size = self.px(20)
        if self.app.remote is None or self.app.remote_problem:
            y = self.px(90)
            for line in text.wrap(self.app.remote_problem or OFF, size, surf.get_width() - self.px(40)):
                t = text.text(line, size, theme.INK)
                layout.blit(surf, t, t.get_rect(midtop=(surf.get_width() // 2, y)))
                y += text.line_height(size)
            return
        area = self.qr_area
        holders = self.holders()
        if self.offer is None or not self.qr:
            if self.chosen is not None and int(self.chosen) in holders:
                lines = [f"{holders[int(self.chosen)]} plays {self.seating.name(self.chosen)} from a phone."]
            else:
                lines = ["Choose the seat a phone will play."]
            y = area.y + self.px(20)
            for line in lines:
                for part in text.wrap(line, size, area.w - self.px(20)):
                    t = text.text(part, size, theme.INK)
                    layout.blit(surf, t, t.get_rect(midtop=(area.centerx, y)))
                    y += text.line_height(size)
            return
        self._draw_offer(surf, area)

    def _draw_offer(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        assert self.offer is not None and self.chosen is not None
        big, small = self.px(44), self.px(18)
        words = [(f"Scan to play {self.seating.name(self.chosen)}, or open", small, theme.INK_DIM, False),
                 (self.url.split("?")[0], small, theme.INK, False),
                 ("and type the code", small, theme.INK_DIM, False),
                 (" ".join((self.offer.code[:3], self.offer.code[3:])), big, theme.GOLD, True)]
        words_h = sum(text.line_height(s) for _, s, _, _ in words)
        side = area.w >= area.h * 1.4  # the QR beside the words, or above them
        cells = len(self.qr)
        room = min(area.h, area.w // 2) if side else min(area.w, area.h - words_h - self.px(10))
        scale = max(2, room // cells)
        qr_px = scale * cells
        if side:
            qr_rect = pygame.Rect(area.x, area.centery - qr_px // 2, qr_px, qr_px)
            x, y = area.x + qr_px + (area.w - qr_px) // 2, area.centery - words_h // 2
        else:
            qr_rect = pygame.Rect(area.centerx - qr_px // 2, area.y, qr_px, qr_px)
            x, y = area.centerx, qr_rect.bottom + self.px(10)
        # the QR code square by square, dark on white with its quiet border
        pygame.draw.rect(surf, (255, 255, 255), qr_rect)
        for r, row in enumerate(self.qr):
            for c, dark in enumerate(row):
                if dark:
                    cell = (qr_rect.x + c * scale, qr_rect.y + r * scale, scale, scale)
                    pygame.draw.rect(surf, (0, 0, 0), cell)
        for line, size, colour, bold in words:
            t = text.text(text.clip(line, size, area.w - (qr_px if side else 0), bold), size, colour, bold)
            layout.blit(surf, t, t.get_rect(midtop=(x, y)))
            y += text.line_height(size)
