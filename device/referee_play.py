"""A card laid in the play or the exchange (device.referee.Referee): whose it is, whether it may be
laid, and what the table is told. Legality, following suit and revokes are the engine's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import referee_pass, referee_scan
from device import referee_words as words
from device.referee_racks import exchange_pile, kitty_taker, public
from device.referee_view import Suspect, Taken
from engine.actions import Exchange, Play
from engine.cards import SUIT_NAMES, Card
from engine.errors import RulesError
from engine.seats import Seat

if TYPE_CHECKING:
    from device.referee_protocol import Referee


def out_of_turn(ref: Referee, laid_by: Seat | None, seat: Seat) -> str | None:
    """A card laid on another seat's own reader while ``seat`` is to lay one: what to say."""
    deal = ref.deal
    actor = ref.game.actor(deal, seat) if deal is not None else seat  # a dummy's: its declarer
    carried = ref.is_ai(actor) and ref.readers.reader_of(actor) is None  # an AI's card goes on any
    if laid_by is None or laid_by in (seat, actor) or carried:
        return None
    who = ref.seat_word(laid_by)
    return (f"not {who}'s turn: {ref.name(laid_by)}, take back the card on your reader - "
            f"{ref.name(seat)} to play")


def _seen_out_of_turn(ref: Referee, laid_by: Seat, card: Card) -> None:
    """A person's card refused out of turn is now known to be in that hand."""
    deal = ref.deal
    assert deal is not None
    turned = deal.record.trump_card
    elsewhere = ref.racks.owner(card, deal, ref.game) is not None or card in deal.played \
        or card in deal.current.cards or (card == turned and laid_by != deal.dealer)
    if not ref.is_ai(laid_by) and not elsewhere:
        ref._seen.setdefault(laid_by, {})[card] = deal.trick_number


def elsewhere(ref: Referee, card: Card, seat: Seat) -> str | None:
    """Why ``card`` cannot be ``seat``'s now: where it is known to lie (never naming a card
    of a hidden rack), or None."""
    deal = ref.deal
    assert deal is not None
    if card in deal.played:
        return f"{card.symbol} was played in trick {deal.played[card]}"
    if card in deal.current.cards:
        return f"{card.symbol} was played in this trick"
    owner = ref.racks.owner(card, deal, ref.game)
    if owner is not None and owner != seat:
        where = f"in {ref.seat_word(owner)}'s rack (the AI's hand)" if isinstance(owner, Seat) else \
            f"in {words.pile_words(ref, owner)}"
        return f"that card is {where}: put it back as {ref._place(owner, card)}"
    for other in deal.seats:  # a hand face up (a dummy)
        if other != seat and card in (deal.hand(other) or ()) and ref.face_up(other):
            return f"{card.symbol} is {ref.name(other)}'s, face up: put it back"
    for other in deal.seats:  # a face-up layout card
        if card in ref.game.layout(deal, other):
            return None if other == seat else f"{card.symbol} is in {ref.name(other)}'s layout"
    for name, cards in deal.piles.items():
        taking = deal.step is not None and name == exchange_pile(ref.game, deal) and seat == kitty_taker(deal)
        if card in cards and not taking:
            shown = card == deal.record.trump_card or card in public(deal, ref.game)
            return f"{card.symbol} lies in {words.pile_words(ref, name)}" if shown else \
                f"that card lies face down in {words.pile_words(ref, name)}: put it back"
    turned = deal.record.trump_card
    plan = ref.racks.plan
    if turned is not None and card == turned and seat != deal.dealer and plan is not None \
            and plan.turned_pile is None:
        return f"{card.symbol} is the turned trump card, {ref.name(deal.dealer)}'s (the dealer)"
    if card.suit > 3 and not ref.game.jokers:
        return f"{card.symbol}: {ref.game.title} is played without jokers"
    return None


