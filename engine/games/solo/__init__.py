"""Solo whist: four players, each alone except for a proposal accepted (prop
and cop). The dealer's last card is turned for the "turned trump"; the
auction runs from eldest round and round, each bid higher than the last:
proposal and acceptance (8 tricks with a partner), solo (5), misère (none),
abundance (9 in a suit the bidder names after the auction), royal abundance
(9 in the turned suit), open misère (none, the hand shown after the first
trick) and abundance declared (all 13, the bidder leading). Settlements are
in units, zero-sum: a made contract is paid by every opponent, a failed one
paid to each. A hand that nobody bids is thrown in (the next dealer deals)
or, with ``all_pass = general_misere``, played at no trumps for the fewest
tricks. The match is 12 deals; the highest total wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from engine.actions import Bid, Declare, Pass
from engine.cards import STRAINS, Card
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase, Step
from engine.games.solo.pages import PAGES
from engine.games.solo.table import (
    ABUNDANCE,
    ACCEPT,
    ALL_PASS,
    DEAL_PATTERNS,
    DECLARED,
    DECLARED_TRUMPS,
    GENERAL_MISERE,
    MISERE,
    OPEN_MISERE,
    PROP_AND_COP,
    PROPOSE,
    REDEAL,
    ROYAL,
    ROYAL_MODES,
    SETTINGS,
    SOLO,
    TABLE,
)
from engine.order import NO_TRUMP, Order
from engine.record import DealRecord
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import SEAT_NAMES, Seat, around
from engine.shuffle import shuffled_pack

if TYPE_CHECKING:
    from engine.game import DealState
    from engine.observation import Observation

# The bids, lowest first: the call spoken in the auction, the contract it makes,
# the tricks its side aims at, its units and whether it is played for the fewest.
CALLS = (PROPOSE, ACCEPT, SOLO, MISERE, ABUNDANCE, ROYAL, OPEN_MISERE, DECLARED)
RANK = {PROPOSE: 1, ACCEPT: 1, SOLO: 2, MISERE: 3, ABUNDANCE: 4, ROYAL: 5, OPEN_MISERE: 6, DECLARED: 7}
TARGET = {PROP_AND_COP: 8, SOLO: 5, MISERE: 0, ABUNDANCE: 9, ROYAL: 9, OPEN_MISERE: 0, DECLARED: 13}
UNITS = {PROP_AND_COP: 1, SOLO: 1, MISERE: 2, ABUNDANCE: 3, ROYAL: 3, OPEN_MISERE: 4, DECLARED: 6}
MISERES = (MISERE, OPEN_MISERE, GENERAL_MISERE)
EXTRA = (PROP_AND_COP, SOLO, ABUNDANCE, ROYAL)  # the contracts extra_tricks pays over and under



@dataclass(frozen=True)
class SoloRules:
    deal_pattern: str = "3333-1"  # packets of three four times round, then one each; or singly
    royal_abundance: str = "overcall"  # only over another player's abundance; or as any bid
    declared_trumps: str = "none"  # abundance declared at no trumps; or the bidder names them
    all_pass: str = "redeal"  # nobody bids: the next dealer deals; or a general misère
    extra_tricks: bool = False  # a unit more for each trick over or under the target
    deals: int = 12

    def __post_init__(self) -> None:
        for name, value, offered in (("deal_pattern", self.deal_pattern, DEAL_PATTERNS),
                                     ("royal_abundance", self.royal_abundance, ROYAL_MODES),
                                     ("declared_trumps", self.declared_trumps, DECLARED_TRUMPS),
                                     ("all_pass", self.all_pass, ALL_PASS)):
            if value not in offered:
                raise RulesError(f"Solo whist's {name} {value!r} is not offered: choose {', '.join(offered)}")
        if self.deals < 1:
            raise RulesError("a Solo whist match is a whole number of deals from 1")

    @property
    def target(self) -> int:
        """The match's length in deals (there is no points target)."""
        return self.deals

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        nobody = "a redeal" if self.all_pass == "redeal" else "a general misère"
        extra = ", extra tricks paid" if self.extra_tricks else ""
        return f"{self.deals} deals, highest total wins; all passing is {nobody}{extra}"


def _rules(rules: GameRules) -> SoloRules:
    if not isinstance(rules, SoloRules):
        raise RulesError(f"Solo whist cannot be played with {type(rules).__name__}")
    return rules


