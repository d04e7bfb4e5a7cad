"""Cards passed to another seat before the play, and the card that opens it, at a real-card
table (device.referee.Referee). Both are asked of the engine, never of a game's name: a pass
is an exchange whose cards go to a seat (``Game.exchange_to``), and the opening card is
``Game.opening_card``, led by whoever holds it.

Every pass is scanned, so the engine knows each card that moves: a person lays the cards
they pass on the reader face down; an AI seat's are told by their places in its rack (the
screen at a table is seen by all: no card of a rack is named), scanned or confirmed by a
button. The cards passed to an AI seat lie beside its rack until every pass is made, then
go to the right end of the rack in the order they were passed (as device.referee_racks
lists it). Where the opening card lies in no hand the engine knows (a person's), the seat
that lays it leads: its own reader tells, or the only person who can hold it, or the screen
asks whose it is (a button per person who may hold it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import referee_words as words
from device.referee_racks import ordinal
from device.referee_view import Choice
from engine.actions import Exchange, Play
from engine.cards import Card
from engine.errors import RulesError
from engine.game import Phase
from engine.seats import Seat

if TYPE_CHECKING:
    from device.referee_protocol import Referee


def passed_to(ref: Referee, seat: Seat) -> Seat | None:
    """The seat ``seat``'s exchange goes to (None: laid away, or no deal)."""
    deal = ref.deal
    return None if deal is None else ref.game.exchange_to(deal, seat)


def passing(ref: Referee) -> Seat | None:
    """The seat the exchange in progress passes to (None: no pass now)."""
    deal = ref.deal
    step = deal.step if deal is not None else None
    if step is None or step.phase is not Phase.EXCHANGE:
        return None
    return passed_to(ref, step.seat)


def passed_by(ref: Referee, card: Card) -> Seat | None:
    """The seat that passed ``card`` this hand, or None."""
    deal = ref.deal
    if deal is None:
        return None
    return next((e.seat for e in deal.exchanges if card in e.discard and passed_to(ref, e.seat) is not None),
                None)


def places(ref: Referee, seat: Seat, cards: tuple[Card, ...]) -> str:
    """"the 2nd, 5th and 9th cards from the left of Player 2's rack": the cards still to pass,
    by their places in the rack as it lies now."""
    rack = ref.rack(seat)
    at = sorted(rack.index(c) + 1 for c in cards if c in rack)
    if len(at) == 1:
        return ref._place(seat, cards[0])
    named = [ordinal(n) for n in at]
    return f"the {', '.join(named[:-1])} and {named[-1]} cards from the left of {words.rack_name(ref, seat)}"


def ai_pass_choices(ref: Referee) -> list[Choice]:
    """The button that confirms an AI seat's pass, given by hand without scanning it."""
    deal = ref.deal
    want = ref.expected()
    if deal is None or not isinstance(want, Exchange) or passing(ref) is None:
        return []
    return [Choice("Passed", want)]


def confirm(ref: Referee, action: Exchange) -> bool:
    """An AI seat's pass given by hand (the Passed button)."""
    ref.racks.discards.clear()
    return after_pass(ref, action)


def after_pass(ref: Referee, action: Exchange, refused: str = "") -> bool:
    """Apply a pass and say where its cards go; after the last one, who takes up what.
    ``refused``: what to do, said after the engine's reason where it refuses the pass."""
    try:
        ref.match.apply(action)
    except RulesError as exc:
        return ref._refuse(f"{exc}{refused}")
    seat, to = action.seat, passed_to(ref, action.seat)
    assert to is not None
    if ref.is_ai(to):
        where = f"lay them face down beside {ref._ai_name(to)}'s rack until every pass is made"
    else:
        where = f"{ref.name(to)} takes them up once every pass is made"
    ref._say(f"{ref.name(seat)} has passed {len(action.discard)} to {ref.name(to)}: {where}", "ok")
    deal = ref.deal
    assert deal is not None
    if deal.step is None or deal.step.phase is not Phase.EXCHANGE:
        for e in deal.exchanges:
            got = passed_to(ref, e.seat)
            if got is not None and ref.is_ai(got):
                ref._say(f"{ref._ai_name(got)}: put the {len(e.discard)} cards passed to it at the right "
                         "end of its rack, in the order they were passed")
        ref._say("every pass is made: each player takes up the cards passed to them", "ok")
    ref.after_deal_moved()
    return True


# -- the opening card ---------------------------------------------------------------------------
def opening(ref: Referee) -> Card | None:
    """The card that must open the play while no hand the engine knows holds it."""
    deal = ref.deal
    return deal.unseen_opening() if deal is not None else None


def holders(ref: Referee, card: Card) -> list[Seat]:
    """The persons who may hold ``card``: the one it was passed to, else every person dealt in
    but one who passed it away."""
    deal = ref.deal
    assert deal is not None
    by = passed_by(ref, card)
    if by is not None:
        to = passed_to(ref, by)
        assert to is not None
        return [to]
    return [s for s in ref.seated() if not ref.is_ai(s) and s not in deal.out]


def opener(ref: Referee, laid_by: Seat | None) -> Seat | None:
    """The seat leading the opening card: the reader's own seat, else the only person who can
    hold it (None: the screen asks)."""
    card = opening(ref)
    if card is None:
        return None
    who = holders(ref, card)
    if laid_by is not None and laid_by in who:
        return laid_by
    return who[0] if len(who) == 1 else None


def to_play(ref: Referee) -> Seat | None:
    """The seat whose card the table waits for: the engine's turn, or nobody known yet where
    the opening card's holder leads and the table cannot tell who that is."""
    deal = ref.deal
    if deal is None:
        return None
    if opening(ref) is not None:
        return opener(ref, None)
    return deal.turn


def opening_choices(ref: Referee) -> list[Choice]:
    """A button per person who may hold the opening card, where the table cannot tell."""
    card = opening(ref)
    if card is None:
        return []
    who = holders(ref, card)
    if len(who) < 2:
        return []
    return [Choice(ref.seat_word(s), Play(s, card)) for s in who]


def opening_prompt(ref: Referee, card: Card) -> str:
    """The first lead while the table cannot tell who holds the opening card."""
    how = "taps their name" if ref.touch else "chooses their name (left/right, then select)"
    return f"trick 1: {card.symbol} leads - whoever holds it lays it on the table and {how}"


__all__ = ["after_pass", "ai_pass_choices", "confirm", "holders", "opener", "opening", "opening_choices",
           "opening_prompt", "passed_by", "passed_to", "passing", "places", "to_play"]
