"""Norwegian whist's valued auction (the searching levels' bid): each call is
worth the points the bidder's side expects from it, read off its own hand.

The side's tricks are predicted from a few counts of the hand (``features``)
by least squares over random deals: a grand's by the double-dummy tricks at no
trumps, a nullo's by the tricks taken when every seat ducks as the textbook
does. The spread about the prediction is taken as normal, so a call's value
is the rules' score averaged over 0..13 tricks. A seat then says the best of
grand, nullo and pass, each shifted by what its place in the auction tells
(``SHIFTS``: the passes before it say what the other hands are not, and a pass
lets the next seats choose); the dealer's pass is a nullo, so it weighs grand
against nullo alone. ``python bench/norwegian_bids.py`` remakes every number
here from the deals it plays and prints them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.games.norwegian import NorwegianRules, grand_points, nullo_points
from engine.search.hands import high_card_points


@dataclass(frozen=True)
class Model:
    """A linear prediction of the bidder's side's tricks and its spread."""

    weights: tuple[float, ...]  # one for each of ``features``, the constant first
    spread: float  # standard deviation of the tricks about the prediction

    def tricks(self, hand: Sequence[Card]) -> float:
        return sum(w * x for w, x in zip(self.weights, features(hand), strict=True))


# bench/norwegian_bids.py deals --deals 4000 --seed nb, then fit
GRAND = Model((3.5431, 0.2715, 0.3666, 0.0346, -0.1006, -0.0793, -0.0813), 2.381)
NULLO = Model((8.7255, 0.117, -0.0995, 0.0181, -0.2483, -0.5959, -0.2892), 2.608)


@dataclass(frozen=True)
class Shifts:
    """Points (at Norwegian's 4/8/2) added to a call's value by the passes before it."""

    grand: tuple[float, float, float, float]  # eldest, second, third; the dealer's over nullo
    nullo: tuple[float, float, float]


SHIFTS = Shifts((-2.0, 1.5, 8.0, 7.5), (-0.5, 1.0, 0.5))


def features(hand: Sequence[Card]) -> tuple[int, ...]:
    """The counts the models weigh: 1, high-card points, aces, tens, cards over four in
    a suit, low cards (2-5), middle cards (6-8)."""
    ranks = [c.rank for c in hand]
    lengths = [sum(1 for c in hand if c.suit == s) for s in range(4)]
    return (1, high_card_points(hand), ranks.count(14), ranks.count(10),
            sum(max(0, n - 4) for n in lengths), sum(1 for r in ranks if r <= 5),
            sum(1 for r in ranks if 6 <= r <= 8))


def _spread(mean: float, sd: float) -> list[float]:
    """Chances of 0..13 tricks: a normal about ``mean``, its tails on 0 and 13."""
    def below(x: float) -> float:
        return 0.5 * (1 + math.erf((x - mean) / (sd * math.sqrt(2))))
    return [below(t + 0.5 if t < 13 else math.inf) - below(t - 0.5 if t > 0 else -math.inf)
            for t in range(14)]


@dataclass(frozen=True)
class Values:
    grand: float
    nullo: float


def values(hand: Sequence[Card], rules: NorwegianRules, grand_model: Model = GRAND,
           nullo_model: Model = NULLO) -> Values:
    """The points the side expects from this hand's grand and from its nullo (the rules'
    scoring, the game's own)."""
    grand = _spread(grand_model.tricks(hand), grand_model.spread)
    nullo = _spread(nullo_model.tricks(hand), nullo_model.spread)
    return Values(sum(p * grand_points(t, rules) for t, p in enumerate(grand)),
                  sum(p * nullo_points(t, rules) for t, p in enumerate(nullo)))


def call(hand: Sequence[Card], passes: int, rules: NorwegianRules) -> str | None:
    """``grand``, ``nullo`` or None (pass) for a seat that has seen ``passes`` passes."""
    scale = rules.grand_made / 4  # the shifts were fitted at Norwegian's points
    return decide(values(hand, rules), passes, SHIFTS, scale)


def decide(v: Values, passes: int, shifts: Shifts, scale: float = 1.0) -> str | None:
    """The call of the best value once shifted; None for a pass."""
    if passes >= 3:
        return "grand" if v.grand - v.nullo + scale * shifts.grand[3] > 0 else None
    grand = v.grand + scale * shifts.grand[passes]
    nullo = v.nullo + scale * shifts.nullo[passes]
    if grand >= max(nullo, 0.0):
        return "grand"
    return "nullo" if nullo >= 0 else None


__all__ = ["GRAND", "NULLO", "SHIFTS", "Model", "Shifts", "Values", "call", "decide", "features", "values"]
