"""Classic (short) whist: four players in two partnerships, the dealer's last
card turned for trumps, tricks over six and honours to a game of 5, 7, 9 or
10, a rubber of three games. The shared machine's defaults are this game;
what is left here is its rules, its deal and its scoring."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.errors import RulesError
from engine.game import Game, GameRules, Phase
from engine.games.classic.pages import PAGES
from engine.games.classic.rules import Rules
from engine.games.classic.scoring import RUBBER_BONUS, game_value, score_hand
from engine.games.classic.table import SETTINGS, TABLE
from engine.order import Order
from engine.pbn import Hands
from engine.record import DealRecord
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import Seat

if TYPE_CHECKING:
    from engine.game import DealState
    from engine.observation import Observation


def _rules(rules: GameRules) -> Rules:
    if not isinstance(rules, Rules):
        raise RulesError(f"classic whist cannot be played with {type(rules).__name__}")
    return rules


class Classic(Game):
    name = "classic"
    title = "Classic whist"
    blurb = "four players, two partnerships; the dealer's last card turned for trumps"
    plays_boards = True
    table = TABLE
    settings = SETTINGS
    pages = PAGES

    def plays_for_tricks(self, obs: Observation) -> bool:
        return obs.phase == Phase.PLAY

    def house_lines(self, rules: GameRules) -> list[str]:
        r = _rules(rules)
        return [f"Game target: {r.target} points",
                f"Honours: {'counted' if r.honours else 'not counted'}",
                f"Revoke penalty: {r.revoke_penalty} tricks",
                "Trumps: " + (f"cycling {' '.join(r.cycle_order)} then no trumps" if r.cycling_trumps
                              else "the dealer's last card is turned"),
                f"Rubber points: {'kept' if r.rubber_points else 'not kept'}"]

    def default_rules(self) -> Rules:
        return Rules()

    def rules_from_dict(self, data: Mapping[str, object]) -> Rules:
        return Rules.from_dict(data)

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        return DealRecord.deal(dealer, seed=seed, trump=_rules(rules).trump_for_hand(hand_number))

    def board_record(self, hands: Hands, dealer: Seat, rules: object, hand_number: int, trump: int | None,
                     trump_card: Card | None, turn: Callable[[], Card]) -> DealRecord:
        # cycling trumps override the file; else its turned card, its trumps, or a card drawn to turn
        cycle = rules.trump_for_hand(hand_number) if isinstance(rules, Rules) else None
        if cycle is not None:
            return DealRecord.from_hands(hands, dealer, cycle)
        if trump_card is not None:
            return DealRecord.from_hands(hands, dealer, trump_card.suit, trump_card)
        if trump is not None and trump != 4:
            return DealRecord.from_hands(hands, dealer, trump)
        turned = turn()
        return DealRecord.from_hands(hands, dealer, turned.suit, turned)

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

    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        return score_hand(deal, game_score, _rules(rules), number, honours_held)

    def game_value(self, rules: GameRules, loser_score: int) -> int:
        return game_value(loser_score, rules.target)

    def games_to_win(self, rules: GameRules) -> int:
        return 2  # a rubber: the best of three games

    def rubber_bonus(self, rules: GameRules) -> int:
        return RUBBER_BONUS

    def counts_honours(self, rules: GameRules) -> bool:
        return _rules(rules).honours

    def counts_rubber_points(self, rules: GameRules) -> bool:
        return _rules(rules).rubber_points

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The hand's play as engine.search.pointmcts models it, from ``obs``'s seat: two
        pairs, must follow, the turned card in the dealer's hand until played. Every card
        taken is worth one, so a side's points are four a trick: the odd tricks and the game
        are won by tricks, and honours held are luck no play changes."""
        known = {} if obs.trump_card is None else {obs.dealer: frozenset({obs.trump_card})}
        side = tuple(self.side_of(Seat(s)) for s in range(self.players))
        return PointPlay.by_tricks(side, Order(obs.trump), known=known)


GAME = Classic()
