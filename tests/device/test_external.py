"""The external seat (cmd:PROGRAM) with real programs: tests/bots/.

A program that answers well plays its moves; one that answers garbage, an
illegal action, too late or not at all is reported with the line it sent and
the end of its stderr, the table's AI plays that move, and the hand ends.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from device.driver import AIPlayer, Driver
from device.external import ExternalSeat, Fault
from engine import ai
from engine.actions import Action, Bid, Pass, Play
from engine.games import get_game
from engine.match import Match
from engine.observation import Observation
from engine.seats import Seat, seats_at

BOTS = Path(__file__).resolve().parents[1] / "bots"
PYTHON = sys.executable


def cmd(script: str, *args: str) -> str:
    return " ".join(["cmd:" + PYTHON, str(BOTS / script), *args])


class Fallback:
    """The table's AI (rules), counting the moves it had to play."""

    def __init__(self) -> None:
        self.moves = 0

    def __call__(self, observation: Observation, seed: int | str | None) -> Action:
        self.moves += 1
        return ai.choose_action(observation, "rules", seed)


def play_hand(seat: ExternalSeat, game: str = "classic", at: tuple[Seat, ...] = (Seat.E, Seat.W),
              seed: str = "x") -> tuple[Match, list[Action]]:
    """One hand through the driver with the external program at ``at`` and the rules AI elsewhere."""
    g = get_game(game)
    match = Match(g.default_rules(), Seat.N, seed, g)
    players = {s: seat if s in at else AIPlayer("rules") for s in seats_at(g.players)}
    driver = Driver(match, players)
    driver.start()
    driver.play_hand()
    return match, [a for a in match.deals[0].actions if a.seat in at]


def test_the_random_bot_plays_whole_hands_of_every_game() -> None:
    for game in ("classic", "norwegian"):
        fallback = Fallback()
        with ExternalSeat(cmd("random_bot.py"), fallback) as seat:
            match, theirs = play_hand(seat, game)
        assert seat.faults == [] and fallback.moves == 0
        assert len(match.hands) == 1 and sum(match.hands[0].tricks) == 13
        assert sum(isinstance(a, Play) for a in theirs) == 26  # E and W's cards, all from the program
        if game == "norwegian":
            assert match.deals[0].auction  # and its bids or passes, when it was asked
            assert all(isinstance(a, (Bid, Pass, Play)) for a in theirs)


def test_the_random_bot_is_reproducible() -> None:
    runs = []
    for _ in range(2):
        with ExternalSeat(cmd("random_bot.py", "7"), Fallback()) as seat:
            runs.append(play_hand(seat)[0].to_dict())
    assert runs[0] == runs[1]


@pytest.mark.parametrize("mode, kind, line", [
    ("garbage", "bad", "the queen of hearts, please"),
    ("illegal", "illegal", '"type": "play"'),
])
def test_a_bad_answer_is_reported_with_its_line_and_the_ai_plays(mode: str, kind: str, line: str) -> None:
    fallback = Fallback()
    reported: list[Fault] = []
    with ExternalSeat(cmd("misbehaving_bot.py", mode, "3"), fallback, on_fault=reported.append) as seat:
        match, _ = play_hand(seat)
    assert len(match.hands) == 1  # the hand was played to the end
    assert [f.kind for f in seat.faults] == [kind] and reported == seat.faults
    fault = seat.faults[0]
    assert fault.move == 3 and fault.line is not None and line in fault.line
    assert f"misbehaving_bot: {mode} at move 3" in fault.stderr
    assert fallback.moves == 1  # that move only: the program plays on afterwards
    assert line in fault.describe() and "move 3" in fault.describe()


def test_an_illegal_action_says_what_was_legal() -> None:
    with ExternalSeat(cmd("misbehaving_bot.py", "illegal", "2"), Fallback()) as seat:
        play_hand(seat)
    assert "not a legal action now (legal: {" in seat.faults[0].message


def test_a_late_answer_is_reported_and_the_ai_plays_until_it_catches_up() -> None:
    fallback = Fallback()
    with ExternalSeat(cmd("misbehaving_bot.py", "slow", "2"), fallback, timeout=0.3) as seat:
        match, _ = play_hand(seat)
    assert len(match.hands) == 1
    assert [f.kind for f in seat.faults] == ["late"]
    fault = seat.faults[0]
    assert fault.move == 2 and "no answer within 0.3 s" in fault.message
    assert "misbehaving_bot: slow at move 2" in fault.stderr
    # while it slept it was sent nothing new; the AI played those moves
    assert fallback.moves == 1 + fault.skipped


def test_a_program_that_dies_is_reported_once_and_the_ai_plays_on() -> None:
    fallback = Fallback()
    with ExternalSeat(cmd("misbehaving_bot.py", "exit", "4"), fallback) as seat:
        match, theirs = play_hand(seat)
    assert len(match.hands) == 1
    assert [f.kind for f in seat.faults] == ["exited"]
    fault = seat.faults[0]
    assert fault.move == 4 and "exited with status 3" in fault.message
    assert "misbehaving_bot: exit at move 4" in fault.stderr
    assert fallback.moves == len(theirs) - 3  # every move from the fourth on


