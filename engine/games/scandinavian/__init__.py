"""Two-player Scandinavian whist: 10 cards in hand and 8 face down under 8
face up on the table each; high or low by bidding; four cards a trick (leader,
other, leader, other), from hand or from a face-up layout card, the card
under it turned at once; no trumps; first to 13."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING

from engine.actions import Bid, Pass
from engine.cards import Card, full_deck
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, check_match_length, games_to_win_of
from engine.games.scandinavian.pages import PAGES
from engine.games.scandinavian.table import SETTINGS, TABLE
from engine.observation import Observation
from engine.order import NO_TRUMP, Order
from engine.record import DealRecord
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import Seat, around
from engine.shuffle import shuffled_pack

if TYPE_CHECKING:
    from engine.game import DealState

STACKS = 8  # face-down cards, each under a face-up one
IN_HAND = 10


@dataclass(frozen=True)
class ScandinavianRules:
    target: int = 13
    games_per_match: int = 1

    def __post_init__(self) -> None:
        if self.target < 1:
            raise RulesError("the target is a whole number from 1")
        check_match_length(self.games_per_match)

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        return f"high or low, game to {self.target}"


def _rules(rules: GameRules) -> ScandinavianRules:
    if not isinstance(rules, ScandinavianRules):
        raise RulesError(f"Scandinavian whist cannot be played with {type(rules).__name__}")
    return rules


def stacks(deal: DealState, seat: Seat) -> list[tuple[Card | None, bool]]:
    """Each of ``seat``'s 8 layout places: the card on top (None once both are
    played) and whether it is face up."""
    return [(card, card is not None) for card in tops(deal, seat)]


def tops(deal: DealState, seat: Seat) -> list[Card | None]:
    """The card on top of each of ``seat``'s 8 layout places, face up (None once both are
    played): the face-down card is turned the moment its cover is played."""
    gone = _gone(deal)
    downs, ups = deal.record.pile(f"down{int(seat)}"), deal.record.pile(f"up{int(seat)}")
    return [up if up not in gone else down if down not in gone else None
            for down, up in zip(downs, ups, strict=True)]


def _gone(deal: DealState) -> set[Card]:
    """The cards played, the trick in progress's included."""
    return deal.played.keys() | deal.current.cards


def covered(deal: DealState, seat: Seat) -> tuple[Card, ...]:
    """``seat``'s face-up cards with a face-down card still under them."""
    gone = _gone(deal)
    downs, ups = deal.record.pile(f"down{int(seat)}"), deal.record.pile(f"up{int(seat)}")
    return tuple(sorted(up for down, up in zip(downs, ups, strict=True) if up not in gone))


