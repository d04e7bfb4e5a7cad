"""Property tests: any legal play-out of any seeded deal obeys the rules,
observations leak nothing, and replay reproduces the state exactly."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.cards import parse_card, parse_cards
from engine.deal import Deal, DealRecord
from engine.games.classic.rules import Rules
from engine.games.classic.scoring import score_hand
from engine.seats import SEATS, Seat

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def oracle_winner(leader, cards, trump):
    """Independent statement of the rule: highest trump, else highest of the suit led."""
    trumps = [i for i, c in enumerate(cards) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
    best = max(pool, key=lambda i: cards[i].rank)
    return leader.offset(best)


deals = st.tuples(
    st.integers(0, 2**32), st.sampled_from(SEATS), st.sampled_from([None, 0, 1, 2, 3, 4])
)


def make(seed, dealer, trump):
    return Deal(DealRecord.deal(dealer, seed=seed, trump=trump))


@FAST
@given(deals, st.data())
def test_legal_play_out_obeys_the_rules(deal_args, data):
    deal = make(*deal_args)
    dealt = [set(h) for h in deal.dealt_hands()]
    held = [set(h) for h in dealt]
    while not deal.is_over:
        seat = deal.turn
        legal = deal.legal_moves()
        assert legal and set(legal) <= held[seat]
        led = deal.current.led_suit
        if led is not None and any(c.suit == led for c in held[seat]):
            assert all(c.suit == led for c in legal)  # must follow
        card = data.draw(st.sampled_from(legal))
        held[seat].discard(card)
        leader, before = deal.current.leader, deal.current.cards
        done = deal.play(card)
        if done is not None:
            cards = before + (card,)
            assert done.cards == cards and done.leader == leader
            winner = oracle_winner(leader, cards, deal.trump)
            assert done.winner(deal.trump) == winner
            if not deal.is_over:
                assert deal.turn == winner
    assert len(deal.tricks) == 13
    played = [c for t in deal.tricks for c in t.cards]
    assert len(played) == 52 and len(set(played)) == 52
    ns, ew = deal.tricks_taken()
    assert ns + ew == 13
    assert ns == sum(1 for t in deal.tricks if t.winner(deal.trump).side == 0)
    score = score_hand(deal, (0, 0), Rules(target=10))
    assert score.trick_points == (max(0, ns - 6), max(0, ew - 6))
    assert score.points == score.trick_points
    assert deal.revokes == []  # a table that knows the hands cannot revoke


def visible_cards(obs):
    cards = set(parse_cards(obs["trick"]["cards"]))
    for t in obs["tricks"]:
        cards |= set(parse_cards(t["cards"]))
    return cards


@settings(FAST, max_examples=15)
@given(deals, st.data())
def test_observations_consistent_and_leak_nothing(deal_args, data):
    deal = make(*deal_args)
    turned = deal.record.trump_card
    while not deal.is_over:
        for seat in SEATS:
            obs = deal.observation(seat)
            assert obs["seat"] == seat.name and obs["dealer"] == deal.dealer.name
            assert obs["trump"] == "SHDCN"[deal.trump]
            assert set(parse_cards(obs["hand"])) == deal.hand(seat)
            assert obs["tricks"] == [t.to_dict() for t in deal.tricks]
            assert obs["trick"] == deal.current.to_dict()
            everything = visible_cards(obs) | set(parse_cards(obs["hand"]))
            if obs["trump_card"] is not None:
                assert parse_card(obs["trump_card"]) == turned
                everything.add(turned)
            text = json.dumps(obs)
            for other in SEATS:
                if other == seat:
                    continue
                hidden = set(deal.hand(other)) - {turned}
                assert not (hidden & everything), f"{seat} sees {other}'s cards"
                # Nowhere in the JSON either (no extra field may carry a card).
                assert not any(f'"{c}"' in text for c in hidden)
        deal.play(data.draw(st.sampled_from(deal.legal_moves())))


@FAST
@given(deals, st.data())
def test_replay_reproduces_state(deal_args, data):
    deal = make(*deal_args)
    stop = data.draw(st.integers(0, 52))
    while not deal.is_over and len(deal.actions) < stop:
        deal.play(data.draw(st.sampled_from(deal.legal_moves())))
    again = Deal.replay(deal.record, list(deal.actions))
    assert again.to_dict() == deal.to_dict()
    restored = Deal.from_dict(json.loads(json.dumps(deal.to_dict())))
    assert restored.to_dict() == deal.to_dict()
    assert restored.tricks == deal.tricks and restored.current == deal.current
    assert restored.tricks_taken() == deal.tricks_taken() and restored.turn == deal.turn
    for seat in SEATS:
        assert restored.observation(seat) == deal.observation(seat)


@FAST
@given(st.integers(0, 2**32), st.data())
def test_physical_revokes_found_exactly(seed, data):
    """Players at a real table may play any card; every revoke is found by the
    end of the hand, and only real revokes are reported."""
    true = DealRecord.deal(Seat.S, seed=seed)
    hands = [set(h) for h in true.hands()]
    deal = Deal(DealRecord.physical("S", true.trump, true.trump_card))
    real = set()
    while not deal.is_over:
        seat = deal.turn
        led = deal.current.led_suit
        options = sorted(hands[seat])
        card = data.draw(st.sampled_from(options))
        if led is not None and card.suit != led and any(c.suit == led for c in hands[seat]):
            real.add((seat, led, deal.trick_number))
        hands[seat].discard(card)
        deal.apply(Play(seat, card))
        found = {(r.seat, r.suit, r.trick) for r in deal.revokes}
        assert found <= real
    assert {(r.seat, r.suit, r.trick) for r in deal.revokes} == real
    assert [set(h) for h in deal.dealt_hands()] == [set(h) for h in true.hands()]
