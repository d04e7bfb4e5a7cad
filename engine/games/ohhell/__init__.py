"""Oh Hell (Nomination whist) for three to seven, each for themselves: the
hands shrink and grow by a schedule, the suit of the card turned from the
undealt stock is trumps, and each player bids the exact number of tricks
they will take; the dealer, bidding last, may not make the bids add up to
the tricks ("the hook"). Serbian, Elevator, Blackout and La Podrida are
the same game with other settings (``schedule``, ``max_cards``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING

from engine.actions import Bid, Pass
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, setting_value
from engine.games.ohhell.pages import PAGES
from engine.games.ohhell.table import (
    MAX_CARDS,
    NO_TURNUP,
    SCHEDULES,
    SETTINGS,
    TABLE,
    TIES,
    TRICK_POINTS,
    TRUMP_SOURCES,
)
from engine.order import NO_TRUMP
from engine.record import DealRecord, deal_out
from engine.scoring import HandScore
from engine.seats import Seat, around, seat_label
from engine.shuffle import rng_for, shuffled_pack

if TYPE_CHECKING:
    from engine.game import DealState

ROTATION = (1, 3, 2, 0, NO_TRUMP)  # hearts, clubs, diamonds, spades, then no trumps
DEFAULT_PLAYERS = 4


def _choice(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise RulesError(f"Oh Hell's {what} is one of {', '.join(allowed)}, not {value!r}")


@dataclass(frozen=True)
class OhHellRules:
    players: int = DEFAULT_PLAYERS
    schedule: str = "down_up"
    fixed: int = 7  # the hand size of the ``fixed`` schedule
    max_cards: str = "leave_turnup"  # or "all", or a number
    no_turnup: str = "no_trumps"
    trump_source: str = "turn_up"
    hook: bool = True
    exact_bonus: int = 10
    trick_value: int = 1
    trick_points: str = "exact_only"
    miss_penalty: int = 1
    tie: str = "share"

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 7:
            raise RulesError(f"Oh Hell is played by 3 to 7, not {self.players}")
        _choice(self.schedule, SCHEDULES, "schedule")
        _choice(self.no_turnup, NO_TURNUP, "no_turnup setting")
        _choice(self.trump_source, TRUMP_SOURCES, "trump_source")
        _choice(self.trick_points, TRICK_POINTS, "trick_points setting")
        _choice(self.tie, TIES, "tie setting")
        if self.max_cards not in MAX_CARDS and not (self.max_cards.isdigit()
                                                    and 1 <= int(self.max_cards) <= 52 // self.players):
            raise RulesError(f"max_cards is leave_turnup, all or a number from 1 to {52 // self.players} "
                             f"at {self.players} players, not {self.max_cards!r}")
        if self.schedule == "fixed" and not 1 <= self.fixed <= 52 // self.players:
            raise RulesError(f"a fixed hand at {self.players} players is 1 to {52 // self.players} cards, "
                             f"not {self.fixed}")
        if min(self.exact_bonus, self.trick_value, self.miss_penalty) < 0:
            raise RulesError("Oh Hell's bonus, trick value and penalty are whole numbers from 0")

    @property
    def most(self) -> int:
        """M: the largest hand of the schedule."""
        if self.max_cards == "leave_turnup":
            return 51 // self.players
        if self.max_cards == "all":
            return 52 // self.players
        return int(self.max_cards)

    @property
    def sizes(self) -> tuple[int, ...]:
        """The hand sizes of the schedule, in order (``random``: M for each of its 2M-1 hands,
        the size drawn at each deal)."""
        m = self.most
        down, up = tuple(range(m, 0, -1)), tuple(range(1, m + 1))
        if self.schedule == "down_up":
            return down + up[1:]
        if self.schedule == "up_down":
            return up + down[1:]
        if self.schedule == "down":
            return down
        if self.schedule == "up":
            return up
        if self.schedule == "fixed":
            return (self.fixed,) * (2 * m - 1)
        return (m,) * (2 * m - 1)

    @property
    def hands(self) -> int:
        return len(self.sizes)

    @property
    def target(self) -> int:
        # no target: the game ends after the schedule (GameRules asks for one)
        return 0

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        sizes = self.sizes
        schedule = "random sizes" if self.schedule == "random" else \
            f"{self.schedule.replace('_', '-')} {sizes[0]}..{sizes[len(sizes) // 2]}..{sizes[-1]}"
        scheme = f"exact {self.exact_bonus} + {self.trick_value} a trick"
        if self.trick_points == "always":
            scheme += " (tricks always count)"
        if self.miss_penalty:
            scheme += f", -{self.miss_penalty} a trick off"
        return (f"{self.players} players, {len(sizes)} hands ({schedule}), {scheme}, "
                f"hook {'on' if self.hook else 'off'}")


TEN_PLUS_BID = {"miss_penalty": 0}
TRICKS_PLUS_TEN = {"miss_penalty": 0, "trick_points": "always"}


def _rules(rules: GameRules) -> OhHellRules:
    if not isinstance(rules, OhHellRules):
        raise RulesError(f"Oh Hell cannot be played with {type(rules).__name__}")
    return rules


def bids_of(deal: DealState) -> dict[Seat, int]:
    """Each seat's bid so far."""
    return {a.seat: a.tricks for a in deal.auction if isinstance(a, Bid) and a.tricks is not None}


