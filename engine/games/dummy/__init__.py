"""Dummy whist: three players, and a fourth hand, the dummy, that the
declarer plays from the seat opposite. Four hands of 13 are dealt one at a
time from eldest, the dummy last. The three bid once round as in Bid Whist
(a number of tricks over six with uptown, downtown or no trump; a higher
number, or at an equal number uptown < downtown < no trump); if the first two
pass the dealer must bid. The dummy is then turned face up opposite the
declarer, who names trumps (a suit bid) or the direction (no trump), leads,
and plays the dummy's cards too: tricks go declarer, left opponent, dummy,
right opponent (``Game.play_ring``; ``Game.actor`` names the declarer as
the one who acts for the dummy). Only the declarer scores: tricks over six
(its own and the dummy's) when made, minus the shortfall (or the bid) when
set. First to 21 wins.

With ``jokers`` on the pack is 54: the last two cards go to the dummy too
(15 cards), and after the auction its declarer lays 2 of them away unseen
by the defenders (an ``exchange`` for the dummy's seat) before it is turned;
the jokers rank as in Bid Whist (the two top trumps, big above little; at no
trump they belong to no suit and never win). The two laid away are out of
play and score nothing.

The seats: players N, E and S (seats 0, 1, 2), and the dummy's hand at W
(seat 3), whose place at the table is opposite whoever declares. Scores are
by player (N, E, S).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING

from engine.actions import Bid, Declare, Exchange, Pass
from engine.cards import STRAINS, Card, full_deck
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase, Step
from engine.games.dummy.pages import PAGES
from engine.games.dummy.table import SET_PENALTIES, SETTINGS, TABLE
from engine.order import NO_TRUMP, Order
from engine.record import DealRecord
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import Seat
from engine.shuffle import fisher_yates, rng_for, shuffled_pack

if TYPE_CHECKING:
    from engine.game import DealState, MatchState
    from engine.observation import Observation

MODES = ("uptown", "downtown", "notrump")
DUMMY = Seat(3)
PLAYERS = 3
HAND = 13
DUMMY_EXTRA = 2  # with jokers: the last two cards of the 54 to the dummy, laid away by its declarer


@dataclass(frozen=True)
class DummyRules:
    min_bid: int = 1
    downtown_beats_uptown: bool = True  # at an equal number; off: neither overcalls the other
    set_penalty: str = "shortfall"  # a set loses the tricks short; or the whole bid
    defenders_score_on_set: bool = False  # a set's points go to each defender instead
    target: int = 21
    jokers: bool = False  # 54 cards: the dummy gets 15, its declarer lays 2 away

    def __post_init__(self) -> None:
        if not 1 <= self.min_bid <= 7:
            raise RulesError("dummy whist's lowest bid is 1 to 7 tricks over six")
        if self.set_penalty not in SET_PENALTIES:
            raise RulesError(f"set penalty {self.set_penalty!r} is not offered: choose shortfall or bid")
        if self.target < 1:
            raise RulesError("the target is a whole number from 1")

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        jokers = ", with jokers" if self.jokers else ""
        return f"bids from {self.min_bid}, set by the {self.set_penalty}, game to {self.target}{jokers}"


def _rules(rules: GameRules) -> DummyRules:
    if not isinstance(rules, DummyRules):
        raise RulesError(f"dummy whist cannot be played with {type(rules).__name__}")
    return rules


def _player(seat: Seat, steps: int) -> Seat:
    return Seat((int(seat) + steps) % PLAYERS)


def rank(bid: Bid, rules: DummyRules) -> tuple[int, int]:
    """A bid's place in the order: its number, then its type."""
    mode = MODES.index(str(bid.mode))
    if not rules.downtown_beats_uptown and mode == 1:
        mode = 0
    return (int(bid.level or 0), mode)


def set_loss(over: int, level: int, rules: DummyRules) -> int:
    """What a contract of ``level`` set with ``over`` tricks over six loses: the tricks short,
    or the whole bid (``set_penalty``)."""
    return level - over if rules.set_penalty == "shortfall" else level


def high_bid(deal: DealState) -> Bid | None:
    bids = [a for a in deal.auction if isinstance(a, Bid)]
    return bids[-1] if bids else None


def declaring_side(contract: Contract) -> frozenset[Seat]:
    return frozenset() if contract.declarer is None else frozenset((contract.declarer, DUMMY))


