"""The bench's standard ISMCTS of the whole game (bench/pointmcts.py's ``search``
auction): before the play it searches the seat's choices over the whole hand with
random play-outs, rewarded by the hand's points as the game scores them, from the
observation alone; and it bids as the hand asks."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import ismcts_any  # noqa: E402
import pointmcts  # noqa: E402

from engine.actions import Bid, Declare, Pass  # noqa: E402
from engine.ai.family import choose_action  # noqa: E402
from engine.cards import Card, full_deck  # noqa: E402
from engine.deal import Deal, DealRecord  # noqa: E402
from engine.game import GameRules, Phase  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.games.norwegian import NorwegianRules  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.order import NO_TRUMP  # noqa: E402
from engine.seats import Seat  # noqa: E402


def _deal(game_name: str, north: list[Card], turned: Card | None = None,
          rules: GameRules | None = None) -> Deal:
    """North's hand as given, the rest shuffled to the others; West deals, North is eldest."""
    game = get_game(game_name, 4)
    rest = [c for c in full_deck() if c not in north and c != turned]
    random.Random(1).shuffle(rest)
    west = rest[26:39] if turned is None else [*rest[26:38], turned]
    trump = NO_TRUMP if turned is None else turned.suit
    record = DealRecord.of_hands(Seat(3), [north, rest[:13], rest[13:26], west], trump, None, turned)
    return Deal(record, rules or game.default_rules(), game)


@pytest.mark.parametrize(("ranks", "call"), [(range(2, 6), "nullo"), (range(11, 15), "grand")])
def test_norwegian_eldest_bids_nullo_with_low_cards_and_grand_with_high(ranks: range, call: str) -> None:
    north = [c for c in full_deck() if c.rank in ranks][:13]
    obs = _deal("norwegian", north).observe(Seat(0))
    assert pointmcts.act(obs, 100, "t") == Bid(Seat(0), call=call)


def test_solo_with_every_trump_bids_abundance_declared_and_names_the_suit_it_holds() -> None:
    spades = [c for c in full_deck() if c.suit == 0]
    deal = _deal("solo", spades, Card("H2"))
    assert pointmcts.act(deal.observe(Seat(0)), 100, "t") == Bid(Seat(0), call="abundance declared")
    deal.apply(Bid(Seat(0), call="abundance"))
    for seat in (1, 2, 3):
        deal.apply(Pass(Seat(seat)))
    obs = deal.observe(Seat(0))
    assert obs.phase == Phase.DECLARE
    assert pointmcts.act(obs, 100, "t") == Declare(Seat(0), trump="S")


def test_a_nullo_rewards_the_pair_that_took_fewer_tricks_by_the_points_not_the_tricks() -> None:
    game = get_game("norwegian", 4)
    rng = random.Random(3)
    match = Match(game.default_rules(), Seat(0), 3, game)
    match.new_deal(3)
    deal = match.current
    assert deal is not None
    for _ in range(4):
        assert deal.turn is not None
        deal.apply(Pass(deal.turn))  # all pass: nullo
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    low = 0 if deal.won[0] < deal.won[1] else 1
    span = (-60.0, 60.0)
    by_points = ismcts_any.rewards(deal, span, by_points=True)
    assert by_points[low] > 0.5 > by_points[1 - low]
    assert ismcts_any.rewards(deal, span)[low] < 0.5  # the share of the tricks, kept for the old callers


@pytest.mark.parametrize(("game_name", "players", "seed"),
                         [("norwegian", 4, 1), ("norwegian", 4, 2), ("solo", 4, 1), ("solo", 4, 2),
                          ("widow", 3, 1), ("dummy", 4, 1), ("bid", 4, 1), ("scandinavian", 2, 1)])
