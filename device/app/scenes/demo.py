"""Attract mode: the AI plays every seat at a watchable pace, a hand of each game in turn.

The games shown are the config's ``[demo] games`` (every game when empty), or
the one ``whist-table demo --game G`` names, starting with the game the table
plays. Each is shown on the table with nobody at it and a session of its own
(nobody's store; its match goes on from one turn of the cycle to the next).
A touch starts a hand at the table ("touch to play"); a key or button returns
to the menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app.house_rules import rules_from_config
from device.app.render import text, theme
from device.app.scenes.base import Scene
from device.app.scenes.table import SEAT_LABELS, TableScene
from device.app.session import Session
from device.events import ButtonEvent, CardScanned, InputEvent, PointerEvent
from engine.deal import Deal
from engine.games import GAMES, get_game
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app_protocol import App

REST_S = 3.0  # the last hand's result stays this long before the next game is dealt
SEED_STEP = 7919  # the demo's sessions are seeded apart from the table's own (--seed)


def demo_games(app: App, only: str | None = None) -> tuple[str, ...]:
    """The games the demo cycles through: ``only``, else the config's, else every game."""
    if only is not None:
        return (get_game(only).name,)
    return app.config.demo.games or tuple(GAMES)


class DemoTable(TableScene):
    """The table with nobody at it: the AI at every seat, its status line saying what each does."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.over = False

    @property
    def human_seats(self) -> frozenset[Seat]:
        return frozenset()

    @property
    def pace(self) -> float:
        return max(self.app.anim, 1.0)  # watchable even when the table's animation is off

    def hand_over(self) -> None:
        self.event = self.preview()
        self.over = True  # the demo scores it after a rest, then deals the next game


class DemoScene(Scene):
    name = "demo"

    def __init__(self, app: App, only: str | None = None) -> None:
        super().__init__(app)
        self.games = demo_games(app, only)
        self.sessions: dict[str, Session] = {}
        chosen = app.options.game  # the game the table plays is shown first, when it is among them
        self.index = (self.games.index(chosen) if chosen in self.games else 0) - 1
        self.rest = 0.0
        self.table: DemoTable | None = None

    # -- the cycle -------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.games[self.index]

    @property
    def session(self) -> Session:
        return self.sessions[self.game]

    @property
    def deal(self) -> Deal | None:
        return self.session.deal

    def _session(self, name: str) -> Session:
        if name not in self.sessions:
            options = self.app.options
            offset = SEED_STEP * (1 + self.games.index(name))
            players = options.players if name == options.game else None  # the table's size of its game
            self.sessions[name] = Session(rules_from_config(self.app.config, name, players),
                                          seed=None if options.seed is None else options.seed + offset)
        session = self.sessions[name]
        if session.match.is_over:
            session.new_rubber()
        return session

    def next_game(self) -> None:
        """Deal a hand of the next game of the cycle on a table of its own."""
        if self.table is not None:
            self.table.leave()
        self.index = (self.index + 1) % len(self.games)
        table = DemoTable(self.app, self._session(self.game))
        self.table = table
        table.ensure_layout(self.app.size)
        table.enter()
        table.shuffle_and_deal()
        self.rest = 0.0

    def enter(self) -> None:
        self.next_game()

    def leave(self) -> None:
        if self.table is not None:
            self.table.leave()

    # -- input: a touch plays, a key or button goes to the menu ---------------------------
    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, PointerEvent | ButtonEvent | CardScanned):
            if isinstance(ev, PointerEvent) and ev.kind != "down":
                return
            if isinstance(ev, PointerEvent):
                # "touch to play": straight to a hand of your own (or back to the one you left)
                self.app.go("table")
                table = self.app.scene
                assert isinstance(table, TableScene)
                table.shuffle_and_deal()
                return
            self.app.go("menu")

    # -- the frame ----------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        if self.table is not None:
            self.table.ensure_layout((w, h))

    def update(self, dt: float) -> None:
        table = self.table
        if table is None:
            return
        if self.rest > 0:
            self.rest -= dt
            if self.rest <= 0:
                self.session.finish()
                self.next_game()
            return
        table.update(dt)
        if table.over:
            self.rest = REST_S
        for b in table.buttons.buttons:
            b.visible = False  # nobody plays here: the demo shows no controls

    def status(self) -> str:
        return "" if self.table is None else self.table.status()

    def draw(self, surf: pygame.Surface) -> None:
        table = self.table
        if table is None:
            return
        table.draw(surf)
        self.dirty = table.dirty
        area = table.b_hint.rect  # where the table keeps its Hint button: nobody asks here
        big = text.text("Demo", self.px(20), theme.GOLD, True)
        small = text.text("touch to play", self.px(13), theme.INK, True)  # within a 100 px Hint button
        pad = self.px(4)
        box = area.union(pygame.Rect(0, 0, max(big.get_width(), small.get_width()) + 2 * pad,
                                     big.get_height() + small.get_height() + pad).move(area.topleft))
        box.center = area.center
        box.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, theme.FELT_DARK, box, border_radius=self.px(8))
        surf.blit(big, big.get_rect(midbottom=(box.centerx, box.centery + self.px(2))))
        surf.blit(small, small.get_rect(midtop=(box.centerx, box.centery + self.px(2))))
        if self.dirty is not None:
            self.dirty.append(box)


__all__ = ["DemoScene", "DemoTable", "SEAT_LABELS", "demo_games"]
