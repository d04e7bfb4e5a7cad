"""What the table says, in one vocabulary for every game: seats by their names
(You, Partner, Left, Right; Player 2..8), cards short as ♠Q, a contract by its
call and who made it. Built from the deal and the seating only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import vocabulary
from device.app.scenes.table.panels import barred_reason, call_words
from engine.actions import Bid, Declare, Exchange, Pass
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS
from engine.game import Phase
from engine.table_spec import ScoresBy

if TYPE_CHECKING:
    from device.app.scenes.table.seating import Seating
    from engine.cards import Card
    from engine.deal import Deal
    from engine.match import Match
    from engine.seats import Seat


def short(card: Card) -> str:
    """A card named short: suit first, '♠Q'."""
    return card.symbol


def trump_words(deal: Deal) -> str:
    """'No trumps', 'Trumps ♠', 'Downtown, no trumps'."""
    if deal.trump >= 4:
        words = "No trumps"
    else:
        words = f"Trumps {SUIT_SYMBOLS[deal.trump]}"
    contract = deal.contract
    if contract is not None and contract.downtown:
        words += ", downtown"
    return words


def contract_words(deal: Deal, seating: Seating) -> str:
    """The contract in the bar: '4 uptown · Left', 'Grand · You', '' where nothing was bid."""
    contract = deal.contract or deal.game.contract(deal)  # known to all once the auction is over
    if contract is None or contract.declarer is None:
        return ""
    by = contract.declarer
    bid = next((a for a in reversed(deal.auction) if isinstance(a, Bid) and a.seat == by), None)
    spec = deal.game.table
    call = (spec.call_word(contract.call).capitalize() if contract.call
            else call_words(bid, spec) if bid is not None else "")
    return f"{call} · {seating.name(contract.declarer)}" if call else seating.name(contract.declarer)


def auction_line(deal: Deal, seating: Seating) -> str:
    """The calls so far: 'Left pass, Partner 4 uptown'."""
    return ", ".join(f"{seating.name(a.seat)} {call_words(a, deal.game.table).lower()}" for a in deal.auction
                     if isinstance(a, Bid | Pass))


def step_prompt(deal: Deal, step: str, seating: Seating, acting_for: Seat | None) -> str:
    """What the table asks of you at ``step`` (panels.your_step)."""
    said = auction_line(deal, seating)
    if step == "numbers":  # each label says its bid: the line says what the rules bar
        return barred_reason(deal) or "Your bid: how many tricks will you take?"
    if step == "grid":
        prompt = "Your bid: tap a number and type, or Pass"
    elif step == "calls":
        calls = [call_words(a, deal.game.table).lower() for a in deal.legal_actions()
                 if isinstance(a, Bid | Pass)]
        if len(calls) > 3:  # the buttons say them all
            prompt = "Your call: tap one"
        else:
            listed = ", ".join(calls[:-1]) + " or " + calls[-1] if len(calls) > 1 else calls[0]
            prompt = f"Your call: {listed}"
    elif step == "declare":
        named = [a for a in deal.legal_actions() if isinstance(a, Declare)]
        what = ("trumps or the direction" if any(a.order for a in named) and any(a.trump for a in named)
                else "the direction" if all(a.trump in (None, "N") for a in named) else "trumps")
        return f"You won the bid: name {what}"
    elif step == "exchange":
        return "Keep one hand: the other is laid away"
    elif step == "pick":
        whose = "" if acting_for is None else f" of {seating.name(acting_for)}"
        to = deal.game.exchange_to(deal, deal.turn) if deal.turn is not None else None
        if to is not None:  # passed to another player, face down
            return f"Pass {deal.exchange_count()} cards{whose} to {seating.name(to)}"
        return f"Lay away {deal.exchange_count()} cards{whose}"
    elif step == "knock":
        return "A dog's life: play your card, or knock"
    else:
        return ""
    return f"{said}. {prompt}" if said and deal.phase == Phase.AUCTION else prompt


def others_step(deal: Deal, seating: Seating, turn: Seat) -> str:
    """Whose turn it is when it is not yours."""
    name = seating.name(turn)
    if deal.phase == Phase.AUCTION:
        return f"{name} to bid"
    if deal.phase == Phase.DECLARE:
        return f"{name} names trumps"
    if deal.phase == Phase.EXCHANGE:
        passing = deal.game.exchange_to(deal, turn) is not None
        return f"{name} passes cards" if passing else f"{name} lays cards away"
    return f"{name} to play"


def label_lines(deal: Deal | None, seating: Seating, seat: Seat, match: Match, thinking: bool) -> list[str]:
    """A seat's label: its name (dealer marked), then in games each plays alone its bid,
    its tricks and its score."""
    name = seating.name(seat)
    if deal is not None and deal.dealer == seat:
        name += " (D)"
    if thinking:
        name += " …"
    if seating.partners or deal is None:
        return [name]
    if seat in seating.hands:
        actor = deal.game.actor(deal, seat)
        return [name] if actor == seat else [name, f"played by {seating.name(actor)}"]
    if seat in deal.out:
        return [name, "out"]
    bid = next((a for a in deal.auction if isinstance(a, Bid) and a.seat == seat), None)
    parts = []
    game = deal.game
    if game.table.scores_by is ScoresBy.SIDE:
        # teams of alternate seats (six, eight): which is yours is not told by where they sit
        parts.append(vocabulary.side_words(game)[game.side_of(seat)])
    if bid is not None:
        # a count is a bid ('bid 2'); a named call says itself, in the game's words
        called = call_words(bid, deal.game.table).lower()
        parts.append(f"bid {bid.tricks}" if bid.tricks is not None else called)
    parts.append(f"took {deal.taken[seat]}")
    score = match.game_score
    side = deal.game.side_of(seat)
    if side < len(score):
        parts.append(f"{score[side]} pts")
    return [name, " · ".join(parts)]


def laid_away(deal: Deal, exchange: Exchange, pile: str, seating: Seating) -> str:
    """What the table is told of an exchange from a pile dealt face down (a kitty):
    how many of the seat's own cards went with it, not which; '' for another pile."""
    dealt = set(deal.record.pile(pile))
    if not dealt:
        return ""
    own = sum(1 for c in exchange.discard if c not in dealt)
    name = seating.name(exchange.seat)
    whose = "your" if name == "You" else "their"
    return f"{name} took the {pile} and laid away {own} of {whose} own cards"


def suit_word(strain: int) -> str:
    return "no trumps" if strain >= 4 else SUIT_NAMES[strain]


__all__ = ["auction_line", "contract_words", "label_lines", "laid_away", "others_step", "short",
           "step_prompt", "suit_word", "trump_words"]
