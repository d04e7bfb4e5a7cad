"""One way to run a match: players seated, each asked in turn, every action applied through the match.

A :class:`Player` is asked for its seat's action from what that seat may know
(an :class:`~engine.observation.Observation`, whose ``legal`` actions it picks
from) and the move's seed (:meth:`engine.match.Match.move_seed`, so a seeded
match plays the same after a power cut). It answers with an action, or None
while it has none yet: the AI answers at once (:class:`AIPlayer`), an
external program within its time limit (``cmd:``, device.external), the AI on
the screen's worker thread once it has thought (device.app.ai_worker), a seat
whose actions arrive from outside (the person at the screen, a real-card
reader, a drive's player) once one is offered (:class:`Person`).

:class:`Driver` asks whoever acts for the seat to move (a declarer
plays a dummy hand: ``Game.actor``), applies the answer through
:class:`~engine.match.Match` and so tells the match's listeners
(``engine.match.MatchListener``: the store's journal is one, the headless
demo's printer another). The headless demo, the arena, the table and its demo run
through it; a screen calls :meth:`Driver.ask` (or :meth:`Driver.step`) once a
frame, a terminal or the arena :meth:`Driver.play_hand`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from engine.actions import Action, Play
from engine.cards import parse_card
from engine.deal import Deal, DealRecord
from engine.errors import RulesError, WhistError
from engine.match import Match, MatchListener
from engine.observation import Observation
from engine.scoring import HandScore
from engine.seats import Seat

MoveSeed = int | str


class Player(Protocol):
    """Whoever plays a seat: its action now, or None while it has none yet."""

    @property
    def label(self) -> str:
        """How the seat is introduced: "AI (medium)", the program, "You"."""
        ...

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action | None: ...


class Listener:
    """An ``engine.match.MatchListener`` that ignores everything: a listener overrides
    what it wants to hear."""

    def hand_started(self, record: DealRecord) -> None:
        """Not listened to."""

    def action_applied(self, action: Action) -> None:
        """Not listened to."""

    def action_undone(self) -> None:
        """Not listened to."""

    def hand_thrown_in(self, record: DealRecord) -> None:
        """Not listened to."""

    def hand_scored(self, score: HandScore) -> None:
        """Not listened to."""


class NotReady(WhistError, RuntimeError):
    """A seat had no action where the run cannot wait (a terminal or the arena)."""


@dataclass
class AIPlayer:
    """engine.ai at ``level``: ``budget`` seconds a move, or with None a fixed amount of
    work (``samples`` layouts, None: the level's own)."""

    level: str
    budget: float | None = None
    samples: int | None = None

    def __post_init__(self) -> None:
        from engine import ai

        if self.level not in ai.LEVELS:
            raise RulesError(f"no AI level called {self.level!r}: choose one of {', '.join(ai.LEVELS)}")

    @property
    def label(self) -> str:
        return f"AI ({self.level})"

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action:
        from engine import ai

        return ai.choose_action(observation, self.level, seed, budget=self.budget, samples=self.samples)


@dataclass
class TableAI(AIPlayer):
    """The table's AI seat in a seeded or journalled game: a fixed amount of work as
    device.moves sets it, so the same seed makes the same move on any machine and after
    a power cut (the demos, the table, the referee)."""

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action:
        from device.moves import choose_action_fixed

        return choose_action_fixed(observation, self.level, seed)


@dataclass
class ChooserPlayer:
    """A player from a function of what the seat may know and the move's seed, as text: a
    drive's table (hall.run.ai_chooser), a test's stand-in."""

    choose: Callable[[Observation, str], Action]
    label: str = "AI"

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action:
        return self.choose(observation, str(seed))


CardChooser = Callable[[dict[str, object], MoveSeed | None], str]  # the card-play form -> a card


@dataclass
class CardPlayer:
    """A player of the card play alone, from its card-play form (``Observation.play_form``):
    the simple bots of engine.bots, a test's stand-in."""

    choose: CardChooser
    label: str = "custom bots"

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action:
        return Play(observation.seat, parse_card(self.choose(observation.play_form(), seed)))


@dataclass
class Person:
    """A seat whose actions arrive from outside: the screen's taps and keys, a real-card
    reader, a drive's player. :meth:`offer` hands one in; the driver takes it when the
    seat is to act and it is legal there, else it is kept in ``refused``."""

    label: str = "You"
    offered: Action | None = None
    refused: Action | None = None

    def offer(self, action: Action) -> None:
        self.offered = action

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action | None:
        action, self.offered = self.offered, None
        if action is None:
            return None
        if action not in observation.legal:
            self.refused = action
            return None
        self.refused = None
        return action


@dataclass
class Driver:
    """Runs ``match`` with ``players[i]`` at seat ``i``; ``listeners`` follow it and every
    match the driver goes on to (:meth:`next_match`). ``seeds`` gives each move's seed
    (default :meth:`Match.move_seed`; the arena seeds a deal's every move alike, a drive
    by its round, table and hand)."""

    match: Match
    players: Mapping[Seat, Player]
    listeners: tuple[MatchListener, ...] = ()
    seeds: Callable[[Match], MoveSeed | None] = Match.move_seed
    _attached: list[MatchListener] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self._attach(self.match)

    @classmethod
    def everyone(cls, match: Match, player: Player, listeners: Iterable[MatchListener] = ()) -> Driver:
        """One player at every seat (the demos: the AI all round)."""
        seats = {Seat(i): player for i in range(match.game.players)}
        return cls(match, seats, tuple(listeners))

    def _attach(self, match: Match) -> None:
        for listener in self.listeners:
            match.add_listener(listener)
            self._attached.append(listener)

    def close(self) -> None:
        """Stop telling the listeners (the match goes on being the caller's)."""
        for listener in self._attached:
            self.match.remove_listener(listener)
        self._attached.clear()

    def next_match(self, match: Match) -> None:
        """Go on to ``match`` (the next rubber) with the same players and listeners."""
        self.close()
        self.match = match
        self._attach(match)

    # -- whose turn -------------------------------------------------------------
    @property
    def deal(self) -> Deal | None:
        return self.match.current

    def to_act(self) -> tuple[Seat, Player] | None:
        """The seat to act and who plays it (a dummy hand's declarer)."""
        deal = self.match.current
        if deal is None or deal.is_over or deal.turn is None:
            return None
        return deal.turn, self.players[deal.game.actor(deal, deal.turn)]

    # -- playing ----------------------------------------------------------------
    def start(self, record: DealRecord | None = None) -> Deal:
        """The next hand: ``record`` as given (a file's board, a real table's cards), else shuffled."""
        return self.match.new_deal() if record is None else self.match.start_deal(record)

    def ask(self) -> Action | None:
        """The action of the seat to act, not applied: a screen that shows it first (a card
        sliding to the trick) applies it through its match itself. None: nothing to do, or the
        seat has no action yet (ask again later)."""
        turn = self.to_act()
        if turn is None:
            return None
        seat, player = turn
        return player.act(self.match.observe(seat), self.seeds(self.match))

    def step(self) -> Action | None:
        """Ask the seat to act once; its action once applied, or None (ask again later)."""
        action = self.ask()
        if action is not None:
            self.match.apply(action)  # the match checks it and tells its listeners
        return action

    def play_out(self, after_move: Callable[[], None] | None = None) -> Deal:
        """Play the hand in progress to its end (not scored: a duplicate table's hand);
        ``after_move`` runs after each action (a watched table's pace, a drive's network)."""
        while (turn := self.to_act()) is not None:
            if self.step() is None:
                raise NotReady(f"{turn[1].label} at seat {turn[0].name} has no action to play, and "
                               "this run cannot wait for one")
            if after_move is not None:
                after_move()
        deal = self.match.current
        assert deal is not None
        return deal

    def play_hand(self, after_move: Callable[[], None] | None = None) -> HandScore:
        """Play the hand in progress to its end and score it (``after_move``: as :meth:`play_out`)."""
        self.play_out(after_move)
        return self.match.finish_deal()


__all__ = ["AIPlayer", "CardChooser", "CardPlayer", "ChooserPlayer", "Driver", "Listener", "MoveSeed",
           "NotReady", "Person", "Player", "TableAI"]
