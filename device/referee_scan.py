"""The scanning of a hand at a real-card table (device.referee.Referee): the engine's next deal of
the match gives the hand's shape and device.referee_plan what is scanned; the turned card, then
face down the racks and piles, then the deal starts as a physical record of what was seen. In the
play, a card a pile turns face up is scanned before play goes on, and a stock's draws are said."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import referee_plan as scan_plan
from device import referee_words as words
from device.referee_racks import Racks, public
from device.referee_view import AI_HANDS, TRUMP
from engine.cards import SUIT_NAMES, Card
from engine.deal import DealRecord
from engine.errors import RulesError
from engine.seats import Seat, around, seats_at

if TYPE_CHECKING:
    from device.referee_protocol import Referee


def begin_hand(ref: Referee) -> None:
    ref.preview = None
    ref.taken = None
    ref._seen, ref.suspects = {}, []
    ref._ai_actions.clear()
    template = ref.match.next_record()  # the engine's deal of this hand: what it looks like
    plan = scan_plan.plan(ref.game, ref.rules, template, ref.match.hand_number, set(ref.ai_seats))
    ref.racks = Racks(plan)
    ref.template = template
    sizes = ref.sizes()
    size = max(sizes)
    out = [ref.name(s) for s in seats_at(ref.players) if sizes[s] == 0]
    said = f"hand {ref.match.hand_number + 1}: {ref.name(template.dealer)} deals {size} card" \
           f"{'s' if size != 1 else ''} each"
    if out:
        said += f" (not to {', '.join(out)}: out)"
    dogs = scan_plan.dogs_dealt(tuple(sizes))
    if dogs:
        said += f"; one to {', '.join(ref.name(s) for s in dogs)}: a dog's life"
    ref._say(said)
    if plan.turned:
        ref.phase = TRUMP
        return
    if template.declarer is None and not ref.game.has_auction:
        ref._say(f"{words.strain_word(template.trump).capitalize()} this hand (no card is turned)")
    after_trump(ref)


def scan_trump(ref: Referee, card: Card) -> bool:
    if card.suit > 3:
        return ref._refuse(f"{card.symbol} cannot be turned for trumps: scan the turned card")
    r = ref.racks
    assert r.plan is not None
    r.trump_card = card
    r.upcards = {card}
    where = "from the stock" if r.plan.turned_pile else f"by {ref.name(r.plan.dealer)}"
    ref._say(f"{card.symbol} turned {where}: {SUIT_NAMES[card.suit]} are trumps", "ok")
    after_trump(ref)
    return True


def after_trump(ref: Referee) -> None:
    r = ref.racks
    assert r.plan is not None
    turned, pile, dealer = r.trump_card, r.plan.turned_pile, r.plan.dealer
    if turned is not None and pile is None and dealer in r.racks and r.plan.own_pile is None:
        r.racks[dealer].append(turned)  # the dealer's own card, face up: one of its hand
    if turned is not None and pile is not None and pile in r.racks:
        r.racks[pile].append(turned)  # the top of a pile scanned whole
    ref.phase = AI_HANDS
    maybe_start(ref)


def scan_rack(ref: Referee, card: Card) -> bool:
    r = ref.racks
    target = r.target()
    assert target is not None
    key, want = target
    again = words.scan_next(ref, key)
    if card.suit > 3 and not ref.game.jokers:
        return ref._refuse(f"{card.symbol}: {ref.game.title} is played without jokers - {again}")
    owner = r.owner(card, None, ref.game)
    if owner is not None:
        # The card is face down: say where it lies, never what it is.
        return ref._refuse(f"that card was scanned already: it is {ref._place(owner, card)} - {again}")
    if card == r.trump_card:
        plan = r.plan
        whose = f" trump card, {ref.name(plan.dealer)}'s (the dealer)" if plan is not None \
            and plan.turned_pile is None else " card"
        return ref._refuse(f"{card.symbol} is the turned{whose} - {again}")
    r.add(key, card)
    ref._say(f"{words.holder(ref, key)}: {len(r.racks[key])} of {want} scanned", "ok")
    maybe_start(ref)
    return True


def maybe_start(ref: Referee) -> None:
    r = ref.racks
    if r.target() is not None:
        return
    t, plan = ref.template, r.plan
    assert t is not None and plan is not None
    sizes = ref.sizes()
    known = tuple(frozenset(r.racks[s]) if s in r.racks else (frozenset() if sizes[s] == 0 else None)
                  for s in seats_at(ref.players))
    piles = [(name, _with_turned(ref, name)) for name, _ in t.piles if name in r.racks]
    if plan.turned_pile is not None and r.trump_card is not None and plan.turned_pile not in r.racks:
        piles.append((plan.turned_pile, (r.trump_card,)))  # the rest of that pile is never seen
    trump = r.trump_card.suit if r.trump_card is not None else r.trump if r.trump is not None else t.trump
    record = DealRecord(t.dealer, trump, None, r.trump_card, known, None, tuple(piles), t.declarer,
                        max(sizes))
    try:
        ref.game.check_record(ref.rules, record, ref.match.hand_number)
    except RulesError as exc:  # not expected: the shape is the engine's own deal's
        ref._refuse(f"the deal cannot start: {exc}")
        return
    ref._journal_match()
    ref.match.start_deal(record)  # journalled: the journal is the match's listener
    r.upcards |= public(ref.deal, ref.game)
    ref.after_deal_moved()


def _with_turned(ref: Referee, name: str) -> tuple[Card, ...]:
    """A pile as scanned, with the turned card back in its place where it is the dealer's own
    later pile's (scanned once, as the turned card)."""
    r = ref.racks
    cards = list(r.racks[name])
    if r.plan is not None and name == r.plan.own_pile and r.trump_card is not None:
        cards.insert(r.plan.own_at, r.trump_card)
    return tuple(cards)


