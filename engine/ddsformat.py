"""DDS's test-vector format (the deals its own test suite solves), parsed from
text, and the random positions the solver is checked on against DDS.

Each deal is a group of lines: ``PBN dealer vul trump first "deal"``, ``FUT``
(every card group's score from the opening position), ``TABLE`` (20 values:
strain by declarer), ``PLAY`` (cards as played) and ``TRACE`` (the value after
each card). See shared/dds-hands/FORMAT.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from engine.cards import Card

# One deal of DDS's test file, keyed by its section names (FORMAT.md); the values'
# shapes differ by section, so a reader of this test data indexes what it knows.
DdsDeal = Mapping[str, Any]
MovesSolver = Callable[[Sequence[int], int, int, Sequence[int]], Mapping[int, int]]

# hands (N, E, S, W card masks), trump, leader, cards of the current trick
Position = tuple[tuple[int, int, int, int], int, int, tuple[int, ...]]


def parse_dds_vectors(text: str) -> list[dict[str, object]]:
    deals: list[dict[str, object]] = []
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "PBN":
            deals.append({"dealer": int(parts[1]), "trump": int(parts[3]),
                          "first": int(parts[4]), "pbn": line.split('"')[1]})
        elif parts[0] == "FUT":
            n = int(parts[1])
            v = [int(x) for x in parts[2:2 + 4 * n]]
            deals[-1]["fut"] = list(zip(v[:n], v[n:2 * n], v[2 * n:3 * n], v[3 * n:], strict=True))
        elif parts[0] == "TABLE":
            deals[-1]["table"] = [int(x) for x in parts[1:21]]
        elif parts[0] == "PLAY":
            cards = line.split('"')[1]
            deals[-1]["play"] = [int(Card(cards[i:i + 2])) for i in range(0, len(cards), 2)]
        elif parts[0] == "TRACE":
            deals[-1]["trace"] = [int(x) for x in parts[2:]]
    return deals


def trick_winner(trick: list[int], leader: int, trump: int) -> int:
    """Seat (0..3) winning a complete trick of card ints led by ``leader``."""
    from engine.seats import Seat
    from engine.trick import Trick

    return int(Trick(Seat(leader), tuple(Card(c) for c in trick)).winner(trump))


def fut_expected(deal: DdsDeal) -> dict[int, int]:
    """FUT as {card int: score}: every card of each equal-card group spelled out."""
    out: dict[int, int] = {}
    for suit, rank, equals, score in deal["fut"]:
        for r in [rank] + [r for r in range(2, 15) if equals >> r & 1]:
            out[suit * 13 + r - 2] = score
    return out


def trace_pairs(deal: DdsDeal, masks: tuple[int, ...],
                solve_moves: MovesSolver) -> Iterator[tuple[str, int, int]]:
    """Replay PLAY, solving every position with ``solve_moves(hands, trump,
    leader, trick)``; yields (what, TRACE value, ours) before and after each card:
    the declarer side's tricks won so far plus its double-dummy tricks to come."""
    hands = list(masks)
    trump, leader = deal["trump"], deal["first"]
    side = (leader + 1) % 2  # the declarer's side: the opening leader's opponents
    won = [0, 0]
    trick: list[int] = []
    trace = deal["trace"]
    for k, card in enumerate(deal["play"]):
        if k + 1 >= len(trace):  # DDS's trace stops before the last trick
            break
        mover = (leader + len(trick)) % 4
        values = solve_moves(tuple(hands), trump, leader, tuple(trick))
        left = hands[mover].bit_count()
        for j, what, v in ((k, f"before card {k}", max(values.values())),
                           (k + 1, f"after card {k} ({Card(card)})", values.get(card, -99))):
            mine = v if mover % 2 == side else left - v
            yield what, trace[j], won[side] + mine
        hands[mover] ^= 1 << card
        trick.append(card)
        if len(trick) == 4:
            leader = trick_winner(trick, leader, trump)
            won[leader % 2] += 1
            trick = []


def random_position(rng: random.Random, tricks_left: int | None) -> Position:
    """A random deal played at random (legally) to a random point."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * 13:(i + 1) * 13]) for i in range(4)]
    trump, leader = rng.randrange(5), rng.randrange(4)
    if tricks_left is None:
        return (hands[0], hands[1], hands[2], hands[3]), trump, leader, ()
    to_play = (13 - tricks_left) * 4 + rng.randrange(4)
    trick: list[int] = []
    for _ in range(to_play):
        seat = (leader + len(trick)) % 4
        cards = [c for c in range(52) if hands[seat] >> c & 1]
        if trick:
            follow = [c for c in cards if c // 13 == trick[0] // 13]
            cards = follow or cards
        card = rng.choice(cards)
        hands[seat] ^= 1 << card
        trick.append(card)
        if len(trick) == 4:
            leader = trick_winner(trick, leader, trump)
            trick = []
    return (hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick)
