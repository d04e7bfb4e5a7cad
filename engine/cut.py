"""Cutting for partners and the first deal.

Each player draws a card; for the cut the ace is LOW (A=1 ... K=13). The two
highest cuts are partners, the two lowest the other partnership, and the
lowest cut deals first. Players whose cuts tie in rank draw again (only the
tied players; their new draws decide their order among themselves).

Seating: the highest cut sits North (or, with ``fixed``, one named player
sits where they already are, e.g. the person at the screen in South); their
partner sits opposite; of the other pair, the higher cut sits on the left of
the highest player (clockwise next) and the lower cut on the right.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, full_deck
from engine.errors import RulesError
from engine.seats import Seat
from engine.shuffle import fisher_yates, rng_for


def cut_rank(card: Card) -> int:
    """A card's rank for the cut: ace low (1), king high (13)."""
    return 1 if card.rank == 14 else card.rank


@dataclass(frozen=True)
class Cut:
    draws: tuple[tuple[str, Card], ...]  # every card drawn, redraws included, in order
    order: tuple[str, ...]  # players from the highest cut to the lowest
    seats: dict[str, Seat]

    @property
    def dealer(self) -> Seat:
        """The lowest cut deals first."""
        return self.seats[self.order[-1]]

    @property
    def partners(self) -> tuple[tuple[str, str], tuple[str, str]]:
        return (self.order[0], self.order[1]), (self.order[2], self.order[3])

    def to_dict(self) -> dict[str, object]:
        return {
            "draws": [[p, str(c)] for p, c in self.draws],
            "order": list(self.order),
            "seats": {p: s.name for p, s in self.seats.items()},
            "dealer": self.dealer.name,
        }


def cut_for_partners(
    players: Sequence[str],
    seed: int | str | None = None,
    rng: random.Random | None = None,
    fixed: tuple[str, Seat] | None = None,
) -> Cut:
    """Draw for partnerships and first dealer among four players."""
    names = list(players)
    if len(names) != 4 or len(set(names)) != 4:
        raise RulesError("cutting for partners needs four players with different names")
    if fixed is not None and fixed[0] not in names:
        raise RulesError(f"{fixed[0]!r} is not one of the players")
    source = rng if rng is not None else rng_for(seed)
    pack = fisher_yates(full_deck(), source)
    draws: list[tuple[str, Card]] = []
    keys: dict[str, list[int]] = {p: [] for p in names}

    # Draw for a group of players; tied players draw again among themselves.
    # Cards come off the shuffled pack; should a freak run of ties use it
    # all, the cards are gathered and shuffled again.
    def draw(group: list[str]) -> None:
        nonlocal pack
        for p in group:
            if not pack:
                pack = fisher_yates(full_deck(), source)
            card = pack.pop()
            draws.append((p, card))
            keys[p].append(cut_rank(card))
        by_rank: dict[int, list[str]] = {}
        for p in group:
            by_rank.setdefault(keys[p][-1], []).append(p)
        for tied in by_rank.values():
            if len(tied) > 1:
                draw(tied)

    draw(names)
    # Compare draw by draw; a tie at one depth is settled by the redraw after it.
    order = tuple(sorted(names, key=lambda p: keys[p], reverse=True))
    anchor, anchor_seat = fixed if fixed is not None else (order[0], Seat.N)
    pair = list(order[:2]) if anchor in order[:2] else list(order[2:])
    partner = pair[1] if pair[0] == anchor else pair[0]
    others = [p for p in order if p not in pair]  # higher cut first
    seats = {
        anchor: anchor_seat,
        partner: anchor_seat.partner,
        others[0]: anchor_seat.next,
        others[1]: anchor_seat.offset(3),
    }
    return Cut(tuple(draws), order, seats)


__all__ = ["Cut", "cut_for_partners", "cut_rank"]
