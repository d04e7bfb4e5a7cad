"""The bench's standard ISMCTS baseline: the game-independent Python search
(bench/ismcts_any.py) deals only layouts the seat could be looking at, plays
every game legally, and chooses what the C search (engine/csrc/ismcts.c,
random play-outs) chooses where the choice is clear; the C search's ways of
modelling the other seats are legal and repeatable."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import ismcts as baseline  # noqa: E402
import ismcts_any  # noqa: E402

from engine.actions import Bid, Exchange, Pass, Play  # noqa: E402
from engine.cards import Card, full_deck  # noqa: E402
from engine.deal import DealRecord  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.games.ohhell import OhHellRules  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.search import ismcts  # noqa: E402
from engine.seats import Seat  # noqa: E402


def _match(game_name: str, players: int, seed: int) -> Match:
    game = get_game(game_name, players)
    # Oh Hell's seven-card hands: its schedule may begin with a hand of one card
    rules = OhHellRules(players=players, schedule="fixed") if game_name == "oh-hell" else game.default_rules()
    match = Match(rules, Seat(0), seed, game)
    match.new_deal(seed)
    return match


@pytest.mark.parametrize(("game_name", "players"), [("classic", 4), ("oh-hell", 3), ("german", 2),
                                                     ("dummy", 4), ("knockout", 4),
                                                     ("norwegian", 4), ("widow", 3)])
def test_every_layout_drawn_shows_the_seat_exactly_what_it_saw(game_name, players):
    match = _match(game_name, players, 3)
    deal = match.current
    assert deal is not None
    rng = random.Random(1)
    for _ in range(3 * players + 2):  # into the play: voids and cards seen count
        if deal.is_over:
            break
        match.apply(rng.choice(deal.legal_actions()))
    if deal.is_over:
        pytest.skip("the hand ended early")
    seat = deal.turn
    assert seat is not None
    places = ismcts_any.Places.of(deal.record)
    seen_hands = set()
    for _ in range(20):
        layout = ismcts_any.determinize(deal, seat, rng, places)
        assert layout.observe(seat) == deal.observe(seat)
        seen_hands.add(tuple(tuple(sorted(layout.hand(s) or ())) for s in deal.seats if s != seat))
    assert len(seen_hands) > 1  # the others' cards are dealt afresh, not read from the real deal


@pytest.mark.parametrize("keeps", ["own hand", "widow"])
def test_layouts_after_a_widow_taken_lay_away_a_hand_whole(keeps):
    """Widow whist's taker keeps one hand whole: a layout lays away the widow or its own
    hand as the game allows (a random 13 of its 26 cards is no deal the seat could see)."""
    match = _match("widow", 3, 2)
    deal = match.current
    assert deal is not None
    take = next(a for a in deal.legal_actions() if isinstance(a, Bid) and a.call == "take")
    match.apply(take)
    while not isinstance(deal.legal_actions()[0], Exchange):  # the others pass
        match.apply(next((a for a in deal.legal_actions() if isinstance(a, Pass)), deal.legal_actions()[0]))
    exchanges = deal.legal_actions()
    assert deal.turn == take.seat
    dealt = deal.record.hands()[int(deal.turn)]
    lay = next(a for a in exchanges if (set(a.discard) == dealt) == (keeps == "widow"))
    match.apply(lay)
    rng = random.Random(4)
    for _ in range(4):
        match.apply(rng.choice(deal.legal_actions()))
    seat = deal.turn
    assert seat is not None and seat != lay.seat
    for _ in range(10):
        layout = ismcts_any.determinize(deal, seat, rng)
        assert layout.observe(seat) == deal.observe(seat)
        laid = set(layout.exchanges[0].discard)
        assert laid in (set(layout.record.hands()[int(lay.seat)]), set(dict(layout.record.piles)["widow"]))


@pytest.mark.parametrize(("game_name", "players"), [("classic", 4), ("oh-hell", 3), ("german", 2),
                                                     ("scandinavian", 2), ("bid", 4)])
def test_the_python_search_plays_a_game_through_legally(game_name, players):
    match = _match(game_name, players, 5)
    deal = match.current
    assert deal is not None
    play = ismcts_any.bot(8, 0.7)
    moves = 0
    while not deal.is_over and moves < 12:
        seat = deal.turn
        assert seat is not None
        action = play(match, seat, "t")
        assert deal.is_legal(action)
        match.apply(action)
        moves += 1
    assert moves > 0


def _record(dealer: Seat, hands: list[list[Card]], trump_card: Card) -> DealRecord:
    """An Oh Hell deal as the game deals one: the rest of the pack in the stock, its top turned."""
    dealt = {c for h in hands for c in h} | {trump_card}
    stock = [trump_card, *(c for c in full_deck() if c not in dealt)]
    return DealRecord.of_hands(dealer, hands, trump=trump_card.suit, piles={"stock": stock},
                               trump_card=trump_card)


def _one_card_hand(card: str, trump_card: str) -> Match:
    """Three-player Oh Hell, one card each, seat 0 (first to bid) holding ``card``."""
    rules = OhHellRules(players=3, schedule="fixed", fixed=1)
    match = Match(rules, Seat(2), 1)
    others = [c for c in ("C2", "D3", "H4") if c not in (card, trump_card)][:2]
    match.start_deal(_record(Seat(2), [[Card(card)], [Card(others[0])], [Card(others[1])]], Card(trump_card)))
    return match


@pytest.mark.parametrize(("card", "bid"), [("SA", 1), ("H2", 0)])
def test_the_c_and_the_python_baselines_bid_the_same_on_a_clear_hand(card, bid):
    match = _one_card_hand(card, "S5")
    obs = match.observe(Seat(0))
    assert baseline.search(obs, 300, 1) == Bid(Seat(0), tricks=bid)
    assert baseline.search(obs, 300, 1, python=True) == Bid(Seat(0), tricks=bid)
    deal = match.current
    assert deal is not None
    assert ismcts_any.search(deal, Seat(0), 60, 0.7, random.Random(1)) == Bid(Seat(0), tricks=bid)


def test_the_c_and_the_python_baselines_duck_a_trick_bid_nothing():
    """Two cards each, trumps spades, seat 0 bid none and holds the ace of hearts and a small heart
    with hearts led: both searches play the small one."""
    rules = OhHellRules(players=3, schedule="fixed", fixed=2)
    match = Match(rules, Seat(0), 1)
    hands = [[Card("HA"), Card("H3")], [Card("H9"), Card("C4")], [Card("HK"), Card("D5")]]
    match.start_deal(_record(Seat(0), hands, Card("S2")))
    for seat, tricks in ((1, 0), (2, 1), (0, 0)):
        match.apply(Bid(Seat(seat), tricks=tricks))
    match.apply(Play(Seat(1), Card("H9")))
    match.apply(Play(Seat(2), Card("HK")))
    obs = match.observe(Seat(0))
    assert baseline.search(obs, 300, 2) == Play(Seat(0), Card("H3"))
    deal = match.current
    assert deal is not None
    assert ismcts_any.search(deal, Seat(0), 60, 0.7, random.Random(2)) == Play(Seat(0), Card("H3"))


@pytest.mark.parametrize("opponents", ["random", "policy"])
def test_the_other_seats_as_chance_nodes_search_legally_and_repeatably(opponents):
    options = ismcts.Options(200, 200, opponents=opponents)
    rng = random.Random(9)
    match = Match(OhHellRules(players=4), Seat(0), 12)
    deal = match.new_deal()
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        obs = match.observe(seat)
        if any(isinstance(a, Pass) for a in obs.legal) or len(obs.legal) == 1:
            match.apply(rng.choice(deal.legal_actions()))
            continue
        action = ismcts.search(obs, options, 4)
        assert deal.is_legal(action)
        assert ismcts.search(obs, options, 4) == action
        match.apply(action)


def test_layouts_after_a_pass_let_a_player_have_passed_away_the_suit_it_shows_out_of():
    """Hearts: the shown-out suits hold for the hands after the pass, so a layout may give a
    passer cards of such a suit among the cards it passed; every position of whole hands
    played by the textbook gets a layout showing the seat exactly what it saw."""
    game = get_game("hearts", 4)
    player = game.player()
    for seed in range(3):
        match = Match(game.default_rules(), Seat(0), seed, game)
        deal = match.new_deal()
        rng = random.Random(seed)
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            if len(deal.tricks) >= 4 and len(deal.legal_actions()) > 1:
                layout = ismcts_any.determinize(deal, seat, rng)
                assert layout.observe(seat) == deal.observe(seat)
            match.apply(player(deal.observe(seat), "rules", seed, None, None))
