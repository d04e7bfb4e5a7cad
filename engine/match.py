"""One match of any game of the family (a rubber of classic whist), event-sourced.

A :class:`Match` is its game, its rules, its first dealer, an optional seed and
the list of deals (each a record plus actions). Everything else (hand scores,
games, the rubber) is folded from those, so ``Match.from_dict(m.to_dict())``
is the same match: resume after a power cut is just that. The game (its
module under ``engine/games/``) deals, checks and scores each hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from engine.actions import Action, action_from_dict
from engine.deal import Deal, DealRecord, seat_name
from engine.errors import NotationError, RulesError
from engine.game import Game, GameRules
from engine.games import UNNAMED, game_of, get_game
from engine.jsonform import as_int, as_list, as_mapping, field
from engine.observation import Observation, Scores
from engine.scoresheet import ScoreSheet
from engine.scoring import GameResult, HandScore
from engine.seats import Seat, around, seat_label
from engine.trick import Trick


def deal_seed(match_seed: int | str, index: int) -> str:
    """The seed of deal ``index`` (0-based) of a seeded match."""
    return f"{match_seed}:{index}"


def move_seed(match_seed: int | str | None, deal_index: int, action_index: int) -> str | None:
    """The seed of an AI's choice: action ``action_index`` (0-based) of deal
    ``deal_index`` (0-based, as in :func:`deal_seed`) of a seeded match.

    Every table (the app, the referee, the demo) seeds its AI moves with this,
    so a rubber rebuilt after a power cut goes on exactly as it would have.
    None for an unseeded match.
    """
    if match_seed is None:
        return None
    return f"{match_seed}:{deal_index}:move{action_index}"


@dataclass(frozen=True)
class RubberResult:
    winner: int
    games: tuple[int, ...]
    points: tuple[int, ...]


class MatchListener(Protocol):
    """Told by a :class:`Match` of every change to it (the store's journal is one).

    ``hand_started`` is told once the record is checked and before the deal
    is added, so a listener that raises leaves the match as it was; the others
    are told once the change is made.
    """

    def hand_started(self, record: DealRecord) -> None: ...
    def action_applied(self, action: Action) -> None: ...
    def action_undone(self) -> None: ...
    def hand_thrown_in(self, record: DealRecord) -> None: ...
    def hand_scored(self, score: HandScore) -> None: ...


class _MatchDeal(Deal):
    """A deal dealt by a match: an action applied to it is applied to the match,
    whose listeners hear of it, so ``match.current.apply(a)`` is ``match.apply(a)``.
    Its copies (``copy()``, ``undo()``) are plain deals that nobody hears: an AI or
    a review may try moves on them."""

    match: Match | None = None  # set once the deal is the match's (not while replaying)

    def apply(self, action: Action) -> Trick | None:
        done = super().apply(action)
        if self.match is not None:
            for listener in tuple(self.match.listeners):
                listener.action_applied(action)
        return done


def _first_dealer(seat: Seat | str, players: int) -> Seat:
    # Seats are numbered at tables other than four; stores written before that name seat 0 N.
    try:
        return Seat.parse_at(seat, players)
    except NotationError:
        parsed = Seat.parse(seat)
        if parsed >= players:
            raise
        return parsed


class Match:
    def __init__(
        self, rules: GameRules | None = None, first_dealer: Seat | str = Seat.N,
        seed: int | str | None = None, game: Game | None = None, *,
        dealers_given: bool = False,
    ) -> None:
        if game is None:
            game = UNNAMED if rules is None else game_of(rules)
        elif rules is not None:
            game = game.with_rules(rules)
        self.game = game
        self.rules = rules if rules is not None else game.default_rules()
        if not game.owns(self.rules):
            raise RulesError(f"{type(self.rules).__name__} are not the settings of {game.title}")
        self.first_dealer = _first_dealer(first_dealer, game.players)
        # Deals from a file name their own dealers: any seat may deal the next hand
        # (deal then passes on from there); the rubber is played as the file has it.
        self.dealers_given = dealers_given
        self.seed = seed
        self.deals: list[Deal] = []
        self.hands: list[HandScore] = []
        self.games: list[GameResult] = []
        self._game_score: tuple[int, ...] = (0,) * game.sides
        self._game_hands: list[int] = []
        # Declared honours for hands the table could not see (physical table).
        self._declared: dict[int, tuple[int, int]] = {}
        # Misdealt hands, thrown in before a card was played: (deal index, record).
        self.misdeals: list[tuple[int, DealRecord]] = []
        self.listeners: list[MatchListener] = []

    def add_listener(self, listener: MatchListener) -> None:
        self.listeners.append(listener)

    def remove_listener(self, listener: MatchListener) -> None:
        self.listeners.remove(listener)

    # -- state --------------------------------------------------------------
    @property
    def current(self) -> Deal | None:
        """The deal not yet scored (possibly already over), or None."""
        if len(self.deals) > len(self.hands):
            return self.deals[-1]
        return None

    @property
    def game_score(self) -> tuple[int, ...]:
        """This game's points so far, by side (NS, EW) or by seat."""
        return self._game_score

    @property
    def games_won(self) -> tuple[int, ...]:
        won = [0] * self.game.sides
        for g in self.games:
            won[g.winner] += 1
        return tuple(won)

    @property
    def winner(self) -> int | None:
        """The side (or seat) that has won the match, else None."""
        return self.game.match_winner(self)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def next_dealer(self) -> Seat:
        """Deal passes to the left after every hand, across games (as the game says);
        with the dealers given by a file, from the last deal's dealer."""
        if self.dealers_given and self.deals:
            return around(self.deals[-1].dealer, 1, self.game.players)
        return self.game.next_dealer(self)

    @property
    def hand_number(self) -> int:
        """0-based number of the next deal in the rubber (cycling trumps use it)."""
        return len(self.deals)

    def move_seed(self) -> str | None:
        """The seed of the next action of the deal in progress (see :func:`move_seed`)."""
        deal = self.current
        if deal is None:
            return None
        return move_seed(self.seed, len(self.deals) - 1, len(deal.actions))

    # -- advancing ----------------------------------------------------------
    def next_record(self, seed: int | str | None = None) -> DealRecord:
        """The record the next deal would start from (shuffled here)."""
        k = self.hand_number
        if seed is None and self.seed is not None:
            seed = deal_seed(self.seed, k)
            redeals = sum(1 for i, _ in self.misdeals if i == k)
            if redeals:
                seed = f"{seed}:redeal{redeals}"
        return self.game.record_for(self, seed)

    def new_deal(self, seed: int | str | None = None) -> Deal:
        """Shuffle and deal the next hand: the next dealer, trumps per the rules."""
        self._check_can_deal()
        return self.start_deal(self.next_record(seed))

    def start_deal(self, record: DealRecord) -> Deal:
        """Start the next hand from a given record (a physical table's deal)."""
        self._check_can_deal()
        if record.dealer != self.next_dealer and not self.dealers_given:
            raise RulesError(
                f"{seat_name(self.next_dealer, self.game.players)} deals this hand, not "
                f"{seat_name(record.dealer, self.game.players)}"
            )
        self.game.check_record(self.rules, record, self.hand_number)
        deal = _MatchDeal(record, self.rules, self.game)
        for listener in tuple(self.listeners):
            listener.hand_started(record)
        deal.match = self
        self.deals.append(deal)
        return deal

    def _check_can_deal(self) -> None:
        if self.is_over:
            raise RulesError("the rubber is over: start a new match")
        if self.current is not None:
            raise RulesError("the hand in progress must be finished first")

    def misdeal(self) -> DealRecord:
        """Throw in the current deal (wrong count, a card exposed in the deal):
        the same dealer deals again. Only before the first card is played."""
        deal = self.current
        if deal is None:
            raise RulesError("no hand in progress to call a misdeal on")
        if deal.actions:
            raise RulesError("too late for a misdeal: play has started")
        self.deals.pop()
        self.misdeals.append((len(self.deals), deal.record))
        for listener in tuple(self.listeners):
            listener.hand_thrown_in(deal.record)
        return deal.record

    def undo(self) -> Action:
        """Take back the last action of the hand in progress (not yet scored): the
        deal becomes its replay without it. Returns the action taken back."""
        deal = self.current
        if deal is None or not deal.actions:
            raise RulesError("nothing to undo: no card of this hand has been played")
        last = deal.actions[-1]
        replayed = _MatchDeal(deal.record, deal.rules, deal.game)
        for action in deal.actions[:-1]:
            replayed.apply(action)  # heard by nobody: not yet the match's
        replayed.match = self
        self.deals[-1] = replayed
        for listener in tuple(self.listeners):
            listener.action_undone()
        return last

    def apply(self, action: Action) -> Trick | None:
        deal = self.current
        if deal is None:
            raise RulesError("no hand in progress: deal first")
        return deal.apply(action)

    def finish_deal(self, honours_held: tuple[int, int] | None = None) -> HandScore:
        """Score the finished current deal and move the game and rubber on."""
        deal = self.current
        if deal is None:
            raise RulesError("no hand in progress to score")
        if not deal.is_over:
            left = deal.tricks_per_hand - len(deal.tricks)
            raise RulesError(f"the hand is not over: {left} trick(s) still to play")
        number = len(self.hands) + 1
        if honours_held is not None:
            self._declared[number] = (int(honours_held[0]), int(honours_held[1]))
        score = self.game.score_hand(deal, self._game_score, self.rules, number, self._declared.get(number))
        self.hands.append(score)
        self._game_hands.append(number)
        self._game_score = score.game_after
        if score.game_won_by is not None:
            side = score.game_won_by
            loser = max(v for i, v in enumerate(score.game_after) if i != side)
            self.games.append(GameResult(
                number=len(self.games) + 1, winner=side, score=score.game_after,
                hands=tuple(self._game_hands), value=self.game.game_value(self.rules, loser),
            ))
            self._game_score = (0,) * self.game.sides
            self._game_hands = []
        for listener in tuple(self.listeners):
            listener.hand_scored(score)
        return score

    # -- results ------------------------------------------------------------
    def rubber_points(self) -> tuple[int, ...]:
        """Rubber points (NS, EW): game values, +2 for the rubber; in a three-game
        rubber the losers' game value is taken off the winners' total (and the
        losers show 0). Before the rubber ends: the game values so far."""
        pts = [0] * self.game.sides
        for g in self.games:
            pts[g.winner] += g.value
        w = self.winner
        if w is None:
            return tuple(pts)
        pts[w] += self.game.rubber_bonus(self.rules) - sum(p for i, p in enumerate(pts) if i != w)
        return tuple(p if i == w else 0 for i, p in enumerate(pts))

    def result(self) -> RubberResult | None:
        if self.winner is None:
            return None
        return RubberResult(self.winner, self.games_won, self.rubber_points())

    def sheet(self) -> ScoreSheet:
        return ScoreSheet(
            rules=self.rules,
            hands=list(self.hands),
            games=list(self.games),
            game_score=self._game_score,
            games_won=self.games_won,
            winner=self.winner,
            rubber_points=self.rubber_points() if self.game.counts_rubber_points(self.rules) else None,
        )

    def scores(self) -> Scores:
        """The match score for observations: this game's points and games won, by side."""
        return Scores(self.game.side_names, self._game_score, self.games_won)

    def observe(self, seat: Seat | str) -> Observation:
        """What ``seat`` may know of the hand in progress, with the match score."""
        deal = self.current
        if deal is None:
            raise RulesError("no hand in progress: deal first")
        return deal.observe(seat, self.scores())

    # -- persistence ----------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        return {
            **({} if self.game.name == UNNAMED.name else {"game": self.game.name}),
            "rules": self.rules.to_dict(),
            "first_dealer": seat_label(self.first_dealer, self.game.players),
            **({"dealers_given": True} if self.dealers_given else {}),
            "seed": self.seed,
            "deals": [d.to_dict() for d in self.deals],
            "scored": len(self.hands),
            "honours_declared": {str(k): list(v) for k, v in self._declared.items()},
            "misdeals": [{"index": i, "record": r.to_dict()} for i, r in self.misdeals],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Match:
        """Rebuild by replaying every deal's record and actions (a pure fold)."""
        game = get_game(str(data.get("game") or UNNAMED.name))
        rules = game.rules_from_dict(as_mapping(data.get("rules") or {}, "a match's rules"))
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, int | str):
            raise NotationError(f"a match's seed should be a number or text, not {seed!r}")
        match = cls(rules, str(data.get("first_dealer", "N" if game.players == 4 else "0")), seed, game,
                    dealers_given=data.get("dealers_given") is True)
        declared = as_mapping(data.get("honours_declared") or {}, "honours declared")
        match._declared = {}
        for k, v in declared.items():
            held = as_list(v, "honours declared")
            match._declared[as_int(k, "a hand number")] = (as_int(held[0], "honours"),
                                                           as_int(held[1], "honours"))
        deals = [as_mapping(d, "a stored deal") for d in as_list(data.get("deals"), "a match's deals")]
        scored = as_int(data.get("scored", len(deals)), "the hands scored")
        misdeals = []
        for m in as_list(data.get("misdeals"), "a match's misdeals"):
            row = as_mapping(m, "a misdeal")
            misdeals.append((as_int(field(row, "index", "a misdeal"), "a misdeal's index"),
                             DealRecord.from_dict(as_mapping(field(row, "record", "a misdeal"), "a record"))))

        def throw_in(i: int) -> None:
            # A deal thrown in before deal i: its record decides the redeal's cards.
            for index, record in misdeals:
                if index == i:
                    match.start_deal(record)
                    match.misdeal()

        for i, d in enumerate(deals):
            throw_in(i)
            deal = match.start_deal(DealRecord.from_dict(as_mapping(field(d, "record", "a stored deal"),
                                                                    "a deal's record")))
            for action in as_list(d.get("actions"), "a deal's actions"):
                deal.apply(action_from_dict(as_mapping(action, "an action"), deal.players))
            if i < scored:
                match.finish_deal()
        # A throw-in after the last deal (its redeal not yet dealt) counts too:
        # it is why the next deal's cards are a redeal's.
        if any(index > len(deals) for index, _ in misdeals):
            raise RulesError("a misdeal is recorded after a deal that was never dealt")
        throw_in(len(deals))
        return match

    def __repr__(self) -> str:
        return (
            f"<Match {self.game.name} hands={len(self.hands)} game={self._game_score} games={self.games_won} "
            f"next_dealer={self.next_dealer.name}>"
        )


__all__ = ["Match", "MatchListener", "RubberResult", "deal_seed", "move_seed"]