@dataclass(frozen=True)
class Auction:
    """The auction folded: who has passed for good, the highest bid, the
    proposal and its acceptance, whose turn it is (None once it is over)."""

    high: Bid | None
    proposer: Seat | None
    acceptor: Seat | None
    passed: frozenset[Seat]
    recall: bool  # eldest passed before an open proposal and may still accept it
    turn: Seat | None

    @property
    def open_proposal(self) -> bool:
        return self.high is not None and self.high.call == PROPOSE and self.acceptor is None

    @property
    def holders(self) -> frozenset[Seat]:
        """The seats whose bid is the highest (both partners of an accepted proposal)."""
        if self.high is None:
            return frozenset()
        if self.high.call == PROPOSE and self.proposer is not None:
            return frozenset(s for s in (self.proposer, self.acceptor) if s is not None)
        return frozenset((self.high.seat,))


def fold_auction(dealer: Seat, auction: Sequence[Bid | Pass]) -> Auction:
    """The state of a Solo auction after ``auction`` (dealer ``dealer``)."""
    eldest = around(dealer, 1, 4)
    high: Bid | None = None
    proposer = acceptor = None
    passed: set[Seat] = set()
    proposed_at = eldest_passed_at = -1
    for i, action in enumerate(auction):
        if isinstance(action, Pass):
            passed.add(action.seat)
            if action.seat == eldest:
                eldest_passed_at = i
            continue
        if action.call == PROPOSE:
            high, proposer, proposed_at = action, action.seat, i
        elif action.call == ACCEPT:
            acceptor = action.seat
            passed.discard(action.seat)  # eldest taking up the proposal after passing
        else:
            high = action
    open_proposal = high is not None and high.call == PROPOSE and acceptor is None
    recall = open_proposal and eldest in passed and eldest != proposer and eldest_passed_at < proposed_at
    state = Auction(high, proposer, acceptor, frozenset(passed), recall, None)
    if _auction_over(state):
        return state

    def may_speak(seat: Seat) -> bool:
        return seat not in passed or (recall and seat == eldest)

    start = eldest if not auction else around(auction[-1].seat, 1, 4)
    turn = next(s for s in (around(start, i, 4) for i in range(4)) if may_speak(s))
    return Auction(high, proposer, acceptor, frozenset(passed), recall, turn)


def _auction_over(state: Auction) -> bool:
    if state.high is None:
        return len(state.passed) == 4
    if state.open_proposal:
        # back to the proposer once the others have passed: it raises or passes
        return state.proposer in state.passed
    return all(s in state.passed for s in Seat if s not in state.holders)


def declaring_side(contract: Contract, auction: Sequence[Bid | Pass]) -> frozenset[Seat]:
    """The seats playing the contract: the declarer, and in prop and cop its partner."""
    if contract.declarer is None:
        return frozenset()
    if contract.call == PROP_AND_COP:
        accepted = [a.seat for a in auction if isinstance(a, Bid) and a.call == ACCEPT]
        return frozenset((contract.declarer, *accepted[-1:]))
    return frozenset((contract.declarer,))