def scan_play(ref: Referee, card: Card, laid_by: Seat | None) -> bool:
    deal = ref.deal
    assert deal is not None and deal.turn is not None
    opening = referee_pass.opening(ref)
    if opening is None:
        return play_card(ref, deal.turn, card, laid_by)
    # The card that opens the play lies in a person's hand the engine cannot see: its holder leads.
    if card != opening:
        return ref._refuse(f"{opening.symbol} leads the first trick: whoever holds it lays it first")
    seat = referee_pass.opener(ref, laid_by)
    if seat is None:
        how = "tap their name" if ref.touch else "choose their name (left/right, then select)"
        return ref._refuse(f"whose is {card.symbol}? {how}")
    return play_card(ref, seat, card, laid_by if laid_by is not None else seat)


def play_card(ref: Referee, seat: Seat, card: Card, laid_by: Seat | None = None) -> bool:
    """``card`` laid for ``seat`` (the seat to play, or the opening card's holder)."""
    deal = ref.deal
    assert deal is not None
    name = ref.name(seat)
    ai = ref.is_ai(ref.game.actor(deal, seat))  # a dummy's card: its declarer's choice
    want = ref.expected_card() if ai else None
    lay = f"lay {ref.seat_word(seat)}'s card {words.lay(ref, seat)}"
    if want is not None:
        lay = f"lay {ref._place(seat, want)} {words.lay(ref, seat)}"
    wrong = out_of_turn(ref, laid_by, seat)
    if wrong is not None:
        # That reader's player laid it: refused before anything is taken, without naming it.
        assert laid_by is not None
        _seen_out_of_turn(ref, laid_by, card)
        return ref._refuse(f"{wrong}, {lay}")
    if ai:
        if want is None:
            return ref._refuse(f"{ref._ai_name(seat)} is still choosing - wait for its card")
        if card != want:
            wanted = f"{name} plays {ref._place(seat, want)}"
            owner = ref.racks.owner(card, deal, ref.game)
            if owner is None:
                return ref._refuse(f"{wanted}, not {card.symbol}")
            return ref._refuse(f"not that card: put it back as {ref._place(owner, card)}; {wanted}")
    why = elsewhere(ref, card, seat)
    if why is not None:
        return ref._refuse(f"{why} - {lay}")
    before = len(deal.revokes)
    later = {name: len(deal.piles.get(name, ())) for name, _ in referee_scan.later(ref)}
    trick = deal.current.cards
    trick_number = deal.trick_number
    try:
        done = ref.match.apply(Play(seat, card))  # the match tells its journal
    except RulesError as exc:
        return ref._refuse(f"{exc} - {lay}")
    deal = ref.deal
    assert deal is not None
    # One reader: the card was taken to be the player's to move; shown big so a card laid
    # out of turn is seen (and undone) at once.
    guessed = laid_by is None and not ai
    ref.taken = Taken(seat, str(card), len(deal.actions)) if guessed else None
    ref._say(f"{name} plays {card.symbol}", "ok")
    if laid_by == seat:
        _seen_play(ref, seat, card, trick, trick_number)
    for revoke in deal.revokes[before:]:
        said = f"revoke! {revoke.describe(ref.name(revoke.seat))}"
        if ref.readers.reader_of(revoke.seat) is None and not ref.is_ai(revoke.seat):
            # The reader could not tell whose cards these were: the "revoke" may be a card
            # laid out of turn, taken as this player's.
            said += (f" - unless a card taken as {ref.seat_word(revoke.seat)}'s was laid by another "
                     "player: then undo back to it")
        ref._say(said, "revoke")
    if done is not None:
        winner = done.winner(deal.order)
        short = ref.game.side_names  # (NS 3, EW 2): the sides short, in a running line
        tricks = words.tricks_line(deal, ref.game, ref.name).removeprefix("tricks: ")
        if ref.game.partnerships:
            tricks = ", ".join(f"{short[i]} {n}" for i, n in enumerate(deal.tricks_taken()))
        ref._say(f"trick {len(deal.tricks)} to {ref.name(winner)} ({tricks})", "ok")
        if ref.draws:
            referee_scan.drawn(ref, winner)
        referee_scan.taken_up(ref, later)
    ref.after_deal_moved()
    return True


