"""Shared helpers for the engine tests: deals with chosen tricks, honours, revokes."""

from __future__ import annotations

from engine.actions import Claim, Play
from engine.cards import Card, parse_card
from engine.deal import Deal, DealRecord
from engine.games.classic.rules import Rules
from engine.seats import Seat


def record_with_honours(ns_honours: int, trump: str = "S", dealer: str = "W") -> DealRecord:
    """A full deal where North holds ``ns_honours`` of A K Q J of ``trump`` and
    East the rest; the other cards are dealt out in order."""
    suit = "SHDC".index(trump) if trump != "N" else 0
    honours = [Card.of(suit, r) for r in (14, 13, 12, 11)]
    hands: list[list[Card]] = [[], [], [], []]
    for i, card in enumerate(honours):
        hands[Seat.N if i < ns_honours else Seat.E].append(card)
    rest = [Card(i) for i in range(52) if Card(i) not in honours]
    for card in rest:
        seat = min(range(4), key=lambda s: (len(hands[s]) >= 13, len(hands[s])))
        hands[seat].append(card)
    return DealRecord.from_hands([[str(c) for c in h] for h in hands], dealer, trump)


def claimed(ns_tricks: int, ns_honours: int = 0, trump: str = "S", rules: Rules | None = None) -> Deal:
    """A hand ended at once by North claiming ``ns_tricks`` (East-West take the rest)."""
    deal = Deal(record_with_honours(ns_honours, trump), rules)
    deal.apply(Claim(Seat.N, ns_tricks))
    return deal


def with_revokes(revokers: str, ns_tricks_after: int) -> Deal:
    """A physical-table hand in which each side in ``revokers`` ("NS", "EW",
    "NSEW") revokes once, proven in trick 2; then North claims so that NS end
    with ``ns_tricks_after`` tricks in all."""
    deal = Deal(DealRecord.physical("W", "H"))
    ns_rev, ew_rev = "NS" in revokers, "EW" in revokers
    # Trick 1, clubs: South shows out (NS revoke) and/or West shows out (EW revoke).
    t1 = ["C2", "C3", "S2" if ns_rev else "C4", "S3" if ew_rev else "C5"]
    for seat, card in zip((Seat.N, Seat.E, Seat.S, Seat.W), t1, strict=True):
        deal.apply(Play(seat, parse_card(card)))
    leader = deal.turn
    # Trick 2, clubs again: the revokers now play clubs, proving it.
    for i, card in enumerate(["C6", "C7", "C8", "C9"]):
        deal.apply(Play(leader.offset(i), parse_card(card)))
    ns_now = deal.tricks_taken()[0]
    deal.apply(Claim(Seat.N, ns_tricks_after - ns_now))
    return deal
