"""Attract mode: the AI plays every seat at a watchable pace, a hand of each game in turn.

The games shown are the config's ``[demo] games`` (every game when empty), or
the one ``whist-table demo --game G`` names. Each is shown on its own table
scene with a session of its own (nobody's store, the match going on from one
turn of the cycle to the next); the seat that table keeps for the person at
the screen is played by the AI worker through device.driver. A touch starts a
hand at the table ("touch to play"); a key or button returns to the menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app import scenes
from device.app.ai_worker import WorkerPlayer
from device.app.render import text, theme
from device.app.scenes.base import Scene
from device.app.scenes.solo_table import SoloTableScene
from device.app.scenes.table import SEAT_LABELS, TableScene
from device.app.session import Session
from device.driver import Driver
from device.events import ButtonEvent, CardScanned, InputEvent, PointerEvent
from engine.cards import Card
from engine.deal import Deal
from engine.games import GAMES, get_game
from engine.scoring import SIDE_LONG_NAMES
from engine.seats import SEAT_NAMES, Seat

if TYPE_CHECKING:
    from device.app.app import App

REST_S = 3.0  # the last hand's result stays this long before the next game is dealt
SEED_STEP = 7919  # the demo's sessions are seeded apart from the table's own (--seed)


def demo_games(app: App, only: str | None = None) -> tuple[str, ...]:
    """The games the demo cycles through: ``only``, else the config's, else every game."""
    if only is not None:
        return (get_game(only).name,)
    return app.config.demo.games or tuple(GAMES)


class DemoTable(TableScene):
    """The four-seat table with nobody at it, saying what each seat does."""

    human_seats: frozenset[Seat] = frozenset()

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.caption = "The AI plays all four seats"
        self.over = False

    @property
    def pace(self) -> float:
        return max(self.app.anim, 1.0)  # watchable even when the table's animation is off

    def status(self) -> str:
        return self.caption

    def after_play(self, seat: Seat, card: Card) -> None:
        deal = self.dealt
        who = SEAT_NAMES[seat]
        cur = deal.current
        if deal.tricks and not cur.cards and deal.tricks[-1].cards[-1] == card:
            winner = deal.tricks[-1].winner(deal.order)
            self.caption = f"{who} plays the {card.name}; {SEAT_NAMES[winner]} wins the trick"
        elif len(cur.cards) == 1:
            self.caption = f"{who} leads the {card.name}"
        elif deal.trump < 4 and card.suit == deal.trump and cur.led_suit != deal.trump:
            self.caption = f"{who} trumps with the {card.name}"
        else:
            self.caption = f"{who} plays the {card.name}"

    def hand_over(self) -> None:
        ns, ew = self.dealt.tricks_taken()
        side = SIDE_LONG_NAMES[0 if ns > ew else 1]
        self.caption = f"{side} take {max(ns, ew)} tricks to {min(ns, ew)}"
        self.over = True


class DemoScene(Scene):
    name = "demo"

    def __init__(self, app: App, only: str | None = None) -> None:
        super().__init__(app)
        self.games = demo_games(app, only)
        self.sessions: dict[str, Session] = {}
        chosen = app.options.game  # the game the table plays is shown first, when it is among them
        self.index = (self.games.index(chosen) if chosen in self.games else 0) - 1
        self.rest = 0.0
        self.table: Scene = self
        self.driver: Driver | None = None
        self.player: WorkerPlayer | None = None

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
            from device.app.app import rules_from_config

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
        """Deal a hand of the next game of the cycle on its own table."""
        if self.player is not None:
            self.player.forget()
        self.index = (self.index + 1) % len(self.games)
        session = self._session(self.game)
        if scenes.table_for(self.game) == "table":
            table: Scene = DemoTable(self.app, session)
        else:
            table = scenes.make(scenes.table_for(self.game), self.app, session=session)
        self.table = table
        self.player = WorkerPlayer(self.app.ai, self.app.config.ai.opponents, session.reproducible,
                                   self.app.ai_budget)
        self.driver = Driver.everyone(session.match, self.player)
        table.ensure_layout(self.app.size)
        table.enter()
        if isinstance(table, DemoTable):
            table.shuffle_and_deal()
        else:
            session.shuffle_and_deal()
        self.rest = 0.0

    def enter(self) -> None:
        self.next_game()

    def leave(self) -> None:
        if self.player is not None:
            self.player.forget()
        if self.table is not self:
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
                if isinstance(table, TableScene):
                    table.shuffle_and_deal()
                elif self.app.session.deal is None and not self.app.session.match.is_over:
                    self.app.session.shuffle_and_deal()
                return
            self.app.go("menu")

    # -- the frame ----------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        if self.table is not self:
            self.table.ensure_layout((w, h))

    def update(self, dt: float) -> None:
        table = self.table
        if table is self:
            return
        if self.rest > 0:
            self.rest -= dt
            if self.rest <= 0:
                self.session.finish()
                self.next_game()
            return
        table.update(dt)
        if isinstance(table, SoloTableScene) and table.waiting_for_human:  # the person's seat: the AI's here
            assert self.driver is not None
            self.driver.step()
        deal = self.deal
        finished = table.over if isinstance(table, DemoTable) else deal is not None and deal.is_over
        if finished:
            self.rest = REST_S
        for b in table.buttons.buttons:
            b.visible = False  # nobody plays here: the demo shows no controls

    def status(self) -> str:
        return self.table.status() if isinstance(self.table, TableScene) else ""

    def draw(self, surf: pygame.Surface) -> None:
        table = self.table
        if table is self:
            return
        table.draw(surf)
        self.dirty = table.dirty
        area = self._caption_area(table)
        big = text.text("Demo", self.px(20), theme.GOLD, True)
        small = text.text("touch to play", self.px(13), theme.INK, True)  # within a 100 px Hint button
        pad = self.px(4)
        box = area.union(pygame.Rect(0, 0, max(big.get_width(), small.get_width()) + 2 * pad,
                                     big.get_height() + small.get_height() + pad).move(area.topleft))
        box.center = area.center
        box.clamp_ip(surf.get_rect())  # the words are wider than a small Hint button
        pygame.draw.rect(surf, theme.FELT_DARK, box, border_radius=self.px(8))
        surf.blit(big, big.get_rect(midbottom=(box.centerx, box.centery + self.px(2))))
        surf.blit(small, small.get_rect(midtop=(box.centerx, box.centery + self.px(2))))
        if self.dirty is not None:
            self.dirty.append(box)

    def _caption_area(self, table: Scene) -> pygame.Rect:
        """Where the table keeps its Hint button (and Last trick, beside it): nobody asks here."""
        area = table.buttons.by_name("hint").rect
        if isinstance(table, TableScene):
            area = area.union(table.b_last.rect)
        return area


__all__ = ["DemoScene", "DemoTable", "SEAT_LABELS", "demo_games"]
