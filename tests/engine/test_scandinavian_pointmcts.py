"""Scandinavian whist's play in the point games' standard ISMCTS (the bench's yardstick,
engine/csrc/pointmcts.c, and hard's search): the model its package describes plays every
card as the engine does, face-up cards on the table and the cards they turn included, its
layouts keep every face-up card with its seat and draw a card under each covered one, and
its search outplays random play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _pointmcts
from engine.actions import Bid, Play
from engine.cards import Card
from engine.game import Phase
from engine.games import get_game
from engine.games.scandinavian import ScandinavianRules
from engine.match import Match
from engine.observation import Observation
from engine.search import pointmcts, pointmcts_py
from engine.search.layouts import voids
from engine.search.pointmcts import PointPlay, knowledge
from engine.search.pointmcts_py import State
from engine.seats import Seat
from tests.engine.test_pointmcts import searched_margin

BACKENDS = (_pointmcts, pointmcts_py)
GAME = get_game("scandinavian", 2)


def match_of(seed: int) -> Match:
    rules = ScandinavianRules()
    return Match(rules, Seat(seed % 2), seed, GAME.with_rules(rules))


def to_play(match: Match, call: str | None, rng: random.Random) -> None:
    """A new hand, high or low called (``call`` by both, else at random), up to its first card."""
    deal = match.new_deal()
    while deal.phase is not Phase.PLAY:
        legal = deal.legal_actions()
        called = next((a for a in legal if isinstance(a, Bid) and a.call == call), None)
        match.apply(called or rng.choice(legal))


def full_state(match: Match, play: PointPlay) -> State:
    """The search's state of the hand in progress with every card where it lies: each
    seat's hand and face-up cards, and the card face down under each covered one."""
    deal = match.current
    assert deal is not None and deal.turn is not None
    state = knowledge(match.observe(deal.turn), play)[0]
    gone = set(deal.played) | set(deal.current.cards)
    hands = tuple(pointmcts.mask_of(frozenset(deal.hand(Seat(s)) or ()) | GAME.layout(deal, Seat(s)))
                  for s in (0, 1))
    under = sorted((int(up), int(down)) for s in (0, 1)
                   for down, up in zip(deal.record.pile(f"down{s}"), deal.record.pile(f"up{s}"), strict=True)
                   if up not in gone)
    return (*state[:5], hands, state[6], state[7], tuple(under))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), call=st.sampled_from([None, "high", "low"]))
