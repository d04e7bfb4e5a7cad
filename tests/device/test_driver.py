"""device.driver: players asked in turn, actions applied through the match, listeners told;
the headless demo of every game, the arena with a cmd: seat, all through it."""

from __future__ import annotations

import io
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from device.arena import Arena, make_entrant
from device.driver import AIPlayer, ChooserPlayer, Driver, NotReady, Person, TableAI
from device.headless import run_headless
from engine.actions import Action, Play
from engine.deal import DealRecord
from engine.games import GAMES, get_game
from engine.match import Match
from engine.observation import Observation
from engine.scoring import HandScore
from engine.seats import Seat, seats_at

BOTS = Path(__file__).resolve().parents[1] / "bots"


@dataclass
class Counting:
    """A player that counts what it was asked and answers as the rules AI."""

    asked: list[Observation] = field(default_factory=list)
    ai: AIPlayer = field(default_factory=lambda: TableAI("rules"))

    @property
    def label(self) -> str:
        return "counting bots"

    def act(self, observation: Observation, seed: int | str | None) -> Action:
        self.asked.append(observation)
        return self.ai.act(observation, seed)


@dataclass
class Heard:
    """A match listener keeping what it was told."""

    events: list[str] = field(default_factory=list)

    def hand_started(self, record: DealRecord) -> None:
        self.events.append("start")

    def action_applied(self, action: Action) -> None:
        self.events.append("action")

    def action_undone(self) -> None:
        self.events.append("undo")

    def hand_thrown_in(self, record: DealRecord) -> None:
        self.events.append("thrown in")

    def hand_scored(self, score: HandScore) -> None:
        self.events.append("scored")


@pytest.mark.parametrize("name", list(GAMES))
def test_the_headless_demo_of_every_game_plays_through_the_driver(name: str) -> None:
    player = Counting()
    out = io.StringIO()
    matches = run_headless(2, 9, out=out, game=name, player=player)
    text = out.getvalue()
    actions = sum(len(d.actions) for m in matches for d in m.deals)
    assert len(player.asked) == actions > 0  # every action was the seat's answer to the driver
    assert all(o.seat == o.turn for o in player.asked)  # asked for the seat to act, from its own view
    tricks = [t for m in matches for d in m.deals for t in d.tricks]
    printed = re.findall(r"^Trick +\d+ .*-> (.+)$", text, re.M)
    assert len(printed) == len(tricks)  # every trick, once, as it was played
    assert "counting bots in all" in text and "Played 2 hands" in text
    assert sum(len(m.hands) for m in matches) == 2
    again = io.StringIO()
    run_headless(2, 9, out=again, game=name, player=Counting())
    assert again.getvalue() == text  # a seed repeats the run


def test_each_demo_prints_by_side_or_by_seat_as_the_game_is_played() -> None:
    for name, game in GAMES.items():
        out = io.StringIO()
        run_headless(1, 2, out=out, game=name, player=TableAI("rules"))
        text = out.getvalue()
        if game.partnerships:
            assert re.search(r"^Hand 1: We \d+ tricks, They \d+\.", text, re.M), name
        else:
            assert re.search(r"^  You \d+t [+-]\d+ = -?\d+  Player 2 \d+t", text, re.M), name
        # the seats and cards in the table's words (docs/vocabulary.md)
        assert not re.search(r"\b(North|East|South|West|P1|nine of)\b", text), name


def test_listeners_hear_every_action_and_stop_when_the_driver_closes() -> None:
    game = next(g for g in GAMES.values() if g.has_auction and g.partnerships)
    match = Match(None, Seat.N, "heard", game)
    heard = Heard()
    driver = Driver.everyone(match, TableAI("rules"), [heard])
    driver.start()
    driver.play_hand()
    deal = match.deals[0]
    assert heard.events == ["start"] + ["action"] * len(deal.actions) + ["scored"]
    driver.close()
    driver.start()
    driver.step()
    assert heard.events[-1] == "scored"  # no longer told


def test_a_person_seat_waits_for_an_offer_and_refuses_an_illegal_one() -> None:
    game = get_game(next(iter(GAMES)))
    match = Match(None, Seat.N, "person", game)
    person = Person()
    players = {s: person if s == Seat.S else TableAI("rules") for s in seats_at(game.players)}
    driver = Driver(match, players)
    deal = driver.start()
    while deal.turn != Seat.S:
        assert driver.step() is not None
    assert driver.step() is None and deal.turn == Seat.S  # nothing offered: the seat waits
    with pytest.raises(NotReady, match="You at seat S has no action"):
        driver.play_hand()
    hand = sorted(deal.hand(Seat.S) or ())
    illegal = next((Play(Seat.S, c) for c in hand if c not in deal.legal_moves()), None)
    if illegal is not None:
        person.offer(illegal)
        assert driver.step() is None and person.refused == illegal and deal.turn == Seat.S
    legal = Play(Seat.S, deal.legal_moves()[0])
    person.offer(legal)
    assert driver.step() == legal and deal.actions[-1] == legal and person.refused is None


