"""Undo at a real-card table (device.referee.Referee): the last thing done is taken back, back to
the scanning of the deal and, in the first hand, to the setup. Every action undone is the
match's (``Match.undo``: the deal replayed without it, journalled as an undo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import referee_words as words
from device.referee_racks import ordinal
from device.referee_view import AI_HANDS, HAND_OVER, PLAY, RACKS, SETUP, STEPS, STOCK, TRUMP
from engine.actions import Action, Exchange, Play

if TYPE_CHECKING:
    from device.referee_protocol import Referee


def can_undo(ref: Referee) -> bool:
    r = ref.racks
    scanned = bool(r.order) or r.trump_card is not None or r.trump is not None
    if ref.phase == RACKS:
        return any(r.rack_order.values())
    if ref.phase in (STEPS, PLAY, STOCK, HAND_OVER):
        deal = ref.deal
        return bool(r.discards) or (deal is not None and bool(deal.actions)) or scanned
    if ref.phase == AI_HANDS:
        return scanned
    return ref.phase == TRUMP and not ref.match.deals


def _said_at_once(ref: Referee, action: Action) -> bool:
    """An AI's bid or call, or an AI's whole hand laid away: no card was scanned for it."""
    whole = isinstance(action, Exchange) and ref.whole_exchanges
    deal = ref.deal
    actor = ref.game.actor(deal, action.seat) if deal is not None else action.seat
    return not isinstance(action, Play) and (whole or not isinstance(action, Exchange)) and ref.is_ai(actor)


def _chosen(ref: Referee, action: Exchange) -> bool:
    """An exchange made by a button or by an AI at once (no card was scanned for it)."""
    deal = ref.deal
    if deal is None or not ref.whole_exchanges:
        return False
    laid = set(action.discard)
    return ref.is_ai(action.seat) or any(isinstance(a, Exchange) and set(a.discard) == laid
                                         for a in deal.legal_actions())


def _undo_action(ref: Referee) -> Action:
    last = ref.match.undo()
    undone = f"undone: {ref.seat_word(last.seat)}'s {words.said_of(last, hide=True)}"
    if isinstance(last, Play):
        undone = f"undone: {ref.seat_word(last.seat)}'s {last.card.symbol}"
        if last.card in ref.rack(last.seat):  # face down again in its rack: told by its place
            undone += f" - put it back as {ref._place(last.seat, last.card)}"
    ref._say(undone)
    return last


def undo(ref: Referee) -> bool:
    ref._undos += 1
    ref._ai_actions.clear()
    r = ref.racks
    if ref.phase == RACKS:
        seat = next((s for s in sorted(r.rack_order, reverse=True) if r.rack_order[s]), None)
        if seat is None:
            return ref._refuse("nothing to undo")
        r.rack_order[seat].pop()
        ref._say(f"undone: the last card of AI {ref.seat_word(seat)}'s rack - lay it again")
        return True
    if r.discards:
        r.discards.pop()
        ref._say("undone: the last discard taken back")
        return True
    if ref.phase in (STEPS, PLAY, STOCK, HAND_OVER):
        deal = ref.deal
        assert deal is not None
        # An AI's bid or call is not a card: undo back to before the person's action.
        while deal.actions and _said_at_once(ref, deal.actions[-1]):
            _undo_action(ref)
            deal = ref.deal
            assert deal is not None
        if deal.actions:
            last = _undo_action(ref)
            ref.preview = None
            if isinstance(last, Exchange) and not _chosen(ref, last):
                r.discards[:] = list(last.discard[:-1])  # the discards but the last stay scanned
            ref.after_deal_moved()
            return True
        ref.match.misdeal()  # nothing done yet: back to scanning the deal (it is thrown in)
        ref.phase = AI_HANDS
    if ref.phase == AI_HANDS:
        if r.order:
            key, card = r.order.pop()
            where = f"the {ordinal(len(r.racks[key]))} card from the left of {words.rack_name(ref, key)}"
            r.racks[key].remove(card)
            ref._say(f"undone: {where} taken out - {words.scan_next(ref, key)}")
            return True
        if r.trump_card is not None or r.trump is not None:
            plan = r.plan
            dealer = plan.dealer if plan is not None else None
            if dealer is not None and r.trump_card is not None and r.trump_card in r.racks.get(dealer, []):
                r.racks[dealer].remove(r.trump_card)
            pile = plan.turned_pile if plan is not None else None
            if pile is not None and r.trump_card is not None and r.trump_card in r.racks.get(pile, []):
                r.racks[pile].remove(r.trump_card)
            r.trump_card, r.trump = None, None
            ref.phase = TRUMP
            ref._say("trumps undone: scan the turned card again")
            return True
        return ref._refuse("nothing to undo")
    if ref.phase == TRUMP and not ref.match.deals:
        ref.phase = SETUP
        ref._say(f"choose {words.setup_words(ref)} again")
        return True
    return ref._refuse("nothing to undo")


__all__ = ["can_undo", "undo"]
