"""Stats game by game (the Stats screen's "By game"): a chooser of the games the
store holds (each table size apart), and the chosen game's figures in a table,
a column a side, or a seat where each plays alone: hands, tricks, points, and
what the game counts besides (exact bids, contracts made, knockouts: its
description), from device.game_stats, replayed through the engine from the store."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app import game_choice
from device.app.render import felt, text, theme, widgets
from device.app.scenes.base import Scene
from device.game_stats import COLUMN_WORDS, Figures, GameFigures, game_figures
from device.store import StoreError
from engine.errors import WhistError

if TYPE_CHECKING:
    from device.app.app_protocol import App

log = logging.getLogger(__name__)


def column_head(figures: GameFigures, row: Figures) -> str:
    """The side's word: 'We', 'They', or where each plays alone 'You', 'Player 2' ..."""
    return row.who


def cell(figures: GameFigures, row: Figures, column: str) -> str:
    value = getattr(row, column)
    if column == "exact" and row.bids:
        return f"{value} ({100 * value / row.bids:.0f}%)"
    if column == "made" and row.contracts:
        return f"{value} of {row.contracts}"
    return str(value)


class GameStatsScene(Scene):
    name = "game_stats"
    title = "Stats by game"

    def __init__(self, app: App, key: str | None = None) -> None:
        super().__init__(app)
        self.figures = self._read()
        keys = [f.key for f in self.figures]
        if key is None:  # the game at the table first, when it has figures
            name, players = game_choice.current(app)
            key = next((f.key for f in self.figures if (f.game, f.players) == (name, players)),
                       keys[0] if keys else None)
        self.key = key
        self.page: int | None = None  # None: the page with the chosen game

    def _read(self) -> list[GameFigures]:
        store = self.app.store
        if store is None:
            return []
        try:
            return game_figures(store)
        except (StoreError, WhistError) as exc:  # the screen says there is nothing rather than fail
            log.warning("no figures by game: %s", exc)
            return []

    @property
    def chosen(self) -> GameFigures | None:
        return next((f for f in self.figures if f.key == self.key), None)

    def on_back(self) -> None:
        self.app.go("stats")

    def choose(self, key: str) -> None:
        self.key = key
        self.relayout()

    def turn_page(self, step: int) -> None:
        self.page = (self.page or 0) + step
        self.relayout()

    def layout(self, w: int, h: int) -> None:
        self._bg = None
        top = self.header("Back")
        pad = self.px(8)
        bh = self.px(52)
        arrow = self.px(56)
        bw = self.px(140)
        per_page = max(1, (w - 2 * pad - 2 * (arrow + pad) + pad) // (bw + pad))
        pages = max(1, -(-len(self.figures) // per_page))
        if self.page is None:
            keys = [f.key for f in self.figures]
            self.page = keys.index(self.key) // per_page if self.key in keys else 0
        self.page = min(max(0, self.page), pages - 1)
        shown = self.figures[self.page * per_page:(self.page + 1) * per_page]
        x = pad + (arrow + pad if pages > 1 else 0)
        for f in shown:
            short = f.title.removesuffix(" whist").removesuffix(" Whist")
            label = short if not (f.several_sizes or f.teams) else f"{short} · {f.size_word}"
            self.buttons.add(widgets.Button(pygame.Rect(x, top, bw, bh), label, partial(self.choose, f.key),
                                            primary=f.key == self.key, font_size=self.px(19),
                                            name=f"stats-{f.key}"))
            x += bw + pad
        if pages > 1:
            self.buttons.add(widgets.Button(pygame.Rect(pad, top, arrow, bh), "<",
                                            partial(self.turn_page, -1), enabled=self.page > 0,
                                            font_size=self.px(24), name="prev"))
            self.buttons.add(widgets.Button(pygame.Rect(w - pad - arrow, top, arrow, bh), ">",
                                            partial(self.turn_page, 1), enabled=self.page < pages - 1,
                                            font_size=self.px(24), name="next"))
        self.table = pygame.Rect(pad, top + bh + pad, w - 2 * pad, h - top - bh - 2 * pad)

    def lines(self) -> list[list[str]]:
        """The chosen game's table as text: a heading row, then a row a figure."""
        f = self.chosen
        if f is None:
            return []
        out = [["", *(column_head(f, r) for r in f.rows)]]
        for column in f.columns():
            out.append([COLUMN_WORDS[column], *(cell(f, r, column) for r in f.rows)])
        return out

    def summary(self) -> str:
        f = self.chosen
        if f is None:
            return ("No games kept yet: play one and its figures show here." if self.app.store is not None
                    else "There is no game store: the figures by game come from it.")
        finished = f"{f.matches_finished} finished, " if f.matches_finished != f.matches else ""
        return (f"{f.name}: {f.matches} match{'es' if f.matches != 1 else ''} ({finished}"
                f"{f.hands} hand{'s' if f.hands != 1 else ''} scored)")

    def _background(self, w: int, h: int) -> pygame.Surface:
        bg = felt.felt_surface(w, h).copy()
        self.draw_title(bg)
        t = self.table
        bg.blit(widgets.panel_surface(t.w, t.h), t.topleft)
        pad = self.px(10)
        size = self.px(19)
        line = text.line_height(size) + self.px(6)
        s = self.summary()
        fs = text.fit_size(s, self.px(20), t.w - 2 * pad, True, min_size=max(18, self.px(16)))
        head = text.text(s, fs, theme.GOLD, True)
        bg.blit(head, (t.x + pad, t.y + pad))
        rows = self.lines()
        if not rows:
            return bg
        label_w = max(text.width(r[0], size, True) for r in rows) + 2 * pad
        cols = len(rows[0]) - 1
        col_w = (t.w - label_w - pad) // max(1, cols)
        y = t.y + pad + line + self.px(4)
        for i, row in enumerate(rows):
            bold = i == 0
            colour = theme.GOLD if i == 0 else theme.INK
            label = text.text(row[0], size, theme.INK, True)
            bg.blit(label, (t.x + pad, y))
            for c, value in enumerate(row[1:]):
                vs = text.fit_size(value, size, col_w - self.px(4), bold, min_size=max(18, self.px(14)))
                v = text.text(value, vs, colour, bold)
                right = t.x + label_w + (c + 1) * col_w
                bg.blit(v, v.get_rect(topright=(right - self.px(4), y)))
            y += line
            if i == 0:
                rule = y - self.px(3)
                pygame.draw.line(bg, theme.PANEL_EDGE, (t.x + pad, rule), (t.right - pad, rule))
        return bg

    def draw(self, surf: pygame.Surface) -> None:
        self.blit_background(surf)
        self.buttons.draw(surf)


__all__ = ["GameStatsScene", "cell", "column_head"]