def test_the_declarer_is_asked_for_a_dummy_hand() -> None:
    # the game with a hand beyond its players: its cards are played by whoever Game.actor says
    game = next(g for g in GAMES.values() if g.players > g.sides and not g.partnerships)
    match = Match(None, Seat.N, "dummy", game)
    asked_for: list[tuple[int, Seat]] = []

    @dataclass
    class Seated:
        at: int
        label: str = "seat"

        def act(self, observation: Observation, seed: int | str | None) -> Action:
            asked_for.append((self.at, observation.seat))
            return TableAI("rules").act(observation, seed)

    players = {Seat(i): Seated(i) for i in range(game.sides)}
    driver = Driver(match, players)
    driver.start()
    driver.play_hand()
    dummy = [(at, seat) for at, seat in asked_for if int(seat) >= game.sides]
    declarer = match.deals[0].contract.declarer
    assert dummy and all(at == int(declarer) for at, _ in dummy)


@pytest.mark.parametrize("alone", [False, True])
def test_the_arena_seats_a_cmd_program_through_the_driver(alone: bool) -> None:
    game = next(g for g in GAMES.values() if g.partnerships != alone)
    program = f"cmd:{sys.executable} {BOTS / 'random_bot.py'}"
    a = make_entrant(program, "bot", None)
    b = make_entrant("rules", "rules", None)
    rules = game.default_rules()
    record = game.next_record(rules, Seat.N, 0, "arena-cmd")
    with Arena(game, a, b, rules) as arena:
        arena.play_deal(record, "arena-cmd")
        summary = arena.summary("arena-cmd", 0.0)
    assert a.external is not None and a.external.moves > 0 and summary.faults["bot"] == []
    assert summary.latency["bot"].moves > 0 and summary.latency["rules"].moves > 0
    hands = 2 if game.partnerships else 2 * game.sides + 2
    assert summary.deals == 1 and summary.hands == hands


def test_the_caller_may_seed_the_moves() -> None:
    game = get_game(next(iter(GAMES)))
    match = Match(None, Seat.N, "match seed", game)
    seeds: list[object] = []

    @dataclass
    class Noting:
        label: str = "noting"

        def act(self, observation: Observation, seed: int | str | None) -> Action:
            seeds.append(seed)
            return TableAI("rules").act(observation, seed)

    driver = Driver.everyone(match, Noting())
    driver.start()
    expected = match.move_seed()
    driver.step()
    assert seeds == [expected] and expected is not None  # the match's own, by default
    driver.seeds = lambda _: "the deal's"
    driver.step()
    assert seeds[-1] == "the deal's"


def test_a_drives_chooser_plays_a_whole_hand_with_a_pause_after_each_move() -> None:
    """hall.table's rounds: a function of the observation and the move's seed as text,
    with the table's pace and network between moves."""
    match = Match(None, Seat.N, "drive", get_game(next(iter(GAMES))))
    told: list[tuple[Seat, str]] = []
    pauses: list[int] = []

    def choose(observation: Observation, seed: str) -> Action:
        told.append((observation.seat, seed))
        return TableAI("rules").act(observation, seed)

    driver = Driver.everyone(match, ChooserPlayer(choose))
    driver.seeds = lambda m: f"r1:t2:a{len(m.deals[-1].actions)}"
    driver.start()
    score = driver.play_hand(lambda: pauses.append(len(match.deals[-1].actions)))
    deal = match.deals[-1]
    assert deal.is_over and score.number == 1
    assert [seed for _, seed in told] == [f"r1:t2:a{i}" for i in range(len(deal.actions))]
    assert pauses == list(range(1, len(deal.actions) + 1))


def test_the_worker_player_answers_once_it_has_thought() -> None:
    from device.app.ai_worker import AIWorker, WorkerPlayer

    game = get_game(next(iter(GAMES)))
    worker = AIWorker()
    try:
        match = Match(None, Seat.N, "worker", game)
        player = WorkerPlayer(worker, "rules")
        driver = Driver.everyone(match, player)
        deal = driver.start()
        answers = []
        for _ in range(10_000_000):  # the screen asks once a frame until the seat has played
            if len(deal.actions) >= 8:
                break
            answers.append(driver.step())
        played = [a for a in answers if a is not None]
        assert played == list(deal.actions)
        again = Match(None, Seat.N, "worker", game)
        Driver.everyone(again, TableAI("rules")).start()
        for _ in range(8):
            Driver.everyone(again, TableAI("rules")).step()
        assert list(again.current.actions) == played  # the same moves as the AI in process, seeded alike
    finally:
        worker.close()


def test_ask_leaves_the_applying_to_the_screen() -> None:
    game = get_game(next(iter(GAMES)))
    match = Match(None, Seat.N, "ask", game)
    driver = Driver.everyone(match, TableAI("rules"))
    deal = driver.start()
    action = driver.ask()
    assert action is not None and action in deal.legal_actions() and not deal.actions  # not played yet
    match.apply(action)  # the screen plays it once its card has slid to the trick
    assert list(deal.actions) == [action]
