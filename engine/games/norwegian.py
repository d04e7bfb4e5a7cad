"""Norwegian whist: no trumps ever; the first player to bid says grand (win
tricks) or nullo (lose them), and if all four pass the hand is nullo. The
Minnesota preset scores a/b/c = 1/2/1 to 13 instead of 4/8/2 to 50."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields

from engine.actions import Bid, Pass
from engine.deal import Deal, DealRecord
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules
from engine.order import NO_TRUMP
from engine.scoring import HandScore
from engine.seats import Seat, around

CALLS = ("grand", "nullo")


@dataclass(frozen=True)
class NorwegianRules:
    grand_made: int = 4  # a: points a trick over six when grand is made
    grand_set: int = 8  # b: the opponents' points a trick over six when it is not
    nullo: int = 2  # c: the low side's points for each of the other side's tricks over six
    target: int = 50
    games_per_match: int = 1

    def __post_init__(self) -> None:
        if min(self.grand_made, self.grand_set, self.nullo, self.target) < 1:
            raise RulesError("Norwegian whist's multipliers and target are whole numbers from 1")
        if self.games_per_match not in (1, 3):
            raise RulesError("a match is 1 game or the best of 3")

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        return (f"game to {self.target}, grand {self.grand_made}/{self.grand_set}, "
                f"nullo {self.nullo} a trick over six")


MINNESOTA = NorwegianRules(grand_made=1, grand_set=2, nullo=1, target=13)


class Norwegian(Game):
    name = "norwegian"
    title = "Norwegian whist"
    blurb = "four players, two partnerships, no trumps: bid grand to win tricks or nullo to lose them"
    has_auction = True

    def default_rules(self) -> NorwegianRules:
        return NorwegianRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> NorwegianRules:
        unknown = set(data) - {f.name for f in fields(NorwegianRules)}
        if unknown:
            raise RulesError(f"unknown Norwegian whist setting(s): {', '.join(sorted(unknown))}")
        return NorwegianRules(**{k: int(str(v)) for k, v in data.items()})

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        return DealRecord.deal(dealer, seed=seed, trump=NO_TRUMP)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        if record.trump != NO_TRUMP or record.trump_card is not None:
            raise RulesError("Norwegian whist has no trumps and turns no card")

    def auction_legal(self, deal: Deal, seat: Seat) -> Sequence[Bid | Pass]:
        return [Bid(seat, call=c) for c in CALLS] + [Pass(seat)]

    def contract(self, deal: Deal) -> Contract | None:
        for action in deal.auction:
            if isinstance(action, Bid):
                return Contract(action.seat, str(action.call), NO_TRUMP)
        if len(deal.auction) == self.players:
            return Contract(None, "nullo", NO_TRUMP)
        return None

    def first_leader(self, deal: Deal, contract: Contract) -> Seat:
        bidder = deal.dealer if contract.declarer is None else contract.declarer
        return around(bidder, 1 if contract.call == "grand" else -1, self.players)

    def score_hand(self, deal: Deal, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        if not isinstance(rules, NorwegianRules):
            raise RulesError(f"Norwegian whist cannot be played with {type(rules).__name__}")
        contract = deal.contract
        assert contract is not None
        tricks = deal.tricks_taken()
        points = [0, 0]
        if contract.call == "grand":
            assert contract.declarer is not None
            side = contract.declarer.side
            if tricks[side] >= 7:
                points[side] = rules.grand_made * (tricks[side] - 6)
            else:
                points[1 - side] = rules.grand_set * (tricks[1 - side] - 6)
        else:
            low = 0 if tricks[0] < tricks[1] else 1
            points[low] = rules.nullo * (tricks[1 - low] - 6)
        after = (game_score[0] + points[0], game_score[1] + points[1])
        won = next((s for s in (0, 1) if after[s] >= rules.target), None)
        bidder = "all passed" if contract.declarer is None else f"bid by {contract.declarer.name}"
        return HandScore(number, deal.dealer, NO_TRUMP, tricks, tuple(deal.revokes), (0, 0), tricks,
                         (points[0], points[1]), (0, 0), (0, 0), (f"{contract.call}, {bidder}",),
                         (points[0], points[1]), game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return 2 if isinstance(rules, NorwegianRules) and rules.games_per_match == 3 else 1


GAME = Norwegian()