def test_every_searched_choice_before_the_play_is_legal(game_name: str, players: int, seed: int) -> None:
    game = get_game(game_name, players)
    match = Match(game.default_rules(), Seat(0), seed, game)
    match.new_deal(seed)
    deal = match.current
    assert deal is not None
    searched = 0
    while deal.phase in (Phase.AUCTION, Phase.DECLARE):
        seat = deal.turn
        assert seat is not None
        obs = match.observe(seat)
        action = pointmcts.act(obs, 20, "t")
        assert action in obs.legal
        searched += 1
        match.apply(action)
    assert searched > 0


SHAPED = [("widow", 3), ("dummy", 4), ("bid", 4), ("scandinavian", 2)]  # a widow, a dummy, a kitty, layouts


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(SHAPED), st.integers(0, 10_000))
def test_a_deal_rebuilt_from_any_observation_before_the_play_shows_the_seat_what_it_saw(
        shape: tuple[str, int], seed: int) -> None:
    game = get_game(*shape)
    match = Match(game.default_rules(), Seat(0), seed, game)
    match.new_deal(seed)
    deal = match.current
    assert deal is not None
    rng = random.Random(seed)
    while deal.phase in (Phase.AUCTION, Phase.DECLARE):
        seat = deal.turn
        assert seat is not None
        obs = match.observe(seat)
        rebuilt = ismcts_any.deal_of(obs, rng)
        seen = rebuilt.observe(seat)
        assert (seen.hand, seen.piles, seen.trump_card, seen.auction, seen.legal) == (
            obs.hand, obs.piles, obs.trump_card, obs.auction, obs.legal)
        # every layout drawn from it shows the same, its unseen cards anywhere they could be
        again = ismcts_any.determinize(rebuilt, seat, rng).observe(seat)
        assert (again.hand, again.piles, again.auction) == (obs.hand, obs.piles, obs.auction)
        match.apply(rng.choice(obs.legal))


def test_the_textbook_auction_is_still_there_for_the_old_cells() -> None:
    obs = _deal("norwegian", [c for c in full_deck() if c.rank in range(2, 6)][:13]).observe(Seat(0))
    assert pointmcts.act(obs, 100, "t", before_play=pointmcts.TEXTBOOK) == choose_action(obs, "rules", "t",
                                                                                           budget=None)


def test_a_card_laid_face_down_is_drawn_afresh_in_every_layout_not_read_from_the_deal() -> None:
    deal = _deal("norwegian", [c for c in full_deck() if c.rank in range(2, 6)][:13],
                 rules=NorwegianRules(bid_style="cards"))
    deal.apply(deal.legal_actions()[0])  # North lays its lowest spade
    obs = deal.observe(Seat(1))
    assert obs.auction == (Bid(Seat(0), call="face down"),)
    rng = random.Random(0)
    base = ismcts_any.deal_of(obs, rng)
    laid = {ismcts_any.determinize(base, Seat(1), rng).auction[0] for _ in range(20)}
    assert len(laid) > 5 and obs.auction[0] not in laid  # North's cards, each laid as a card
    assert pointmcts.act(obs, 20, "t") in obs.legal


@pytest.mark.parametrize(("high", "call"), [(True, "high"), (False, "low")])
def test_scandinavian_eldest_calls_high_with_the_top_cards_and_low_with_the_bottom_ones(high: bool,
                                                                                       call: str) -> None:
    # eldest's hand and face-up cards the 18 best (or worst), the cards under them unseen
    game = get_game("scandinavian", 2)
    deck = sorted(full_deck(), key=lambda c: (c.rank, c.suit), reverse=high)
    mine, rest = deck[:26], deck[26:]
    piles = {"down0": rest[10:18], "up0": rest[18:26], "down1": mine[10:18], "up1": mine[18:26]}
    record = DealRecord.of_hands(Seat(0), [rest[:10], mine[:10]], NO_TRUMP, piles)
    obs = Deal(record, game.default_rules(), game).observe(Seat(1))
    assert pointmcts.act(obs, 100, "t") == Bid(Seat(1), call=call)
