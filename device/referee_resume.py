"""After a power cut (device.referee.Referee.resume): the store's newest unfinished real-card match
comes back, its game, table size, seats and the hand in play at the action it had reached. The
store keeps each AI's cards but not where they lie in its rack: each rack is laid on the reader
once from the left (RACKS) before play goes on. A hand not yet begun is scanned again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import referee_plan as scan_plan
from device import referee_scan
from device.referee_racks import Racks, ordinal, public
from device.referee_view import RACKS
from engine.cards import Card
from engine.seats import seats_at

if TYPE_CHECKING:
    from device.referee_protocol import Referee


def resume(ref: Referee) -> bool:
    """Carry on the newest unfinished real-card match of the store, if any."""
    stored = ref._stored()
    if stored is None:
        return False
    row, match = stored
    if match.is_over:  # won by its last hand, cut before the next match began
        return False
    from device.journal import Journal

    assert ref.store is not None
    journal = Journal(ref.store, dict(row.players), hold=True)
    journal.adopt(match, row.id)
    ref.game, ref.rules, ref.match, ref.journal = match.game, match.rules, match, journal
    ref.ai_seats = {ref._seat(s): str(v) for s, v in row.players.items() if v != "human"}
    ref.setup_dealer = match.first_dealer
    ref._seat_readers()
    ref._ai_actions.clear()
    deal = match.current
    ref._say(f"resumed the {ref.match_word} of {ref.game.title} from the game store: "
             f"hand {match.hand_number + (0 if deal else 1)}")
    if deal is None:
        referee_scan.begin_hand(ref)
        return True
    record = deal.record
    plan = scan_plan.plan(ref.game, ref.rules, record, len(match.deals) - 1, set(ref.ai_seats))
    r = ref.racks = Racks(plan, trump_card=record.trump_card)
    ref.template = record
    known = record.known or ()
    for s in seats_at(ref.players):
        cards = known[s] if len(known) > s else None
        if s in ref.ai_seats and cards:
            r.racks[s] = sorted(cards)
            r.order.extend((s, c) for c in sorted(cards) if c != record.trump_card)
    for name, count in scan_plan.scanned_piles(ref.game, record):
        pile = record.pile(name)
        if count and pile:
            r.racks[name] = list(pile)
            r.order.extend((name, c) for c in pile)
    r.upcards = public(deal, ref.game)  # a card turned up before the cut was seen: not asked again
    if record.trump_card is not None:
        r.upcards.add(record.trump_card)
    r.rerack = {seat: set(ref.rack(seat)) for seat in ref.ai_seats
                if not deal.is_over and len(ref.rack(seat)) > 1}
    if r.rerack:
        ref.phase = RACKS
        ref._say("the order of the AI racks was lost with the power: lay each rack's cards on the "
                 "reader from the left, then back in that order")
        return True
    ref.after_deal_moved()
    return True


def scan_rerack(ref: Referee, card: Card) -> bool:
    r = ref.racks
    seat = r.reracking()
    assert seat is not None
    name = ref.seat_word(seat)
    done = r.rack_order.setdefault(seat, [])
    if card not in r.rerack[seat] or card in done:
        why = "laid already" if card in done else f"not in {name}'s rack"
        return ref._refuse(f"that card is {why}: lay {name}'s rack cards from the left, the "
                           f"{ordinal(len(done) + 1)} now")
    done.append(card)
    ref._say(f"AI {name}'s rack: {len(done)} of {len(r.rerack[seat])} in order", "ok")
    if r.reracking() is None:
        r.rerack = {}
        ref._say("the racks are in order again", "ok")
        ref.after_deal_moved()
    return True


__all__ = ["resume", "scan_rerack"]
