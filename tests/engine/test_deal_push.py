"""``Deal.push`` applies a legal action as ``apply`` does, without checking it again."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Exchange
from engine.deal import Deal
from engine.games import GAMES
from engine.seats import Seat


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**32))
def test_pushing_legal_actions_plays_the_hand_as_applying_them(name, seed):
    game = GAMES[name]
    rules = game.default_rules()
    record = game.next_record(rules, Seat.N, 0, seed)
    checked, pushed = Deal(record, rules, game), Deal(record, rules, game)
    rng = random.Random(seed)
    while not checked.is_over:
        legal = checked.legal_actions()
        if not legal:  # any few cards laid away (Bid Whist's kitty): not one of a list
            hand = sorted(checked.hand(checked.turn) or ())
            legal = [Exchange(checked.turn, tuple(hand[:checked.exchange_count()]))]
        action = rng.choice(legal)
        assert checked.apply(action) == pushed.push(action)
        assert pushed.to_dict() == checked.to_dict()
    assert pushed.is_over and pushed.won == checked.won and pushed.taken == checked.taken
