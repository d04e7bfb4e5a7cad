"""Bid Whist: 54 cards (the big and the little joker on top of trumps), 12
each and a kitty of 6; an auction in books over six with uptown, downtown and
no trump; the winner names trumps (or the direction at no trump), takes the
kitty and lays 6 away, which count as the side's first book; made or set, to
+5 or -5 by default. Every setting of the rules file is a field of
:class:`BidRules`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from engine.actions import Bid, Declare, Pass
from engine.cards import STRAINS, SUIT_NAMES, Card, full_deck
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase, Step, check_match_length, games_to_win_of
from engine.games.bid.pages import PAGES
from engine.games.bid.table import SETTINGS, TABLE
from engine.order import NO_TRUMP, Order
from engine.record import DealRecord
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import Seat, around
from engine.shuffle import fisher_yates, rng_for

if TYPE_CHECKING:
    from engine.game import DealState
    from engine.observation import Observation

MODES = ("uptown", "downtown", "notrump")
ORDERS = ("uptown", "downtown")
HAND = 12
KITTY = 6
BOOK = 6  # books a side must exceed: the bid counts those over six
# Pack positions (0-based) of the kitty with the spread deal: one card after each
# of the first six rounds of four (the 5th, 10th, ... 30th card dealt).
SPREAD_KITTY = tuple(5 * k + 4 for k in range(KITTY))

# The settings that take a word, and the words: as the settings menu offers them.
_CHOICES: dict[str, tuple[str, ...]] = {spec.key: tuple(map(str, spec.values)) for spec in SETTINGS
                                         if all(isinstance(v, str) for v in spec.values)}
_FLAGS = ("downtown_beats_uptown", "dealer_may_match", "trump_before_kitty", "nt_double")


@dataclass(frozen=True)
class BidRules:
    """The house settings (defaults first in the rules file)."""

    kitty_deal: str = "spread"
    min_bid: int = 1
    downtown_beats_uptown: bool = True
    auction: str = "once"
    dealer_may_match: bool = False
    trump_before_kitty: bool = True
    kitty_shown: str = "except_nt"
    downtown_ace: str = "high"
    joker_lead: str = "trump"
    made_score: str = "all_odd"
    set_penalty: str = "shortfall"
    nt_double: bool = False
    win_at: int = 5
    lose_at: int | None = -5  # None: no losing threshold
    games_per_match: int = 1

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(f"Bid Whist's {name} {value!r} is not offered: "
                                 f"choose {' or '.join(allowed)}")
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"Bid Whist's {name} is on or off (true or false)")
        if not 1 <= self.min_bid <= 7:
            raise RulesError("the lowest bid (min_bid) is a number of books from 1 to 7")
        if self.win_at < 1:
            raise RulesError("a game of Bid Whist is won at a score of 1 or more (win_at; 5 or 7 is usual)")
        if self.lose_at is not None and self.lose_at > -1:
            raise RulesError("a game is lost at a score below zero (lose_at; -5 or -7), or never (null)")
        check_match_length(self.games_per_match)

    @property
    def target(self) -> int:
        return self.win_at

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        lose = "no losing score" if self.lose_at is None else f"lost at {self.lose_at}"
        extra = [s for s, on in (("downtown ace low", self.downtown_ace == "low"),
                                 ("no trump doubled", self.nt_double),
                                 (f"bids from {self.min_bid}", self.min_bid > 1),
                                 ("open auction", self.auction == "open"),
                                 ("set by the bid", self.set_penalty == "bid")) if on]
        return ", ".join([f"game to {self.win_at}, {lose}"] + extra)


def _rules(rules: GameRules) -> BidRules:
    if not isinstance(rules, BidRules):
        raise RulesError(f"Bid Whist cannot be played with {type(rules).__name__}")
    return rules


def bid_key(bid: Bid, rules: BidRules) -> tuple[int, int]:
    """Precedence: a higher number beats a lower; at one number uptown <
    downtown < no trump (uptown = downtown with ``downtown_beats_uptown`` off)."""
    mode = MODES.index(str(bid.mode))
    if not rules.downtown_beats_uptown and mode < 2:
        mode = 0
    return (int(bid.level or 0), mode)


def call_of(bid: Bid) -> str:
    """A bid in words: ``4 uptown``, ``4 downtown``, ``4 no trump``."""
    return f"{bid.level} {'no trump' if bid.mode == 'notrump' else bid.mode}"


def high_bid(deal: DealState) -> Bid | None:
    """The bid winning the auction so far (the last bid: each must beat or match the one before)."""
    return next((a for a in reversed(deal.auction) if isinstance(a, Bid)), None)


def auction_over(deal: DealState) -> bool:
    rules = _rules(deal.rules)
    if rules.auction == "once":
        return len(deal.auction) == 4
    passed = {a.seat for a in deal.auction if isinstance(a, Pass)}
    return high_bid(deal) is not None and len(passed) == 3


def kitty_turned(deal: DealState) -> bool:
    """The kitty has reached the bidder (the exchange has begun or is done)."""
    return deal.exchanges != [] or (deal.step is not None and deal.step.phase is Phase.EXCHANGE)


def own_cards_laid_away(deal: DealState) -> int | None:
    """How many of the bidder's own cards (not from the kitty) were laid away:
    the count announced to the table; None before the exchange."""
    if not deal.exchanges:
        return None
    kitty = set(deal.record.pile("kitty"))
    return sum(1 for c in deal.exchanges[0].discard if c not in kitty)


class BidWhist(Game):
    name = "bid"
    title = "Bid Whist"
    blurb = ("four players, two partnerships, 54 cards: bid books uptown, downtown or no trump, "
             "take the kitty, jokers on top")
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    jokers = True
    has_auction = True

    def house_lines(self, rules: GameRules) -> list[str]:
        r = _rules(rules)
        lose = "never" if r.lose_at is None else f"at {r.lose_at}"
        return [
            f"Game won at {r.win_at}, lost {lose}; "
            f"{'best of 3 games' if r.games_per_match == 3 else 'one game'} a match",
            f"Kitty dealt {'through the first six rounds' if r.kitty_deal == 'spread' else 'last'}; "
            f"shown {dict(except_nt='unless no trump', always='always', never='never')[r.kitty_shown]}",
            f"Auction: {'each speaks once' if r.auction == 'once' else 'round until three pass'}, bids from "
            f"{r.min_bid}; downtown {'beats' if r.downtown_beats_uptown else 'equals'} uptown; "
            f"the dealer {'may' if r.dealer_may_match else 'may not'} take the bid at the same number",
            f"Trumps named {'before' if r.trump_before_kitty else 'after'} the kitty is seen",
            f"Downtown ace {r.downtown_ace}; a led joker "
            f"{'calls for trumps' if r.joker_lead == 'trump' else 'leaves the suit to the next card'}",
            f"Made: {'every book over six' if r.made_score == 'all_odd' else 'the bid'}; set: minus "
            f"{'the shortfall' if r.set_penalty == 'shortfall' else 'the bid'}"
            f"{'; no trump doubled' if r.nt_double else ''}",
        ]

    def default_rules(self) -> BidRules:
        return BidRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> BidRules:
        known = {f.name for f in fields(BidRules)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(f"unknown Bid Whist setting(s): {', '.join(sorted(unknown))}")
        values: dict[str, object] = {}
        for key, value in data.items():
            if key in _FLAGS:
                if isinstance(value, str):
                    value = value.strip().lower() in ("1", "true", "on", "yes")
                values[key] = bool(value)
            elif key in _CHOICES:
                values[key] = str(value)
            elif key == "lose_at" and (value is None or str(value).lower() in ("none", "null", "off")):
                values[key] = None
            else:
                try:
                    values[key] = int(str(value))
                except ValueError:
                    raise RulesError(f"Bid Whist's {key} is a whole number, not {value!r}") from None
        return BidRules(**values)  # type: ignore[arg-type]

    # -- dealing ------------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return HAND

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        pack = fisher_yates(full_deck(jokers=True), rng_for(seed))
        hands, kitty = deal_pack(pack, dealer, _rules(rules).kitty_deal)
        return DealRecord.of_hands(dealer, hands, NO_TRUMP, piles={"kitty": kitty})

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        hands = record.hands()
        kitty = record.pile("kitty")
        if any(h is not None and len(h) != HAND for h in hands) or len(kitty) != KITTY:
            raise RulesError("Bid Whist deals 12 cards to each seat and 6 to the kitty")
        if record.trump != NO_TRUMP or record.trump_card is not None:
            raise RulesError("Bid Whist turns no card: trumps are named by the auction's winner")

    # -- steps before the play ------------------------------------------------------
    def step(self, deal: DealState) -> Step | None:
        if not auction_over(deal):
            return Step(Phase.AUCTION, self.auction_turn(deal))
        bid = high_bid(deal)
        assert bid is not None
        order = (Phase.DECLARE, Phase.EXCHANGE) if _rules(deal.rules).trump_before_kitty \
            else (Phase.EXCHANGE, Phase.DECLARE)
        done = {Phase.DECLARE: bool(deal.declarations), Phase.EXCHANGE: bool(deal.exchanges)}
        for phase in order:
            if not done[phase]:
                return Step(phase, bid.seat)
        return None

    def auction_turn(self, deal: DealState) -> Seat:
        if _rules(deal.rules).auction == "once" or not deal.auction:
            return around(deal.dealer, 1 + len(deal.auction), self.players)
        passed = {a.seat for a in deal.auction if isinstance(a, Pass)}
        seat = deal.auction[-1].seat
        for _ in range(self.players):
            seat = around(seat, 1, self.players)
            if seat not in passed:
                return seat
        raise RulesError("every seat has passed")  # the auction is over before this

    def auction_legal(self, deal: DealState, seat: Seat) -> Sequence[Bid | Pass]:
        rules = _rules(deal.rules)
        high = high_bid(deal)
        passed = {a.seat for a in deal.auction if isinstance(a, Pass)}
        forced = high is None and len(passed) == self.players - 1
        match = rules.dealer_may_match and seat == deal.dealer and high is not None and high.seat != seat
        out: list[Bid | Pass] = []
        for level in range(rules.min_bid, 8):
            for mode in MODES:
                bid = Bid(seat, level=level, mode=mode)
                if high is None or bid_key(bid, rules) > bid_key(high, rules) or (
                        match and (level, mode) == (high.level, high.mode)):
                    out.append(bid)
        if not forced:
            out.append(Pass(seat))
        return out

    def declare_legal(self, deal: DealState, seat: Seat) -> Sequence[Declare]:
        bid = high_bid(deal)
        assert bid is not None
        if bid.mode == "notrump":
            return [Declare(seat, trump="N", order=o) for o in ORDERS]
        return [Declare(seat, trump=s, order=bid.mode) for s in "SHDC"]

    def exchange_count(self, deal: DealState) -> int:
        return KITTY

    def exchange_pile(self, deal: DealState) -> str | None:
        return "kitty"

    def visible_piles(self, deal: DealState, seat: Seat) -> dict[str, tuple[Card, ...]]:
        out: dict[str, tuple[Card, ...]] = {}
        bid = high_bid(deal)
        if bid is None or not auction_over(deal):
            return out
        shown = _rules(deal.rules).kitty_shown
        public = shown == "always" or (shown == "except_nt" and bid.mode != "notrump")
        # A kitty once turned stays known: every seat saw it before the bidder took it up.
        if public and kitty_turned(deal):
            out["kitty"] = deal.record.pile("kitty")
        if seat == bid.seat and deal.exchanges:
            out["discard"] = deal.exchanges[0].discard
        return out

    def contract(self, deal: DealState) -> Contract | None:
        # Named once trumps are declared, so the exchange is made knowing them (the
        # deal takes it up as the hand's contract when the play starts).
        if not auction_over(deal) or not deal.declarations:
            return None
        bid = high_bid(deal)
        assert bid is not None and bid.level is not None
        declared = deal.declarations[0]
        trump = STRAINS.index(str(declared.trump))
        return Contract(bid.seat, call_of(bid), trump, declared.order == "downtown", bid.level)

    # -- play ---------------------------------------------------------------------
    def order(self, deal: DealState, contract: Contract) -> Order:
        rules = _rules(deal.rules)
        return Order(contract.trump, contract.downtown, rules.downtown_ace == "low", rules.joker_lead)

    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        assert contract.declarer is not None
        return contract.declarer

    # -- scoring ------------------------------------------------------------------
    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        contract = deal.contract
        assert contract is not None and contract.declarer is not None and contract.level is not None
        side = contract.declarer.side
        tricks = deal.tricks_taken()
        books = tricks[side] + 1  # the kitty (the bidder's discards) is the first book
        points = bid_points(r, contract.level, contract.trump == NO_TRUMP, books)
        scored = [0, 0]
        scored[side] = points
        after = (game_score[0] + scored[0], game_score[1] + scored[1])
        won: int | None = None
        if after[side] >= r.win_at:
            won = side
        elif r.lose_at is not None and after[side] <= r.lose_at:
            won = 1 - side
        books_by_side = tuple(t + 1 if s == side else t for s, t in enumerate(tricks))
        trump = "no trump" if contract.trump == NO_TRUMP else SUIT_NAMES[contract.trump]
        direction = "downtown" if contract.downtown else "uptown"
        what = f"{contract.call}" + ("" if contract.trump == NO_TRUMP else f" in {trump}")
        if contract.trump == NO_TRUMP:
            what += f", played {direction}"
        result = "made" if points > 0 else "set"
        note = (f"{what} by {contract.declarer.name}: {books} books, {result}, "
                f"{'+' if points > 0 else ''}{points}")
        return HandScore(number, deal.dealer, contract.trump, tricks, tuple(deal.revokes), (0, 0),
                         books_by_side, (scored[0], scored[1]), (0, 0), (0, 0), (note,),
                         (scored[0], scored[1]), game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return games_to_win_of(_rules(rules).games_per_match)

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The play as engine.search.pointmcts models it, from ``obs``'s seat: the 54 cards,
        the jokers the top trumps (of no suit at no trump, never winning), partners a side,
        must follow, every card taken worth one (the side's books decide the contract; the
        kitty's book is the bidder's whatever the play). The six cards laid away are out of
        play: the bidder knows them, the others only that six unseen cards are; a kitty turned
        for all to see is, card by card, in the bidder's hand or laid away."""
        contract = obs.contract
        if contract is None or contract.declarer is None:
            raise RulesError("the play is searched once the auction has found a bidder")
        r = _rules(self.rules_from_dict(obs.rules))
        order = Order(obs.trump, obs.order == "downtown", r.downtown_ace == "low", r.joker_lead)
        away = frozenset(obs.piles.get("discard", ()))
        pack = frozenset(full_deck(jokers=True)) - away
        kitty = frozenset(obs.piles.get("kitty", ()))
        return PointPlay(4, (0, 1, 0, 1), pack, order, dict.fromkeys(pack, 1), (2 * HAND, 2 * HAND),
                         out=KITTY - len(away), only={contract.declarer: kitty} if kitty else {})