def taken_up(ref: Referee, before: dict[str, int]) -> None:
    """After a trick: say which AI seats take up cards of their own dealt for later (a packet),
    and where they go (``before``: the size of each such pile before the trick)."""
    deal = ref.deal
    assert deal is not None
    for name, seat in later(ref):
        took = before.get(name, 0) - len(deal.piles.get(name, ()))
        if took > 0 and ref.is_ai(seat):
            ref._say(f"{ref._ai_name(seat)}: take up its next {took} cards, face down, and put them at the "
                     "right end of its rack in the order they were scanned", "ok")


def later(ref: Referee) -> list[tuple[str, Seat]]:
    """The piles of the hand that are a seat's own cards for later, scanned (an AI seat's)."""
    t = ref.template
    if t is None:
        return []
    return [(name, seat) for name, seat, _ in scan_plan.later_piles(ref.game, t) if name in ref.racks.racks]


def scan_upcard(ref: Referee, card: Card) -> bool:
    want = ref.upcard_wanted()
    assert want is not None
    if card != want:
        why = "it was played" if ref.deal is not None and card in ref.deal.played else \
            "the cards lie in the order they were scanned"
        return ref._refuse(f"that is not the card just turned ({why}): {turn_words(ref)}")
    ref.racks.upcards.add(card)
    ref._say(f"{card.symbol} turned up", "ok")
    ref.after_deal_moved()
    return True


def turn_words(ref: Referee) -> str:
    want = ref.upcard_wanted()
    if scan_plan.layouts(ref.game) and want is not None:
        where = next((k for k, c in ref.racks.order if c == want), "")
        layout = words.pile_words(ref, str(where)).replace("face-down ", "")
        return f"turn up the card uncovered in {layout} and scan it"
    return "turn the top card of the stock face up and scan it"


def drawn(ref: Referee, winner: Seat) -> None:
    """Say who took what from the stock after a trick (an AI's face-down card by its place)."""
    deal = ref.deal
    plan = ref.racks.plan
    assert deal is not None and plan is not None
    pile = plan.turned_pile or ""
    before = [c for c in deal.record.pile(pile) if c not in deal.piles.get(pile, ())]
    if len(before) < 2 or not deal.tricks[-1]:
        return
    up = before[-2]  # the winner's; the loser's (before[-1]) is never named
    loser = around(winner, 1, ref.players)
    ref._say(f"{ref.name(winner)} takes {up.symbol}; {ref.name(loser)} takes the next card, face down")
    if ref.is_ai(winner):
        ref._say(f"{ref.name(winner)} (AI): put {up.symbol} at the right end of its rack")
    if ref.is_ai(loser):
        ref._say(f"{ref.name(loser)} (AI): put the card it takes, face down, at the right end of its rack")


__all__ = ["after_trump", "begin_hand", "drawn", "later", "maybe_start", "scan_rack", "scan_trump",
           "scan_upcard", "taken_up", "turn_words"]