def test_the_model_plays_every_card_and_turns_every_covered_card_as_the_engine(seed: int,
                                                                               call: str | None) -> None:
    """A hand played at random: at every card the legal cards (the hand's and the face-up
    ones) are the engine's in C and in Python, the state after it (the card under a face-up
    card played now in its player's hand) the one the next observation describes, and each
    player's tricks the engine's."""
    match = match_of(seed)
    rng = random.Random(seed)
    to_play(match, call, rng)
    deal = match.current
    assert deal is not None
    state: State | None = None
    while not deal.is_over:
        assert deal.turn is not None
        obs = match.observe(deal.turn)
        play = GAME.point_play(obs)  # type: ignore[attr-defined]
        game = play.game()
        now = full_state(match, play)
        assert state is None or now == state
        assert tuple(bin(w).count("1") // 4 for w in now[6]) == tuple(obs.won)
        legal = sorted(int(a.card) for a in deal.legal_actions() if isinstance(a, Play))
        for backend in BACKENDS:
            assert list(backend.legal(game, now)) == legal
        card = rng.choice(legal)
        state = _pointmcts.apply(game, now, card)
        assert pointmcts_py.apply(game, now, card) == state
        match.apply(Play(deal.turn, pointmcts.CARDS[card]))
    assert state is not None
    assert tuple(bin(w).count("1") // 4 for w in state[6]) == tuple(match.finish_deal().tricks)


def test_every_layout_keeps_the_face_up_cards_and_draws_a_card_under_each_covered_one() -> None:
    """Layouts drawn in C and in Python are the same, and in each: the other player holds
    its face-up cards and as many in hand as it has, a card lies under every covered card,
    no card is in two places, and the other's hand holds none of a suit it showed out of
    (the cards under a layout may: they were not its to play). Guided searches from some of
    these positions choose the same card in C and in Python."""
    rng = random.Random(5)
    checked = void_checked = searched = 0
    for seed in range(10):
        match = match_of(seed)
        to_play(match, None, rng)
        deal = match.current
        assert deal is not None
        while not deal.is_over:
            assert deal.turn is not None
            obs = match.observe(deal.turn)
            play = GAME.point_play(obs)  # type: ignore[attr-defined]
            k = knowledge(obs, play)
            s = rng.getrandbits(64)
            layout = _pointmcts.layout(play.game(), k, s)
            assert layout == pointmcts_py.layout(play.game(), k, s)
            check_layout(obs, len(deal.hand(Seat(1 - int(obs.seat))) or ()), layout)
            if checked % 25 == 0 and len(obs.legal) > 1:  # the guided search too, C and Python alike
                card = _pointmcts.search(play.game(), k, 60, pointmcts.EXPLORE, s, 50)
                assert card == pointmcts_py.search(play.game(), k, 60, pointmcts.EXPLORE, s, 50)
                searched += 1
            checked += 1
            void_checked += bool(voids(obs)[Seat(1 - int(obs.seat))])
            match.apply(rng.choice(deal.legal_actions()))
    assert checked >= 400 and void_checked >= 100 and searched >= 10


def check_layout(obs: Observation, in_hand: int, layout: State) -> None:
    """``layout`` as the docstring above asks, the other holding ``in_hand`` cards in hand."""
    me, other = int(obs.seat), 1 - int(obs.seat)
    hands, under = layout[5], dict(layout[8])
    faces = [frozenset(obs.piles.get(f"layout{s}", ())) for s in (0, 1)]
    covered = frozenset(obs.piles.get("covered0", ())) | frozenset(obs.piles.get("covered1", ()))
    assert hands[me] == pointmcts.mask_of(frozenset(obs.hand) | faces[me])
    theirs = hands[other] & ~pointmcts.mask_of(faces[other])
    assert hands[other] & pointmcts.mask_of(faces[other]) == pointmcts.mask_of(faces[other])
    assert bin(theirs).count("1") == in_hand
    assert set(under) == {int(c) for c in covered} and all(c >= 0 for c in under.values())
    played = pointmcts.mask_of(frozenset(c for t in (*obs.tricks, obs.trick) for c in t.cards))
    downs = pointmcts.mask_of(frozenset(Card(c) for c in under.values()))
    held = hands[0] | hands[1]
    assert not hands[0] & hands[1] and not held & downs and not (held | downs) & played
    assert bin(hands[0] | hands[1] | downs | played).count("1") == 52
    shown_out = voids(obs)[Seat(other)]
    assert not any(Card(c).suit in shown_out for c in pointmcts_py.cards_of(theirs))


def test_the_guided_play_out_does_not_overtake_its_own_winning_card() -> None:
    """Third to play with the trick's winning card its own (the leader plays twice a trick),
    the play-outs' card policy plays low, not the cheapest card over its own."""
    match = match_of(3)
    to_play(match, "high", random.Random(3))
    deal = match.current
    assert deal is not None and deal.turn is not None
    play = GAME.point_play(match.observe(deal.turn))  # type: ignore[attr-defined]
    r = pointmcts_py.Rules(*play.game())
    trick = [int(Card("SK")), int(Card("S2"))]
    hand = pointmcts.mask_of(frozenset({Card("SA"), Card("S3"), Card("HA")}))
    sim = pointmcts_py.Sim(0, 0, 1, False, trick, [hand, 0], [0, 0])
    assert Card(pointmcts_py._policy(r, sim, pointmcts_py._legal(r, sim))) == Card("S3")


def high_game(seed: int) -> Match:
    """Deal ``seed`` of a high game, at its first card."""
    match = match_of(seed)
    to_play(match, "high", random.Random(seed))
    return match


def test_the_search_takes_more_tricks_than_random_play_in_its_seat() -> None:
    """The same deals, North searching or playing at random against random play: the search
    takes more than one trick a hand more."""
    assert searched_margin(high_game, Seat.N, 16) > 1
