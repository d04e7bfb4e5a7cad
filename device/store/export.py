"""``whist-table history --json``: every hand as one typed record, one JSON line each.

A :class:`HandRecord` is built from the engine's rebuild of the rubber
(device.store.recall.recall_match): the cards as dealt, the actions in order,
the tricks with their winners, the hand's score and the totals after it. Its
JSON form (``to_json``) is the contract tools read::

    {"game": "...", "rules": {...}, "match": 1, "hand": 1, "dealer": "S",
     "seats": ["N", "E", "S", "W"], "trump": "D",
     "deal": {"hands": {"N": ["SA", ...], ...}, "piles": {}, "turned": "DK"},
     "actions": [{"type": "play", "seat": "W", "card": "DJ"}, ...],
     "tricks": [{"leader": "W", "cards": ["DJ", "D5", "D2", "DK"], "winner": "S"}, ...],
     "result": {"tricks": {"NS": 8, "EW": 5}, "points": {"NS": 2, "EW": 0}},
     "totals": {"game": {"NS": 2, "EW": 0}, "games": {"NS": 0, "EW": 0}}}

``hands`` holds null for a seat whose cards the deal's record does not hold (a
real deck: the table is shown only the AI seats' hands; the others' cards are in
their plays, and replaying the actions against these hands is the engine's
replay, a real-card revoke included). ``result`` adds ``honours`` when
the rules count them, ``revokes`` and ``penalty`` when there were revokes,
``game`` (the side) on the hand that won a game and ``notes`` when the scorer
made any; ``totals`` adds ``rubber`` on the hand that won the rubber. A hand
still in play has ``result`` and ``totals`` null. Deals thrown in (misdeals)
are not hands and are not listed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from device.store.recall import RecalledHand, game_of, recall_match
from engine.actions import Action
from engine.cards import STRAINS, Card, sort_hand
from engine.deal import Revoke
from engine.game import GameRules
from engine.games import game_of as game_for
from engine.scoring import HandScore
from engine.seats import SIDE_NAMES, seat_label, seats_at

if TYPE_CHECKING:
    from device.store import MatchRow, Store

JSON = dict[str, Any]


@dataclass(frozen=True)
class PerSide:
    """A number for each side, in seat order of the sides ("NS", "EW")."""

    values: tuple[tuple[str, int], ...]

    @classmethod
    def sides(cls, pair: tuple[int, ...], names: tuple[str, ...] = SIDE_NAMES) -> PerSide:
        """By side ("NS", "EW"), or by seat where each plays alone (``names`` the seats)."""
        return cls(tuple(zip(names, (int(v) for v in pair), strict=True)))

    def to_json(self) -> JSON:
        return dict(self.values)


@dataclass(frozen=True)
class Dealt:
    """The cards as dealt: each seat's hand (None: never seen), piles, the turned card."""

    hands: tuple[tuple[str, tuple[str, ...] | None], ...]
    piles: tuple[tuple[str, tuple[str, ...]], ...] = ()
    turned: str | None = None

    def to_json(self) -> JSON:
        return {"hands": {seat: None if cards is None else list(cards) for seat, cards in self.hands},
                "piles": {name: list(cards) for name, cards in self.piles},
                "turned": self.turned}


@dataclass(frozen=True)
class TrickRecord:
    leader: str
    cards: tuple[str, ...]  # in play order, from the leader
    winner: str | None  # None: the trick was not finished (a claim ended the hand)
    ring: tuple[str, ...] = ()  # the order of play where it is not the seats' (a dummy opposite its declarer)

    def to_json(self) -> JSON:
        out: JSON = {"leader": self.leader, "cards": list(self.cards), "winner": self.winner}
        if self.ring:
            out["ring"] = list(self.ring)
        return out


