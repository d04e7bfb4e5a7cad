"""Norwegian whist: no trumps ever; the first player to bid says grand (win
tricks) or nullo (lose them), and if all four pass the hand is nullo. The
Minnesota preset scores a/b/c = 1/2/1 to 13 instead of 4/8/2 to 50.

With ``bid_style = cards`` (Minnesota whist) each player in turn from eldest
lays a card face down instead of speaking (the bid's ``call`` is the card):
a card of ``high_colour`` (black by default) is a vote for grand. Once all
four lie there they are turned from eldest, stopping at the first high card:
its player has granded and the hand is grand; if none is high it is nullo.
The cards stay in their hands; the ones turned are known to everybody, the
others to their owners only (``Game.auction_seen``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from engine.actions import Bid, Pass
from engine.cards import Card, parse_card
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase, check_match_length, games_to_win_of
from engine.games.norwegian.pages import PAGES
from engine.games.norwegian.table import BID_STYLES, COLOURS, SETTINGS, TABLE
from engine.order import NO_TRUMP, Order
from engine.pbn import Hands
from engine.record import DealRecord
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import Seat, around

if TYPE_CHECKING:
    from engine.game import DealState
    from engine.observation import Observation

CALLS = ("grand", "nullo")
FACE_DOWN = "face down"  # a laid card not yet turned, as the other seats see it


@dataclass(frozen=True)
class NorwegianRules:
    grand_made: int = 4  # a: points a trick over six when grand is made
    grand_set: int = 8  # b: the opponents' points a trick over six when it is not
    nullo: int = 2  # c: the low side's points for each of the other side's tricks over six
    target: int = 50
    games_per_match: int = 1
    bid_style: str = "spoken"  # grand or nullo said aloud; or a card laid face down (Minnesota)
    high_colour: str = "black"  # the cards style: the colour that votes grand (red: the European form)

    def __post_init__(self) -> None:
        if min(self.grand_made, self.grand_set, self.nullo, self.target) < 1:
            raise RulesError("Norwegian whist's multipliers and target are whole numbers from 1")
        check_match_length(self.games_per_match)
        if self.bid_style not in BID_STYLES:
            raise RulesError(f"bid style {self.bid_style!r} is not offered: choose spoken or cards")
        if self.high_colour not in COLOURS:
            raise RulesError(f"the high colour {self.high_colour!r} is not offered: choose black or red")

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        cards = f", bids by cards ({self.high_colour} for grand)" if self.bid_style == "cards" else ""
        return (f"game to {self.target}, grand {self.grand_made}/{self.grand_set}, "
                f"nullo {self.nullo} a trick over six{cards}")


def _rules(rules: GameRules) -> NorwegianRules:
    if not isinstance(rules, NorwegianRules):
        raise RulesError(f"Norwegian whist cannot be played with {type(rules).__name__}")
    return rules


def grand_points(tricks: int, rules: NorwegianRules) -> int:
    """A grand's points for the bidding side that took ``tricks``: a x (tricks - 6) when it
    made seven; else negative, the opponents' b x (their tricks - 6)."""
    return rules.grand_made * (tricks - 6) if tricks >= 7 else -rules.grand_set * (13 - tricks - 6)


def nullo_points(tricks: int, rules: NorwegianRules) -> int:
    """A nullo's points for a side that took ``tricks``: c x (the other side's tricks - 6) when
    it took fewer; else negative, the other side's."""
    return rules.nullo * (13 - tricks - 6) if tricks <= 6 else -rules.nullo * (tricks - 6)


def is_high(card: Card, rules: NorwegianRules) -> bool:
    """Whether a laid card votes grand: spades and clubs are black, hearts and diamonds red."""
    black = card.suit in (0, 3)
    return black == (rules.high_colour == "black")


def laid_card(bid: Bid) -> Card | None:
    """The card a bid of the cards style lays (None for a spoken bid or one face down)."""
    call = bid.call
    if call is None or call in CALLS or call == FACE_DOWN:
        return None
    return parse_card(call)


def turned_count(deal: DealState) -> int:
    """How many of the laid cards are turned: up to the first high one, all if none is."""
    if len(deal.auction) < deal.players:
        return 0
    rules = _rules(deal.rules)
    for i, action in enumerate(deal.auction):
        card = laid_card(action) if isinstance(action, Bid) else None
        if card is not None and is_high(card, rules):
            return i + 1
    return len(deal.auction)


MINNESOTA = NorwegianRules(grand_made=1, grand_set=2, nullo=1, target=13)


