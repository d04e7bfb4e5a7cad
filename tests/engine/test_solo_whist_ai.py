"""Solo whist's player: its bids follow the hand, its layouts respect what the
seat knows, and the searching levels play the contract's goal (a misère bidder
ducks, its defenders keep its card on top)."""

from __future__ import annotations

import random

from engine.actions import Bid, Pass, Play
from engine.ai.family import choose_action
from engine.cards import parse_cards
from engine.deal import Deal
from engine.games import get_game
from engine.games.solo import SoloRules
from engine.games.solo import ai as solo_whist
from engine.search import layouts
from engine.search.hands import count_tricks
from engine.seats import Seat

SOLO = get_game("solo")
RULES = SoloRules()
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_a_strong_hand_bids_and_a_weak_one_passes() -> None:
    strong = parse_cards("SA SK SQ SJ ST S9 HA HK DA DK CA C3 C2")
    weak = parse_cards("S9 S8 H7 H6 H5 D9 D8 D7 CT C9 C8 C7 C6")
    assert count_tricks(strong, 0) >= 9 > count_tricks(weak, 0)
    assert solo_whist.misere_safety(parse_cards("S2 S4 H2 H3 H5 D2 D4 D6 D8 C2 C3 C5 C7"), 0)
    assert not solo_whist.misere_safety(weak, 4)


def test_layouts_keep_the_counts_the_voids_and_the_dealers_turned_card() -> None:
    deal = Deal(SOLO.next_record(RULES, W, 0, 3), RULES, SOLO)
    for a in (Bid(N, call="solo"), Pass(E), Pass(S), Pass(W)):
        deal.apply(a)
    rng = random.Random(1)
    while len(deal.tricks) < 4 and not deal.is_over:
        deal.apply(choose_action(deal.observe(deal.turn or N), "rules", 1))
    obs = deal.observe(E)
    for _ in range(20):
        hands = solo_whist.sample_layout(obs, rng)
        assert hands is not None
        for seat in (N, S, W):
            assert len(hands[seat]) == len(deal.hand(seat) or ())
        assert hands[E] == set(deal.hand(E) or ())
        voids = layouts.voids(obs)
        for seat in (N, S, W):
            assert not any(c.suit in voids[seat] for c in hands[seat])
        turned = deal.record.trump_card
        played = {c for t in deal.tricks for c in t.cards}
        if turned is not None and turned not in played and E != W:
            assert turned in hands[W]


def test_the_searching_levels_play_a_legal_card_of_the_contracts_goal_to_the_end() -> None:
    for seed in range(6):
        deal = Deal(SOLO.next_record(RULES, W, 0, seed), RULES, SOLO)
        for a in (Pass(N), Bid(E, call="misere"), Pass(S), Pass(W)):
            deal.apply(a)
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            action = choose_action(deal.observe(seat), "hard" if seat == E else "medium", seed)
            assert isinstance(action, Play) and deal.is_legal(action)
            deal.apply(action)
        assert deal.is_over
