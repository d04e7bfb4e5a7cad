"""The family solver on the Pi's CPUs: engine/csrc/family.c built with
Debian's cross compilers for aarch64 and armhf and run under qemu-user, and
built here with address and undefined-behaviour sanitizers and unoptimised
and optimised, gives every card the value the app's build gives it, and every
build searches in the same order (the same nodes visited). .ci/run installs
the tools."""

from __future__ import annotations

import random
import subprocess

import pytest

from engine import family_solver as fs
from engine.order import Order
from tests.c.check_vectors import CSRC, ROOT, TARGETS
from tests.c.drivers import built, same_on_every_build
from tests.engine.test_family_solver import deal, start_trick

DRIVER = ROOT / "tests" / "c" / "family_moves.c"
SOURCES = (CSRC / "family.c", DRIVER)

Position = tuple[list[int], Order, int, tuple[int, ...], int, bool]

pytestmark = pytest.mark.skipif(not fs.HAVE_C, reason="the family solver's C core is not built")


def positions() -> list[Position]:
    """Positions of every kind the games ask: 2 to 7 seats, jokers or not, any
    order, side and goal, a trick in progress or not; large enough for the
    table to matter (up to 10 cards a seat at four seats)."""
    rng = random.Random(2026)
    out: list[Position] = []
    for _ in range(100):
        seats = rng.randint(2, 7)
        each = rng.randint(3, min(10, 54 // seats) if seats <= 4 else 5)
        jokers = rng.random() < 0.5
        hands = deal(rng, seats, each, jokers)
        order = Order(rng.randint(0, 4), rng.random() < 0.3, rng.random() < 0.5,
                      rng.choice(("trump", "free")))
        leader = rng.randrange(seats)
        trick = start_trick(rng, hands, order, leader, rng.randrange(seats))
        out.append((hands, order, leader, trick, rng.randrange(1, 1 << seats), rng.random() < 0.7))
    return out


def line(pos: Position) -> str:
    hands, order, leader, trick, side, maximise = pos
    flags = (order.trump, int(order.downtown), int(order.ace_low), int(order.joker_lead == "free"))
    return " ".join(map(str, ["moves", len(hands), *flags, leader, side, int(maximise),
                              *(f"{h:x}" for h in hands), *trick]))


@pytest.fixture(scope="module")
def cases() -> list[Position]:
    return positions()


@pytest.fixture(scope="module")
def answers(tmp_path_factory, cases):
    lines = [line(p) for p in cases] + ["nodes"]
    done: dict[str, list[str]] = {}

    def get(name: str) -> list[str]:
        if name not in done:
            command = built(name, SOURCES, tmp_path_factory.mktemp(name))
            run = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True,
                                 timeout=600)
            assert run.returncode == 0, run.stderr[-2000:]
            done[name] = run.stdout.splitlines()
            assert len(done[name]) == len(lines)
        return done[name]

    return get


@pytest.fixture(scope="module")
def expected(cases) -> list[tuple[Position, dict[int, int] | None]]:
    """Every position with the values the app's build gives its cards: solved once for
    every target."""
    return [(pos, fs.solve_family_moves(pos[0], pos[1], pos[2], pos[3], pos[4], maximise=pos[5]))
            for pos in cases]


@pytest.mark.parametrize("name", list(TARGETS))
def test_every_card_has_the_value_the_app_gives_it(answers, expected, name):
    got = answers(name)[:-1]
    for (pos, values), text in zip(expected, got, strict=True):
        assert {int(c): int(v) for c, v in (pair.split("=") for pair in text.split())} == values, line(pos)


def test_every_build_visits_the_same_nodes(answers):
    nodes = same_on_every_build(lambda name: int(answers(name)[-1]))
    assert min(nodes.values()) > 10_000  # the positions are large enough to use the table
