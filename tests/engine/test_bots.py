"""The simple bots: always a legal card, reproducible, and the rules bot
plays the basics (follow cheaply, don't overtake partner, ruff, discard low)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import BOTS, choose_card, legal_cards, random_card, rules_card
from engine.deal import Deal, DealRecord
from engine.seats import Seat


def obs(hand, trick_cards=(), leader="N", seat=None, trump="S", tricks=()):
    seat = seat or Seat.parse(leader).offset(len(trick_cards)).name
    return {
        "seat": seat, "hand": list(hand), "dealer": "W", "trump": trump, "trump_card": None,
        "tricks": list(tricks), "trick": {"leader": leader, "cards": list(trick_cards)},
    }


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(BOTS)))
def test_bots_always_play_legal_cards(seed, name):
    deal = Deal(DealRecord.deal(Seat.N, seed=seed))
    while not deal.is_over:
        card = BOTS[name](deal.observation(deal.turn), seed)
        assert card in {str(c) for c in deal.legal_moves()}
        deal.play(card)


def test_reproducible_with_seed():
    o = obs(["SA", "S5", "H2", "D7", "C9"])
    assert {random_card(o, 1) for _ in range(5)} == {random_card(o, 1)}
    assert rules_card(o, 3) == rules_card(o, 3)


def test_must_follow():
    o = obs(["SA", "H2", "H9"], trick_cards=["HK"])
    assert [str(c) for c in legal_cards(o)] == ["H2", "H9"]


def test_last_player_wins_cheaply():
    o = obs(["H2", "HA", "HQ"], trick_cards=["HT", "H3", "HJ"], trump="C")
    assert rules_card(o) == "HQ"


def test_does_not_overtake_partner_when_partner_wins_last():
    # North led the ace, partner South is winning... here West plays last,
    # partner East is winning with a king: West plays low.
    o = obs(["H2", "HA"], trick_cards=["H5", "HK", "H3"], leader="N", trump="C")
    assert o["seat"] == "W"
    assert rules_card(o) == "H2"


def test_ruffs_when_void_and_opponents_win():
    o = obs(["S2", "S9", "D4"], trick_cards=["HA"], leader="N", trump="S")
    assert rules_card(o) == "S2"


def test_discards_low_when_cannot_win():
    o = obs(["D9", "C3", "DA"], trick_cards=["HA"], leader="N", trump="S")
    assert rules_card(o) == "C3"


def test_second_hand_low():
    o = obs(["H2", "HK", "H7"], trick_cards=["H5"], leader="N", trump="C")
    assert rules_card(o) == "H2"


def test_leads_from_the_longest_suit():
    # issue 29: one textbook player (engine.search.rules); it leads from the long suit,
    # where the bots' own copy cashed a sure winner
    o = obs(["DA", "D3", "C4", "C7", "C9"], trump="S")
    assert rules_card(o) == "C4"


def test_choose_card_dispatch():
    o = obs(["SA"])
    assert choose_card(o, "random") == "SA"
    with pytest.raises(ValueError, match="unknown bot"):
        choose_card(o, "genius")


def test_empty_hand():
    with pytest.raises(ValueError, match="hand is empty"):
        rules_card(obs([]))