def _seen_play(ref: Referee, seat: Seat, card: Card, trick: tuple[Card, ...], number: int) -> None:
    """``seat`` played ``card`` from its own reader: where a card seen in its hand (laid out of
    turn before) would have followed by the engine's rule, the revoke is flagged at once."""
    seen = ref._seen.get(seat, {})
    seen.pop(card, None)
    deal = ref.deal
    assert deal is not None
    held = sorted(c for c in seen if c not in deal.played)
    if not trick or not held:
        return
    led = deal.order.led_suit(list(trick))
    followed = deal.order.follow([*held, card], led)
    if card in followed:
        return
    first = followed[0]
    who = ref.name(seat)
    suspect = Suspect(seat, led if led is not None else first.suit, number, first, seen[first],
                      len(deal.actions), card)
    ref.suspects.append(suspect)
    ref._say(f"revoke? {who} shows out of {SUIT_NAMES[suspect.suit]}, but {first.symbol} was laid on "
             f"{ref.seat_word(seat)}'s reader in trick {suspect.seen_in}: {who}, take {card.symbol} back "
             f"(Undo) and follow suit", "revoke")


def scan_discard(ref: Referee, card: Card, seat: Seat, laid_by: Seat | None) -> bool:
    deal = ref.deal
    assert deal is not None
    wrong = out_of_turn(ref, laid_by, seat)
    if wrong is not None:
        return ref._refuse(wrong)
    discards = ref.racks.discards
    count = deal.exchange_count()
    name = ref.name(seat)
    to = referee_pass.passing(ref)
    what = f"{name}'s discards" if to is None else f"the cards {name} passes to {ref.name(to)}"
    lay = f"lay {what} on the reader, face down ({len(discards)} of {count})"
    verb, chosen = ("lays away", "discards") if to is None else ("passes", "pass")
    ai = ref.is_ai(ref.game.actor(deal, seat))
    want = ref.expected_card() if ai else None
    if ai:
        if want is None:
            return ref._refuse(f"{name} (AI) is still choosing its {chosen} - wait")
        if card != want:
            return ref._refuse(f"{name} {verb} {ref._place(seat, want)}, not that card")
    else:
        by = referee_pass.passed_by(ref, card)
        if card in discards:
            return ref._refuse(f"{card.symbol} is {'laid away' if to is None else 'passed'} already - {lay}")
        if by is not None:
            return ref._refuse(f"that card was passed by {ref.name(by)}: it goes to whoever it was passed to "
                               f"after the pass - {lay}")
        why = elsewhere(ref, card, seat)
        if why is None and ref.whole_exchanges:
            why = words.whole_refusal(deal, ref.game, discards, card)
        if why is not None:
            return ref._refuse(f"{why} - {lay}")
    discards.append(card)
    ref._say(f"{name} {verb} {len(discards)} of {count}", "ok")
    if len(discards) < count:
        return True
    if to is not None:
        laid = tuple(discards)
        discards.clear()
        if referee_pass.after_pass(ref, Exchange(seat, laid), " - take the last card back and lay another"):
            return True
        discards[:] = laid[:-1]
        return False
    try:
        ref.match.apply(Exchange(seat, tuple(discards)))
    except RulesError as exc:
        discards.pop()
        return ref._refuse(f"{exc} - take the last card back and lay another")
    discards.clear()
    deal = ref.deal
    assert deal is not None
    ref._say(f"{name} has laid away {count}: the play begins" if deal.step is None
             else f"{name} has laid away {count}", "ok")
    ref.after_deal_moved()
    return True


__all__ = ["elsewhere", "out_of_turn", "scan_discard", "scan_play"]
