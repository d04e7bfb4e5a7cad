"""The rules of a trick, once for every game: classic order, downtown, jokers."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import Card, full_deck, parse_card, parse_cards
from engine.errors import NotationError, RulesError
from engine.order import NO_TRUMP, Order
from engine.seats import Seat
from engine.trick import Trick

BJ, LJ = Card("BJ"), Card("LJ")


def classic_winner(cards, trump):
    # the laws read literally: the highest trump, else the highest card of the suit led
    trumps = [c for c in cards if c.suit == trump]
    pool = trumps or [c for c in cards if c.suit == cards[0].suit]
    return cards.index(max(pool, key=lambda c: c.rank))


@given(st.permutations(range(52)), st.integers(0, 4), st.integers(1, 4))
def test_classic_order_is_the_laws(deck, trump, n):
    cards = [Card(i) for i in deck[:n]]
    assert Order(trump).winning_index(cards) == classic_winner(cards, trump)


@given(st.permutations(range(52)), st.integers(0, 13))
def test_legal_cards_follow_the_suit_led_when_able(deck, split):
    hand = [Card(i) for i in deck[:13]]
    led = Card(deck[20])
    legal = Order(NO_TRUMP).legal(hand, [led])
    if any(c.suit == led.suit for c in hand):
        assert set(legal) == {c for c in hand if c.suit == led.suit}
    else:
        assert set(legal) == set(hand)
    assert legal == sorted(legal)


def test_jokers_are_cards_with_names():
    assert (str(BJ), str(LJ), BJ.name, LJ.symbol) == ("BJ", "LJ", "big joker", "LJ")
    assert parse_card("bj") == BJ and BJ.is_joker and not Card("SA").is_joker
    assert len(full_deck(jokers=True)) == 54 and len(set(full_deck(jokers=True))) == 54
    with pytest.raises(NotationError, match="jokers"):
        Card(53)


def test_jokers_are_the_two_top_trumps_at_a_suit_contract():
    order = Order(trump=1)
    cards = parse_cards("HA LJ BJ HK")
    assert order.winning_index(cards) == 2
    assert order.winning_index(parse_cards("SA HA LJ")) == 2
    # a joker led is a trump lead: a player with a heart must follow with it
    assert order.legal(parse_cards("H2 S3 BJ"), [LJ]) == parse_cards("H2 BJ")


def test_jokers_never_win_at_no_trump_and_the_next_card_fixes_the_suit():
    order = Order(NO_TRUMP)
    cards = [BJ, *parse_cards("D4 DK S9")]
    assert order.led_suit(cards) == 2
    assert order.winning_index(cards) == 2
    # right after a led joker anything may be played
    assert order.legal(parse_cards("S2 H3"), [BJ]) == parse_cards("S2 H3")
    # a joker may be played only when void in the suit led
    assert order.legal(parse_cards("D2 LJ"), parse_cards("D9")) == parse_cards("D2")
    assert order.legal(parse_cards("S2 LJ"), parse_cards("D9")) == sorted(parse_cards("S2 LJ"))


def test_a_free_joker_lead_lets_the_next_card_fix_the_suit_but_still_wins():
    order = Order(trump=0, joker_lead="free")
    cards = [BJ, *parse_cards("D4 DK SA")]
    assert order.led_suit(cards) == 2 and order.winning_index(cards) == 0


def test_downtown_low_cards_win_with_the_ace_kept_high():
    cards = parse_cards("D5 D2 DK")
    assert Order(NO_TRUMP, downtown=True).winning_index(cards) == 1
    assert Order(NO_TRUMP, downtown=True).winning_index(parse_cards("D2 DA")) == 1
    assert Order(NO_TRUMP, downtown=True, ace_low=True).winning_index(parse_cards("DK DA")) == 0
    assert Order(trump=3, downtown=True).winning_index(parse_cards("D2 C9 CK")) == 1


def test_bad_orders_are_refused():
    with pytest.raises(RulesError, match="joker lead"):
        Order(0, joker_lead="sideways")


def test_tricks_at_other_tables():
    three = Trick(Seat.E, (), players=3)
    assert [three.seat_of(i) for i in range(3)] == [Seat.E, Seat.S, Seat.N]
    two = Trick(Seat.E, (), players=2, per_seat=2)
    assert [two.seat_of(i) for i in range(4)] == [Seat.E, Seat.N, Seat.E, Seat.N]
    seven = Trick(Seat(5), parse_cards("S2 S3"), players=7)
    assert seven.next_seat == Seat(0) and seven.to_dict()["leader"] == "5"
    assert not seven.complete and seven.size == 7
