"""German whist: two players, 13 each and a stock of 26 with its top card
turned for trumps. In the first 13 tricks the winner takes the face-up
card and the loser the next (unseen by the winner), and the next card is
turned; the last 13 tricks, with no drawing, are the ones that score."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from engine.cards import Card, full_deck
from engine.errors import RulesError
from engine.game import Game, GameRules, check_match_length, games_to_win_of
from engine.games.german.pages import PAGES
from engine.games.german.table import SCORE_MODES, SETTINGS, TABLE
from engine.observation import Observation
from engine.order import Order
from engine.record import DealRecord, deal_out
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import Seat, around
from engine.shuffle import shuffled_pack

if TYPE_CHECKING:
    from engine.game import DealState

DRAW_TRICKS = 13  # the stock of 26 is gone after 13 tricks, two cards a trick


@dataclass(frozen=True)
class GermanRules:
    score_mode: str = "per_trick"  # a point a phase-2 trick; the difference; the majority wins
    phase1_counts: bool = False  # the first 13 tricks score too
    target: int = 50
    games_per_match: int = 1

    def __post_init__(self) -> None:
        if self.score_mode not in SCORE_MODES:
            offered = ", ".join(SCORE_MODES)
            raise RulesError(f"score mode {self.score_mode!r} is not offered: choose {offered}")
        if self.target < 1:
            raise RulesError("the target is a whole number from 1")
        check_match_length(self.games_per_match)

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        counted = "all 26 tricks" if self.phase1_counts else "the last 13 tricks"
        if self.score_mode == "majority":
            return f"the majority of {counted} wins"
        return f"{self.score_mode.replace('_', ' ')} of {counted}, game to {self.target}"


def _rules(rules: GameRules) -> GermanRules:
    if not isinstance(rules, GermanRules):
        raise RulesError(f"German whist cannot be played with {type(rules).__name__}")
    return rules


class German(Game):
    name = "german"
    title = "German whist"
    blurb = "two players: win the turned card of the stock in 13 tricks, then 13 tricks for points"
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    players = 2

    def default_rules(self) -> GermanRules:
        return GermanRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> GermanRules:
        names = {f.name for f in fields(GermanRules)}
        unknown = set(data) - names
        if unknown:
            raise RulesError(f"unknown German whist setting(s): {', '.join(sorted(unknown))}")
        return GermanRules(
            score_mode=str(data.get("score_mode", "per_trick")),
            phase1_counts=bool(data.get("phase1_counts", False)),
            target=int(str(data.get("target", 50))),
            games_per_match=int(str(data.get("games_per_match", 1))),
        )

    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return 13

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        hands, piles = deal_out(shuffled_pack(seed), dealer, 2, 13, (("stock", -1),))
        turned = piles["stock"][0]
        return DealRecord.of_hands(dealer, hands, turned.suit, piles, turned)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        stock = record.pile("stock")
        if len(stock) != 26 or record.trump_card != stock[0]:
            raise RulesError("German whist deals a stock of 26 with its top card turned for trumps")

    def tricks_in_hand(self, deal: DealState) -> int:
        return 26

    def after_trick(self, deal: DealState, winner: Seat) -> None:
        if deal.piles.get("stock"):
            deal.draw(winner, "stock")
            deal.draw(around(winner, 1, 2), "stock")

    def visible_piles(self, deal: DealState, seat: Seat) -> dict[str, tuple[Card, ...]]:
        stock = deal.piles.get("stock", ())
        return {"upcard": stock[:1]} if stock else {}

    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        counted = deal.tricks if r.phase1_counts else deal.tricks[DRAW_TRICKS:]
        tricks = [0, 0]
        for trick in counted:
            tricks[trick.winner(deal.order)] += 1
        points = [0, 0]
        if r.score_mode == "per_trick":
            points = tricks
        elif tricks[0] != tricks[1]:
            best = 0 if tricks[0] > tricks[1] else 1
            points[best] = tricks[best] - tricks[1 - best] if r.score_mode == "difference" else 1
        after = (game_score[0] + points[0], game_score[1] + points[1])
        target = 1 if r.score_mode == "majority" else r.target
        won: int | None = None
        if max(after) >= target and after[0] != after[1]:
            won = 0 if after[0] > after[1] else 1  # both over: the higher total; equal: play on
        pair = (tricks[0], tricks[1])
        zero = (0, 0)
        note = "all 26 tricks" if r.phase1_counts else "the last 13 tricks"
        return HandScore(number, deal.dealer, deal.trump, pair, tuple(deal.revokes), zero, pair,
                         (points[0], points[1]), zero, zero, (f"{r.score_mode.replace('_', ' ')} of {note}",),
                         (points[0], points[1]), game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return games_to_win_of(_rules(rules).games_per_match)

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The hand's play and score as engine.search.pointmcts models them, from ``obs``'s
        seat: the stock drawn from after each of the first 13 tricks, the card turned at the
        deal known in the hand of the first trick's winner until played, the stock's face-up
        card on its top. The reward is the seat's points as the hand scores them: ``per_trick``
        a point a counted trick (its cards worth one each), ``difference`` the counted tricks
        over the other's (the cards over half of those counted), of the last 13 tricks or,
        with ``phase1_counts``, of all 26. ``majority`` (a game won by one trick more) is a
        step the model cannot score: refused."""
        return play_model(obs, _rules(self.rules_from_dict(obs.rules)))


def play_model(obs: Observation, rules: GermanRules) -> PointPlay:
    """engine.search.pointmcts's model of the hand under ``rules`` (see German.point_play)."""
    if rules.score_mode == "majority":
        raise RulesError("the point games' search cannot score a game won by the majority of the tricks: "
                         "measure German whist with score_mode=per_trick or difference")
    pack = frozenset(full_deck())
    counted = 2 * DRAW_TRICKS if rules.phase1_counts else DRAW_TRICKS
    known: dict[Seat, frozenset[Card]] = {}
    if obs.tricks and obs.trump_card is not None:
        known[obs.tricks[0].winner(Order(obs.trump))] = frozenset({obs.trump_card})
    up = obs.piles.get("upcard", ())
    per_trick = rules.score_mode == "per_trick"
    return PointPlay(2, (0, 1), pack, Order(obs.trump), dict.fromkeys(pack, 1) if per_trick else {},
                     (counted, counted), over=0 if per_trick else 1, known=known, stock=2 * DRAW_TRICKS,
                     upcard=up[0] if up else None, stock_scores=rules.phase1_counts)


GAME = German()
