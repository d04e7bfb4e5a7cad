"""The table's buttons, touches and keys, the same in every game: tap a card to
raise it and again to play it (or drag it to the middle), tap the step's
buttons; with keys or the table's buttons, arrows choose (a card, or a button
of the step's panel) and Enter plays or presses, H hints, L shows the last
trick, U takes your card back, D deals."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from device.app.render import text, widgets
from device.app.scenes.table import draw, panels, trick, words
from device.app.scenes.table.table_protocol import Drag
from device.events import Action, ButtonEvent, InputEvent, PointerEvent
from engine.actions import Play
from engine.errors import RulesError

if TYPE_CHECKING:
    from device.app.scenes.table.layout import Geometry
    from device.app.scenes.table.table_protocol import TableScene
    from engine.cards import Card


def layout_buttons(t: TableScene, g: Geometry) -> None:
    fs = t.px(20)
    add = t.buttons.add
    t.b_menu = add(widgets.Button(g.menu, "Menu", t.on_back, font_size=fs, name="menu"))
    t.b_hint = add(widgets.Button(g.hint, "Hint", t.ask_hint, font_size=fs, name="hint"))
    t.b_last = t.buttons.add(widgets.Button(g.last, "Last trick", t.show_last, font_size=fs,
                                                  name="last"))
    # where Hint is: the hint is for your turn, a take-back only for just after it
    t.b_take_back = t.buttons.add(widgets.Button(g.hint.copy(), "Take back", t.take_back,
                                                       font_size=fs, name="takeback", visible=False))
    deal_w, deal_h = t.px(230), t.px(64)
    rect = pygame.Rect(0, 0, deal_w, deal_h)
    rect.center = g.centre
    t.b_deal = t.buttons.add(widgets.Button(rect, "Deal", t.shuffle_and_deal, primary=True,
                                                  font_size=t.px(22), name="deal"))
    t.panel = panels.StepPanel(t.buttons, t.px, t.act_yours)


def refresh_buttons(t: TableScene) -> None:
    deal = t.deal
    # after a hand the result screen deals the next: Deal is only for a table with no hand yet
    t.b_deal.visible = deal is None
    t.b_deal.label = "New game" if t.session.match.is_over else "Deal"
    t.b_take_back.visible = t.can_take_back and not t.waiting_for_human
    t.b_hint.visible = not t.b_take_back.visible
    t.b_hint.enabled = t.waiting_for_human and not t.hint.thinking
    t.b_last.enabled = deal is not None and deal.last_trick_viewable and t.overlay is None
    step = t.step()
    key = (id(deal), len(deal.actions) if deal else -1, step, t.size, t.waiting_for_human)
    if deal is None or not step:
        t.panel.show(key, "", [], t.geo.felt)
        return
    offered = panels.choices(deal, step, t.seating, pile_word(t))
    avoid = trick.bounds(t.geo, t.trick_on_table())
    area = t.geo.felt.copy()
    beside = [r for _, _, r in draw.turned(t)]
    if beside:  # clear of the turned card and its caption
        right = max(r.right for r in beside) + t.geo.pad
        area.width -= right - area.x
        area.x = right
    if text.width(t.status(), t.px(18), True) > t.geo.said.w:
        area.h -= t.px(26)  # room for the status line's second line, above its strip
    t.panel.show(key, step, offered, area, avoid)
    if step == "pick":
        t.panel.pick_seat = deal.turn
        whose = "" if deal.turn == t.you else "of its cards "
        t.panel.refresh_pick(deal, whose)
    t.hint.light()


def pile_word(t: TableScene) -> str:
    """What the pile taken up in an exchange is called (its word in the game's description)."""
    deal = t.deal
    key = deal.game.exchange_pile(deal) if deal is not None else None
    words = {p.key: p.word for p in deal.game.table.piles} if deal is not None else {}
    return words.get(key or "", "the other hand")  # a pile the description does not show


def handle(t: TableScene, ev: InputEvent) -> None:
    if isinstance(ev, PointerEvent):
        _pointer(t, ev)
    elif isinstance(ev, ButtonEvent):
        _button(t, ev.action)


def _pointer(t: TableScene, ev: PointerEvent) -> None:
    if t.overlay is not None:
        if ev.kind == "up":
            t.overlay = None
        return
    if ev.kind == "up" and not t.b_last.enabled and t.b_last.rect.collidepoint(ev.x, ev.y):
        t.show_last()  # says why it is unavailable
    if t.buttons.pointer(ev.kind, ev.x, ev.y):
        return
    if ev.kind == "up" and t.drag is not None and not t.waiting_for_human:
        _not_your_turn(t, ev.x, ev.y)
    if ev.kind == "down":
        if t.held is not None and t.hold_left > 0:
            t.hold_left = 0  # a tap hurries the trick off the table
        card = t.card_at(ev.x, ev.y) if t.waiting_for_human else None
        t.drag = Drag(card, ev.x, ev.y, ev.x, ev.y)
    elif ev.kind == "move" and t.drag is not None:
        t.drag.x, t.drag.y = ev.x, ev.y
        if math.hypot(ev.x - t.drag.x0, ev.y - t.drag.y0) > t.px(14):
            t.drag.moved = True
    elif ev.kind == "up":
        drag, t.drag = t.drag, None
        if drag is None or not t.waiting_for_human:
            return
        card = drag.card
        if drag.moved:
            if card is not None and t.geo.drop.collidepoint(ev.x, ev.y) and t.step() == "":
                t.drag = replace(drag, x=ev.x, y=ev.y)
                play_yours(t, card)
                t.drag = None
            return
        if card is None or t.card_at(ev.x, ev.y) != card:
            return
        tap_card(t, card)


def _not_your_turn(t: TableScene, x: float, y: float) -> None:
    """A tap on your hand while another seat is to act gets an answer."""
    deal = t.deal
    if (deal is None or deal.is_over or t.held is not None or t.dealing is not None
            or t.card_at(x, y) is None):
        return
    turn = deal.turn
    if turn is None or t.actor(deal) in t.human_seats:
        return
    t.say(f"Wait: {words.others_step(deal, t.seating, turn)}, not you")


def play_yours(t: TableScene, card: Card) -> None:
    deal = t.dealt
    turn = deal.turn
    if turn is not None:
        t.play(turn, card)


def tap_card(t: TableScene, card: Card) -> None:
    """Tap to raise, tap again to play (at once where it is your only card); while
    laying away, a tap chooses a card or puts it back."""
    deal = t.dealt
    step = t.step()
    if step == "pick":
        if card in (deal.hand(deal.turn) or ()) if deal.turn is not None else False:
            said = t.panel.toggle(card)
            if said:
                t.say(said)
        return
    if step not in ("", "knock") or deal.turn is None:
        return
    if card == t.selected:
        t.play(deal.turn, card)
        return
    try:
        deal.check(Play(deal.turn, card))
    except RulesError as exc:
        held = deal.playable(deal.turn) or frozenset()
        mine = "its" if deal.turn != t.you else "your"
        t.say(str(exc).capitalize() if card in held else f"Play from {mine} own cards")
        return
    t.selected = card


def _button(t: TableScene, action: Action) -> None:
    if t.overlay is not None:
        t.overlay = None
        return
    if action == Action.BACK:
        t.on_back()
    elif action == Action.HINT:
        t.ask_hint()
    elif action == Action.LAST_TRICK:
        t.show_last()
    elif action == Action.DEAL:
        _deal_key(t)
    elif action == Action.UNDO:
        t.take_back()
    elif action in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
        _arrow(t, 1 if action in (Action.RIGHT, Action.DOWN) else -1)
    elif action == Action.SELECT:
        _enter(t)


def _deal_key(t: TableScene) -> None:
    if t.b_deal.visible:
        t.b_deal.on_press()


def _choosable(t: TableScene) -> list[Card]:
    """The cards arrows move among: those you may play, or (laying away) your cards."""
    deal = t.dealt
    if t.step() == "pick":
        return [c for c, _ in t.tappable() if c in (deal.hand(deal.turn) or ())] \
            if deal.turn is not None else []
    legal = set(deal.legal_moves())
    return [c for c, _ in t.tappable() if c in legal]


def _arrow(t: TableScene, step: int) -> None:
    if not t.waiting_for_human:
        t.buttons.move_focus(step) if t.b_deal.visible else None
        return
    kind = t.step()
    if kind not in ("", "knock", "pick"):
        t.panel.move(step)
        return
    cards = _choosable(t)
    if kind == "knock" and t.panel.focused is not None:
        t.buttons.focus = None  # from Knock back to the cards
    if not cards:
        return
    if t.selected not in cards:
        t.selected = cards[0] if step > 0 else cards[-1]
    else:
        t.selected = cards[(cards.index(t.selected) + step) % len(cards)]


def _enter(t: TableScene) -> None:
    if t.b_deal.visible:
        t.b_deal.on_press()
        return
    if not t.waiting_for_human:
        return
    kind = t.step()
    if kind not in ("", "knock", "pick"):
        if t.panel.focused is None:
            t.panel.move(1)
        else:
            t.panel.press_focused()
        return
    if kind == "pick":
        _pick_key(t)
        return
    if t.selected is None:
        _arrow(t, 1)
    else:
        play_yours(t, t.selected)


def _pick_key(t: TableScene) -> None:
    """Enter while laying away: the chosen card picked (or put back), the choice moving
    on to the next card; with all picked, Enter lays them away."""
    panel = t.panel
    cards = _choosable(t)
    chosen = t.selected
    if chosen is not None and (len(panel.picked) < panel.need or chosen in panel.picked):
        panel.toggle(chosen)
        rest = [c for c in cards if c not in panel.picked]
        after = [c for c in rest if cards.index(c) > cards.index(chosen)] or rest
        t.selected = after[0] if after and len(panel.picked) < panel.need else None
    elif panel.lay_away is not None and panel.lay_away.enabled:
        panel.lay_away_picked()
    else:
        _arrow(t, 1)


__all__ = ["Drag", "handle", "layout_buttons", "pile_word", "play_yours", "refresh_buttons", "tap_card"]