def bid_points(rules: BidRules, level: int, notrump: bool, books: int) -> int:
    """The bidding side's score for ``books`` (kitty included) on a bid of ``level``."""
    odd = books - BOOK
    if odd >= level:
        points = odd if rules.made_score == "all_odd" else level
    else:
        points = -(level - odd) if rules.set_penalty == "shortfall" else -level
    return 2 * points if notrump and rules.nt_double else points


def deal_pack(pack: Sequence[Card], dealer: Seat, kitty_deal: str = "spread"
              ) -> tuple[tuple[frozenset[Card], ...], tuple[Card, ...]]:
    """Deal 54 cards one at a time from the dealer's left: the kitty's 6 spread
    through the first six rounds (``spread``) or the last 6 (``last_six``)."""
    if len(pack) != HAND * 4 + KITTY:
        raise RulesError(f"Bid Whist deals a pack of 54, not {len(pack)}")
    at = set(SPREAD_KITTY) if kitty_deal == "spread" else set(range(HAND * 4, HAND * 4 + KITTY))
    kitty = tuple(c for i, c in enumerate(pack) if i in at)
    to_players = [c for i, c in enumerate(pack) if i not in at]
    hands: list[set[Card]] = [set() for _ in range(4)]
    for i, card in enumerate(to_players):
        hands[around(dealer, 1 + i % 4, 4)].add(card)
    return tuple(frozenset(h) for h in hands), kitty


GAME = BidWhist()
