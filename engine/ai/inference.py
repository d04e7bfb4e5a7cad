"""Expert level: PIMC whose layouts are weighted by how well they explain the play.

Plain PIMC treats every consistent layout alike. Real players are not
random: they lead from long suits (the first textbook tip, and what most
people do), so a layout in which a player led from a singleton while holding
a six-card suit elsewhere is less likely. Each sampled layout gets a weight:
the product, over the other players' leads so far, of the chance that a
player holding that hand would lead that suit. The model is deliberately
soft (half "lead from length", half "any suit"), so that players who lead
otherwise (a short suit for a ruff, trumps) are not ruled out.
"""

from __future__ import annotations

from engine.ai import pimc
from engine.ai.view import SUIT_MASKS, View

LENGTH_POWER = 2.0  # how strongly a lead points to length
TRUST = 0.5  # share of the model in the mixture with "any suit"


class LeadInference:
    """Weight function for pimc.Search: P(observed leads | layout), up to a constant."""

    def __init__(self) -> None:
        self._view: View | None = None
        self._leads: list[tuple[int, int, int]] = []  # (seat, suit led, cards played later by seat)

    def _prepare(self, view: View) -> None:
        self._view = view
        plays = [(s, c) for t in (*view.tricks, view.current) for s, c in t.plays()]
        later = [0, 0, 0, 0]  # cards each seat played from this point on
        leads = []
        trick_starts = set()
        i = 0
        for t in (*view.tricks, view.current):
            if t.cards:
                trick_starts.add(i)
            i += len(t.cards)
        for k in range(len(plays) - 1, -1, -1):
            s, c = plays[k]
            later[s] |= 1 << int(c)
            if k in trick_starts and s != view.seat:
                leads.append((int(s), c.suit, later[s]))
        self._leads = leads

    def __call__(self, view: View, hands: tuple[int, int, int, int]) -> float:
        if self._view is not view:
            self._prepare(view)
        w = 1.0
        for seat, suit, later in self._leads:
            held = hands[seat] | later  # the hand when it led
            lengths = [(held & m).bit_count() for m in SUIT_MASKS]
            suits = [n for n in lengths if n]
            total = sum(n ** LENGTH_POWER for n in suits)
            p_model = lengths[suit] ** LENGTH_POWER / total
            w *= TRUST * p_model + (1 - TRUST) / len(suits)
        return w


def expert_search(budget: float | None, samples: int | None) -> pimc.Search:
    from engine.ai.levels import hard_search

    cfg = hard_search(budget, samples)
    cfg.weight = LeadInference()
    return cfg
