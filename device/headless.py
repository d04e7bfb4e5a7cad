"""The text demo: the AI in every seat of any game, every trick and the score printed.

``whist-table demo --headless`` and the no-display fallback of ``make run``
both come here. Play continues across games and rubbers (a new
:class:`~engine.match.Match` when one ends) until the asked number of hands
is played. With a seed, everything (cut, shuffles, the AI) is reproducible,
so a journal written through ``on_action`` or ``on_match`` can be replayed.
The hands are played by device.driver; what is printed follows the match
(device.headless_report): by side in the games played in partnerships, by
seat where each plays alone.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from device.deals import DealSource
from device.driver import AIPlayer, CardChooser, CardPlayer, Driver, Listener, MoveSeed, Player, TableAI
from device.headless_report import BySeat, BySide, Printer
from device.words import count
from engine.actions import Action, Play
from engine.game import Game, GameRules
from engine.games import GAMES, game_of, get_game
from engine.match import Match
from engine.observation import Observation

OnAction = Callable[[Match, Action], None]
OnMatch = Callable[[Match, int, int], None]  # (match, rubber number, hands before it)

AI_LEVEL = "medium"


@dataclass
class Noted:
    """The demo's AI, and if it fails the simple bots for the rest of the run, said once:
    the demo goes on where the searching AI cannot (a solver missing on the board)."""

    ai: Player
    say: Callable[[str], None]
    failed: bool = False
    simple: CardPlayer = field(default_factory=lambda: CardPlayer(_rules_card, "simple bots"))

    @property
    def label(self) -> str:
        return self.ai.label

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action | None:
        if not self.failed:
            try:
                return self.ai.act(observation, seed)
            except Exception as exc:  # the AI's own bug: said, and the demo finishes on simple bots
                self.failed = True
                self.say(f"  (note: the AI failed: {exc}; simple bots play on)")
        if all(isinstance(a, Play) for a in observation.legal):
            return self.simple.act(observation, seed)
        return observation.legal[0]


def _rules_card(form: dict[str, object], seed: MoveSeed | None) -> str:
    from engine.bots import rules_card

    return rules_card(form, seed)


class _Told(Listener):
    """``on_action(match, action)`` as a listener of the match."""

    def __init__(self, on_action: OnAction) -> None:
        self.on_action = on_action
        self.match: Match | None = None

    def action_applied(self, action: Action) -> None:
        assert self.match is not None
        self.on_action(self.match, action)


def default_game() -> Game:
    """The game a run plays when none is named: the first the table lists."""
    return next(iter(GAMES.values()))


def run_headless(
    hands: int,
    seed: int | str | None,
    out: TextIO = sys.stdout,
    delay: float = 0,
    on_action: OnAction | None = None,
    *,
    rules: GameRules | None = None,
    game: Game | str | None = None,
    player: Player | None = None,
    resume: Match | None = None,
    rubber: int = 1,
    hands_done: int = 0,
    chooser: CardChooser | None = None,
    colour: bool | None = None,
    on_match: OnMatch | None = None,
    keep_matches: bool = True,
    deals: DealSource | None = None,
) -> list[Match]:
    """Play ``hands`` hands with ``player`` in every seat, printing as it goes.

    ``on_action(match, action)`` is called after every action is applied
    (before the hand is scored), e.g. to journal it. To carry on an
    interrupted run, pass the rebuilt ``resume`` match, its 1-based ``rubber``
    number and ``hands_done`` (hands finished before it, in earlier rubbers).
    ``on_match(match, rubber, hands_before)`` is called when a new rubber's
    Match is created, before its first deal (device.journal starts
    journalling it there). Returns the matches played (the last may be unfinished);
    with ``keep_matches=False`` only the last (a long run then stays in constant memory).

    ``game`` (a name or a Game; default: the resumed match's, else the rules',
    else the first game listed) is the game played. With ``deals`` (a file's boards) the hands
    are the file's, in order, each dealt by its own dealer; after the last the
    shuffles go on. The seats are ``player``'s (device.driver), else ``chooser``'s
    (the card play's form -> a card, for games where every action is a card), else
    engine.ai's at medium (a fixed amount of work with a seed).
    """
    p = Printer(out, colour)
    if isinstance(game, str):
        game = get_game(game)
    if game is None:
        game = resume.game if resume is not None else default_game() if rules is None else game_of(rules)
    rules = rules or (resume.rules if resume is not None else game.default_rules())
    game = game.with_rules(rules)  # a setting may make other sides (each alone, three pairs)
    if player is None:
        if chooser is not None:
            player = CardPlayer(chooser, str(getattr(chooser, "label", "custom bots")))
        else:
            from engine.ai import DEFAULT_BUDGET

            # a seeded run: a fixed amount of work, so the seed repeats every move
            ai = TableAI(AI_LEVEL) if seed is not None else AIPlayer(AI_LEVEL, DEFAULT_BUDGET)
            player = Noted(ai, p.say)
    report = BySide(p, game, rules, delay) if game.partnerships else BySeat(p, game, rules, delay)
    title = "" if game.name == default_game().name else f" ({game.title})"
    report.intro(hands, seed, player.label, title)

    def rubber_seed(k: int) -> str | None:
        return None if seed is None else f"{seed}/rubber{k}"

    given = deals is not None
    if deals is not None:
        p.say(f"Deals from {deals.name}: {count(len(deals.boards), 'board')}.")
    if resume is not None:
        match = resume
    else:
        first = deals.first_dealer() if deals is not None else None
        if first is None:
            first = report.first_dealer(seed)
        match = Match(rules, first, rubber_seed(rubber), game, dealers_given=given)
        if on_match is not None:
            on_match(match, rubber, hands_done)
    told = _Told(on_action) if on_action is not None else None
    driver = Driver.everyone(match, player, [x for x in (told, report) if x is not None])
    report.follow(match, rubber)
    if told is not None:
        told.match = match
    matches = [match]
    dropped = 0  # finished rubbers let go of (keep_matches=False)
    finished = 0  # matches finished by this run
    played = hands_done + len(match.hands)
    played_before = played  # by an earlier run this one carries on

    while played < hands:
        if match.is_over:
            rubber += 1
            match = Match(rules, match.next_dealer, rubber_seed(rubber), game, dealers_given=given)
            if on_match is not None:
                on_match(match, rubber, played)
            driver.next_match(match)
            report.follow(match, rubber)
            if told is not None:
                told.match = match
            if not keep_matches:
                dropped += sum(1 for m in matches if m.is_over)
                matches.clear()
            matches.append(match)
            p.say()
            p.say(f"=== {report.unit} {rubber} ===")
        deal = match.current
        carried_on = deal is not None
        if deal is None:
            record = None if deals is None else deals.record(match, played)
            deal = driver.start(record)
        report.header(deal, rubber, played, hands)
        if carried_on:
            report.resumed(deal)
        driver.play_hand()
        played += 1
        finished += match.is_over

    driver.close()
    p.say()
    before = f" ({count(played_before, 'hand')} played before)" if played_before else ""
    if isinstance(report, BySide):
        done = dropped + sum(1 for m in matches if m.is_over)
        unit = report.unit.lower()
        p.say(f"Played {count(played - played_before, 'hand')}{before}; "
              f"{count(done, unit, 'rubbers' if unit == 'rubber' else 'matches')} finished.")
    else:
        p.say(f"Played {count(played - played_before, 'hand')}{before}; {count(finished, 'game')} finished.")
    return matches


__all__ = ["OnAction", "OnMatch", "Printer", "default_game", "run_headless"]
