"""Widow whist: three players, each alone, and a fourth hand, the widow, dealt
first between the dealer and eldest. Eldest, then the next player, then the
dealer may take it; the first to take looks at it, keeps either hand whole
and lays the other face down, dead. With ``chain`` the rejected hand is then
offered in turn to the players after the taker, each of whom may swap its own
hand for it unseen. Trumps are the suit of the dealer's 13th card (turned and
taken up), a fixed suit or none. Thirteen tricks of three cards, eldest
leading; each scores its tricks less its par (4 for the widow's taker, 3 for
everyone else). The match is 12 deals; the highest total wins.

In actions: taking the widow is a ``bid`` with ``call`` ``take`` (or a pass),
and choosing a hand an ``exchange`` laying away 13 cards, the widow or the
hand held; a swap is a ``bid`` ``swap`` followed by an ``exchange`` laying
away the hand held (the machine puts the offered hand into the hand first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING

from engine.actions import Bid, Exchange, Pass, Play
from engine.cards import STRAINS, Card, full_deck
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase, Step
from engine.games.widow.pages import PAGES
from engine.games.widow.table import SETTINGS, SWAP, TABLE, TAKE, TRUMPS
from engine.order import NO_TRUMP, Order
from engine.record import DealRecord, seat_name
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import Seat, around
from engine.shuffle import shuffled_pack

if TYPE_CHECKING:
    from engine.game import DealState
    from engine.observation import Observation

TAKER_PAR, PAR = 4, 3


@dataclass(frozen=True)
class WidowRules:
    trumps: str = "dealer_last_card"  # the dealer's 13th card turned; fixed(S) ...; or none
    chain: bool = False  # the rejected hand offered on to the players after the taker
    deals: int = 12

    def __post_init__(self) -> None:
        if self.trumps not in TRUMPS:
            offered = ", ".join(TRUMPS)
            raise RulesError(f"widow whist's trumps {self.trumps!r} are not offered: choose {offered}")
        if self.deals < 1:
            raise RulesError("a widow whist match is a whole number of deals from 1")

    @property
    def target(self) -> int:
        """The match's length in deals (there is no points target)."""
        return self.deals

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        trumps = {"dealer_last_card": "the dealer's last card for trumps", "none": "no trumps"}.get(
            self.trumps, f"{self.trumps[6]} trumps")
        chain = ", the rejected hand offered on" if self.chain else ""
        return f"{self.deals} deals, {trumps}, par 4 for the widow's taker and 3 for the others{chain}"


def _rules(rules: GameRules) -> WidowRules:
    if not isinstance(rules, WidowRules):
        raise RulesError(f"widow whist cannot be played with {type(rules).__name__}")
    return rules


@dataclass(frozen=True)
class Exchanges:
    """The steps before the play folded: the taker, the swappers, and the next step."""

    taker: Seat | None
    swappers: tuple[Seat, ...]
    step: Step | None
    offering: str  # what a bid now does: take the widow, or swap for the rejected hand


def fold(deal: DealState) -> Exchanges:
    order = [around(deal.dealer, i, 3) for i in (1, 2, 3)]  # eldest, the next, the dealer
    acts = [a for a in deal.actions if not isinstance(a, Play)]
    k = 0
    taker: Seat | None = None
    for seat in order:
        if k == len(acts):
            return Exchanges(None, (), Step(Phase.AUCTION, seat), TAKE)
        action = acts[k]
        k += 1
        if isinstance(action, Bid):
            taker = seat
            break
    if taker is None:
        return Exchanges(None, (), None, TAKE)
    if k == len(acts):
        return Exchanges(taker, (), Step(Phase.EXCHANGE, taker), TAKE)
    k += 1
    swappers: list[Seat] = []
    if _rules(deal.rules).chain:
        for seat in order[order.index(taker) + 1:]:
            if k == len(acts):
                return Exchanges(taker, tuple(swappers), Step(Phase.AUCTION, seat), SWAP)
            action = acts[k]
            k += 1
            if isinstance(action, Bid):
                swappers.append(seat)
                if k == len(acts):
                    return Exchanges(taker, tuple(swappers), Step(Phase.EXCHANGE, seat), SWAP)
                k += 1
    return Exchanges(taker, tuple(swappers), None, SWAP)


