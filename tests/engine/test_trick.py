"""Who wins a trick, including the worked examples in the seed documents."""

import pytest

from engine.cards import parse_cards
from engine.deal import Deal, DealRecord
from engine.errors import IllegalPlay
from engine.seats import Seat
from engine.trick import NO_TRUMP, Trick

CLUBS, DIAMONDS, HEARTS = 3, 2, 1


def trick(leader, cards):
    return Trick(Seat.parse(leader), tuple(parse_cards(cards)))


def test_seed_example_jack_of_clubs_ruffs():
    # Clubs trumps, Bill (West) dealt, Donald (North) leads J♦, Hillary Q♦,
    # Melania (partner) ruffs with J♣, Bill can only under-ruff with 8♣.
    t = trick("N", "DJ DQ CJ C8")
    assert t.winner(CLUBS) == Seat.S
    assert t.winning_index(CLUBS) == 2


def test_seed_example_ten_king_three_jack():
    # 10♣ led, K♣, a player void in clubs throws 3♦, the last has J♣ only.
    t = trick("N", "CT CK D3 CJ")
    assert t.winner(HEARTS) == Seat.E  # K♣ highest of the suit led
    assert t.winner(NO_TRUMP) == Seat.E
    assert t.winner(CLUBS) == Seat.E  # all trumps: still the king
    assert t.winner(DIAMONDS) == Seat.S  # the 3♦ is a trump and wins


def test_seed_example_last_player_must_play_the_jack_of_clubs():
    # D holds J♣ as the only club: any other card is refused.
    record = DealRecord.from_hands(
        "N:AKQJT9...T987654 .AKQJT987..AKQ32 ..AKQJT98765432. 8765432.65432..J",
        dealer="W", trump="H",
    )
    deal = Deal(record)
    deal.play("CT")
    deal.play("CK")
    deal.play("D3")
    with pytest.raises(IllegalPlay, match="must follow clubs"):
        deal.play("S2")
    done = deal.play("CJ")
    assert done is not None and done.winner(deal.trump) == Seat.E


@pytest.mark.parametrize(
    "cards, trump, winner",
    [
        ("S2 S3 S4 S5", NO_TRUMP, "W"),
        ("SA S3 S4 S5", NO_TRUMP, "N"),
        ("S2 H2 S4 HA", NO_TRUMP, "S"),  # off-suit ace does not win
        ("S2 H2 S4 HA", HEARTS, "W"),  # highest trump
        ("SK H2 SA S3", HEARTS, "E"),  # any trump beats the ace led
        ("H5 S2 H3 HA", HEARTS, "W"),  # trumps led: highest trump
    ],
)
def test_winner_rule(cards, trump, winner):
    assert trick("N", cards).winner(trump) == Seat.parse(winner)


def test_trick_helpers():
    t = trick("E", "C3 C9")
    assert t.led_suit == CLUBS and t.next_seat == Seat.W and not t.complete
    assert t.plays() == [(Seat.E, parse_cards("C3")[0]), (Seat.S, parse_cards("C9")[0])]
    assert Trick.from_dict(t.to_dict()) == t
    with pytest.raises(ValueError):
        Trick(Seat.N).winning_index(0)
