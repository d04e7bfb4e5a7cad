"""Bid Whist's play in the point games' standard ISMCTS (the bench's yardstick,
engine/csrc/pointmcts.c): the model its package describes plays every card of the 54 as
the engine does (the jokers top trumps, or of no suit at no trump; a joker led fixing
the suit or leaving it to the next card), its layouts leave the six cards laid away out
of every hand and keep a turned kitty's cards with the bidder, and its search outplays
random play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Exchange
from engine.game import Phase
from engine.games import get_game
from engine.games.bid import BidRules
from engine.match import Match
from engine.observation import Observation
from engine.order import NO_TRUMP
from engine.search import pointmcts
from engine.search.layouts import voids
from engine.search.pointmcts import PointPlay
from engine.search.pointmcts_py import State
from engine.seats import Seat
from tests.engine.test_pointmcts import drawn, left_out, play_checked, play_searching

JOKERS = (1 << 52) | (1 << 53)


def match_of(rules: BidRules, seed: int) -> Match:
    game = get_game("bid", 4)
    return Match(rules, Seat(seed % 4), seed, game.with_rules(rules))


def to_play(match: Match, rng: random.Random) -> None:
    """A new hand bid, declared and laid away at random (thrown in until someone bids), up
    to its first card."""
    deal = match.new_deal()
    while deal.phase is not Phase.PLAY:
        if deal.is_over:
            deal = match.new_deal()
        elif deal.phase is Phase.EXCHANGE:
            assert deal.turn is not None
            match.apply(Exchange(deal.turn, tuple(rng.sample(sorted(deal.hand(deal.turn)), 6))))
        else:
            match.apply(rng.choice(deal.legal_actions()))


def books_of(state: State) -> tuple[int, int]:
    cards = [bin(w).count("1") for w in state[6]]
    assert all(c % 4 == 0 for c in cards)
    return (cards[0] + cards[2]) // 4, (cards[1] + cards[3]) // 4


rules_st = st.builds(BidRules, joker_lead=st.sampled_from(["trump", "free"]),
                     kitty_shown=st.sampled_from(["except_nt", "always", "never"]),
                     downtown_ace=st.sampled_from(["high", "low"]))


@settings(max_examples=40, deadline=None)
@given(rules=rules_st, seed=st.integers(0, 10**6))
def test_the_model_plays_every_card_and_counts_every_book_as_the_engine(rules: BidRules, seed: int) -> None:
    """A hand bid and played at random under every joker lead and kitty: at every card the
    legal cards are the engine's in C and in Python, the state after it the one the next
    observation describes, and each side's books in play the engine's."""
    match = match_of(rules, seed)
    rng = random.Random(seed)
    to_play(match, rng)

    def books_so_far(obs: Observation, play: PointPlay, state: State) -> None:
        assert books_of(state) == (obs.won[0] + obs.won[2], obs.won[1] + obs.won[3])

    state, _ = play_checked(match, rng, books_so_far)
    deal = match.current
    assert deal is not None
    assert books_of(state) == tuple(deal.tricks_taken())


def test_the_jokers_are_trumps_at_a_suit_and_nothing_at_no_trump() -> None:
    """The model's suit of each joker: the trump suit, or none (-1) at no trump; a led
    joker fixes no suit at no trump, or where the house lets the next card fix it."""
    checked = set()
    rng = random.Random(5)
    for seed in range(40):
        rules = BidRules(joker_lead="free" if seed % 2 else "trump")
        match = match_of(rules, seed)
        to_play(match, rng)
        deal = match.current
        assert deal is not None and deal.turn is not None
        obs = match.observe(deal.turn)
        game = match.game.point_play(obs).game()  # type: ignore[attr-defined]
        suits, free = game[21], game[22]
        trump = obs.trump
        assert suits[52] == suits[53] == (-1 if trump == NO_TRUMP else trump)
        assert free == (JOKERS if trump == NO_TRUMP or rules.joker_lead == "free" else 0)
        assert suits[:52] == tuple(c // 13 for c in range(52))
        checked.add((trump == NO_TRUMP, rules.joker_lead))
    assert len(checked) == 4


def test_every_layout_keeps_what_the_seat_knows_of_the_kitty() -> None:
    """Layouts drawn in C and in Python are the same; each seat gets as many cards as it
    holds; the bidder's six laid away are in no hand; a seat that did not see them leaves
    six unseen cards out; a kitty turned for all is, card by card, in the bidder's hand or
    laid away; no seat holds a card of a suit it showed out of."""
    rng = random.Random(13)
    bidder_checked = other_checked = kitty_checked = 0
    for seed in range(16):
        match = match_of(BidRules(kitty_shown="always"), seed)
        to_play(match, rng)
        deal = match.current
        assert deal is not None
        while not deal.is_over:
            obs, play, k, hands = drawn(match, rng)
            assert obs.contract is not None and obs.contract.declarer is not None
            bidder = int(obs.contract.declarer)
            if left_out(obs, k, hands, 54, "discard", 6):
                bidder_checked += 1
            else:
                other_checked += 1
            kitty = pointmcts.mask_of(frozenset(obs.piles.get("kitty", ())))
            for s, h in enumerate(hands):
                if s != bidder and s != int(obs.seat):
                    assert not h & kitty
            kitty_checked += any(h & kitty for h in hands)
            suit_of = play.game()[21]
            for s, suits in voids(obs, play.order).items():
                shown_out = sum(1 << c for c in range(54) if suit_of[c] in suits)
                assert not hands[int(s)] & shown_out
            match.apply(rng.choice(deal.legal_actions()))
    assert bidder_checked >= 50 and other_checked >= 150 and kitty_checked >= 150


def searched_books(seed: int, searchers: tuple[Seat, ...]) -> int:
    """North-South's books in play in deal ``seed``, the ``searchers`` searching with 1,000
    simulations a card, every other card (and the auction) at random."""
    match = match_of(BidRules(), seed)
    to_play(match, random.Random(seed))
    play_searching(match, lambda seat: seat in searchers, seed)
    deal = match.current
    assert deal is not None
    return deal.tricks_taken()[0]


def test_the_search_takes_more_books_than_random_play() -> None:
    """The same deals, North and South searching or playing at random against random play:
    the search takes more than one book a hand more."""
    margins = [searched_books(seed, (Seat.N, Seat.S)) - searched_books(seed, ()) for seed in range(16)]
    assert sum(margins) / len(margins) > 1