class Dummy(Game):
    name = "dummy"
    title = "Dummy whist"
    blurb = "three players: the highest bidder plays a dummy hand opposite against the other two"
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    players = 4  # hands: the three players' and the dummy's
    has_auction = True

    @property
    def sides(self) -> int:
        return PLAYERS

    @property
    def side_names(self) -> tuple[str, ...]:
        return ("N", "E", "S")

    def side_of(self, seat: Seat) -> int:
        return int(seat) % PLAYERS

    def default_rules(self) -> DummyRules:
        return DummyRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> DummyRules:
        unknown = set(data) - {f.name for f in fields(DummyRules)}
        if unknown:
            raise RulesError(f"unknown dummy whist setting(s): {', '.join(sorted(unknown))}")
        default = DummyRules()

        def flag(key: str) -> bool:
            value = data.get(key, getattr(default, key))
            return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "on")

        return DummyRules(min_bid=int(str(data.get("min_bid", default.min_bid))),
                          downtown_beats_uptown=flag("downtown_beats_uptown"),
                          set_penalty=str(data.get("set_penalty", default.set_penalty)),
                          defenders_score_on_set=flag("defenders_score_on_set"),
                          target=int(str(data.get("target", default.target))),
                          jokers=flag("jokers"))

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return 13

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        if dealer == DUMMY:
            raise RulesError("the dummy does not deal: one of the three players does")
        jokers = _rules(rules).jokers
        pack = fisher_yates(full_deck(jokers=True), rng_for(seed)) if jokers else shuffled_pack(seed)
        order = [_player(dealer, 1), _player(dealer, 2), dealer, DUMMY]  # eldest first, the dummy last
        hands: list[list[Card]] = [[], [], [], []]
        for i, card in enumerate(pack[:4 * HAND]):
            hands[order[i % 4]].append(card)
        hands[DUMMY].extend(pack[4 * HAND:])  # with jokers, the last two
        return DealRecord.of_hands(dealer, hands, NO_TRUMP)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        extra = DUMMY_EXTRA if _rules(rules).jokers else 0
        sizes = [HAND, HAND, HAND, HAND + extra]
        # A hand not known (None) is one a table of real cards never scanned: the people's.
        if record.dealer == DUMMY or any(h is not None and len(h) != n
                                         for h, n in zip(record.hands(), sizes, strict=True)):
            with_jokers = f" ({HAND + extra} to the dummy with jokers)" if extra else ""
            raise RulesError("dummy whist deals 13 cards to each of the three players and the dummy"
                             + with_jokers)

    def tricks_in_hand(self, deal: DealState) -> int:
        return HAND

    def next_dealer(self, match: MatchState) -> Seat:
        return _player(match.first_dealer, len(match.deals))  # round the three players

    # -- auction and declaration ---------------------------------------------------------
    def step(self, deal: DealState) -> Step | None:
        if len(deal.auction) < PLAYERS:
            return Step(Phase.AUCTION, _player(deal.dealer, 1 + len(deal.auction)))
        high = high_bid(deal)
        if high is not None and _rules(deal.rules).jokers and not deal.exchanges:
            return Step(Phase.EXCHANGE, DUMMY)  # its declarer lays 2 of the dummy's 15 away
        if high is not None and not deal.declarations:
            return Step(Phase.DECLARE, high.seat)
        return None

    def exchange_count(self, deal: DealState) -> int:
        return DUMMY_EXTRA

    def check_exchange(self, deal: DealState, action: Exchange) -> None:
        if action.seat != DUMMY:
            raise RulesError("the declarer lays away 2 of the dummy's cards, not its own")

    def auction_turn(self, deal: DealState) -> Seat:
        return _player(deal.dealer, 1 + len(deal.auction))

    def auction_legal(self, deal: DealState, seat: Seat) -> Sequence[Bid | Pass]:
        r = _rules(deal.rules)
        high = high_bid(deal)
        floor = (0, -1) if high is None else rank(high, r)
        out: list[Bid | Pass] = [Bid(seat, level=level, mode=mode) for level in range(r.min_bid, 8)
                                 for mode in MODES if rank(Bid(seat, level=level, mode=mode), r) > floor]
        forced = seat == deal.dealer and high is None
        return out if forced else [*out, Pass(seat)]

    def declare_legal(self, deal: DealState, seat: Seat) -> Sequence[Declare]:
        high = high_bid(deal)
        if high is None or high.seat != seat or deal.declarations:
            return []
        if high.mode == "notrump":
            return [Declare(seat, trump="N", order=o) for o in ("uptown", "downtown")]
        return [Declare(seat, trump=t, order=high.mode) for t in "SHDC"]

    def contract(self, deal: DealState) -> Contract | None:
        high = high_bid(deal)
        if len(deal.auction) < PLAYERS or high is None or not deal.declarations:
            return None
        named = deal.declarations[-1]
        trump = STRAINS.index(str(named.trump))
        downtown = named.order == "downtown"
        call = f"{high.level} {high.mode}"
        return Contract(high.seat, call, trump, downtown, high.level)

    def visible_piles(self, deal: DealState, seat: Seat) -> dict[str, tuple[Card, ...]]:
        high = high_bid(deal)
        if len(deal.auction) < PLAYERS or high is None:
            return {}
        out: dict[str, tuple[Card, ...]] = {}
        turned = not (_rules(deal.rules).jokers and not deal.exchanges)  # with jokers: once 2 are laid away
        if turned:
            out["dummy"] = tuple(sorted(deal.hand(DUMMY) or ()))  # face up once the auction is over
        if seat == DUMMY:  # the declarer, playing the dummy's cards, holds its own too
            out["declarer"] = tuple(sorted(deal.hand(high.seat) or ()))
        if seat in (DUMMY, high.seat) and deal.exchanges:
            out["discard"] = tuple(sorted(deal.exchanges[0].discard))  # known to its declarer only
        return out

    # -- play -----------------------------------------------------------------------------
    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        assert contract.declarer is not None
        return contract.declarer

    def order(self, deal: DealState, contract: Contract) -> Order:
        return Order(contract.trump, contract.downtown)  # Bid Whist's: the ace high downtown too

    def play_ring(self, deal: DealState) -> tuple[Seat, ...]:
        contract = deal.contract
        if contract is None or contract.declarer is None:
            return ()
        d = contract.declarer
        return (d, _player(d, 1), DUMMY, _player(d, 2))

    def actor(self, deal: DealState, seat: Seat) -> Seat:
        high = high_bid(deal)
        if seat == DUMMY and high is not None and len(deal.auction) >= PLAYERS:
            return high.seat  # the declarer lays away and plays the dummy's cards
        return seat

    # -- scoring ------------------------------------------------------------------------------
    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        contract = deal.contract
        assert contract is not None and contract.declarer is not None and contract.level is not None
        declarer = contract.declarer
        took = deal.taken[declarer] + deal.taken[DUMMY]
        over = took - 6
        points = [0, 0, 0]
        if over >= contract.level:
            points[declarer] = over
            note = f"{contract.call} by {declarer.name}: {took} tricks with the dummy, made"
        else:
            loss = set_loss(over, contract.level, r)
            if r.defenders_score_on_set:
                for s in range(PLAYERS):
                    if s != declarer:
                        points[s] = loss
            else:
                points[declarer] = -loss
            note = f"{contract.call} by {declarer.name}: {took} tricks with the dummy, set"
        # the dummy's tricks are the declarer's
        tricks = tuple(deal.taken[s] + (deal.taken[DUMMY] if s == declarer else 0) for s in range(PLAYERS))
        after = tuple(b + p for b, p in zip(game_score, points, strict=True))
        won: int | None = None
        top = max(after)
        if top >= r.target and list(after).count(top) == 1:
            won = after.index(top)  # several over the target: the highest; equal: play on
        zero = (0, 0, 0)
        pts = tuple(points)
        return HandScore(number, deal.dealer, contract.trump, tricks, tuple(deal.revokes), zero, tricks, pts,
                         zero, zero, (note,), pts, game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return 1

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The play as engine.search.pointmcts models it, from ``obs``'s seat: the four hands
        in the order of play (declarer, left opponent, dummy, right opponent), the declarer
        and the dummy a side against the two others, must follow, every card taken worth
        one (the declarer scores by its tricks with the dummy's), the dummy's hand known to
        all and the declarer's to the dummy's seat, whose cards the declarer plays. With jokers
        the two cards the declarer laid away are out of play: known to the declarer, two unseen
        cards to a defender."""
        contract = obs.contract
        if contract is None or contract.declarer is None:
            raise RulesError("the play is searched once the auction has found a declarer")
        d = contract.declarer
        ring = (d, _player(d, 1), DUMMY, _player(d, 2))
        known = {DUMMY: frozenset(obs.piles.get("dummy", ())), d: frozenset(obs.piles.get("declarer", ()))}
        play = PointPlay.by_tricks((0, 1, 0, 1), Order(contract.trump, contract.downtown),
                                   known={s: cards for s, cards in known.items() if cards})
        if _rules(self.rules_from_dict(obs.rules)).jokers:
            laid = frozenset(obs.piles.get("discard", ()))
            pack = frozenset(full_deck(jokers=True)) - laid
            play = replace(play, pack=pack, values=dict.fromkeys(pack, 1), out=DUMMY_EXTRA - len(laid))
        return replace(play, ring=ring)


GAME = Dummy()

__all__ = ["DUMMY", "GAME", "Dummy", "DummyRules", "declaring_side", "high_bid", "rank"]
