"""The ISMCTS baseline's C forward model (bench/ismcts.c) plays Oh Hell and
Knockout exactly as the engine does: on random hands played out by random
legal moves, its legal actions, whose turn it is, the trick winners and each
player's points equal the engine's at every step. (The C does not model
Knockout's dog's life: neither does the Python reference it replaces.)"""

from __future__ import annotations

import ctypes
import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Bid, Declare, Play
from engine.ai.solo import Goal
from engine.cards import STRAINS
from engine.games.knockout import KnockoutRules
from engine.games.ohhell import OhHellRules, hand_points
from engine.match import Match
from engine.seats import Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import ismcts  # noqa: E402

PHASE = {"auction": 0, "declare": 1, "play": 2, "over": 3}


def code(action: Action) -> int:
    if isinstance(action, Bid):
        return ismcts.BID + (action.tricks or 0)
    if isinstance(action, Declare):
        return ismcts.DECLARE + STRAINS.index(action.trump or "N")
    assert isinstance(action, Play)
    return int(action.card)


def c_legal(state: ismcts.CState) -> list[int]:
    out = (ctypes.c_int32 * 64)()
    n = ismcts.library().ism_legal(ctypes.byref(state), out)
    return list(out[:n])


def start_state(match: Match, allow_no_trumps: bool) -> ismcts.CState:
    deal = match.current
    assert deal is not None
    n = match.game.players
    state = ismcts.CState()
    ring = [s for s in range(n) if s not in deal.out]
    state.players, state.nring, state.dealer = n, len(ring), int(deal.dealer)
    for i, s in enumerate(ring):
        state.ring[i] = s
    state.hook = int(bool(getattr(match.rules, "hook", False)))
    state.strains = 5 if allow_no_trumps else 4
    state.trump, state.phase, state.turn = deal.trump, PHASE[deal.phase], int(deal.turn or 0)
    state.leader = state.turn
    for s in range(n):
        state.bids[s] = -1
        state.hands[s] = ismcts.mask([int(c) for c in deal.hand(Seat(s)) or ()])
    return state


def play_match(match: Match, rng: random.Random, hands: int, allow_no_trumps: bool = False) -> int:
    """Play up to ``hands`` hands of ``match`` by random legal moves beside the C model,
    checking it at every step; the number of steps checked."""
    lib = ismcts.library()
    steps = 0
    for _ in range(hands):
        if match.is_over:
            break
        deal = match.new_deal()
        goal = ismcts.c_goal(Goal.of(match.observe(Seat(0))), 1)
        state = start_state(match, allow_no_trumps)
        while not deal.is_over:
            assert state.phase == PHASE[deal.phase] and state.turn == int(deal.turn or 0)
            legal = deal.legal_actions()
            assert c_legal(state) == sorted(code(a) for a in legal)
            action = rng.choice(legal)
            match.apply(action)
            lib.ism_apply(ctypes.byref(state), code(action))
            if isinstance(action, Declare):
                assert state.trump == deal.trump
            assert list(state.taken)[:match.game.players] == list(deal.taken)
            if isinstance(action, Play) and deal.trick_number and not deal.is_over:
                # a trick just closed: its winner leads the next
                if not state.ntrick:
                    assert state.leader == int(deal.turn or 0)
            steps += 1
        assert state.phase == PHASE["over"]
        score = match.finish_deal()
        bids = [state.bids[s] for s in range(match.game.players)]
        for s in range(match.game.players):
            points = lib.ism_points(ctypes.byref(goal), bids[s], score.tricks[s])
            if goal.knockout:
                assert points == (1000 if score.tricks[s] else 0) + score.points[s]
            else:
                assert points == score.points[s] == hand_points(match.rules, bids[s], score.tricks[s])
    return steps


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), hook=st.booleans(),
       scheme=st.sampled_from([(10, 1, "exact_only", 1), (10, 1, "exact_only", 0), (10, 1, "always", 0),
                               (5, 2, "always", 2)]),
       max_cards=st.sampled_from(["leave_turnup", "all", "3"]))
def test_oh_hell_c_model_equals_the_engine(players, seed, hook, scheme, max_cards):
    bonus, value, trick_points, penalty = scheme
    rules = OhHellRules(players=players, hook=hook, exact_bonus=bonus, trick_value=value,
                        trick_points=trick_points, miss_penalty=penalty, max_cards=max_cards,
                        schedule="random")
    match = Match(rules, Seat(seed % players), seed)
    assert play_match(match, random.Random(seed), hands=2) > 0


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6), start=st.sampled_from([7, 13]),
       no_trumps=st.booleans(), tie_break=st.sampled_from(["cut", "earliest"]))
def test_knockout_c_model_equals_the_engine(players, seed, start, no_trumps, tie_break):
    rules = KnockoutRules(players=players, start=start, allow_no_trumps=no_trumps, tie_break=tie_break)
    match = Match(rules, Seat(seed % players), seed)
    # several hands: later ones have knocked-out seats and a trump chooser
    assert play_match(match, random.Random(seed), hands=4, allow_no_trumps=no_trumps) > 0


def test_the_c_search_gives_a_legal_action_in_every_phase():
    rng = random.Random(7)
    for rules in (OhHellRules(players=5), KnockoutRules(players=3, allow_no_trumps=True)):
        match = Match(rules, Seat(0), 11)
        for _ in range(2):
            if match.is_over:
                break
            deal = match.new_deal()
            while not deal.is_over:
                obs = match.observe(deal.turn)
                action = ismcts.search(obs, 200, 3)
                assert deal.is_legal(action)
                # the same observation and seed give the same move
                assert ismcts.search(obs, 200, 3) == action
                match.apply(action if rng.random() < 0.5 else rng.choice(deal.legal_actions()))
            match.finish_deal()