def hook_bid(total_others: int, tricks: int) -> int | None:
    """The bid the dealer may not make with the hook on: the one that makes the
    bids add up to the tricks (None when the others have bid more already)."""
    barred = tricks - total_others
    return barred if barred >= 0 else None


def hand_points(rules: OhHellRules, bid: int, tricks: int) -> int:
    """One player's points for a hand."""
    if tricks == bid:
        return rules.exact_bonus + rules.trick_value * tricks
    base = rules.trick_value * tricks if rules.trick_points == "always" else 0
    return base - rules.miss_penalty * abs(tricks - bid)


class OhHell(Game):
    name = "oh-hell"
    title = "Oh Hell"
    blurb = "three to seven, each alone: bid the exact number of tricks you will take"
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    has_auction = True

    def __init__(self, players: int = DEFAULT_PLAYERS) -> None:
        OhHellRules(players=players)  # the check of the table size, with its message
        self.players = players

    def with_players(self, players: int) -> OhHell:
        return self if players == self.players else OhHell(players)

    def with_rules(self, rules: GameRules) -> OhHell:
        return self.with_players(_rules(rules).players)

    def owns(self, rules: object) -> bool:
        return isinstance(rules, OhHellRules) and rules.players == self.players

    def default_rules(self) -> OhHellRules:
        return OhHellRules(players=self.players)

    def rules_from_dict(self, data: Mapping[str, object]) -> OhHellRules:
        known = {f.name: f for f in fields(OhHellRules)}
        unknown = set(data) - set(known)
        if unknown:
            raise RulesError(f"unknown Oh Hell setting(s): {', '.join(sorted(unknown))}")
        values: dict[str, object] = {"players": self.players}
        for key, value in data.items():
            values[key] = setting_value(getattr(OhHellRules(), key), value)
        return OhHellRules(**values)  # type: ignore[arg-type]

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        r = _rules(rules)
        sizes = r.sizes
        # a play-off after a tied schedule: extra hands at M cards
        return sizes[hand_number] if hand_number < len(sizes) else r.most

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        r = _rules(rules)
        size = self.hand_size(r, hand_number)
        if r.schedule == "random" and hand_number < r.hands:
            size = rng_for(None if seed is None else f"{seed}:size").randint(1, r.most)
        pack = shuffled_pack(seed)
        hands, piles = deal_out(pack, dealer, self.players, size, [("stock", -1)])
        stock = piles["stock"]
        if r.trump_source == "rotation":
            return DealRecord.of_hands(dealer, hands, ROTATION[hand_number % len(ROTATION)],
                                       piles={"stock": stock})
        if stock:
            return DealRecord.of_hands(dealer, hands, stock[0].suit, piles={"stock": stock},
                                       trump_card=stock[0])
        if r.no_turnup == "dealer_last_card":
            last = pack[size * self.players - 1]  # dealt to the dealer, one at a time from eldest
            return DealRecord.of_hands(dealer, hands, last.suit, trump_card=last)
        return DealRecord.of_hands(dealer, hands, NO_TRUMP)

    def arena_hands(self, rules: GameRules) -> int:
        return _rules(rules).hands

    def rules_for_record(self, rules: GameRules, record: DealRecord) -> OhHellRules:
        size = max(len(h) for h in record.hands() if h is not None)
        return replace(_rules(rules), schedule="fixed", fixed=size)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        r = _rules(rules)
        hands = record.hands()
        sizes = {len(h) for h in hands if h is not None}
        want = self.hand_size(r, hand_number)
        if len(sizes) > 1:
            raise RulesError("every Oh Hell hand is dealt the same number of cards")
        if sizes and r.schedule != "random" and sizes != {want}:
            raise RulesError(f"hand {hand_number + 1} is dealt {want} card{'s' if want != 1 else ''} each")
        if r.trump_source == "rotation":
            expected = ROTATION[hand_number % len(ROTATION)]
            if record.trump != expected or record.trump_card is not None:
                raise RulesError(f"with rotating trumps hand {hand_number + 1} is played in "
                                 f"{'SHDCN'[expected]} and no card is turned")

    # -- auction ------------------------------------------------------------------
    def auction_legal(self, deal: DealState, seat: Seat) -> Sequence[Bid | Pass]:
        k = deal.tricks_per_hand
        barred = self.barred_bid(deal, seat)
        return [Bid(seat, tricks=n) for n in range(k + 1) if n != barred]

    def barred_bid(self, deal: DealState, seat: Seat) -> int | None:
        """The bid ``seat`` may not make now: the dealer's hook, else None."""
        if seat != deal.dealer or not _rules(deal.rules).hook:
            return None
        others = sum(t for s, t in bids_of(deal).items() if s != seat)
        return hook_bid(others, deal.tricks_per_hand)

    def contract(self, deal: DealState) -> Contract | None:
        if len(deal.auction) < self.players:
            return None
        total = sum(bids_of(deal).values())
        k = deal.tricks_per_hand
        call = f"{total} bid for {k}: " + ("over" if total > k else "under" if total < k else "even")
        return Contract(None, call, deal.record.trump, level=total)

    # -- scoring ------------------------------------------------------------------
    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        bids = bids_of(deal)
        tricks = tuple(deal.taken)
        points = tuple(hand_points(r, bids[s], tricks[s]) for s in deal.seats)
        after = tuple(g + p for g, p in zip(game_score, points, strict=True))
        won: int | None = None
        if number >= r.hands:
            top = max(after)
            leaders = [s for s, v in enumerate(after) if v == top]
            if len(leaders) == 1 or r.tie == "share":
                won = leaders[0]
        zero = (0,) * self.players
        notes = ["bids " + ", ".join(f"{seat_label(s, self.players)} {bids[s]}" for s in deal.seats)]
        if won is not None:
            leaders = [s for s, v in enumerate(after) if v == max(after)]
            if len(leaders) > 1:
                notes.append("shared win: " + ", ".join(seat_label(Seat(s), self.players) for s in leaders))
        return HandScore(number, deal.dealer, deal.trump, tricks, tuple(deal.revokes), zero, tricks,
                         points, zero, zero, tuple(notes), points, game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return 1

    def winners(self, after: tuple[int, ...]) -> tuple[int, ...]:
        """The seats sharing the top score (several with ``tie: share``)."""
        return tuple(s for s, v in enumerate(after) if v == max(after))

    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        return around(deal.dealer, 1, self.players)


GAME = OhHell()


__all__ = ["GAME", "OhHell", "OhHellRules", "TEN_PLUS_BID", "TRICKS_PLUS_TEN", "bids_of", "hand_points",
           "hook_bid"]
