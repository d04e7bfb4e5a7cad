"""PBN deals in and out, and the precise error for each kind of bad deal."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import NotationError
from engine.pbn import format_hands, parse_hand, parse_hands
from engine.seats import SEATS, Seat
from engine.shuffle import shuffled_pack

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_parse_known_deal():
    n, e, s, w = parse_hands(DEAL, complete=True)
    assert sorted(str(c) for c in n) == sorted(
        ["SA", "SK", "SQ", "SJ", "HT", "H9", "H8", "D7", "D6", "D5", "C4", "C3", "C2"]
    )
    assert len(e) == len(s) == len(w) == 13


def test_first_seat_rotates_the_hands():
    rotated = "E:" + " ".join(DEAL[2:].split()[1:] + DEAL[2:].split()[:1])
    assert parse_hands(rotated) == parse_hands(DEAL)


def test_ten_may_be_written_10_and_voids_as_dash():
    hand = parse_hand("AK10.-.Q.")
    assert sorted(str(c) for c in hand) == ["DQ", "SA", "SK", "ST"]


@st.composite
def deals(draw):
    seed = draw(st.integers(0, 10**9))
    pack = shuffled_pack(seed)
    hands = tuple(frozenset(pack[i::4]) for i in range(4))
    return hands, draw(st.sampled_from(SEATS))


@given(deals())
def test_round_trip(deal):
    hands, first = deal
    text = format_hands(hands, first)
    assert text.startswith(first.name + ":")
    assert parse_hands(text, complete=True) == hands


def test_partial_deal_allowed_without_complete():
    hands = parse_hands("S:A... .K.. ..Q. ...J")
    assert [len(h) for h in hands] == [1, 1, 1, 1]
    assert str(next(iter(hands[Seat.S]))) == "SA"


@pytest.mark.parametrize(
    "text, message",
    [
        (DEAL.replace("AKQJ.T98.765.432", "AKQJ.T98.765.43"), "North has 12 cards; each hand needs 13"),
        (DEAL.replace("N:AKQJ", "N:AKQA"), "lists SA twice"),
        (DEAL.replace("T98.765.432.AKQJ", "T98.765.432.AKQA"), "lists CA twice"),
        (DEAL.replace("432.AKQJ.T98.765", "432.AKQJ.T98.76A"), "CA is in both East's and West's hands"),
        (DEAL.replace("N:AKQJ", "N:AKXJ"), "'X' is not a rank"),
        (DEAL.replace(".T98.765.432 T98", ".T98.765 T98"), "3 suit group(s)"),
        ("AKQJ.T98.765.432", "must start with a seat and a colon"),
        ("X:" + DEAL[2:], "'X' is not a seat"),
        ("N:" + " ".join(DEAL[2:].split()[:3]), "has 3 hand(s): it needs 4"),
    ],
)
def test_each_error_is_precise(text, message):
    with pytest.raises(NotationError) as err:
        parse_hands(text, complete=True)
    assert message in str(err.value)


def test_not_text():
    with pytest.raises(NotationError, match="is text"):
        parse_hands(42)  # type: ignore[arg-type]
