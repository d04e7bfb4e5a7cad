"""What one seat may know, for any game: the AI's only input and the JSON
line an external (``cmd:``) seat reads.

The JSON form (``Observation.to_json``), documented with an example per game
in ``docs/observation.md``::

    game, rules        the game's name and its house settings
    seat, seats        this seat, and every seat's name clockwise
    phase              auction | declare | exchange | play | over
    turn               the seat to act (null when the hand is over)
    hand               this seat's cards
    dealer, trump      trump is S H D C or N
    order              uptown | downtown | jack_high (the trump jack above the ace)
    trump_card         the turned card while it lies face up, else null
    piles              other cards this seat can see, by pile name
    discard            in the exchange: how many cards of the hand to lay away
    auction            the bids and passes so far, in order
    contract           what the auction settled (null before)
    tricks             completed tricks: leader, cards in play order, winner
    trick              the trick in progress: leader, cards
    won                tricks won this hand, by seat
    bids               games where each seat bids a number of tricks (Oh Hell): the
                       bids so far, by seat (absent in other games)
    scores             the match score before this hand, by side or seat
    legal              every action this seat may take now
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.actions import Action, Bid, Pass, action_from_dict
from engine.cards import STRAINS, Card, parse_card, parse_cards
from engine.errors import NotationError
from engine.order import Order
from engine.phase import Contract, Phase
from engine.seats import Seat, seat_label, seat_names
from engine.trick import Trick


@dataclass(frozen=True)
class Scores:
    """A match's score: ``names`` are the sides (NS, EW) or the seats."""

    names: tuple[str, ...]
    game: tuple[int, ...]
    games_won: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"game": dict(zip(self.names, self.game, strict=True))}
        if self.games_won:
            out["games_won"] = dict(zip(self.names, self.games_won, strict=True))
        return out