class Norwegian(Game):
    name = "norwegian"
    title = "Norwegian whist"
    blurb = "four players, two partnerships, no trumps: bid grand to win tricks or nullo to lose them"
    plays_boards = True
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    has_auction = True

    def plays_for_tricks(self, obs: Observation) -> bool:
        return obs.phase == Phase.PLAY and not (obs.contract is not None and obs.contract.call == "nullo")

    def board_record(self, hands: Hands, dealer: Seat, rules: object, hand_number: int, trump: int | None,
                     trump_card: Card | None, turn: Callable[[], Card]) -> DealRecord:
        return DealRecord.from_hands(hands, dealer, NO_TRUMP)

    def default_rules(self) -> NorwegianRules:
        return NorwegianRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> NorwegianRules:
        unknown = set(data) - {f.name for f in fields(NorwegianRules)}
        if unknown:
            raise RulesError(f"unknown Norwegian whist setting(s): {', '.join(sorted(unknown))}")
        default = NorwegianRules()

        def number(key: str) -> int:
            return int(str(data.get(key, getattr(default, key))))

        return NorwegianRules(
            grand_made=number("grand_made"), grand_set=number("grand_set"), nullo=number("nullo"),
            target=number("target"), games_per_match=number("games_per_match"),
            bid_style=str(data.get("bid_style", default.bid_style)),
            high_colour=str(data.get("high_colour", default.high_colour)),
        )

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        return DealRecord.deal(dealer, seed=seed, trump=NO_TRUMP)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        if record.trump != NO_TRUMP or record.trump_card is not None:
            raise RulesError("Norwegian whist has no trumps and turns no card")

    def auction_legal(self, deal: DealState, seat: Seat) -> Sequence[Bid | Pass]:
        if _rules(deal.rules).bid_style == "cards":
            return [Bid(seat, call=str(c)) for c in sorted(deal.hand(seat) or ())]
        return [Bid(seat, call=c) for c in CALLS] + [Pass(seat)]

    def auction_seen(self, deal: DealState, seat: Seat) -> tuple[Bid | Pass, ...]:
        if _rules(deal.rules).bid_style != "cards":
            return tuple(deal.auction)
        shown = turned_count(deal)
        return tuple(a if a.seat == seat or i < shown else Bid(a.seat, call=FACE_DOWN)
                     for i, a in enumerate(deal.auction))

    def contract(self, deal: DealState) -> Contract | None:
        if _rules(deal.rules).bid_style == "cards":
            if len(deal.auction) < self.players:
                return None
            last = deal.auction[turned_count(deal) - 1]
            card = laid_card(last) if isinstance(last, Bid) else None
            if card is not None and is_high(card, _rules(deal.rules)):
                return Contract(last.seat, "grand", NO_TRUMP)
            return Contract(None, "nullo", NO_TRUMP)
        for action in deal.auction:
            if isinstance(action, Bid):
                return Contract(action.seat, str(action.call), NO_TRUMP)
        if len(deal.auction) == self.players:
            return Contract(None, "nullo", NO_TRUMP)
        return None

    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        if _rules(deal.rules).bid_style == "cards":
            # the grander's right leads a grand; eldest a nullo
            if contract.declarer is not None:
                return around(contract.declarer, -1, self.players)
            return around(deal.dealer, 1, self.players)
        bidder = deal.dealer if contract.declarer is None else contract.declarer
        return around(bidder, 1 if contract.call == "grand" else -1, self.players)

    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        if not isinstance(rules, NorwegianRules):
            raise RulesError(f"Norwegian whist cannot be played with {type(rules).__name__}")
        contract = deal.contract
        assert contract is not None
        tricks = deal.tricks_taken()
        points = [0, 0]
        side = 0 if contract.declarer is None else contract.declarer.side
        scored = (grand_points if contract.call == "grand" else nullo_points)(tricks[side], rules)
        points[side if scored > 0 else 1 - side] = abs(scored)
        after = (game_score[0] + points[0], game_score[1] + points[1])
        won = next((s for s in (0, 1) if after[s] >= rules.target), None)
        bidder = "all passed" if contract.declarer is None else f"bid by {contract.declarer.name}"
        if rules.bid_style == "cards":
            bidder = "all laid low" if contract.declarer is None else f"granded by {contract.declarer.name}"
        return HandScore(number, deal.dealer, NO_TRUMP, tricks, tuple(deal.revokes), (0, 0), tricks,
                         (points[0], points[1]), (0, 0), (0, 0), (f"{contract.call}, {bidder}",),
                         (points[0], points[1]), game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return games_to_win_of(rules.games_per_match) if isinstance(rules, NorwegianRules) else 1

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The play of the contract as engine.search.pointmcts models it, from ``obs``'s seat:
        two pairs at no trumps, must follow, every card taken one point (the score rises
        with the tricks in a grand and falls with them in a nullo), the laid cards turned
        in a Minnesota auction known where they lie until played."""
        if obs.contract is None:
            raise RulesError("the play is searched once the auction has settled grand or nullo")
        known: dict[Seat, frozenset[Card]] = {}
        for action in obs.auction:
            card = laid_card(action) if isinstance(action, Bid) else None
            if card is not None:
                known[action.seat] = frozenset({card})
        return PointPlay.by_tricks(tuple(self.side_of(Seat(s)) for s in range(self.players)), Order(NO_TRUMP),
                                   lowest_wins=obs.contract.call == "nullo", known=known)


GAME = Norwegian()
