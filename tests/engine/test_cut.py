"""Cutting for partners and first deal: ace low, two highest partners, lowest deals."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import full_deck, parse_card
from engine.cut import cut_for_partners, cut_rank
from engine.errors import RulesError
from engine.seats import Seat

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def stacked(cards):
    """A pack whose first draws are ``cards`` in order (draws come off the end)."""
    wanted = [parse_card(c) for c in cards]
    return [c for c in full_deck() if c not in wanted] + wanted[::-1]


def test_ace_is_low():
    assert cut_rank(parse_card("SA")) == 1
    assert cut_rank(parse_card("S2")) == 2
    assert cut_rank(parse_card("SK")) == 13


def cut_with(monkeypatch, cards, **kwargs):
    import engine.cut as cut_module

    monkeypatch.setattr(cut_module, "fisher_yates", lambda items, rng: stacked(cards))
    return cut_for_partners(PLAYERS, seed=1, **kwargs)


def test_highest_two_partners_lowest_deals(monkeypatch):
    cut = cut_with(monkeypatch, ["SK", "HA", "D9", "C5"])  # Ann K, Bob A (low), Cy 9, Di 5
    assert cut.order == ("Ann", "Cy", "Di", "Bob")
    assert set(cut.partners[0]) == {"Ann", "Cy"}
    assert cut.seats["Ann"].partner == cut.seats["Cy"]
    assert cut.seats["Bob"].partner == cut.seats["Di"]
    assert cut.dealer == cut.seats["Bob"]  # the ace is the lowest cut
    assert cut.seats["Ann"] == Seat.N


def test_ties_redraw_among_the_tied(monkeypatch):
    # Bob and Cy both cut a 7; they draw again: Cy's queen beats Bob's 3.
    cut = cut_with(monkeypatch, ["SK", "H7", "D7", "C2", "S3", "SQ"])
    assert [p for p, _ in cut.draws] == ["Ann", "Bob", "Cy", "Di", "Bob", "Cy"]
    assert cut.order == ("Ann", "Cy", "Bob", "Di")
    assert cut.dealer == cut.seats["Di"]


def test_fixed_player_keeps_their_seat(monkeypatch):
    cut = cut_with(monkeypatch, ["SK", "HA", "D9", "C5"], fixed=("Bob", Seat.S))
    assert cut.seats["Bob"] == Seat.S and cut.seats["Di"] == Seat.N
    assert {cut.seats["Ann"], cut.seats["Cy"]} == {Seat.E, Seat.W}
    assert cut.dealer == Seat.S


@given(st.integers(0, 10**6))
def test_any_cut_is_consistent(seed):
    cut = cut_for_partners(PLAYERS, seed=seed)
    assert sorted(cut.seats.values()) == [Seat.N, Seat.E, Seat.S, Seat.W]
    a, b = cut.partners[0]
    assert cut.seats[a].partner == cut.seats[b]
    # Order follows the cut ranks, ace low, redraws settling ties.
    first = {p: cut_rank(c) for p, c in reversed(cut.draws)}  # each player's first draw
    ranks = [first[p] for p in cut.order]
    assert ranks == sorted(ranks, reverse=True)
    assert cut.dealer == cut.seats[cut.order[-1]]
    assert cut_for_partners(PLAYERS, seed=seed) == cut
    assert cut.to_dict()["dealer"] == cut.dealer.name


def test_bad_players():
    with pytest.raises(RulesError, match="four players"):
        cut_for_partners(["a", "b", "c"])
    with pytest.raises(RulesError, match="four players"):
        cut_for_partners(["a", "a", "b", "c"])
    with pytest.raises(RulesError, match="not one of the players"):
        cut_for_partners(PLAYERS, fixed=("Zed", Seat.S))
