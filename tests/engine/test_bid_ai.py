"""Bid Whist's AI: legal in every phase at every level, sensible bids, the
kitty laid away as a player would, the textbook in jokers and downtown, and
layouts sampled within what the seat knows."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ai
from engine.actions import Bid, Exchange, Pass, Play
from engine.cards import Card, full_deck, parse_cards
from engine.game import Phase
from engine.games import get_game
from engine.games.bid import BidRules
from engine.games.bid import ai as bid_ai
from engine.games.bid.ai import hand_tricks, lay_away, sample_hands
from engine.match import Match
from engine.order import Order
from engine.search.rules import choose_in_order, winning_index
from engine.seats import Seat

GAME = get_game("bid")


def cards(text):
    return parse_cards(text.split())


def test_a_strong_hand_is_worth_more_in_its_long_suit_and_jokers_count_only_with_trumps():
    hand = cards("BJ LJ SA SK SQ SJ S9 HA HK D2 C3 C4")
    spades, hearts, nt = Order(0), Order(1), Order(4)
    assert hand_tricks(hand, spades) > hand_tricks(hand, hearts) > 0
    assert hand_tricks(hand, spades) - hand_tricks(hand, nt) >= 3  # two jokers and the long trumps
    low = cards("BJ S2 S3 S4 S5 SA H2 H3 HA D2 D3 C2")
    assert hand_tricks(low, Order(0, downtown=True)) > hand_tricks(low, Order(0))


def test_the_kitty_laid_away_keeps_trumps_and_drops_jokers_at_no_trump():
    hand = cards("BJ LJ SA SK SQ SJ S9 S2 HA HK H3 D2 D3 D9 C3 C4 C8 CJ")
    away = lay_away(hand, Order(0), 6)
    assert len(away) == 6 and not any(c.suit == 0 or c.is_joker for c in away)
    assert Card("HA") not in away
    at_nt = lay_away(hand, Order(4), 6)
    assert {Card.joker(True), Card.joker(False)} <= set(at_nt) and Card("SA") not in at_nt


def test_the_textbook_follows_a_joker_lead_with_trumps_and_wins_cheaply():
    order = Order(0)
    hand = cards("S2 SK H4 HA")
    assert choose_in_order(hand, cards("LJ"), order, set(), Seat.E, Seat.N) == Card("S2")  # a trump lead
    # last to play, partner not winning: the cheapest winner
    fourth = choose_in_order(cards("H4 HQ HA S2"), cards("H9 HJ H3"), order, set(), Seat.W, Seat.S)
    assert fourth == Card("HQ")
    down = Order(1, downtown=True)
    # downtown the 2 beats the 9 (the ace still tops both)
    assert winning_index(cards("H9 H2 HK"), down) == 1 and winning_index(cards("H9 H2 HA"), down) == 2
    for trick in (cards("H9 H2 HK"), cards("BJ H3 S4"), cards("S4 C2 LJ")):
        for o in (down, Order(4), Order(3), Order(0, True, True, "free")):
            assert winning_index(trick, o) == o.winning_index(trick)


def play_hand(seed, levels, rules=None):
    match = Match(rules or BidRules(), seed=seed, game=GAME)
    deal = match.new_deal()
    while not deal.is_over:
        seat = deal.turn
        action = ai.choose_action(match.observe(seat), levels[int(seat) % 2], match.move_seed())
        if deal.phase == Phase.EXCHANGE:
            assert isinstance(action, Exchange) and len(action.discard) == 6
        match.apply(action)
    return match, deal


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["random", "rules", "easy"]),
       st.sampled_from([BidRules(), BidRules(trump_before_kitty=False, auction="open", joker_lead="free")]))
def test_every_level_plays_a_whole_hand_legally_and_the_same_twice(seed, level, rules):
    match, deal = play_hand(seed, (level, "rules"), rules)
    assert len(deal.tricks) == 12
    again_match, again = play_hand(seed, (level, "rules"), rules)
    assert again.actions == deal.actions


def test_hard_bids_plays_and_repeats_itself():
    _, deal = play_hand(3, ("hard", "hard"))
    _, again = play_hand(3, ("hard", "hard"))
    assert len(deal.tricks) == 12 and deal.actions == again.actions
    assert any(isinstance(a, Bid) for a in deal.auction)


def test_the_dealer_bids_when_forced_and_a_weak_hand_passes():
    match = Match(BidRules(), seed=1, game=GAME)
    deal = match.new_deal()
    for seat in (Seat.E, Seat.S, Seat.W):
        match.apply(Pass(seat))
    forced = ai.choose_action(match.observe(Seat.N), "rules", "x")
    assert isinstance(forced, Bid)
    match.apply(forced)
    assert deal.phase == Phase.DECLARE


def test_sampled_layouts_keep_counts_show_outs_and_the_kitty_with_the_bidder():
    rng = random.Random(4)
    for seed in range(6):
        match = Match(BidRules(), seed=seed, game=GAME)
        deal = match.new_deal()
        while not deal.is_over and len(deal.tricks) < 5:
            match.apply(ai.choose_action(match.observe(deal.turn), "rules", match.move_seed()))
        if deal.is_over:
            continue
        obs = match.observe(deal.turn)
        order = deal.order
        for _ in range(5):
            hands = sample_hands(obs, rng)
            assert hands is not None
            every = [c for h in hands for c in h]
            assert len(every) == len(set(every))
            for seat in deal.seats:
                assert len(hands[seat]) == len(deal.hand(seat))
                if seat != obs.seat:
                    # a seat that showed out of a suit holds none of it
                    for t in deal.tricks:
                        for i, (s, c) in enumerate(t.plays()):
                            led = order.led_suit(t.cards[:i]) if i else None
                            if s == seat and led is not None and order.suit_of(c) != led:
                                assert all(order.suit_of(x) != led for x in hands[seat])
            kitty = set(obs.piles.get("kitty", ())) - {c for t in deal.tricks for c in t.cards}
            declarer = deal.contract.declarer
            for seat in deal.seats:
                if seat not in (declarer, obs.seat):
                    assert not kitty & set(hands[seat])
    assert full_deck(jokers=True)[-1] == Card.joker(True)


def test_a_play_is_always_one_of_the_legal_cards():
    _, deal = play_hand(11, ("hard", "rules"))
    assert all(isinstance(a, Play) for a in deal.actions[6:])


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(full_deck(jokers=True))), st.integers(1, 4), st.integers(0, 4), st.booleans(),
       st.booleans(), st.sampled_from(["trump", "free"]))
def test_the_textbooks_trick_winner_is_the_rules(pack, size, trump, downtown, ace_low, joker_lead):
    order = Order(trump, downtown, ace_low, joker_lead)
    assert winning_index(pack[:size], order) == order.winning_index(pack[:size])


def test_the_textbook_leads_a_card_that_has_become_master():
    order = Order(4)  # no trump, uptown
    hand = cards("SQ H2 H3 D4")
    # ace and king of spades played: the queen is the top spade out, led at once
    assert choose_in_order(hand, [], order, set(cards("SA SK")), Seat.N, Seat.N) == Card("SQ")
    # the king still out: low from the longest suit
    assert choose_in_order(hand, [], order, set(cards("SA")), Seat.N, Seat.N) == Card("H2")
    # downtown the two is top after the ace: A, 2 gone leave the three master
    down = Order(4, downtown=True)
    assert choose_in_order(cards("S3 HK HQ DK"), [], down, set(cards("SA S2")), Seat.N, Seat.N) == Card("S3")


def side_points(seed: int, level: str, cards: int) -> tuple[int, int] | None:
    """A hand bid by the textbook and played by it until each holds ``cards`` cards, the rest
    with the bidding side at ``level`` (the defenders still the textbook): the bidding side's
    points and seat, or None when the hand was thrown in."""
    match = Match(BidRules(), seed=seed, game=GAME)
    deal = match.new_deal()
    bidder = None
    while not deal.is_over:
        seat = deal.turn
        late = deal.phase == Phase.PLAY and len(deal.hand(seat)) <= cards
        ours = bidder is not None and int(seat) % 2 == int(bidder) % 2
        move = level if late and ours else "rules"
        match.apply(ai.choose_action(match.observe(seat), move, match.move_seed()))
        contract = deal.contract
        if contract is not None and contract.declarer is not None:
            bidder = contract.declarer
    if bidder is None:
        return None
    score = GAME.score_hand(deal, (0, 0), deal.rules, 1, None)
    return score.points[int(bidder) % 2], int(bidder)


def margin(level: str, cards: int, seeds: range) -> tuple[float, int]:
    """The bidding side's points a hand at ``level`` over the textbook, the same hands."""
    total = played = 0
    for seed in seeds:
        a, b = side_points(seed, level, cards), side_points(seed, "rules", cards)
        if a is None or b is None:
            continue
        assert a[1] == b[1]
        total += a[0] - b[0]
        played += 1
    return total / played, played


def test_hard_plays_the_last_eight_tricks_for_more_points_than_the_textbook():
    """The same 30 hands played by the textbook to eight cards each, then the bidding side's
    last eight tricks by hard (each card's double-dummy books in sampled layouts, scored
    made or set) or by the textbook: hard's side scores more."""
    gain, played = margin("hard", bid_ai.ROLLOUT_CARDS, range(30))
    assert played >= 25
    assert gain > 0
