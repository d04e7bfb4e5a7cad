"""The buttons of a real-card hand (device.referee.Referee): a person's bids, declarations and
whole-hand exchanges, a dog's knock, the hook shown greyed with its reason; and the physical
buttons (left/right, Select, Back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import referee_pass
from device import referee_words as words
from device.events import Action as Button
from device.referee_view import HAND_OVER, PLAY, READERS, SETUP, STEPS, TRUMP, Choice
from engine.actions import Bid, Exchange, Pass
from engine.game import Phase

if TYPE_CHECKING:
    from device.referee_protocol import Referee

KNOCK = "Knock"


def choices(ref: Referee) -> list[Choice]:
    """The buttons of the auction or declaration for the person to act (else none)."""
    deal = ref.deal
    if deal is None or deal.turn is None:
        return []
    seat = deal.turn
    opening = referee_pass.opening_choices(ref)
    if ref.phase == PLAY and opening:  # whose is the card that opens the play
        return opening
    if ref.phase == PLAY:  # a dog's life: Knock, its card goes on the reader
        knocks = not ref.is_ai(seat) and ref.game.may_knock(deal, seat)
        return [Choice(KNOCK, Pass(seat))] if knocks else []
    if ref.phase == STEPS and deal.step is not None and ref.is_ai(ref.game.actor(deal, seat)):
        return referee_pass.ai_pass_choices(ref)
    if ref.phase != STEPS or deal.step is None:
        return []
    if deal.step.phase is Phase.EXCHANGE:
        if not ref.whole_exchanges or ref.racks.discards:
            return []
        return [Choice(words.whole_label(deal, ref.game, a),
                       Exchange(a.seat, ref.racks.as_laid(a.discard, deal)))
                for a in deal.legal_actions() if isinstance(a, Exchange)]
    legal = deal.legal_actions()
    out = [Choice(words.label_of(a), a) for a in legal]
    # A bid of a count not offered (the dealer's hook) is shown greyed, with why.
    offered = {a.tricks for a in legal if isinstance(a, Bid) and a.tricks is not None}
    if deal.step.phase is Phase.AUCTION and offered:
        k = deal.tricks_per_hand
        total = sum(a.tricks or 0 for a in deal.auction if isinstance(a, Bid))
        for hook in (n for n in range(k + 1) if n not in offered):
            action = Bid(seat, tricks=hook)
            at = next((i for i, c in enumerate(out) if isinstance(c.action, Bid)
                       and (c.action.tricks or 0) > hook), len(out))
            why = f"the bids ({total} so far) would add up to the {k} tricks: the dealer's hook"
            out.insert(at, Choice(words.label_of(action), action, False, why))
    return out


def press(ref: Referee, action: Button) -> bool:
    """A physical button (or its key); True if the session used it."""
    if ref.phase == READERS:
        if action == Button.SELECT:
            return ref.skip_reader()
        if action == Button.BACK:
            ref.end_reader_setup()
            return True
        return False
    # The table's buttons have no undo of their own: Back takes back a scan while there is
    # one, and leaves only when there is nothing to take back.
    if action == Button.UNDO or (action == Button.BACK and ref.can_undo()):
        ref.undo()
        return True
    if action == Button.BACK:
        return False
    if ref.phase == SETUP:
        if action in (Button.LEFT, Button.RIGHT):
            ref.step_dealer(1 if action == Button.RIGHT else ref.players - 1)
            return True
        if action in (Button.SELECT, Button.DEAL):
            ref.choose_dealer(ref.setup_dealer)
            return True
        return False
    if ref.phase == HAND_OVER:
        if action in (Button.SELECT, Button.DEAL):
            ref.next_hand()
            return True
        return False
    if ref.phase == TRUMP and ref.trumps_on_screen():
        if action in (Button.LEFT, Button.RIGHT):
            ref.trump_choice = (ref.trump_choice + (1 if action == Button.RIGHT else 3)) % 4
            return True
        if action == Button.SELECT:
            ref.choose_trump(ref.trump_choice)
            return True
        return False
    shown = [c for c in choices(ref) if c.enabled]
    if not shown:
        return False
    if ref.phase in (STEPS, PLAY) and action in (Button.LEFT, Button.RIGHT):
        step = 1 if action == Button.RIGHT else len(shown) - 1
        ref.choice_focus = (ref.choice_focus + step) % len(shown)
        return True
    if action == Button.SELECT:
        ref.act(shown[ref.choice_focus % len(shown)].action)
        return True
    return False


__all__ = ["KNOCK", "choices", "press"]
