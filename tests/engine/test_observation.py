"""The observation of any game: what a seat may know, its JSON form read back,
its legal actions the engine's, and choose_action answering with one of them."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import choose_action
from engine.errors import NotationError, RulesError
from engine.games.classic.rules import Rules
from engine.games.norwegian import NorwegianRules
from engine.match import Match
from engine.observation import Observation


def positions(rules, seed, steps):
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    deal = match.new_deal()
    for _ in range(steps):
        if deal.is_over:
            break
        match.apply(rng.choice(deal.legal_actions()))
    return match, deal


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([Rules(), NorwegianRules()]), st.integers(0, 999), st.integers(0, 56))
def test_json_reads_back_the_same_and_hides_the_other_hands(rules, seed, steps):
    match, deal = positions(rules, seed, steps)
    for seat in deal.seats:
        obs = match.observe(seat)
        data = json.loads(json.dumps(obs.to_json()))
        back = Observation.from_json(data)
        assert back.to_json() == data
        assert set(data["hand"]) == {str(c) for c in deal.hand(seat)}
        others = {str(c) for s in deal.seats if s != seat for c in deal.hand(s)}
        assert not others & set(json.dumps(data["hand"] + data["legal"]).split('"'))
        if deal.turn == seat:
            assert back.legal == tuple(deal.legal_actions())
        else:
            assert data["legal"] == []
        assert data["phase"] == str(deal.phase) and data["seats"] == ["N", "E", "S", "W"]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([Rules(), NorwegianRules()]), st.integers(0, 999), st.integers(0, 40),
       st.sampled_from(["random", "rules", "easy", "hard"]))
def test_choose_action_answers_with_a_legal_action(rules, seed, steps, level):
    match, deal = positions(rules, seed, steps)
    if deal.is_over:
        return
    obs = match.observe(deal.turn)
    action = choose_action(obs.to_json(), level, seed=seed, budget=None, samples=4)
    assert action in deal.legal_actions()
    assert choose_action(obs, level, seed=seed, budget=None, samples=4) == action


def test_nothing_to_do_and_bad_input_are_explained():
    match, deal = positions(Rules(), 1, 0)
    waiting = next(s for s in deal.seats if s != deal.turn)
    with pytest.raises(RulesError, match="nothing to do"):
        choose_action(match.observe(waiting), "rules")
    with pytest.raises(NotationError, match="lacks the field 'seats'"):
        Observation.from_json({"game": "classic"})


def test_norwegian_observation_shows_the_auction_and_contract():
    match, deal = positions(NorwegianRules(), 5, 0)
    from engine.actions import Bid, Pass

    match.apply(Pass(deal.turn))
    match.apply(Bid(deal.turn, call="grand"))
    data = match.observe("N").to_json()
    assert data["game"] == "norwegian" and data["phase"] == "play"
    assert data["auction"] == [{"type": "pass", "seat": "E"}, {"type": "bid", "seat": "S", "call": "grand"}]
    assert data["contract"]["call"] == "grand" and data["contract"]["declarer"] == "S"
    assert data["trump"] == "N" and data["scores"] == {"game": {"NS": 0, "EW": 0},
                                                        "games_won": {"NS": 0, "EW": 0}}
