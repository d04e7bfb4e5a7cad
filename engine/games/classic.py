"""Classic (short) whist: four players in two partnerships, the dealer's last
card turned for trumps, tricks over six and honours to a game of 5, 7, 9 or
10, a rubber of three games. The shared machine's defaults are this game;
what is left here is its rules, its deal and its scoring."""

from __future__ import annotations

from collections.abc import Mapping

from engine.deal import Deal, DealRecord
from engine.errors import RulesError
from engine.game import Game, GameRules
from engine.rules import Rules
from engine.scoring import RUBBER_BONUS, HandScore, game_value, score_hand
from engine.seats import Seat


def _rules(rules: GameRules) -> Rules:
    if not isinstance(rules, Rules):
        raise RulesError(f"classic whist cannot be played with {type(rules).__name__}")
    return rules


class Classic(Game):
    name = "classic"
    title = "Classic whist"
    blurb = "four players, two partnerships; the dealer's last card turned for trumps"

    def default_rules(self) -> Rules:
        return Rules()

    def rules_from_dict(self, data: Mapping[str, object]) -> Rules:
        return Rules.from_dict(data)

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        return DealRecord.deal(dealer, seed=seed, trump=_rules(rules).trump_for_hand(hand_number))

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        cycle = _rules(rules).trump_for_hand(hand_number)
        if cycle is not None:
            if record.trump != cycle or record.trump_card is not None:
                raise RulesError(
                    f"with cycling trumps hand {hand_number + 1} is played in "
                    f"{'SHDCN'[cycle]} and no card is turned"
                )
        elif record.trump == 4:
            raise RulesError("a no-trump hand needs cycling trumps")

    def score_hand(self, deal: Deal, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        return score_hand(deal, game_score, _rules(rules), number, honours_held)

    def game_value(self, rules: GameRules, loser_score: int) -> int:
        return game_value(loser_score, rules.target)

    def rubber_bonus(self, rules: GameRules) -> int:
        return RUBBER_BONUS

    def counts_honours(self, rules: GameRules) -> bool:
        return _rules(rules).honours

    def counts_rubber_points(self, rules: GameRules) -> bool:
        return _rules(rules).rubber_points


GAME = Classic()
