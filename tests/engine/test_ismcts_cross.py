"""Oh Hell and Knockout's search on the Pi's CPUs: engine/csrc/ismcts.c built
with Debian's cross compilers for aarch64 and armhf and run under qemu-user,
and built here with address and undefined-behaviour sanitizers, chooses the
same action as the app's build for the same positions and seeds (a seeded
demo plays the same hands on the Pi as here). .ci/run installs the tools."""

from __future__ import annotations

import random
import subprocess

import pytest

from engine import _ismcts
from engine.actions import Pass
from engine.games.knockout import KnockoutRules
from engine.games.ohhell import OhHellRules
from engine.match import Match
from engine.observation import Observation
from engine.search import ismcts
from engine.seats import Seat
from tests.c.check_vectors import CSRC, ROOT, TARGETS
from tests.c.drivers import built

DRIVER = ROOT / "tests" / "c" / "ismcts_moves.c"
SOURCES = (CSRC / "ismcts.c", CSRC / "deals.c", DRIVER)
OPTIONS = ismcts.Options(300, 300)


def line(obs: Observation, seed: int, knockouts: bool) -> str:
    (state, seat, order, counts, voids, unseen), goal = ismcts.state_of(obs, knockouts)
    players, ring, dealer, hook, strains, trump, phase, turn, leader, trick, bids, taken, hands = state
    iterations, textbook, epsilon, explore, opponents = OPTIONS.as_tuple(obs.phase)
    fields = [players, len(ring), *ring, dealer, hook, strains, trump, phase, turn, leader,
              len(trick), *trick, *bids, *taken, *(f"{h:x}" for h in hands),
              seat, len(order), *order, *counts, *voids,
              f"{unseen:x}", *goal, iterations, textbook, repr(epsilon), repr(explore), opponents,
              f"{seed:x}"]
    return " ".join(map(str, fields))


def positions() -> list[tuple[Observation, int, bool]]:
    """Bids, trumps named and cards from random Oh Hell and Knockout hands."""
    rng = random.Random(5)
    out: list[tuple[Observation, int, bool]] = []
    for rules in (OhHellRules(players=4), OhHellRules(players=7, hook=False),
                  KnockoutRules(players=5, allow_no_trumps=True)):
        match = Match(rules, Seat(1), 9)
        for _ in range(3):
            if match.is_over:
                break
            deal = match.new_deal()
            while not deal.is_over:
                obs = match.observe(deal.turn)
                knock = any(isinstance(a, Pass) for a in obs.legal)
                if len(obs.legal) > 1 and not knock and rng.random() < 0.3:
                    out.append((obs, rng.getrandbits(64), match.game.table.knockouts))
                match.apply(rng.choice(deal.legal_actions()))
            match.finish_deal()
    return out


@pytest.mark.parametrize("name", list(TARGETS))
def test_the_search_chooses_the_same_on_every_cpu(name, tmp_path):
    command = built(name, SOURCES, tmp_path)
    cases = positions()
    assert len(cases) > 40
    lines = [line(obs, seed, knockouts) for obs, seed, knockouts in cases]
    done = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    here = [str(_ismcts.search(*ismcts.state_of(obs, knockouts), OPTIONS.as_tuple(obs.phase), seed))
            for obs, seed, knockouts in cases]
    assert done.stdout.split() == here