@dataclass(frozen=True)
class HandResult:
    """The hand as scored by the engine."""

    tricks: PerSide  # as played (a claim's tricks included)
    points: PerSide
    honours: PerSide | None = None  # honour points scored, when the rules count honours
    revokes: tuple[Revoke, ...] = ()
    penalty: PerSide | None = None  # tricks moved by the revoke penalty
    game: str | None = None  # the side that won a game with this hand
    notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, score: HandScore, rules: GameRules) -> HandResult:
        game = game_for(rules)
        names = game.side_names
        return cls(
            tricks=PerSide.sides(score.tricks, names), points=PerSide.sides(score.points, names),
            honours=PerSide.sides(score.honours, names) if game.counts_honours(rules) else None,
            revokes=score.revokes,
            penalty=PerSide.sides(score.penalty, names) if score.revokes else None,
            game=None if score.game_won_by is None else names[score.game_won_by],
            notes=score.notes)

    def to_json(self) -> JSON:
        out: JSON = {"tricks": self.tricks.to_json(), "points": self.points.to_json()}
        if self.honours is not None:
            out["honours"] = self.honours.to_json()
        if self.revokes:
            out["revokes"] = [r.to_dict() for r in self.revokes]
        if self.penalty is not None:
            out["penalty"] = self.penalty.to_json()
        if self.game is not None:
            out["game"] = self.game
        if self.notes:
            out["notes"] = list(self.notes)
        return out


@dataclass(frozen=True)
class Totals:
    game: PerSide  # the score of the game the hand was played in, after it
    games: PerSide  # games won in the rubber so far
    rubber: str | None = None  # the side that won the rubber with this hand

    def to_json(self) -> JSON:
        out: JSON = {"game": self.game.to_json(), "games": self.games.to_json()}
        if self.rubber is not None:
            out["rubber"] = self.rubber
        return out


@dataclass(frozen=True)
class HandRecord:
    game: str
    rules: GameRules
    match: int
    hand: int
    dealer: str
    seats: tuple[str, ...]
    trump: str  # S H D C, or N for no trumps
    deal: Dealt
    actions: tuple[Action, ...]
    tricks: tuple[TrickRecord, ...]
    result: HandResult | None  # None while the hand is in play
    totals: Totals | None

    def to_json(self) -> JSON:
        return {
            "game": self.game, "rules": self.rules.to_dict(), "match": self.match, "hand": self.hand,
            "dealer": self.dealer, "seats": list(self.seats), "trump": self.trump,
            "deal": self.deal.to_json(),
            "actions": [a.to_dict(len(self.seats)) for a in self.actions],
            "tricks": [t.to_json() for t in self.tricks],
            "result": None if self.result is None else self.result.to_json(),
            "totals": None if self.totals is None else self.totals.to_json(),
        }


def _cards(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(str(c) for c in sort_hand(cards))


def hand_record(game: str, match_id: int, hand: RecalledHand) -> HandRecord:
    deal = hand.deal
    n = deal.players
    seats = seats_at(n)
    names = deal.game.side_names
    tricks = [TrickRecord(seat_label(t.leader, n), tuple(str(c) for c in t.cards),
                          seat_label(t.winner(deal.order), n), tuple(seat_label(s, n) for s in t.ring))
              for t in deal.tricks]
    if deal.current.cards:
        tricks.append(TrickRecord(seat_label(deal.current.leader, n),
                                  tuple(str(c) for c in deal.current.cards), None))
    turned = deal.record.trump_card
    dealt = Dealt(hands=tuple((seat_label(seat, n), None if cards is None else _cards(cards))
                              for seat, cards in zip(seats, deal.record.hands(), strict=True)),
                  piles=tuple((name, tuple(str(c) for c in cards)) for name, cards in deal.record.piles),
                  turned=None if turned is None else str(turned))
    result = totals = None
    if hand.score is not None and hand.game is not None and hand.games is not None:
        result = HandResult.of(hand.score, deal.rules)
        totals = Totals(PerSide.sides(hand.game, names), PerSide.sides(hand.games, names),
                        None if hand.rubber_winner is None else names[hand.rubber_winner])
    return HandRecord(game=game, rules=deal.rules, match=match_id, hand=hand.number,
                      dealer=seat_label(deal.dealer, n), seats=tuple(seat_label(s, n) for s in seats),
                      trump=STRAINS[deal.trump], deal=dealt, actions=tuple(deal.actions),
                      tricks=tuple(tricks), result=result, totals=totals)


def match_records(store: Store, row: MatchRow) -> Iterator[HandRecord]:
    """Every hand of a stored rubber, in order."""
    game = game_of(row)
    for hand in recall_match(store, row):
        yield hand_record(game, row.id, hand)
