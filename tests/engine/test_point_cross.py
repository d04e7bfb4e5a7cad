"""The point games' search on the Pi's CPUs: engine/csrc/pointmcts.c (hard's
first tricks in Hearts, Catch the Ten and the other point games, and the
bench's standard ISMCTS) built with Debian's cross compilers for aarch64 and
armhf and run under qemu-user, and built here with address and
undefined-behaviour sanitizers and unoptimised and optimised, chooses the card
the app's build chooses for the same positions and seeds (a seeded demo plays
the same hands on the Pi as here). .ci/run installs the tools."""

from __future__ import annotations

import random
import subprocess

import pytest

from engine import _pointmcts
from engine.actions import Play
from engine.search import pointmcts
from engine.search.pointmcts import knowledge
from engine.search.pointmcts_py import Game, Knowledge
from tests.c.check_vectors import CSRC, ROOT, TARGETS
from tests.c.drivers import built
from tests.engine.test_pointmcts import layout_positions

DRIVER = ROOT / "tests" / "c" / "point_search.c"
SOURCES = (CSRC / "pointmcts.c", CSRC / "deals.c", DRIVER)

Search = tuple[Game, Knowledge, int, int, int]  # game, knowledge, iterations, guide, seed


def searches() -> list[Search]:
    """Cards of random Hearts and Catch the Ten hands, 3 to 8 seats, some searched
    with the game's card policy in the play-outs (hard's opening tree)."""
    rng = random.Random(3)
    out: list[Search] = []
    for obs, play in layout_positions(3):
        if len([a for a in obs.legal if isinstance(a, Play)]) < 2 or rng.random() > 0.3:
            continue
        out.append((play.game(), knowledge(obs, play), rng.choice((200, 500)), rng.choice((0, 80)),
                    rng.getrandbits(64)))
    return out


def flat(game: Game, k: Knowledge) -> list[str]:
    """The driver's words for a game and a seat's knowledge (tests/c/point_search.c)."""
    (players, side, trump, power, must_follow, first_lead, unbroken, breakers, first_barred, values, over,
     dealt, moon, moon_mode, moon_points, before, target, lowest_wins, low, high, stock_scores, suit,
     free_leads, trick_size) = game
    state, seat, counts, voids, known, unseen, caps, barred = k
    turn, leader, tricks, broken, trick, hands, won, stock, under = state
    words: list[object] = [players, trick_size, *side, trump, *power, int(must_follow), first_lead,
                           unbroken, f"{breakers:x}", f"{first_barred:x}", *values, over, *dealt,
                           f"{moon:x}", moon_mode, moon_points, *before, target, int(lowest_wins),
                           repr(float(low)), repr(float(high)), int(stock_scores), *suit, f"{free_leads:x}"]
    words += [turn, leader, tricks, int(broken), len(trick), *trick, *(f"{h:x}" for h in hands),
              *(f"{w:x}" for w in won), len(stock), *stock, len(under), *(c for pair in under for c in pair)]
    words += [seat, *counts, *voids, *(f"{m:x}" for m in known), f"{unseen:x}",
              *(c for cap in caps for c in cap), *(f"{m:x}" for m in barred)]
    return [str(w) for w in words]


def line(s: Search) -> str:
    game, k, iterations, guide, seed = s
    return " ".join([str(iterations), repr(pointmcts.EXPLORE), str(guide), f"{seed:x}", *flat(game, k)])


@pytest.fixture(scope="module")
def cases() -> tuple[str, list[str]]:
    """The driver's input and the cards the app's build chooses: worked out once for
    every target."""
    found = searches()
    assert len(found) > 40, len(found)
    here = [str(_pointmcts.search(game, k, iterations, pointmcts.EXPLORE, seed, guide))
            for game, k, iterations, guide, seed in found]
    return "\n".join(line(s) for s in found) + "\n", here


@pytest.mark.parametrize("name", list(TARGETS))
def test_the_search_chooses_the_same_card_on_every_cpu(name, tmp_path, cases):
    command = built(name, SOURCES, tmp_path)
    text, here = cases
    done = subprocess.run(command, input=text, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == here
