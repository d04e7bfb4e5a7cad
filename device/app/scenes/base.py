"""What every scene shares: layout on size change, buttons, a header, scrolling text."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app.render import felt, layout, text, theme, widgets
from device.events import Action, ButtonEvent, InputEvent, PointerEvent

if TYPE_CHECKING:
    from device.app.app_protocol import App


class Scene:
    name = ""
    title = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.buttons = widgets.ButtonSet()
        self.size = (0, 0)
        self.u = 1.0
        # Rects changed by the last draw (None: the whole screen), for display.update.
        self.dirty: list[pygame.Rect] | None = None
        # The static layer of scenes that draw one (see blit_background); None = rebuild.
        self._bg: pygame.Surface | None = None

    # sizes, all relative to the window: base values at 800x480 times the unit
    def px(self, base: float) -> int:
        return max(1, int(round(base * self.u)))

    def ensure_layout(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.size = size
            self.u = theme.unit(*size)
            self.buttons.clear()
            self.layout(*size)

    def relayout(self) -> None:
        self.size = (0, 0)
        self.ensure_layout(self.app.size)

    def layout(self, w: int, h: int) -> None:
        pass

    def enter(self) -> None:
        pass

    def leave(self) -> None:
        pass

    def on_back(self) -> None:
        self.app.go("menu")

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, PointerEvent):
            self.buttons.pointer(ev.kind, ev.x, ev.y)
        elif isinstance(ev, ButtonEvent):
            if ev.action in (Action.RIGHT, Action.DOWN):
                self.buttons.move_focus(1)
            elif ev.action in (Action.LEFT, Action.UP):
                self.buttons.move_focus(-1)
            elif ev.action == Action.SELECT:
                self.buttons.activate_focus()
            elif ev.action == Action.BACK:
                self.on_back()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        layout.blit(surf, felt.felt_surface(*surf.get_size()), (0, 0), covers=True)
        self.buttons.draw(surf)

    # -- a header with a back button and a title, used by the list screens --------
    def _background(self, w: int, h: int) -> pygame.Surface:
        raise NotImplementedError(f"{type(self).__name__} draws no static background layer")

    def blit_background(self, surf: pygame.Surface) -> None:
        """Blit the scene's static layer, rebuilt by ``_background`` when missing or resized."""
        if self._bg is None or self._bg.get_size() != surf.get_size():
            self._bg = self._background(*surf.get_size())
        layout.blit(surf, self._bg, (0, 0), covers=True)

    def draw_scroll_arrows(self, surf: pygame.Surface) -> None:
        """Arrows on the scene's "up" and "down" buttons, greyed when they can't scroll."""
        for name, sign in (("up", -1), ("down", 1)):
            b = self.buttons.by_name(name)
            cx, cy, r = b.rect.centerx, b.rect.centery, self.px(14)
            colour = theme.BUTTON_TEXT if b.enabled else theme.BUTTON_DISABLED_TEXT
            pygame.draw.polygon(surf, colour, [(cx - r, cy - sign * r // 2), (cx + r, cy - sign * r // 2),
                                               (cx, cy + sign * r)])

    def header(self, back_label: str = "Menu") -> int:
        """Adds the back button; returns the header's height."""
        h = self.px(56)
        pad = self.px(8)
        self.buttons.add(widgets.Button(pygame.Rect(pad, pad, self.px(96), h - pad), back_label,
                                        self.on_back, font_size=self.px(20), name="back"))
        return h + pad

    def draw_title(self, surf: pygame.Surface) -> None:
        """The title between the header's buttons, centred where there is room for it."""
        size = self.px(28)
        w = self.size[0]
        pad = self.px(8)
        row = [b.rect for b in self.buttons.buttons if b.visible and b.rect.top < self.px(30)]
        left = max([r.right for r in row if r.centerx < w // 2], default=0) + pad
        right = min([r.left for r in row if r.centerx >= w // 2], default=w) - pad
        room = right - left
        fs = text.fit_size(self.title, size, room, True)
        shown = text.clip(self.title, fs, room, True)
        t = text.text(shown, fs, theme.INK, True)
        r = t.get_rect(center=(w // 2, self.px(32)))
        r.clamp_ip(pygame.Rect(left, 0, room, self.px(64)))
        layout.blit(surf, t, r)


class ScrollScene(Scene):
    """A header and a panel of text lines that scrolls by drag, arrows or wheel."""

    def lines(self) -> list[tuple[str, str]]:
        """(style, text): style is "h" heading, "b" bold, "t" text, "dim", "" blank."""
        return []

    def layout(self, w: int, h: int) -> None:
        top = self.header()
        pad = self.px(8)
        bw = self.px(64)
        self.view = pygame.Rect(pad, top, w - 3 * pad - bw, h - top - pad)
        self.scroll = getattr(self, "scroll", 0)
        self._drag: tuple[float, int] | None = None
        half = (self.view.h - pad) // 2
        self.buttons.add(widgets.Button(pygame.Rect(w - pad - bw, top, bw, half), "",
                                        lambda: self.scroll_by(-self.view.h * 0.6),
                                        font_size=self.px(24), name="up"))
        self.buttons.add(widgets.Button(pygame.Rect(w - pad - bw, top + half + pad, bw, half), "",
                                        lambda: self.scroll_by(self.view.h * 0.6),
                                        font_size=self.px(24), name="down"))
        self._content: pygame.Surface | None = None

    def invalidate(self) -> None:
        self._content = None

    def _render_content(self) -> pygame.Surface:
        pad = self.px(12)
        width = self.view.w - 2 * pad
        sizes = {"h": (self.px(24), True, theme.GOLD), "b": (self.px(20), True, theme.INK),
                 "t": (self.px(20), False, theme.INK), "dim": (self.px(18), False, theme.INK_DIM),
                 "mono": (self.px(19), False, theme.INK),
                 "bad": (self.px(19), True, (255, 150, 120))}
        rows: list[tuple[int, pygame.Surface] | int] = []  # (indent, a line) or a gap
        for style, s in self.lines():
            if not style:
                rows.append(self.px(10))
                continue
            size, bold, colour = sizes.get(style, sizes["t"])
            indent = self.px(18) if style in ("dim", "bad") else 0
            for line in text.wrap(s, size, width - indent, bold):
                surf = text.text(line, size, colour, bold)
                rows.append((indent, surf))
        total = pad * 2 + sum(r if isinstance(r, int) else r[1].get_height() + self.px(3) for r in rows)
        content = pygame.Surface((self.view.w, max(total, self.view.h)), pygame.SRCALPHA)
        y = pad
        for r in rows:
            if isinstance(r, int):
                y += r
                continue
            indent, surf = r
            layout.blit(content, surf, (pad + indent, y))
            y += surf.get_height() + self.px(3)
        return content

    @property
    def max_scroll(self) -> int:
        if self._content is None:
            self._content = self._render_content()
        return max(0, self._content.get_height() - self.view.h)

    def scroll_by(self, dy: float) -> None:
        self.scroll = int(min(max(0, self.scroll + dy), self.max_scroll))

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, PointerEvent):
            if self.buttons.pointer(ev.kind, ev.x, ev.y):
                return
            if ev.kind == "down" and self.view.collidepoint(ev.x, ev.y):
                self._drag = (ev.y, self.scroll)
            elif ev.kind == "move" and self._drag is not None:
                y0, s0 = self._drag
                self.scroll = int(min(max(0, s0 - (ev.y - y0)), self.max_scroll))
            elif ev.kind == "up":
                self._drag = None
            return
        if isinstance(ev, ButtonEvent) and ev.action in (Action.UP, Action.DOWN):
            step = self.px(60) if ev.source == "wheel" else self.view.h * 0.3
            self.scroll_by(-step if ev.action == Action.UP else step)
            return
        super().handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        layout.blit(surf, felt.felt_surface(*surf.get_size()), (0, 0), covers=True)
        self.draw_title(surf)
        layout.blit(surf, widgets.panel_surface(self.view.w, self.view.h), self.view.topleft)
        if self._content is None:
            self._content = self._render_content()
        self.scroll = min(self.scroll, self.max_scroll)
        area = pygame.Rect(0, self.scroll, self.view.w, self.view.h)
        layout.blit(surf, self._content, self.view.topleft, area)
        self.buttons.by_name("up").enabled = self.scroll > 0
        self.buttons.by_name("down").enabled = self.scroll < self.max_scroll
        self.buttons.draw(surf)
        self.draw_scroll_arrows(surf)
