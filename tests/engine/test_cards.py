"""Card notation: every spelling a person might type, and clear errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import SUIT_SYMBOLS, SUITS, Card, parse_card, parse_cards, parse_strain, sort_hand
from engine.errors import NotationError

ALL = [Card(i) for i in range(52)]


@pytest.mark.parametrize(
    "text",
    ["SA", "AS", "sa", "as", "Sa", "aS", "♠A", "A♠", "♠a", " SA ", "♤A"],
)
def test_ace_of_spades_spellings(text):
    assert parse_card(text) == Card.of(0, 14)
    assert str(parse_card(text)) == "SA"


@pytest.mark.parametrize("text", ["HT", "TH", "10H", "H10", "10♥", "♥10", "th", "10h", "♡10"])
def test_ten_of_hearts_spellings(text):
    assert str(parse_card(text)) == "HT"


@pytest.mark.parametrize("text", ["", "S", "S1", "X5", "11H", "SAA", "ZZ", "1", "♠", "10", "S 5", "joker"])
def test_bad_card_text_raises_value_error_naming_the_text(text):
    with pytest.raises(ValueError) as err:
        parse_card(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, NotationError)


def test_non_text_is_refused():
    with pytest.raises(ValueError, match="not a card"):
        parse_card(5)  # type: ignore[arg-type]


def test_card_layout_and_names():
    c = Card.of(3, 13)
    assert int(c) == 3 * 13 + 11
    assert (c.suit, c.rank, str(c), c.symbol, c.name) == (3, 13, "CK", "♣K", "king of clubs")
    assert Card.of(1, 10).symbol == "♥10"
    assert bool(Card(0)) is True  # S2 is 0 but still a card
    with pytest.raises(ValueError, match="out of range"):
        Card(52)


def test_parse_cards_splits_text_and_lists():
    assert [str(c) for c in parse_cards("SA, 10h ♦2")] == ["SA", "HT", "D2"]
    assert parse_cards(["CK", Card.of(0, 2)]) == [Card.of(3, 13), Card.of(0, 2)]


def test_strains():
    assert [parse_strain(x) for x in "SHDCN"] == [0, 1, 2, 3, 4]
    assert parse_strain("nt") == 4 and parse_strain("♣") == 3
    with pytest.raises(ValueError, match="'X' is not a trump"):
        parse_strain("X")


@given(st.sampled_from(ALL), st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_any_spelling_round_trips(card, rank_first, symbol, ten_as_digits, lower):
    suit = SUIT_SYMBOLS[card.suit] if symbol else SUITS[card.suit]
    rank = "10" if (card.rank == 10 and ten_as_digits) else card.rank_char
    text = rank + suit if rank_first else suit + rank
    if lower:
        text = text.lower()
    assert parse_card(text) == card
    assert parse_card(str(card)) == card


def test_sort_hand_alternates_colours_high_first():
    hand = parse_cards("D2 SA S3 HK C4 DA")
    assert [str(c) for c in sort_hand(hand)] == ["SA", "S3", "HK", "C4", "DA", "D2"]
