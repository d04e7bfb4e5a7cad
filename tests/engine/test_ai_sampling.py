"""The AI's view of a deal and the sampler of hidden hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.deal import Deal, DealRecord
from engine.errors import NotationError
from engine.search import sampling
from engine.search.sampling import Sampler
from engine.search.view import SUIT_MASKS, mask_of, view_of
from engine.seats import SEATS, Seat


def play_random(deal: Deal, n: int, rng: random.Random) -> Deal:
    for _ in range(n):
        if deal.is_over:
            break
        deal.play(rng.choice(deal.legal_moves()))
    return deal


def check_layout(deal: Deal, seat: Seat, hands: tuple[int, int, int, int]) -> None:
    view = view_of(deal.observation(seat))
    assert hands[seat] == mask_of(deal.hand(seat))
    all_cards = 0
    for s in SEATS:
        assert hands[s].bit_count() == len(deal.hand(s))
        assert all_cards & hands[s] == 0
        all_cards |= hands[s]
        for suit in view.voids[s]:
            assert hands[s] & SUIT_MASKS[suit] == 0, "a card of a suit the player showed out of"
    assert all_cards == mask_of(c for s in SEATS for c in deal.hand(s))
    tc = deal.record.trump_card
    if tc is not None and tc in deal.hand(deal.dealer):
        assert hands[deal.dealer] >> int(tc) & 1, "the turned card stays with the dealer"


def _draw_python(sampler: Sampler, rng: random.Random, n: int) -> list:
    return [sampler.sample(rng) for _ in range(n)]


def _draw_c(sampler: Sampler, rng: random.Random, n: int) -> list:
    out: list = []
    while len(out) < n:  # in batches, as the expert level draws them
        out += sampler.sample_many(rng, min(16, n - len(out)))
    return out


needs_c = pytest.mark.skipif(sampling._DEAL_LAYOUTS is None, reason="the C core is not built")
DRAWS = [pytest.param(_draw_python, id="python"), pytest.param(_draw_c, id="c", marks=needs_c)]


@pytest.mark.parametrize("draw", DRAWS)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 51))
def test_every_sample_is_consistent_with_what_the_seat_saw(draw, seed: int, moves: int) -> None:  # noqa: ANN001
    rng = random.Random(seed)
    deal = play_random(Deal(DealRecord.deal(Seat(seed % 4), seed=seed)), moves, rng)
    if deal.is_over:
        return
    seat = deal.turn
    sampler = Sampler.for_view(view_of(deal.observation(seat)))
    for hands in draw(sampler, rng, 5):
        check_layout(deal, seat, hands)


def test_samples_are_reproducible_with_a_seed() -> None:
    deal = play_random(Deal(DealRecord.deal(Seat.N, seed=3)), 21, random.Random(3))
    sampler = Sampler.for_view(view_of(deal.observation(deal.turn)))
    a = [sampler.sample(random.Random(9)) for _ in range(3)]
    b = [sampler.sample(random.Random(9)) for _ in range(3)]
    assert a == b


def _find_position(voids_wanted: bool) -> Deal:
    """A late position with (or without) voids and 20-300 consistent layouts."""
    for seed in range(500):
        rng = random.Random(seed)
        # 9 tricks and a card; without voids 11 (fewer cards left, so few enough layouts)
        deal = play_random(Deal(DealRecord.deal(Seat.W, seed=seed)), 37 if voids_wanted else 45, rng)
        view = view_of(deal.observation(deal.turn))
        voids = sum(len(view.voids[s]) for s in SEATS if s != view.seat)
        if (voids >= 2 if voids_wanted else voids == 0) and 20 <= Sampler.for_view(view).count() <= 300:
            return deal
    raise AssertionError("no such position found")


def _layouts(view) -> set:  # noqa: ANN001
    """Every consistent layout, by brute force."""
    others = [s for s in SEATS if s != view.seat]
    unseen = [c for c in range(52) if view.unseen >> c & 1]
    needs = [view.sizes[s] - view.known[s].bit_count() for s in others]
    layouts = set()

    def place(i: int, hands: list[int], left: list[int]) -> None:
        if i == len(unseen):
            layouts.add(tuple(hands))
            return
        c = unseen[i]
        for k, s in enumerate(others):
            if left[k] and c // 13 not in view.voids[s]:
                hands[s] |= 1 << c
                left[k] -= 1
                place(i + 1, hands, left)
                left[k] += 1
                hands[s] &= ~(1 << c)

    place(0, list(view.known), needs)
    return layouts


@pytest.mark.parametrize("voids", [True, False], ids=["voids", "no-voids"])
@pytest.mark.parametrize("draw", DRAWS)
def test_sampling_is_uniform_over_consistent_layouts(draw, voids: bool) -> None:  # noqa: ANN001
    # A late position: enumerate every consistent layout, then check that the
    # sampler hits each about equally often (a greedy fill would not).
    deal = _find_position(voids)
    view = view_of(deal.observation(deal.turn))
    layouts = _layouts(view)
    sampler = Sampler.for_view(view)
    assert sampler.count() == len(layouts)
    assert 2 <= len(layouts) <= 400
    rng = random.Random(1)
    n = 200 * len(layouts)
    counts = Counter(draw(sampler, rng, n))
    assert set(counts) == layouts
    expected = n / len(layouts)
    chi2 = sum((counts[h] - expected) ** 2 / expected for h in layouts)
    dof = len(layouts) - 1
    # far beyond the 99.9th percentile of chi-square for this many degrees of freedom
    assert chi2 < dof + 5 * (2 * dof) ** 0.5 + 10


@needs_c
def test_the_c_sampler_is_reproducible_and_refuses_bad_input() -> None:
    from engine import _solver  # type: ignore[attr-defined]

    deal = play_random(Deal(DealRecord.deal(Seat.N, seed=3)), 21, random.Random(3))
    sampler = Sampler.for_view(view_of(deal.observation(deal.turn)))
    assert sampler.sample_many(random.Random(9), 4) == sampler.sample_many(random.Random(9), 4)
    cards = [0, 0, 0, 0]
    with pytest.raises(ValueError, match="plan"):
        _solver.deal_layouts(b"xx", (0, 0, 0, 0), cards, (1, 2, 3), (0, 0), 1, 0)
    with pytest.raises(ValueError, match="different seats"):
        _solver.deal_layouts(b"", (0, 0, 0, 0), cards, (1, 1, 3), (0, 0), 1, 0)
    with pytest.raises(ValueError, match="another suit"):
        _solver.deal_layouts(b"", (0, 0, 0, 0), [1 << 13, 0, 0, 0], (1, 2, 3), (0, 0), 1, 0)
    with pytest.raises(ValueError, match="no layout"):
        _solver.deal_layouts(b"", (0, 0, 0, 0), [3, 0, 0, 0], (1, 2, 3), (2, 1), 1, 0)


def test_an_impossible_observation_is_refused() -> None:
    deal = Deal(DealRecord.deal(Seat.N, seed=1))
    obs = deal.observation(Seat.E)
    obs["hand"] = obs["hand"][:-1]
    with pytest.raises(NotationError):
        view_of(obs)
    with pytest.raises(NotationError, match="turn"):
        view_of(deal.observation(Seat.S))


def test_unproven_voids_after_a_revoke_are_dropped() -> None:
    # At a real table West shows out of hearts, then plays a heart (a revoke):
    # the sampler must not rely on the broken void and must still give layouts.
    obs = {
        "seat": "S", "dealer": "N", "trump": "S", "trump_card": None,
        "hand": "SA SK SQ HA HK DK DQ CA CK CQ CJ".split(),
        "tricks": [{"leader": "E", "cards": ["H2", "HQ", "D2", "H4"]},
                   {"leader": "S", "cards": ["DA", "H5", "D6", "D7"]}],
        "trick": {"leader": "S", "cards": []},
    }
    view = view_of(obs)
    assert 1 not in view.voids[Seat.W]  # hearts: played after showing out
    assert 2 in view.voids[Seat.W]  # diamonds: showed out in trick 2
    sampler = Sampler.for_view(view)
    rng = random.Random(2)
    for _ in range(20):
        h = sampler.sample(rng)
        assert sum(x.bit_count() for x in h) == 44
        assert h[Seat.W] & SUIT_MASKS[2] == 0