def test_a_program_that_cannot_start_is_reported_and_the_ai_plays() -> None:
    fallback = Fallback()
    with ExternalSeat("cmd:/nonexistent/whist-bot --fast", fallback) as seat:
        match, theirs = play_hand(seat)
    assert len(match.hands) == 1 and fallback.moves == len(theirs)
    assert [f.kind for f in seat.faults] == ["exited"]
    assert "'/nonexistent/whist-bot' could not be started" in seat.faults[0].message


def test_closing_stops_a_program_that_ignores_its_input() -> None:
    seat = ExternalSeat(f"cmd:{PYTHON} -c 'import signal, time; signal.signal(signal.SIGTERM, "
                        "signal.SIG_IGN); time.sleep(600)'", Fallback())
    process = seat.process
    assert process is not None and process.poll() is None
    seat.close()
    assert process.poll() is not None  # killed, not waited on for ten minutes


def test_an_empty_command_is_refused() -> None:
    with pytest.raises(ValueError, match="give the program to run"):
        ExternalSeat("cmd:  ", Fallback())


# -- issue 46, item 7: a program cannot outlive its match nor grow the table's memory ---------------
def _running(pid: int) -> bool:
    """Whether process ``pid`` is alive (a zombie nobody has reaped yet is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def test_7_a_child_the_program_started_is_ended_with_it() -> None:
    with ExternalSeat(cmd("misbehaving_bot.py", "orphan", "1"), Fallback()) as seat:
        play_hand(seat)
        child = int(seat.stderr_tail().split("misbehaving_bot: child ")[1].split()[0])
        assert _running(child)
    assert seat.faults == []
    end = time.monotonic() + 10.0  # a bound on the kernel ending it, never a timing assertion
    while _running(child) and time.monotonic() < end:
        time.sleep(0.01)
    assert not _running(child)


def test_7_a_program_flooding_short_lines_is_stopped_reported_and_the_ai_plays_on() -> None:
    from device.external import MAX_QUEUED

    fallback = Fallback()
    with ExternalSeat(cmd("misbehaving_bot.py", "flood", "2"), fallback) as seat:
        match, _ = play_hand(seat)
        assert seat._answers.qsize() <= MAX_QUEUED + 1
    assert len(match.hands) == 1 and sum(match.hands[0].tricks) == 13
    kinds = [f.kind for f in seat.faults]
    assert kinds[-1] == "flood" and set(kinds) <= {"bad", "flood"}
    flood = seat.faults[-1]
    assert f"wrote over {MAX_QUEUED} lines it was not asked for" in flood.message
    assert "the table's AI plays this seat from now on" in flood.message
    assert fallback.moves == 26 - 1  # its first move only was its own


def test_7_an_answer_nested_past_the_gate_is_a_bad_answer_not_a_crash(tmp_path) -> None:
    deep = tmp_path / "deep.txt"
    deep.write_text("[" * 50_000 + "\n")
    fallback = Fallback()
    with ExternalSeat(f"cmd:cat {deep}", fallback) as seat:
        play_hand(seat)
    assert [f.kind for f in seat.faults][:1] == ["bad"]
    assert "nested deeper than" in seat.faults[0].message


FUZZ_STREAMS = 1000


def _random_stream(rng) -> bytes:
    """Bytes a broken or hostile program might write: noise, junk lines, deep or huge JSON,
    half actions, floods of empty lines."""
    kind = rng.randrange(7)
    if kind == 0:
        return rng.randbytes(rng.randrange(0, 4096))
    if kind == 1:
        return b"\n".join(rng.randbytes(rng.randrange(0, 40)) for _ in range(rng.randrange(1, 200)))
    if kind == 2:
        return b"[" * rng.randrange(1, 200_000) + b"\n"
    if kind == 3:
        return b'{"type": "play", "seat": "' + rng.choice([b"E", b"W", b"Q", b"\xff"]) + b'", "card": "' \
            + rng.randbytes(2) + b'"}\n'
    if kind == 4:
        return b"\n" * rng.randrange(1, 300_000)
    if kind == 5:
        return b'{"a": ' * rng.randrange(1, 30) + b"NaN" + b"}" * rng.randrange(0, 30) + b"\n"
    return b"x" * rng.randrange(1, 300_000)  # a line longer than any answer, without end


def test_7_a_thousand_random_byte_streams_at_a_cmd_seat(tmp_path) -> None:
    """Seeded: each stream is a program's whole output (cat of a file). The seat never raises,
    every move it gives is legal, and the memory it holds stays bounded."""
    import random
    import resource

    from device.external import MAX_QUEUED

    rng = random.Random(46)
    g = get_game("classic")
    match = Match(g.default_rules(), Seat.N, "fuzz", g)
    deal = match.new_deal()
    assert deal.turn is not None
    observation = match.observe(deal.turn)
    stream = tmp_path / "stream"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kinds: set[str] = set()
    for _ in range(FUZZ_STREAMS):
        stream.write_bytes(_random_stream(rng))
        with ExternalSeat(f"cmd:cat {stream}", Fallback(), timeout=5.0) as seat:
            for _move in range(2):
                assert seat.act(observation, 1) in observation.legal
            assert seat._answers.qsize() <= MAX_QUEUED + 1
        kinds |= {f.kind for f in seat.faults}
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert kinds <= {"bad", "illegal", "exited", "flood", "late"} and {"bad", "exited", "flood"} <= kinds
    assert grown_mb < 200
