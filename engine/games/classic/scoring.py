"""Scoring one hand of classic whist, and the value of a finished game.

Order of scoring (classic laws): the revoke penalty first (tricks moved from
the revoking side to the other), then tricks (one point per trick over six),
then honours. The game ends the moment a side reaches the target, so a side
that gets there on tricks wins even if the other side's honours would have
taken it further. Points beyond the target are not kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.errors import RulesError
from engine.games.classic.rules import Rules
from engine.scoring import SIDE_LONG_NAMES, HandScore
from engine.seats import SEATS

if TYPE_CHECKING:
    from engine.game import DealState

HONOUR_RANKS = (14, 13, 12, 11)  # A K Q J of trumps
BOOK = 6  # tricks a side must exceed to score


def honour_points(held: int) -> int:
    """Points for honours held by one side: all four 4, three 2, otherwise 0."""
    return {4: 4, 3: 2}.get(held, 0)


def game_value(loser_score: int, target: int) -> int:
    """Rubber points for a game: treble, double or single by the losers' score.

    For the classic game of 5: losers on 0 -> 3, on 1 or 2 -> 2, on 3 or 4 -> 1.
    Other targets use the same fractions of the target: losers who scored
    nothing give a treble, less than half the target a double, half or more a
    single (target 7: 1-3 double, 4-6 single; 9: 1-4 / 5-8; 10: 1-4 / 5-9).
    """
    if loser_score <= 0:
        return 3
    if 2 * loser_score < target:
        return 2
    return 1


RUBBER_BONUS = 2


def honours_dealt(deal: DealState) -> tuple[tuple[int, int], bool]:
    """Trump honours (A K Q J) dealt to each side, and whether all four were seen.

    At a physical table the hands are rebuilt from the plays; if the hand was
    claimed early, an honour never played cannot be placed and is not counted.
    """
    if deal.trump == 4:
        return (0, 0), True
    honours = {Card.of(deal.trump, r) for r in HONOUR_RANKS}
    dealt = deal.dealt_hands()
    held = [0, 0]
    placed: set[Card] = set()
    for seat in SEATS:
        hand = dealt[seat]
        if hand is not None:
            cards = set(hand)
        else:
            # A seat whose hand the table never saw: only its plays are known.
            cards = {c for t in deal.tricks for s, c in t.plays() if s == seat}
            cards |= {c for s, c in deal.current.plays() if s == seat}
        for card in honours & cards:
            held[seat.side] += 1
            placed.add(card)
    return (held[0], held[1]), placed == honours


def score_hand(
    deal: DealState,
    game_score: tuple[int, ...],
    rules: Rules,
    number: int = 1,
    honours_held: tuple[int, int] | None = None,
) -> HandScore:
    """Score a finished hand against the game score at its start.

    ``honours_held`` overrides the honours count (a physical table whose
    hands were claimed before every honour was seen, players declaring them).
    """
    if not deal.is_over:
        raise RulesError(f"the hand is not over: {13 - len(deal.tricks)} trick(s) still to play")
    target = rules.target
    before = (int(game_score[0]), int(game_score[1]))
    tricks = deal.tricks_taken()
    notes: list[str] = []

    # 1. Revoke penalty: per proven revoke, tricks move from the revoking side
    # to the other; revokers with fewer tricks give what they have.
    adjusted = list(tricks)
    moved = [0, 0]
    revokers: set[int] = set()
    for revoke in deal.revokes:
        side = revoke.seat.side
        other = 1 - side
        n = min(rules.revoke_penalty, adjusted[side])
        adjusted[side] -= n
        adjusted[other] += n
        moved[other] += n
        revokers.add(side)
        notes.append(f"{revoke.describe()}: {n} trick(s) to {SIDE_LONG_NAMES[other]}")

    # 2. Tricks over six.
    trick_points = tuple(max(0, t - BOOK) for t in adjusted)
    score = list(before)
    points = [0, 0]
    won_by: int | None = None

    def add(side: int, amount: int, what: str) -> None:
        nonlocal won_by
        if amount <= 0 or won_by is not None:
            return
        limit = target - 1 if side in revokers else target
        gain = max(0, min(amount, limit - score[side]))
        if gain < amount:
            if side in revokers and score[side] + amount >= target:
                notes.append(
                    f"{SIDE_LONG_NAMES[side]} revoked: cannot win the game on this hand, "
                    f"stopped at {limit}"
                )
            else:
                notes.append(f"{amount - gain} {what} point(s) beyond the target are not kept")
        score[side] += gain
        points[side] += gain
        if score[side] >= target:
            won_by = side

    for side in (0, 1):
        add(side, trick_points[side], "trick")

    # 3. Honours, dealt, only if the game is still open.
    held = (0, 0)
    honours = [0, 0]
    if rules.honours and deal.trump != 4:
        if honours_held is not None:
            held = (int(honours_held[0]), int(honours_held[1]))
        else:
            held, complete = honours_dealt(deal)
            if not complete:
                notes.append("honours counted on the cards seen: not every trump honour was shown")
        for side in (0, 1):
            value = honour_points(held[side])
            if not value:
                continue
            if before[side] >= target - 1:
                notes.append(
                    f"honours not counted: {SIDE_LONG_NAMES[side]} at {before[side]} "
                    f"(a side at {target - 1} cannot count honours)"
                )
                continue
            if won_by == side:
                continue  # already won on tricks: nothing more to add
            if won_by is not None:
                notes.append(
                    f"{SIDE_LONG_NAMES[side]}'s honours ({value}) not counted: "
                    f"{SIDE_LONG_NAMES[won_by]} reached {target} on tricks first"
                )
                continue
            start = points[side]
            add(side, value, "honour")
            honours[side] = points[side] - start
    elif rules.honours and deal.trump == 4:
        notes.append("no honours in a no-trump hand")

    return HandScore(
        number=number,
        dealer=deal.dealer,
        trump=deal.trump,
        tricks=(tricks[0], tricks[1]),
        revokes=tuple(deal.revokes),
        penalty=(moved[0], moved[1]),
        adjusted=(adjusted[0], adjusted[1]),
        trick_points=(trick_points[0], trick_points[1]),
        honours_held=held,
        honours=(honours[0], honours[1]),
        notes=tuple(notes),
        points=(points[0], points[1]),
        game_before=before,
        game_after=(score[0], score[1]),
        game_won_by=won_by,
    )


def describe_hand(score: HandScore) -> str:
    """One line: who took what and what it scored."""
    ns, ew = score.adjusted
    parts = [f"tricks NS {score.tricks[0]} EW {score.tricks[1]}"]
    if score.penalty != (0, 0):
        parts.append(f"after revoke penalty NS {ns} EW {ew}")
    gained = [
        f"{SIDE_LONG_NAMES[s]} +{score.points[s]}" for s in (0, 1) if score.points[s]
    ]
    parts.append(", ".join(gained) if gained else "no score")
    if score.game_won_by is not None:
        parts.append(f"game to {SIDE_LONG_NAMES[score.game_won_by]}")
    return "; ".join(parts)


__all__ = ["BOOK", "HONOUR_RANKS", "RUBBER_BONUS", "describe_hand", "game_value", "honour_points",
           "honours_dealt", "score_hand"]