class Scandinavian(Game):
    name = "scandinavian"
    title = "Scandinavian whist"
    blurb = "two players, 10 in hand and 16 on the table; high or low; two cards each a trick"
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    players = 2
    has_auction = True

    def default_rules(self) -> ScandinavianRules:
        return ScandinavianRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> ScandinavianRules:
        unknown = set(data) - {f.name for f in fields(ScandinavianRules)}
        if unknown:
            raise RulesError(f"unknown Scandinavian whist setting(s): {', '.join(sorted(unknown))}")
        return ScandinavianRules(**{k: int(str(v)) for k, v in data.items()})

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        pack = shuffled_pack(seed)
        eldest = around(dealer, 1, 2)
        # one at a time from the non-dealer: each player's first 8 face down, the next 8 face up,
        # the last 10 to hand
        own = {eldest: pack[0::2], dealer: pack[1::2]}
        hands: list[list[Card]] = [[], []]
        piles: dict[str, Sequence[Card]] = {}
        for seat in (Seat(0), Seat(1)):
            cards = own[seat]
            piles[f"down{int(seat)}"] = cards[:STACKS]
            piles[f"up{int(seat)}"] = cards[STACKS:2 * STACKS]
            hands[seat] = cards[2 * STACKS:]
        return DealRecord.of_hands(dealer, hands, NO_TRUMP, piles)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        if record.trump != NO_TRUMP or any(len(record.pile(f"{k}{s}")) != STACKS
                                           for k in ("down", "up") for s in (0, 1)):
            raise RulesError("Scandinavian whist has no trumps and deals each player 8 down and 8 up")

    def tricks_in_hand(self, deal: DealState) -> int:
        return 13

    def layout(self, deal: DealState, seat: Seat) -> frozenset[Card]:
        return frozenset(card for card in tops(deal, seat) if card is not None)

    def visible_piles(self, deal: DealState, seat: Seat) -> dict[str, tuple[Card, ...]]:
        # every face-up card is on the table for both players to see, and which of them
        # still has a card under it (``covered``: how many face-down cards are left)
        seen = {f"layout{s}": tuple(sorted(self.layout(deal, Seat(s)))) for s in (0, 1)}
        return {**seen, **{f"covered{s}": covered(deal, Seat(s)) for s in (0, 1)}}

    # -- high or low ----------------------------------------------------------------
    def auction_legal(self, deal: DealState, seat: Seat) -> Sequence[Bid | Pass]:
        return [Bid(seat, call="high"), Bid(seat, call="low")]

    def contract(self, deal: DealState) -> Contract | None:
        calls = [(a.seat, a.call) for a in deal.auction if isinstance(a, Bid)]
        if calls and calls[-1][1] == "high":
            return Contract(calls[-1][0], "high", NO_TRUMP)
        if len(calls) == 2:
            return Contract(None, "low", NO_TRUMP)
        return None

    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        eldest = around(deal.dealer, 1, 2)
        if contract.declarer is None:
            return eldest  # a low game: the non-dealer
        return around(contract.declarer, 1, 2)  # a high game: the player who did not bid high

    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        contract = deal.contract
        assert contract is not None
        tricks = (deal.taken[0], deal.taken[1])
        points = [0, 0]
        if contract.declarer is not None:
            bidder = int(contract.declarer)
            if tricks[bidder] >= 7:
                points[bidder] = tricks[bidder] - 6
            else:
                points[1 - bidder] = 2 * (tricks[1 - bidder] - 6)
            note = f"high game bid by player {bidder + 1}"
        else:
            low = 0 if tricks[0] < tricks[1] else 1
            points[low] = 7 - tricks[low]
            note = "low game"
        after = (game_score[0] + points[0], game_score[1] + points[1])
        won = next((s for s in (0, 1) if after[s] >= r.target), None)
        zero = (0, 0)
        return HandScore(number, deal.dealer, NO_TRUMP, tricks, tuple(deal.revokes), zero, tricks,
                         (points[0], points[1]), zero, zero, (note,), (points[0], points[1]),
                         game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return games_to_win_of(_rules(rules).games_per_match)

    def point_play(self, obs: Observation) -> PointPlay:
        """The play as engine.search.pointmcts models it, from ``obs``'s seat: two players
        alone, four cards a trick, must follow from the hand or the face-up cards, every
        card taken worth one; in a low game fewer are better. The face-up cards are the
        table's (``layout0`` and ``layout1``), the cards under those in ``covered0`` and
        ``covered1`` unseen by both players."""
        contract = obs.contract
        if contract is None:
            raise RulesError("Scandinavian whist's play is modelled once high or low is settled")
        shown = {Seat(s): frozenset(obs.piles.get(f"layout{s}", ())) for s in (0, 1)}
        covered = frozenset(obs.piles.get("covered0", ())) | frozenset(obs.piles.get("covered1", ()))
        play = PointPlay.by_tricks((0, 1), Order(NO_TRUMP), lowest_wins=contract.call == "low")
        return replace(play, pack=frozenset(full_deck()), shown=shown, covered=covered,
                       trick_size=2 * self.players)


GAME = Scandinavian()
