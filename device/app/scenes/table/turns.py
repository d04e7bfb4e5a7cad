"""Whose move it is and when: the AI's turns at the house's pace, the cards that
slide and the trick held then gathered, a step with one answer made for you, and
your last card playing itself (a house setting). The scene calls :func:`advance`
every frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.app.scenes.table import words
from engine.actions import Play
from engine.game import Phase

if TYPE_CHECKING:
    from device.app.scenes.table.table_protocol import TableScene
    from engine.deal import Deal


def advance(t: TableScene, dt: float) -> None:
    deal = t.deal
    now = t.app.clock
    if deal is None:
        return
    t.hint.update()
    t.relayout_if_reshaped()
    # the AI starts thinking as soon as its seat is to act, while the last card still
    # slides: on a slow board the search is over before the table is ready for it
    t.think()
    if t.dealing is not None:
        t.dealing += dt / max(0.01, 0.8 * t.pace)
        if t.dealing >= 1:
            t.dealing = None
        return
    t.slides = [s for s in t.slides if s.progress(now) < 1]
    if t.overlay is not None or t.slides:
        return
    if t.held is not None:
        t.hold_left -= dt
        if t.hold_left <= 0:
            winner = t.held.winner(deal.order)
            if t.pace > 0:
                t.collect = (t.held, winner, now)
            t.held = None
            if t.collect is None:
                _trick_cleared(t, deal, now)
        return
    if t.collect is not None:
        if now - t.collect[2] >= 0.3 * t.pace:
            t.collect = None
            _trick_cleared(t, deal, now)
        return
    if deal.is_over:
        if not t._finished:
            t._finished = True
            t.hand_over()
        return
    if _forced(t, deal) or _last_card_plays_itself(t, deal, now):
        return
    if now < t.next_ai_at or t.actor(deal) not in t.ai_seats:
        return
    action = t.take_ready()
    if action is None:
        if t.waiting_since is None:
            t.waiting_since = now
        return
    t.waiting_since = None
    t.act(action.seat, action)


def _forced(t: TableScene, deal: Deal) -> bool:
    """A step of yours with one answer and nothing to see (a hand swapped unseen) is made
    for you."""
    if deal.phase != Phase.EXCHANGE or not t.waiting_for_human:
        return False
    legal = deal.legal_actions()
    if len(legal) == 1 and t.keep_choice() is None:
        t.act(legal[0].seat, legal[0])
        return True
    return False


def _trick_cleared(t: TableScene, deal: Deal, now: float) -> None:
    """A trick has left the table: an AI seat to lead waits the house's pace first,
    while Last trick is open. Not in the demo: nobody there looks back."""
    if t.human_seats and not deal.is_over and deal.turn in t.ai_seats and not deal.current.cards:
        t.next_ai_at = max(t.next_ai_at, now + t.app.config.ai.lead_wait)


def _last_card_plays_itself(t: TableScene, deal: Deal, now: float) -> bool:
    """Your one card left plays itself (a house setting), a moment after the table is
    ready for it; once you have raised it, your tap plays it."""
    if not (t.app.config.rules.last_card_plays_itself and t.waiting_for_human
            and deal.phase == Phase.PLAY and t.selected is None):
        t.last_card_at = None
        return False
    turn = deal.turn
    legal = deal.legal_actions()
    only = legal[0] if len(legal) == 1 else None
    if turn is None or len(deal.hand(turn) or ()) != 1 or not isinstance(only, Play):
        t.last_card_at = None
        return False
    if t.last_card_at is None:
        t.last_card_at = now + 0.4 * t.pace
    if now >= t.last_card_at:
        t.last_card_at = None
        card = only.card
        t.play(turn, card)
        t.say(f"Your last card, {words.short(card)}, plays itself")
    return True


__all__ = ["advance"]
