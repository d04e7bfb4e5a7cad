"""Drawing the table. Everything that only changes when the game's state changes
is composed into one cached layer; a frame blits it and then the few cards that
are moving. Nothing is drawn over the trick's cards, a hand or a seat's label:
the step's panel lies in the felt between them, and the status line has its own
strip above your hand."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from device import vocabulary
from device.app.render import cards, felt, layout, text, theme
from device.app.scenes.table import trick, words
from device.app.scenes.table.score import draw_scores
from engine.game import Phase

if TYPE_CHECKING:
    from device.app.scenes.table.table_protocol import TableScene
    from engine.cards import Card
    from engine.seats import Seat


def _moving(t: TableScene) -> tuple[Card, ...]:
    now = t.app.clock
    return tuple(s.card for s in t.slides if s.progress(now) < 1)


def _layer_state(t: TableScene) -> tuple[object, ...]:
    deal = t.deal
    return (t.size, id(deal), len(deal.actions) if deal else -1, _moving(t), t.held is not None,
            t.collect is not None, t.selected, t.overlay is not None, t.status(),
            t.thinking_seat, None if t.dealing is None else math.ceil(t.dealing * 13),
            t.drag.card if t.drag and t.drag.moved else None, t.four,
            t.waiting_for_human, id(t.session.match), tuple(sorted(t.panel.picked)), t.event)


def draw(t: TableScene, surf: pygame.Surface) -> None:
    """Blit the cached layer only when it changed; otherwise repair the patches the
    moving cards covered last frame and draw them anew."""
    buttons = tuple((b.enabled, b.visible, b.pressed, b.label, b.primary) for b in t.buttons.buttons)
    key = _layer_state(t) + (buttons, t.buttons.focus, id(surf))
    full = t._layer is None or key != t._layer_key or t._layer.get_size() != surf.get_size()
    if full or t._layer is None:
        layer = t._layer
        if layer is None or layer.get_size() != surf.get_size():
            layer = t._layer = pygame.Surface(surf.get_size()).convert()
        compose(t, layer, _moving(t))
        t.buttons.draw(layer)
        _draw_heads(t, layer)
        if t.overlay is not None:
            deal = t.dealt
            t.overlay_rect = trick.draw_last(layer, t.geo, t.seating, t.overlay.plays(),
                                                t.overlay.winner(deal.order), t.four, t.px(18))
        t._layer_key = key
        layout.clear(surf)
        layout.blit(surf, layer, (0, 0))
        dirty: list[pygame.Rect] = []
    else:
        # patches of the layer, whose boxes are on the screen's log already
        dirty = [surf.blit(t._layer, r, r) for r in t._moved]
    t._moved = _draw_moving(t, surf)
    t.dirty = None if full else dirty + t._moved


def compose(t: TableScene, surf: pygame.Surface, moving: tuple[Card, ...]) -> None:
    g = t.geo
    layout.clear(surf)
    surf.blit(felt.felt_surface(g.w, g.h), (0, 0))
    deal = t.deal
    t.label_rects = {}
    t.fan_rects = []
    draw_scores(t, surf)
    t.draw_extra(surf)
    if deal is not None:
        _draw_others(t, surf)
        _draw_turned(t, surf)
        trick.draw_trick(surf, g, t.trick_on_table(), moving, t.four)
        _draw_yours(t, surf)
    _draw_status(t, surf)


def _draw_others(t: TableScene, surf: pygame.Surface) -> None:
    deal = t.dealt
    g = t.geo
    thinking = t.thinking_seat
    count = None if t.dealing is None else t.dealing
    acting = deal.turn if deal.turn is not None and t.actor(deal) == t.you else None
    playable = set(deal.legal_moves()) if t.waiting_for_human else set()
    for seat in t.seating.others:
        slot = g.slots[seat]
        shown = t.faceup_rects(seat) if count is None else []
        if shown:
            for card, r in shown:
                dim = seat == acting and t.step() == "" and card not in playable
                trick.put_card(surf, card, cards.card_surface(card, r.w, r.h, t.four, dim), topleft=r.topleft)
                _outline(t, surf, card, r)
        else:
            hand = deal.hand(seat) or frozenset()
            held = len(hand)
            if seat == deal.dealer and deal.trump_card_showing and deal.record.trump_card in hand:
                held -= 1  # the turned card lies face up beside the dealer instead
            n = held if count is None else round(held * count)
            if n > 0 and (slot.vertical or t.seating.partners):  # each alone, the label says enough
                _fan(t, surf, slot.rect, slot.vertical, n)
        live = deal.turn == seat and not deal.is_over
        _label(t, surf, seat, slot.label_anchor, slot.label_pos, live, seat == thinking)


def _fan(t: TableScene, surf: pygame.Surface, rect: pygame.Rect, vertical: bool, n: int) -> None:
    g = t.geo
    bw, bh = g.back_w, g.back_h
    if vertical and rect.h < bw:
        return  # a crowded edge: the label alone
    if vertical:
        bh = min(bh, rect.w)
        bw = int(bh * cards.CARD_RATIO)
        step = max(2, min(int(bw * 0.3), int((rect.h - bw) / max(1, n - 1))))
    else:
        bh = min(bh, rect.h)
        bw = int(bh * cards.CARD_RATIO)
        step = max(2, min(int(bw * 0.28), int((rect.w - bw) / max(1, n - 1))))
    fan = cards.fan_surface(n, bw, bh, vertical, step)
    drawn = surf.blit(fan, fan.get_rect(midtop=rect.midtop))
    layout.record(surf, layout.CARD, drawn, f"{n} cards face down")
    t.fan_rects.append(drawn)


def _label(t: TableScene, surf: pygame.Surface, seat: Seat, anchor: str, pos: tuple[int, int],
           turn: bool, thinking: bool) -> None:
    lines = words.label_lines(t.deal, t.seating, seat, t.session.match, thinking)
    size = t.px(18)
    fg = theme.BUTTON_TEXT if turn else theme.INK
    pad = t.px(8)
    room = (t.geo.label_w or t.geo.w) - 2 * pad
    if text.width(lines[0], size, True) > room:
        lines[0] = vocabulary.short_word(lines[0])  # "P3" where seven share a narrow screen's edge
    while len(lines) > 1 and text.width(lines[-1], size) > room and " · " in lines[-1]:
        lines[-1] = lines[-1].rsplit(" · ", 1)[0]  # the score goes first (it is on the score pad)
    rows = [text.text(line, size, fg, i == 0) for i, line in enumerate(lines)]
    w = max(r.get_width() for r in rows) + 2 * pad
    h = sum(r.get_height() for r in rows) + t.px(6)
    box = pygame.Rect(0, 0, w, h)
    setattr(box, anchor, pos)
    box.clamp_ip(surf.get_rect())
    colour = theme.GOLD if turn else theme.PANEL
    pygame.draw.rect(surf, colour, box, border_radius=min(h // 2, t.px(14)))
    y = box.y + t.px(3)
    for r in rows:
        layout.blit(surf, r, r.get_rect(midtop=(box.centerx, y)))
        y += r.get_height()
    t.label_rects[seat] = box


def turned(t: TableScene) -> list[tuple[str, Card, pygame.Rect]]:
    """The turned trump card (yours stays in your hand) and other small face-up piles (a
    stock's top card), with their captions, in a column at the felt's left."""
    deal = t.deal
    if deal is None:
        return []
    g = t.geo
    shown: list[tuple[str, Card]] = []
    turned_card = deal.record.trump_card
    piles = deal.game.visible_piles(deal, t.you)
    # yours stays in your hand, unless it lies in a pile of your own still face down (a packet
    # to come: a per-seat pile is named with the seat's number)
    yours = [cards for name, cards in deal.piles.items() if name.endswith(str(int(t.you)))
             and name.rstrip("0123456789") and name not in piles]
    if deal.trump_card_showing and turned_card is not None and (
            deal.dealer != t.you or any(turned_card in cards for cards in yours)):
        shown.append(("Turned card", turned_card))
    faced = {c for s in t.seating.others for c in t.faceup(s)} | set(t.own_row_cards())
    words_of = {p.key: p.word for p in deal.game.table.piles}
    for name, pile in piles.items():
        if pile and not set(pile) & faced and len(pile) <= 3 and deal.phase == Phase.PLAY:
            word = words_of.get(name, name)
            # one caption over a pile's cards, not one a card
            caption = word.removeprefix("the ").capitalize()
            shown += [(caption if i == 0 else "", c) for i, c in enumerate(pile)]
    step = g.aside.w + g.pad
    return [(caption, card, g.aside.move(i * step, 0)) for i, (caption, card) in enumerate(shown[:3])]


def _draw_turned(t: TableScene, surf: pygame.Surface) -> None:
    t.turned_rects = []
    for caption, card, r in turned(t):
        if caption:
            lab = text.text(caption, t.px(18), theme.INK, True)
            layout.blit(surf, lab, (r.x, r.y - lab.get_height()))
        t.turned_rects.append(trick.put_card(surf, card, cards.card_surface(card, r.w, r.h, t.four),
                                             topleft=r.topleft))


# ------------------------------------------------------------------ yours


def _draw_yours(t: TableScene, surf: pygame.Surface) -> None:
    g = t.geo
    deal = t.dealt
    dragged = t.drag.card if t.drag and t.drag.moved else None
    playable = t.playable()
    your_turn = t.waiting_for_human and deal.turn == t.you and t.step() in ("", "knock")
    for card, r in t.own_row_rects() + t.hand_rects():
        if card == dragged:
            continue
        dim = your_turn and card not in playable
        trick.put_card(surf, card, cards.card_surface(card, r.w, r.h, t.four, dim), topleft=r.topleft)
        _outline(t, surf, card, r)
    if deal.dealer == t.you and t.seating.partners:
        anchor = "bottomleft"
        pos = (g.hand_x0, g.own_row.y if t.own_row_cards() else g.status.y - g.pad // 2)
        _label(t, surf, t.you, anchor, pos, False, False)


def _outline(t: TableScene, surf: pygame.Surface, card: Card, r: pygame.Rect) -> None:
    picked = card in t.panel.picked
    if card == t.selected or picked:
        edge = max(2, t.px(3))
        colour = theme.HIGHLIGHT if card == t.selected else theme.BUTTON_FOCUS
        surf.blit(cards.outline_surface(r.w, r.h, colour, edge), (r.x - edge, r.y - edge))


def _draw_status(t: TableScene, surf: pygame.Surface) -> None:
    """Whose turn and what to do, in its strip above your hand (clear of your label)."""
    status = t.status()
    t.status_rects = []
    if not status:
        return
    g = t.geo
    area = g.said
    mine = t.label_rects.get(t.you)
    if mine is not None and mine.colliderect(area):
        area.width -= mine.right - area.x
        area.x = mine.right + g.pad
    fs = text.fit_size(status, t.px(21), area.w, True, min_size=t.px(18))
    lines = text.wrap(status, fs, area.w, True)
    step = text.line_height(fs, True)
    for i, line in enumerate(reversed(lines[-2:])):  # a second line goes up, into the felt
        st = text.text(line, fs, theme.GOLD, True)
        spot = st.get_rect(center=(area.centerx, area.centery - i * step))
        t.status_rects.append(layout.blit(surf, st, spot))


def _draw_heads(t: TableScene, surf: pygame.Surface) -> None:
    """A grid's row names, left of their first button."""
    for word, rect in t.panel.heads:
        label = text.text(word, text.fit_size(word, t.px(19), rect.w, True, t.px(18)), theme.GOLD, True)
        layout.blit(surf, label, label.get_rect(midright=rect.midright))


def _draw_moving(t: TableScene, surf: pygame.Surface) -> list[pygame.Rect]:
    """Cards in flight; returns the rects drawn. Not in the layout log: they are on their way,
    and the log holds where things lie."""
    g = t.geo
    now = t.app.clock
    out: list[pygame.Rect] = []
    for s in t.slides:
        if s.progress(now) >= 1:
            continue
        img = cards.card_surface(s.card, g.tc_w, g.tc_h, t.four)
        out.append(surf.blit(img, img.get_rect(center=s.at(now))))
    if t.collect is not None:
        done, winner, t0 = t.collect
        p = trick.ease(min(1.0, (now - t0) / max(0.01, 0.3 * t.pace)))
        tx, ty = t.fan_origin(winner)
        for card, _, (sx, sy) in trick.spots(g, done.plays()):
            img = cards.card_surface(card, g.tc_w, g.tc_h, t.four)
            at = (int(sx + (tx - sx) * p), int(sy + (ty - sy) * p))
            out.append(surf.blit(img, img.get_rect(center=at)))
    if t.drag and t.drag.moved and t.drag.card is not None:
        img = cards.card_surface(t.drag.card, g.card_w, g.card_h, t.four)
        out.append(surf.blit(img, img.get_rect(center=(int(t.drag.x), int(t.drag.y)))))
    return out


__all__ = ["compose", "draw", "turned"]