@dataclass(frozen=True)
class Observation:
    game: str
    seat: Seat
    players: int
    phase: Phase
    turn: Seat | None
    hand: tuple[Card, ...]
    dealer: Seat
    trump: int
    order: str
    trump_card: Card | None
    tricks: tuple[Trick, ...]
    trick: Trick
    won: tuple[int, ...]
    legal: tuple[Action, ...]
    auction: tuple[Bid | Pass, ...] = ()
    contract: Contract | None = None
    piles: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    rules: Mapping[str, object] = field(default_factory=dict)
    scores: Scores | None = None
    discard: int = 0

    @property
    def seats(self) -> tuple[str, ...]:
        return seat_names(self.players)

    def label(self, seat: Seat) -> str:
        return seat_label(seat, self.players)

    @property
    def bids(self) -> dict[Seat, int]:
        """Each seat's bid of a number of tricks so far (games such as Oh Hell)."""
        return {a.seat: a.tricks for a in self.auction if isinstance(a, Bid) and a.tricks is not None}

    def to_json(self) -> dict[str, object]:
        n = self.players
        order = self._order()
        return {
            "game": self.game,
            "rules": dict(self.rules),
            "seat": self.label(self.seat),
            "seats": list(self.seats),
            "phase": str(self.phase),
            "turn": None if self.turn is None else self.label(self.turn),
            "hand": [str(c) for c in sorted(self.hand)],
            "dealer": self.label(self.dealer),
            "trump": STRAINS[self.trump],
            "order": self.order,
            "trump_card": None if self.trump_card is None else str(self.trump_card),
            "piles": {k: [str(c) for c in v] for k, v in self.piles.items()},
            "auction": [a.to_dict(n) for a in self.auction],
            "contract": None if self.contract is None else self._contract_json(self.contract),
            "tricks": [{**t.to_dict(), "winner": self.label(t.winner(order))} for t in self.tricks],
            "trick": self.trick.to_dict(),
            "won": dict(zip(self.seats, self.won, strict=True)),
            **({"bids": {self.label(s): t for s, t in self.bids.items()}} if self.bids else {}),
            "scores": None if self.scores is None else self.scores.to_json(),
            "legal": [a.to_dict(n) for a in self.legal],
            **({"discard": self.discard} if self.discard else {}),
        }

    def play_form(self) -> dict[str, object]:
        """The card-play part ``choose_card`` reads: seat, hand, dealer, trump,
        trump_card, tricks (leader and cards) and the trick in progress."""
        return {
            "seat": self.label(self.seat),
            "hand": [str(c) for c in sorted(self.hand)],
            "dealer": self.label(self.dealer),
            "trump": STRAINS[self.trump],
            "trump_card": None if self.trump_card is None else str(self.trump_card),
            "tricks": [t.to_dict() for t in self.tricks],
            "trick": self.trick.to_dict(),
        }

    def _order(self) -> Order:
        return Order(self.trump, self.order == "downtown", jack_high=self.order == "jack_high")

    def _contract_json(self, contract: Contract) -> dict[str, object]:
        out = contract.to_dict()
        out["declarer"] = None if contract.declarer is None else self.label(contract.declarer)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Observation:
        """Read the JSON form back (what an external program was sent)."""
        try:
            seats = _strings(data["seats"], "seats")
            n = len(seats)

            def seat(key: str) -> Seat:
                return Seat.parse_at(str(data[key]), n)

            turn = data.get("turn")
            trick = _mapping(data["trick"], "trick")
            contract = data.get("contract")
            auction = [action_from_dict(_mapping(a, "auction"), n) for a in _list(data.get("auction"))]
            won = _mapping(data.get("won") or {s: 0 for s in seats}, "won")
            card = data.get("trump_card")
            trump = STRAINS.index(str(data["trump"]).upper())
            return cls(
                game=str(data["game"]), seat=seat("seat"), players=n, phase=Phase(str(data["phase"])),
                turn=None if turn is None else Seat.parse_at(str(turn), n),
                hand=tuple(parse_cards(_strings(data["hand"], "hand"))), dealer=seat("dealer"),
                trump=trump, order=str(data.get("order") or "uptown"),
                trump_card=None if card is None else parse_card(str(card)),
                tricks=tuple(Trick.from_dict(_mapping(t, "tricks"), n) for t in _list(data.get("tricks"))),
                trick=Trick.from_dict(trick, n),
                won=tuple(int(str(won.get(s, 0))) for s in seats),
                legal=tuple(action_from_dict(_mapping(a, "legal"), n) for a in _list(data.get("legal"))),
                auction=tuple(a for a in auction if isinstance(a, (Bid, Pass))),
                contract=None if contract is None else _contract(_mapping(contract, "contract"), n),
                piles={str(k): tuple(parse_cards(_strings(v, "piles")))
                       for k, v in _mapping(data.get("piles") or {}, "piles").items()},
                rules=dict(_mapping(data.get("rules") or {}, "rules")),
                scores=None if data.get("scores") is None else _scores(_mapping(data["scores"], "scores")),
                discard=int(str(data.get("discard") or 0)),
            )
        except KeyError as exc:
            raise NotationError(f"the observation lacks the field {exc.args[0]!r}") from None


def _list(value: object) -> list[object]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise NotationError(f"{value!r} should be a list")
    return value


def _strings(value: object, what: str) -> list[str]:
    return [str(v) for v in _list(value)]


def _mapping(value: object, what: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise NotationError(f"the observation's {what} should be an object, not {value!r}")
    return value


def _scores(data: Mapping[str, object]) -> Scores:
    game = _mapping(data.get("game") or {}, "scores")
    won = _mapping(data.get("games_won") or {}, "scores")
    names = tuple(game)
    return Scores(names, tuple(int(str(game[n])) for n in names),
                  tuple(int(str(won[n])) for n in names if n in won))


def _contract(data: Mapping[str, object], players: int) -> Contract:
    declarer = data.get("declarer")
    level = data.get("level")
    return Contract(
        None if declarer is None else Seat.parse_at(str(declarer), players), str(data.get("call") or ""),
        STRAINS.index(str(data.get("trump") or "N")), data.get("order") == "downtown",
        None if level is None else int(str(level)),
    )


__all__ = ["Observation", "Scores"]