class Solo(Game):
    name = "solo"
    title = "Solo whist"
    blurb = ("four players, each alone: bid solo, misère or abundance against the other three, "
             "or propose and accept to play in pairs")
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    has_auction = True

    def default_rules(self) -> SoloRules:
        return SoloRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> SoloRules:
        names = {f.name for f in fields(SoloRules)}
        unknown = set(data) - names
        if unknown:
            raise RulesError(f"unknown Solo whist setting(s): {', '.join(sorted(unknown))}")
        default = SoloRules()
        extra = data.get("extra_tricks", default.extra_tricks)
        return SoloRules(
            deal_pattern=str(data.get("deal_pattern", default.deal_pattern)),
            royal_abundance=str(data.get("royal_abundance", default.royal_abundance)),
            declared_trumps=str(data.get("declared_trumps", default.declared_trumps)),
            all_pass=str(data.get("all_pass", default.all_pass)),
            extra_tricks=extra if isinstance(extra, bool) else str(extra).lower() in ("1", "true", "on"),
            deals=int(str(data.get("deals", default.deals))),
        )

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return 13

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        pack = shuffled_pack(seed)
        order = [around(dealer, i, 4) for i in range(1, 5)]  # eldest first, the dealer last
        hands: list[list[Card]] = [[] for _ in range(4)]
        if _rules(rules).deal_pattern == "singly":
            for i, card in enumerate(pack):
                hands[order[i % 4]].append(card)
        else:
            # packets of three, four times round, then the last card each
            for i in range(48):
                hands[order[i // 3 % 4]].append(pack[i])
            for i, card in enumerate(pack[48:]):
                hands[order[i]].append(card)
        turned = pack[-1]  # the dealer's last card
        return DealRecord.of_hands(dealer, hands, turned.suit, None, turned)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        hands = record.hands()
        turned = record.trump_card
        # (at a physical table only the hands scanned are known: the others are not checked)
        if any(h is not None and len(h) != 13 for h in hands) or turned is None:
            raise RulesError("Solo whist deals 13 cards each and turns the dealer's last card")
        dealer_hand = hands[record.dealer]
        if dealer_hand is not None and turned not in dealer_hand:
            raise RulesError(f"the turned card {turned} must be one of the dealer's 13 cards")

    # -- auction ------------------------------------------------------------------
    def step(self, deal: DealState) -> Step | None:
        state = fold_auction(deal.dealer, deal.auction)
        if state.turn is not None:
            return Step(Phase.AUCTION, state.turn)
        if state.high is not None and self._declares(deal, state.high) and not deal.declarations:
            return Step(Phase.DECLARE, state.high.seat)
        return None

    def _declares(self, deal: DealState, high: Bid) -> bool:
        choose = _rules(deal.rules).declared_trumps == "choose"
        return high.call == ABUNDANCE or (high.call == DECLARED and choose)

    def auction_turn(self, deal: DealState) -> Seat:
        turn = fold_auction(deal.dealer, deal.auction).turn
        if turn is None:
            raise RulesError("the auction is over")
        return turn

    def auction_legal(self, deal: DealState, seat: Seat) -> Sequence[Bid | Pass]:
        state = fold_auction(deal.dealer, deal.auction)
        if state.turn != seat:
            return []
        out: list[Bid | Pass] = []
        if state.high is None:
            out.append(Bid(seat, call=PROPOSE))
        if state.open_proposal and seat != state.proposer:
            out.append(Bid(seat, call=ACCEPT))
        if not (state.recall and seat in state.passed):
            rank = 0 if state.high is None else RANK[str(state.high.call)]
            high = state.high
            over_abundance = high is not None and high.call == ABUNDANCE and high.seat != seat
            royal_ok = _rules(deal.rules).royal_abundance == "direct" or over_abundance
            out += [Bid(seat, call=c) for c in CALLS[2:] if RANK[c] > rank and (c != ROYAL or royal_ok)]
        out.append(Pass(seat))
        return out

    def declare_legal(self, deal: DealState, seat: Seat) -> Sequence[Declare]:
        step = deal.step
        if step is None or step.phase is not Phase.DECLARE or step.seat != seat:
            return []
        high = fold_auction(deal.dealer, deal.auction).high
        strains = "SHDC" if high is not None and high.call == ABUNDANCE else "SHDCN"
        return [Declare(seat, trump=t) for t in strains]

    def contract(self, deal: DealState) -> Contract | None:
        state = fold_auction(deal.dealer, deal.auction)
        if state.turn is not None:
            return None
        high = state.high
        if high is None or state.open_proposal:
            if _rules(deal.rules).all_pass == "general_misere":
                return Contract(None, GENERAL_MISERE, NO_TRUMP, level=0)
            return Contract(None, REDEAL, NO_TRUMP)
        turned = deal.record.trump
        call = str(high.call)
        if call == PROPOSE:
            return Contract(state.proposer, PROP_AND_COP, turned, level=TARGET[PROP_AND_COP])
        if self._declares(deal, high):
            if not deal.declarations:
                return None
            trump = STRAINS.index(str(deal.declarations[-1].trump))
        else:
            trump = turned if call in (SOLO, ROYAL) else NO_TRUMP
        return Contract(high.seat, call, trump, level=TARGET[call])

    # -- play ---------------------------------------------------------------------
    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        if contract.call == DECLARED and contract.declarer is not None:
            return contract.declarer
        return around(deal.dealer, 1, 4)

    def visible_piles(self, deal: DealState, seat: Seat) -> dict[str, tuple[Card, ...]]:
        contract = deal.contract
        if contract is None or contract.call != OPEN_MISERE or not deal.tricks or contract.declarer is None:
            return {}
        hand = deal.hand(contract.declarer)
        return {"exposed": tuple(sorted(hand or ()))}

    def ends_early(self, deal: DealState) -> bool:
        contract = deal.contract
        if contract is None or contract.call == GENERAL_MISERE:
            return False
        if contract.call == REDEAL:
            return True
        side = declaring_side(contract, deal.auction)
        took = sum(deal.taken[s] for s in side)
        if contract.call in MISERES:
            return took > 0
        if _rules(deal.rules).extra_tricks and contract.call in EXTRA:
            return False
        left = deal.tricks_per_hand - len(deal.tricks)
        target = TARGET[contract.call]
        return took >= target or took + left < target

    # -- scoring ------------------------------------------------------------------
    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        contract = deal.contract
        assert contract is not None
        tricks = tuple(deal.taken)
        points = [0, 0, 0, 0]
        call = contract.call
        if call == REDEAL:
            note = "all passed: thrown in, the next dealer deals"
        elif call == GENERAL_MISERE:
            most = max(tricks)
            payers = [Seat(s) for s in range(4) if tricks[s] == most]
            for payer in payers:
                for other in range(4):
                    if other != payer:
                        points[payer] -= 1
                        points[other] += 1
            note = f"general misère: {', '.join(SEAT_NAMES[s] for s in payers)} took most ({most})"
        else:
            side = declaring_side(contract, deal.auction)
            took = sum(tricks[s] for s in side)
            target = TARGET[call]
            made = took == 0 if call in MISERES else took >= target
            units = UNITS[call]
            if r.extra_tricks and call in EXTRA:
                units += abs(took - target) if made else target - took
            sign = 1 if made else -1
            others = [i for i in range(4) if Seat(i) not in side]
            if len(side) == 2:
                for partner in side:
                    points[partner] += sign * units
                for i in others:
                    points[i] -= sign * units
            else:
                declarer = next(iter(side))
                for i in others:
                    points[i] -= sign * units
                    points[declarer] += sign * units
            who = " and ".join(SEAT_NAMES[s] for s in sorted(side))
            trumps = "" if contract.trump == NO_TRUMP or call in (PROP_AND_COP, SOLO, ROYAL) \
                else f" in {'spades hearts diamonds clubs'.split()[contract.trump]}"
            note = (f"{call}{trumps} by {who}: {took} trick{'s' if took != 1 else ''}, "
                    f"{'made' if made else 'failed'}")
        after = tuple(game_score[s] + points[s] for s in range(4))
        won: int | None = None
        # the match ends after its deals; a tie at the top plays on, a deal at a time
        if number >= r.deals and list(after).count(max(after)) == 1:
            won = after.index(max(after))
        zero = (0, 0, 0, 0)
        pts = tuple(points)
        return HandScore(number, deal.dealer, contract.trump, tricks, tuple(deal.revokes), zero, tricks,
                         pts, zero, zero, (note,), pts, game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return 1

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The play of the contract the auction settled, as engine.search.pointmcts models it
        from ``obs``'s seat: the declaring side (the declarer, with its partner in prop and
        cop) against the others, or each alone in a general misère; must follow; every card
        taken one point, fewer better in the misères. The model plays all 13 tricks and is
        rewarded by the tricks, not by whether the contract is made (a contract's units
        change with its tricks only across the target, or by the extra tricks). The turned
        card is known in the dealer's hand, an open misère's hand once shown."""
        contract = obs.contract
        if contract is None or contract.call == REDEAL:
            raise RulesError("the play is searched once the auction has settled a contract")
        declaring = declaring_side(contract, obs.auction)
        if declaring:
            side = tuple(0 if Seat(s) in declaring else 1 for s in range(self.players))
        else:
            side = tuple(range(self.players))
        known: dict[Seat, frozenset[Card]] = {}
        if obs.trump_card is not None:
            known[obs.dealer] = frozenset({obs.trump_card})
        shown = obs.piles.get("exposed", ())
        if shown and contract.declarer is not None:
            known[contract.declarer] = known.get(contract.declarer, frozenset()) | frozenset(shown)
        return PointPlay.by_tricks(side, Order(contract.trump), lowest_wins=contract.call in MISERES,
                                   known=known)


GAME = Solo()

__all__ = ["ACCEPT", "CALLS", "GAME", "GENERAL_MISERE", "MISERES", "PROPOSE", "RANK", "REDEAL", "TARGET",
           "Auction", "Solo", "SoloRules", "declaring_side", "fold_auction"]
