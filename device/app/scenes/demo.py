"""Attract mode: the AI plays all four seats at a watchable pace, with captions.

A touch starts a hand at the table ("touch to play"); a key or button returns to the menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app.render import text, theme
from device.app.scenes.table import SEAT_LABELS, TableScene
from device.app.session import Session
from device.events import ButtonEvent, CardScanned, InputEvent, PointerEvent
from engine.cards import Card
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App
    from engine.game import GameRules

DEMO_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def demo_rules(app: App) -> GameRules:
    """The game at the table when the four-seat table plays it (classic, Norwegian, Bid
    Whist), else classic whist: the demo is the four-seat table with nobody at it, and
    the game chosen may be one each plays alone (the kiosk starts the demo when idle)."""
    from device.app.app import classic_rules

    rules = app.session.rules
    return rules if app.session.match.game.partnerships else classic_rules(app.config)


class DemoScene(TableScene):
    name = "demo"
    human_seats: frozenset[Seat] = frozenset()

    def __init__(self, app: App) -> None:
        seed = app.options.seed
        super().__init__(app, Session(demo_rules(app), seed=None if seed is None else seed + 7919))
        self.caption = "The AI plays all four seats"
        self.rest = 0.0

    @property
    def pace(self) -> float:
        return max(self.app.anim, 1.0)  # watchable even when the table's animation is off

    def enter(self) -> None:
        self.shuffle_and_deal()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.b_hint.visible = self.b_last.visible = False

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

    def status(self) -> str:
        return self.caption

    def after_play(self, seat: Seat, card: Card) -> None:
        deal = self.dealt
        who = DEMO_NAMES[seat]
        cur = deal.current
        if deal.tricks and not cur.cards and deal.tricks[-1].cards[-1] == card:
            t = deal.tricks[-1]
            winner = t.winner(deal.order)
            self.caption = f"{who} plays the {card.name}; {DEMO_NAMES[winner]} wins the trick"
        elif len(cur.cards) == 1:
            self.caption = f"{who} leads the {card.name}"
        elif deal.trump < 4 and card.suit == deal.trump and cur.led_suit != deal.trump:
            self.caption = f"{who} trumps with the {card.name}"
        else:
            self.caption = f"{who} plays the {card.name}"

    def hand_over(self) -> None:
        ns, ew = self.dealt.tricks_taken()
        side = "North-South" if ns > ew else "East-West"
        self.caption = f"{side} take {max(ns, ew)} tricks to {min(ns, ew)}"
        self.session.finish()
        self.rest = 3.0

    def update(self, dt: float) -> None:
        self.b_hint.visible = self.b_last.visible = False
        if self.rest > 0:
            self.rest -= dt
            if self.rest <= 0:
                self.shuffle_and_deal()
            return
        super().update(dt)

    def draw_extra(self, surf: pygame.Surface) -> None:
        area = self.b_hint.rect.union(self.b_last.rect)
        big = text.text("Demo", self.px(26), theme.GOLD, True)
        small = text.text("touch to play", self.px(18), theme.INK, True)
        surf.blit(big, big.get_rect(midbottom=(area.centerx, area.centery)))
        surf.blit(small, small.get_rect(midtop=(area.centerx, area.centery + self.px(2))))

__all__ = ["DemoScene", "SEAT_LABELS"]