class Widow(Game):
    name = "widow"
    title = "Widow whist"
    blurb = "three players, each alone, and a widow hand: take it to choose the better hand, for par 4"
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    players = 3
    has_auction = True

    def default_rules(self) -> WidowRules:
        return WidowRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> WidowRules:
        unknown = set(data) - {f.name for f in fields(WidowRules)}
        if unknown:
            raise RulesError(f"unknown widow whist setting(s): {', '.join(sorted(unknown))}")
        default = WidowRules()
        chain = data.get("chain", default.chain)
        if not isinstance(chain, bool):
            chain = str(chain).lower() in ("1", "true", "on")
        return WidowRules(trumps=str(data.get("trumps", default.trumps)), chain=chain,
                          deals=int(str(data.get("deals", default.deals))))

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return 13

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        pack = shuffled_pack(seed)
        # one at a time: the widow first (between the dealer and eldest), then eldest round to the dealer
        widow = [pack[i] for i in range(0, 52, 4)]
        hands: list[list[Card]] = [[], [], []]
        for i in range(1, 4):
            hands[around(dealer, i, 3)] = [pack[j] for j in range(i, 52, 4)]
        trumps = _rules(rules).trumps
        if trumps == "dealer_last_card":
            turned = pack[51]
            return DealRecord.of_hands(dealer, hands, turned.suit, {"widow": widow}, turned)
        trump = NO_TRUMP if trumps == "none" else STRAINS.index(trumps[6])
        return DealRecord.of_hands(dealer, hands, trump, {"widow": widow})

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        # (a table of real cards knows only the hands it scanned: the others are None)
        if any(h is not None and len(h) != 13 for h in record.hands()) or len(record.pile("widow")) != 13:
            raise RulesError("widow whist deals 13 cards to each of three players and 13 to the widow")

    # -- the widow --------------------------------------------------------------------
    def step(self, deal: DealState) -> Step | None:
        return fold(deal).step

    def auction_turn(self, deal: DealState) -> Seat:
        step = fold(deal).step
        if step is None:
            raise RulesError("the widow is settled")
        return step.seat

    def auction_legal(self, deal: DealState, seat: Seat) -> Sequence[Bid | Pass]:
        state = fold(deal)
        if state.step is None or state.step.phase is not Phase.AUCTION or state.step.seat != seat:
            return []
        return [Bid(seat, call=state.offering), Pass(seat)]

    def exchange_count(self, deal: DealState) -> int:
        return 13

    def exchange_pile(self, deal: DealState) -> str | None:
        return "widow" if fold(deal).offering == TAKE else "discard"

    def check_exchange(self, deal: DealState, action: Exchange) -> None:
        state = fold(deal)
        laid = set(action.discard)
        if state.offering == TAKE:
            widow = set(deal.record.pile("widow"))
            held = deal.record.hands()[action.seat]
            if held is None:  # a hand the table never saw: any 13 of its own, none of the widow's
                if laid != widow and laid & widow:
                    raise RulesError("keep one hand whole: lay away the widow or your own 13 cards")
                return
            if laid not in (widow, set(held)):
                raise RulesError("keep one hand whole: lay away the widow or your own 13 cards")
            return
        offered = set(deal.exchanges[-1].discard) if deal.exchanges else set()
        if laid & offered:
            raise RulesError("a swap lays away the hand you held and keeps the one offered")

    def exchange_legal(self, deal: DealState, seat: Seat) -> Sequence[Exchange]:
        state = fold(deal)
        if state.step is None or state.step.phase is not Phase.EXCHANGE or state.step.seat != seat:
            return []
        widow = Exchange(seat, tuple(sorted(deal.record.pile("widow"))))
        held = deal.record.hands()[seat]
        if state.offering == TAKE:
            # a hand the table never saw can be laid away only card by card, as scanned
            return [widow] if held is None else [widow, Exchange(seat, tuple(sorted(held)))]
        if deal.hand(seat) is None:
            return []
        offered = set(deal.exchanges[-1].discard) if deal.exchanges else set()
        return [Exchange(seat, tuple(sorted(set(deal.hand(seat) or ()) - offered)))]

    def visible_piles(self, deal: DealState, seat: Seat) -> dict[str, tuple[Card, ...]]:
        # the seat that laid the dead hand away knows it
        if deal.exchanges and deal.exchanges[-1].seat == seat and fold(deal).step is None:
            return {"dead": tuple(sorted(deal.piles.get("discard", ())))}
        return {}

    def contract(self, deal: DealState) -> Contract | None:
        state = fold(deal)
        if state.step is not None:
            return None
        return Contract(state.taker, "widow" if state.taker is not None else "no taker", deal.record.trump)

    # -- scoring ----------------------------------------------------------------------
    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        taker = fold(deal).taker
        tricks = tuple(deal.taken)
        par = tuple(TAKER_PAR if Seat(s) == taker else PAR for s in range(3))
        points = tuple(t - p for t, p in zip(tricks, par, strict=True))
        after = tuple(b + p for b, p in zip(game_score, points, strict=True))
        won: int | None = None
        if number >= r.deals and list(after).count(max(after)) == 1:
            won = after.index(max(after))  # a tie at the top plays on, a deal at a time
        note = "nobody took the widow" if taker is None else f"{seat_name(taker, 3)} took the widow"
        zero = (0, 0, 0)
        return HandScore(number, deal.dealer, deal.trump, tricks, tuple(deal.revokes), zero, tricks, points,
                         zero, zero, (note,), points, game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return 1

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The play as engine.search.pointmcts models it, from ``obs``'s seat: three players
        each alone, must follow, every card taken worth one (each scores its tricks less a
        par fixed before the play). The dead hand is in no seat's hand: the seat that laid it
        away knows its cards, the others only that 13 unseen cards are out of play. The
        turned card is in the dealer's hand until played unless the dealer took the widow
        or swapped, when it may lie in the dead hand."""
        dealer_moved = any(isinstance(a, Bid) and a.seat == obs.dealer for a in obs.auction)
        known = {} if obs.trump_card is None or dealer_moved else {obs.dealer: frozenset({obs.trump_card})}
        dead = frozenset(obs.piles.get("dead", ()))
        play = PointPlay.by_tricks((0, 1, 2), Order(obs.trump), known=known)
        return replace(play, pack=frozenset(full_deck()) - dead, out=13 - len(dead))


GAME = Widow()

__all__ = ["GAME", "SWAP", "TAKE", "Widow", "WidowRules", "fold"]
