"""The table's buttons, touches and keys, the same in every game: tap a card to
raise it and again to play it (or drag it to the middle), tap the step's
buttons; with keys or the table's buttons, arrows choose (a card, or a button
of the step's panel) and Enter plays or presses, H hints, L shows the last
trick, U takes your card back, D deals."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from device.app.render import widgets
from device.app.scenes.table import panels, trick
from device.events import Action, ButtonEvent, InputEvent, PointerEvent
from engine.actions import Play
from engine.errors import RulesError
from engine.game import Phase

if TYPE_CHECKING:
    from device.app.scenes.table.layout import Geometry
    from device.app.scenes.table.scene import TableScene
    from engine.cards import Card


@dataclass
class Drag:
    """A pointer held down on the table: where it went down and where it is now."""

    card: Card | None  # the card it went down on
    x0: float
    y0: float
    x: float
    y: float
    moved: bool = False  # further than a tap's wobble


class TableControls:
    drag: Drag | None = None

    def layout_buttons(self: TableScene, g: Geometry) -> None:
        fs = self.px(20)
        self.b_menu = self.buttons.add(widgets.Button(g.menu, "Menu", self.on_back, font_size=fs, name="menu"))
        self.b_hint = self.buttons.add(widgets.Button(g.hint, "Hint", self.ask_hint, font_size=fs, name="hint"))
        self.b_last = self.buttons.add(widgets.Button(g.last, "Last trick", self.show_last, font_size=fs,
                                                      name="last"))
        # where Hint is: the hint is for your turn, a take-back only for just after it
        self.b_take_back = self.buttons.add(widgets.Button(g.hint.copy(), "Take back", self.take_back,
                                                           font_size=fs, name="takeback", visible=False))
        deal_w, deal_h = self.px(230), self.px(64)
        rect = pygame.Rect(0, 0, deal_w, deal_h)
        rect.center = g.centre
        self.b_deal = self.buttons.add(widgets.Button(rect, "Deal", self.shuffle_and_deal, primary=True,
                                                      font_size=self.px(22), name="deal"))
        self.panel = panels.StepPanel(self.buttons, self.px, self.act_yours)

    def refresh_buttons(self: TableScene) -> None:
        deal = self.deal
        over = deal is None or deal.is_over and not self.seating.partners
        self.b_deal.visible = over
        self.b_deal.label = ("New game" if self.session.match.is_over or self._match_won() else
                             "Deal" if deal is None else "Next hand")
        self.b_take_back.visible = self.can_take_back and not self.waiting_for_human
        self.b_hint.visible = not self.b_take_back.visible
        self.b_hint.enabled = self.waiting_for_human and not self.hint.thinking
        self.b_last.enabled = deal is not None and deal.last_trick_viewable and self.overlay is None
        step = self.step()
        key = (id(deal), len(deal.actions) if deal else -1, step, self.size, self.waiting_for_human)
        if deal is None or not step:
            self.panel.show(key, "", [], self.geo.felt)
            return
        offered = panels.choices(deal, step, self.seating, self.pile_word())
        avoid = trick.bounds(self.geo, self.trick_on_table())
        self.panel.show(key, step, offered, self.geo.felt, avoid)
        if step == "pick":
            self.panel.pick_seat = deal.turn
            whose = "" if deal.turn == self.you else "of its cards "
            self.panel.refresh_pick(deal, whose)
        self.hint.light()

    def _match_won(self: TableScene) -> bool:
        deal = self.deal
        if deal is None or not deal.is_over:
            return False
        return self._finished and self.session.match.is_over

    def pile_word(self: TableScene) -> str:
        """The word for the pile taken up in an exchange (the other hand to keep)."""
        deal = self.deal
        pile = deal.game.exchange_pile(deal) if deal is not None else None
        return pile or "other hand"

    # ------------------------------------------------------------------ input
    def on_back(self: TableScene) -> None:
        self.app.go("menu")

    def ask_hint(self: TableScene) -> None:
        if self.waiting_for_human:
            self.hint.ask()

    def handle(self: TableScene, ev: InputEvent) -> None:
        if isinstance(ev, PointerEvent):
            self._pointer(ev)
        elif isinstance(ev, ButtonEvent):
            self._button(ev.action)

    def _pointer(self: TableScene, ev: PointerEvent) -> None:
        if self.overlay is not None:
            if ev.kind == "up":
                self.overlay = None
            return
        if ev.kind == "up" and not self.b_last.enabled and self.b_last.rect.collidepoint(ev.x, ev.y):
            self.show_last()  # says why it is unavailable
        if self.buttons.pointer(ev.kind, ev.x, ev.y):
            return
        if ev.kind == "up" and self.drag is not None and not self.waiting_for_human:
            self._not_your_turn(ev.x, ev.y)
        if ev.kind == "down":
            if self.held is not None and self.hold_left > 0:
                self.hold_left = 0  # a tap hurries the trick off the table
            card = self.card_at(ev.x, ev.y) if self.waiting_for_human else None
            self.drag = Drag(card, ev.x, ev.y, ev.x, ev.y)
        elif ev.kind == "move" and self.drag is not None:
            self.drag.x, self.drag.y = ev.x, ev.y
            if math.hypot(ev.x - self.drag.x0, ev.y - self.drag.y0) > self.px(14):
                self.drag.moved = True
        elif ev.kind == "up":
            drag, self.drag = self.drag, None
            if drag is None or not self.waiting_for_human:
                return
            card = drag.card
            if drag.moved:
                if card is not None and self.geo.drop.collidepoint(ev.x, ev.y) and self.step() == "":
                    self.drag = replace(drag, x=ev.x, y=ev.y)
                    self.play_yours(card)
                    self.drag = None
                return
            if card is None or self.card_at(ev.x, ev.y) != card:
                return
            self.tap_card(card)

    def _not_your_turn(self: TableScene, x: float, y: float) -> None:
        """A tap on your hand while another seat is to act gets an answer."""
        deal = self.deal
        if (deal is None or deal.is_over or self.held is not None or self.dealing is not None
                or self.card_at(x, y) is None):
            return
        turn = deal.turn
        if turn is None or self.actor(deal) in self.human_seats:
            return
        verb = "bid" if deal.phase == Phase.AUCTION else "play"
        self.say(f"Wait: {self.seating.name(turn)} is to {verb}, not you")

    def play_yours(self: TableScene, card: Card) -> None:
        deal = self.dealt
        turn = deal.turn
        if turn is not None:
            self.play(turn, card)

    def tap_card(self: TableScene, card: Card) -> None:
        """Tap to raise, tap again to play (at once where it is your only card); while
        laying away, a tap chooses a card or puts it back."""
        deal = self.dealt
        step = self.step()
        if step == "pick":
            if card in (deal.hand(deal.turn) or ()) if deal.turn is not None else False:
                said = self.panel.toggle(card)
                if said:
                    self.say(said)
            return
        if step not in ("", "knock") or deal.turn is None:
            return
        if card == self.selected:
            self.play(deal.turn, card)
            return
        try:
            deal.check(Play(deal.turn, card))
        except RulesError as exc:
            held = deal.playable(deal.turn) or frozenset()
            mine = "its" if deal.turn != self.you else "your"
            self.say(str(exc).capitalize() if card in held else f"Play from {mine} own cards")
            return
        self.selected = card

    def _button(self: TableScene, action: Action) -> None:
        if self.overlay is not None:
            self.overlay = None
            return
        if action == Action.BACK:
            self.on_back()
        elif action == Action.HINT:
            self.ask_hint()
        elif action == Action.LAST_TRICK:
            self.show_last()
        elif action == Action.DEAL:
            self._deal_key()
        elif action == Action.UNDO:
            self.take_back()
        elif action in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
            self._arrow(1 if action in (Action.RIGHT, Action.DOWN) else -1)
        elif action == Action.SELECT:
            self._enter()

    def _deal_key(self: TableScene) -> None:
        if self.b_deal.visible:
            self.b_deal.on_press()

    def _choosable(self: TableScene) -> list[Card]:
        """The cards arrows move among: those you may play, or (laying away) your cards."""
        deal = self.dealt
        if self.step() == "pick":
            return [c for c, _ in self.tappable() if c in (deal.hand(deal.turn) or ())] \
                if deal.turn is not None else []
        legal = set(deal.legal_moves())
        return [c for c, _ in self.tappable() if c in legal]

    def _arrow(self: TableScene, step: int) -> None:
        if not self.waiting_for_human:
            self.buttons.move_focus(step) if self.b_deal.visible else None
            return
        kind = self.step()
        if kind not in ("", "knock", "pick"):
            self.panel.move(step)
            return
        cards = self._choosable()
        if kind == "knock" and self.panel.focused is not None:
            self.buttons.focus = None  # from Knock back to the cards
        if not cards:
            return
        if self.selected not in cards:
            self.selected = cards[0] if step > 0 else cards[-1]
        else:
            self.selected = cards[(cards.index(self.selected) + step) % len(cards)]

    def _enter(self: TableScene) -> None:
        if self.b_deal.visible:
            self.b_deal.on_press()
            return
        if not self.waiting_for_human:
            return
        kind = self.step()
        if kind not in ("", "knock", "pick"):
            if self.panel.focused is None:
                self.panel.move(1)
            else:
                self.panel.press_focused()
            return
        if kind == "pick":
            self._pick_key()
            return
        if self.selected is None:
            self._arrow(1)
        else:
            self.play_yours(self.selected)

    def _pick_key(self: TableScene) -> None:
        """Enter while laying away: the chosen card picked (or put back), the choice moving
        on to the next card; with all picked, Enter lays them away."""
        panel = self.panel
        cards = self._choosable()
        chosen = self.selected
        if chosen is not None and (len(panel.picked) < panel.need or chosen in panel.picked):
            panel.toggle(chosen)
            rest = [c for c in cards if c not in panel.picked]
            after = [c for c in rest if cards.index(c) > cards.index(chosen)] or rest
            self.selected = after[0] if after and len(panel.picked) < panel.need else None
        elif panel.lay_away is not None and panel.lay_away.enabled:
            panel.lay_away_picked()
        else:
            self._arrow(1)


__all__ = ["Drag", "TableControls"]
