"""Post-hand review: the double-dummy cost of every card played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Play
from engine.cards import Card
from engine.record import DealRecord
from engine.search.view import mask_of
from engine.seats import SEATS
from engine.solver import Solver, default_solver

if TYPE_CHECKING:
    from engine.deal import Deal


def _complete_deal(deal: Deal) -> Deal:
    """The same deal with every hand known (a real-table deal once all cards are seen)."""
    if all(deal.record.hands()):
        return deal.restart()
    hands = deal.dealt_hands()
    if any(h is None for h in hands):
        raise ValueError("review needs every hand: the deal was not played to the end")
    record = DealRecord.from_hands([sorted(h) for h in hands], deal.dealer, deal.trump,  # type: ignore[arg-type]
                                   deal.record.trump_card)
    return deal.restart(record)


def review(deal: Deal, solver: Solver | None = None) -> list[dict[str, object]]:
    """For every card played: the tricks the player's side could take in the whole
    hand with best play before the card and after it (double dummy), and whether
    the card cost tricks. Stops at a claim."""
    solve = solver or default_solver()
    state = _complete_deal(deal)
    out: list[dict[str, object]] = []
    for action in deal.actions:
        if not isinstance(action, Play):
            break
        seat, card = action.seat, action.card
        hands = tuple(mask_of(state.hand(s) or ()) for s in SEATS)
        trick = tuple(int(c) for c in state.current.cards)
        vals = solve.solve_moves_masks(hands, state.trump, int(state.current.leader), trick)
        assert vals is not None  # no limit given
        won = state.won[seat.side]
        best = max(vals.values())
        after = vals[int(card)]
        out.append({
            "trick": state.trick_number,
            "seat": seat.name,
            "card": str(card),
            "before": won + best,
            "after": won + after,
            "cost": best - after,
            "mistake": after < best,
            "best": sorted(str(Card(c)) for c, v in vals.items() if v == best),
        })
        state.apply(action)
    return out
