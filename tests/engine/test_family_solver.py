"""The family solver (engine.family_solver): hand-checked positions of every variant,
bad input, agreement with the classic solver, and the C core against the reference."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import family_solver as fs
from engine import solver
from engine.cards import Card
from engine.errors import ArgumentError, NotationError
from engine.order import Order

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import family_solver as family_bench  # noqa: E402

needs_c = pytest.mark.skipif(not fs.HAVE_C, reason="C family solver not built")
needs_classic_c = pytest.mark.skipif(not solver.HAVE_C, reason="C classic solver not built")

NS = fs.seats_mask(0, 2)


def mask(text: str) -> int:
    return sum(1 << int(Card(c)) for c in text.split())


def masks(*hands: str) -> list[int]:
    return [mask(h) for h in hands]


def both(hands: list[int], order: Order, leader: int, trick: tuple[int, ...] = (), side: int | None = None,
         maximise: bool = True) -> dict[int, int]:
    """The moves by the backend in use, checked equal to the reference's."""
    got = fs.solve_family_moves(hands, order, leader, trick, side, maximise=maximise)
    ref = fs.reference_moves(hands, order, leader, trick, side, maximise=maximise)
    assert got == ref
    assert got is not None
    return got


def named(values: dict[int, int]) -> dict[str, int]:
    return {str(Card(c)) if c < 52 else ("LJ" if c == 52 else "BJ"): v for c, v in values.items()}


# --- hand-checked positions -------------------------------------------------------


def test_jokers_are_the_two_top_trumps_at_a_suit_contract():
    # spades trump: the big joker beats the spade ace, the little joker the ace too
    hands = masks("BJ", "SA", "LJ", "SK")
    order = Order(0)
    assert named(both(hands, order, 1, side=fs.seats_mask(1, 3))) == {"SA": 0}
    hands = masks("LJ", "SA")
    assert fs.solve_family(hands, order, 1, side=fs.seats_mask(1)) == 0


def test_a_joker_at_no_trump_has_no_suit_and_never_wins():
    # N leads the big joker at no trump: the first spade fixes the suit, the
    # highest spade wins; N's joker cannot follow the spade later either
    order = Order(4)
    hands = masks("BJ S2", "S3 H2", "S4 H3", "S5 H4")
    values = both(hands, order, 0, side=NS)
    assert named(values) == {"S2": 0, "BJ": 0}
    # a led joker: E's card sets the suit; whatever E plays, W's higher card in it wins
    assert fs.solve_family(masks("BJ", "H2", "H3", "H4"), order, 0, side=fs.seats_mask(3)) == 1


def test_a_free_joker_lead_lets_the_next_card_name_the_suit():
    # hearts trump; N leads the little joker. Led as a trump, E must play his trump (H2)
    # and keeps the spade ace; led free, E may keep the trump and throw the ace
    hands = masks("LJ S2", "H2 SA", "D2 D3", "D4 D5")
    assert fs.solve_family(hands, Order(1, joker_lead="trump"), 0, side=fs.seats_mask(1, 3)) == 1
    free = both(hands, Order(1, joker_lead="free"), 0, side=fs.seats_mask(1, 3))
    assert free[52] == 1


def test_downtown_low_cards_win_and_the_ace_stays_high_unless_ace_low():
    hands = masks("S2", "SK", "SA")
    assert fs.solve_family(hands, Order(4, downtown=True), 0, side=fs.seats_mask(2)) == 1
    assert fs.solve_family(hands, Order(4, downtown=True, ace_low=True), 0, side=fs.seats_mask(0)) == 1
    assert fs.solve_family(hands, Order(4), 0, side=fs.seats_mask(2)) == 1


def test_a_misere_player_plays_for_the_fewest_tricks():
    # N (alone, three seats) holds SA S2 against S3 S4 / S5 S6: the S2 never wins,
    # the SA always does
    hands = masks("SA S2", "S3 S4", "S5 S6")
    most = fs.solve_family(hands, Order(4), 1, side=1)
    fewest = fs.solve_family(hands, Order(4), 1, side=1, maximise=False)
    assert (most, fewest) == (1, 1)
    # hearts trump: when N plays for the most, E ruffs N's lead and cashes the DK; when
    # N plays for the fewest, E throws the DK under N's lead: N takes that trick
    hands = masks("SJ CQ", "HJ DK")
    assert fs.solve_family(hands, Order(1), 0, side=1) == 0
    assert fs.solve_family(hands, Order(1), 0, side=1, maximise=False) == 1
    hands = masks("SA SK", "S3 HA", "S5 H6")
    assert fs.solve_family(hands, Order(4), 0, side=1) == 2
    # leading the ace then the king: N cannot lose either; the low game still counts 2
    assert fs.solve_family(hands, Order(4), 0, side=1, maximise=False) == 2
    hands = masks("SA H2", "S3 HA", "S5 H6")
    # the SA takes a trick whenever N plays it; the H2 loses to the HA
    assert fs.solve_family(hands, Order(4), 0, side=1, maximise=False) == 1
    assert named(both(hands, Order(4), 0, side=1, maximise=False)) == {"SA": 1, "H2": 1}


def test_two_seats_and_seven_seats():
    hands = masks("SA S2", "SK S3")
    assert fs.solve_family(hands, Order(4), 0, side=1) == 1  # the S2 loses to the S3
    assert fs.solve_family(hands, Order(4, downtown=True), 0, side=1) == 2  # SA, then S2 under S3
    seven = masks("S2", "S3", "S4", "S5", "S6", "S7", "H2")
    # the S7 of seat 5 wins a spade lead; seat 6's heart is off suit
    assert fs.solve_family(seven, Order(4), 0, side=fs.seats_mask(5)) == 1
    assert fs.solve_family(seven, Order(1), 0, side=fs.seats_mask(6)) == 1  # hearts trump: H2 ruffs


def test_values_are_for_the_side_whoever_is_to_move():
    # E to move in a trick N led: the values are N/S's tricks, and E picks the smallest
    hands = masks("H2", "SA S3", "SK H3", "S4 H4")
    values = both(hands, Order(4), 0, (int(Card("SQ")),), side=NS)
    assert named(values) == {"SA": 0, "S3": 1}
    assert fs.solve_family(hands, Order(4), 0, (int(Card("SQ")),), side=NS) == 0


# --- bad input --------------------------------------------------------------------


@pytest.mark.parametrize("args, error, words", [
    (([1], Order(), 0), NotationError, "2 to 7 seats"),
    (([1, 1], Order(), 0), NotationError, "in both"),
    (([1, 2, 4], Order(), 3), ArgumentError, "leader"),
    (([1, 2 | 4], Order(), 0), NotationError, "should hold"),
    (([1, 1 << 54], Order(), 0), NotationError, "54-bit"),
    (([1, 2], "S", 0), ArgumentError, "Order"),
    (([1, 2], Order(), 0, (5, 6)), NotationError, "0 to 1 cards"),
    (([1, 2], Order(), 0, (1,)), NotationError, "still in"),
    (([0, 2], Order(), 0, (54,)), NotationError, "out of range"),
])
def test_bad_positions_say_what_is_wrong(args: tuple, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        fs.solve_family(*args)


def test_a_revoke_in_the_trick_is_refused():
    # N led a spade; E threw a heart while holding a spade
    hands = masks("S2", "S3", "S4 H2", "S5 H3")
    with pytest.raises(NotationError, match="revoke"):
        fs.solve_family(hands, Order(4), 0, (int(Card("SA")), int(Card("H4"))))


def test_bad_side_and_limits():
    hands = masks("S2", "S3")
    with pytest.raises(ArgumentError, match="side"):
        fs.solve_family(hands, Order(4), 0, side=4)
    with pytest.raises(ArgumentError, match="node_limit"):
        fs.solve_family(hands, Order(4), 0, node_limit=-1)
    with pytest.raises(ArgumentError, match="maximise"):
        fs.solve_family(hands, Order(4), 0, maximise=1)  # type: ignore[arg-type]


def test_a_node_limit_stops_the_search():
    rng = random.Random(5)
    hands = deal(rng, 4, 5, jokers=False)
    assert fs.solve_family(hands, Order(4), 0, side=NS, node_limit=3) is None
    assert fs.reference_value(hands, Order(4), 0, side=NS, node_limit=3) is None
    assert fs.solve_family(hands, Order(4), 0, side=NS) is not None


# --- random positions ------------------------------------------------------------


def deal(rng: random.Random, seats: int, each: int, jokers: bool = True) -> list[int]:
    deck = list(range(54 if jokers else 52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[i * each:(i + 1) * each]) for i in range(seats)]


def start_trick(rng: random.Random, hands: list[int], order: Order, leader: int,
                cards: int) -> tuple[int, ...]:
    """Plays ``cards`` random legal cards to the trick from ``leader`` on, out of ``hands``."""
    trick: list[int] = []
    for k in range(cards):
        seat = (leader + k) % len(hands)
        legal = order.legal([fs.card_of(c) for c in fs.cards_in(hands[seat])], [fs.card_of(c) for c in trick])
        card = int(rng.choice(legal))
        hands[seat] ^= 1 << card
        trick.append(card)
    return tuple(trick)


def test_the_reference_equals_the_classic_solver_on_small_classic_deals():
    rng = random.Random(11)
    for _ in range(60):
        each = rng.randint(1, 3)
        hands = deal(rng, 4, each, jokers=False)
        trump, leader = rng.randint(0, 4), rng.randint(0, 3)
        classic = solver.solve_moves_masks(tuple(hands), trump, leader)
        assert fs.reference_moves(hands, Order(trump), leader, (), fs.partners(leader)) == classic


@needs_c
@needs_classic_c
def test_classic_positions_equal_the_classic_solver():
    # random deals of 5 to 8 cards each, N+S maximising, the trick in progress too
    rng = random.Random(2026)
    for _ in range(150):
        each = rng.randint(5, 8)
        hands = deal(rng, 4, each, jokers=False)
        trump, leader = rng.randint(0, 4), rng.randint(0, 3)
        trick: list[int] = []
        order = Order(trump)
        for k in range(rng.randint(0, 3)):
            seat = (leader + k) % 4
            legal = order.legal([Card(c) for c in range(52) if hands[seat] >> c & 1],
                                [Card(c) for c in trick])
            card = int(rng.choice(legal))
            hands[seat] ^= 1 << card
            trick.append(card)
        mover = (leader + len(trick)) % 4
        classic = solver.solve_moves_masks(tuple(hands), trump, leader, tuple(trick))
        assert fs.solve_family_moves(hands, order, leader, trick, fs.partners(mover)) == classic


@st.composite
def positions(draw: st.DrawFn, most_cards: int = 3) -> tuple[list[int], Order, int, tuple[int, ...], int]:
    """A random position of any variant: 2 to 7 seats, jokers or not, any order and side,
    sometimes with a trick in progress."""
    seats = draw(st.integers(2, 7))
    each = draw(st.integers(1, min(most_cards, 54 // seats, 2 if seats >= 6 else most_cards)))
    order = Order(draw(st.integers(0, 4)), draw(st.booleans()), draw(st.booleans()),
                  draw(st.sampled_from(("trump", "free"))))
    rng = random.Random(draw(st.integers(0, 2**32)))
    hands = deal(rng, seats, each, jokers=draw(st.booleans()))
    leader = draw(st.integers(0, seats - 1))
    trick = start_trick(rng, hands, order, leader, draw(st.integers(0, seats - 1)))
    side = draw(st.integers(0, (1 << seats) - 1))
    return hands, order, leader, trick, side


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_what_one_side_takes_the_others_do_not(pos: tuple[list[int], Order, int, tuple[int, ...], int]):
    # the side playing for the most tricks is the others playing for the fewest of theirs,
    # and the reverse; (the fewest need not be at most the most: when the others play to
    # give the side tricks, a side that wants none may be made to take more)
    hands, order, leader, trick, side = pos
    seats = len(hands)
    total = hands[(leader + len(trick)) % seats].bit_count()
    others = (1 << seats) - 1 ^ side
    for maximise in (True, False):
        value = fs.reference_value(hands, order, leader, trick, side, maximise=maximise)
        assert value is not None and 0 <= value <= total
        assert fs.reference_value(hands, order, leader, trick, others, maximise=maximise) == total - value
        moves = fs.reference_moves(hands, order, leader, trick, side, maximise=maximise)
        assert moves is not None
        mover = (leader + len(trick)) % seats
        assert value == (max if bool(side >> mover & 1) == maximise else min)(moves.values())


@needs_c
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(most_cards=4), st.booleans())
def test_the_c_core_equals_the_reference(pos: tuple[list[int], Order, int, tuple[int, ...], int],
                                         maximise: bool):
    hands, order, leader, trick, side = pos
    assert fs.solve_family_moves(hands, order, leader, trick, side, maximise=maximise) == \
        fs.reference_moves(hands, order, leader, trick, side, maximise=maximise)
    assert fs.solve_family(hands, order, leader, trick, side, maximise=maximise) == \
        fs.reference_value(hands, order, leader, trick, side, maximise=maximise)


@needs_c
def test_ten_thousand_positions_of_every_variant_equal_the_reference():
    # Bid Whist (jokers, uptown, downtown, no trump), Oh Hell tables of 3 to 7,
    # two seats, misère and Solo sides, small enough for the reference: about
    # 15 s on this machine (bench/family_solver.py --check runs the same)
    agreed, bad = family_bench.cross_check(10_000, seed=2026)
    assert bad == []
    assert agreed == 10_000


@needs_c
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(most_cards=7), st.booleans())
def test_larger_positions_are_consistent(pos: tuple[list[int], Order, int, tuple[int, ...], int],
                                         maximise: bool):
    # beyond the reference's reach: the side's tricks and the others' add up to
    # the tricks left, and the value is the mover's pick of the card values,
    # whatever the tables hold from earlier calls
    hands, order, leader, trick, side = pos
    seats = len(hands)
    total = hands[(leader + len(trick)) % seats].bit_count()
    others = (1 << seats) - 1 ^ side
    value = fs.solve_family(hands, order, leader, trick, side, maximise=maximise)
    fs.clear_tables()
    assert fs.solve_family(hands, order, leader, trick, others, maximise=maximise) == total - value
    moves = fs.solve_family_moves(hands, order, leader, trick, side, maximise=maximise)
    assert moves is not None and value is not None
    mover = (leader + len(trick)) % seats
    assert value == (max if bool(side >> mover & 1) == maximise else min)(moves.values())


@needs_c
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(most_cards=6), st.booleans(), st.integers(min_value=-1, max_value=8))
def test_at_least_k_agrees_with_the_exact_value(pos: tuple[list[int], Order, int, tuple[int, ...], int],
                                                maximise: bool, k: int):
    # the par search's bounded question: asked before or after exact solves of
    # the same and other positions, its answer is the exact value's
    hands, order, leader, trick, side = pos
    first = fs.solve_family_at_least(hands, order, leader, trick, side, k, maximise=maximise)
    value = fs.solve_family(hands, order, leader, trick, side, maximise=maximise)
    assert value is not None
    assert first == (value >= k)
    assert fs.solve_family_at_least(hands, order, leader, trick, side, k, maximise=maximise) == (value >= k)


def test_at_least_k_on_the_reference_and_its_limits():
    hands = masks("AS KS", "QS JS", "2H 3H", "4H 5H")
    order = Order(0)
    assert fs.REFERENCE.at_least(tuple(hands), order, 0, (), 0b0101, True, 2, 0, 0.0) is True
    assert fs.solve_family_at_least(hands, order, 0, (), 0b0101, 2) is True
    assert fs.solve_family_at_least(hands, order, 0, (), 0b0101, 3) is False
    with pytest.raises(ArgumentError, match="whole number"):
        fs.solve_family_at_least(hands, order, 0, (), 0b0101, 1.5)  # type: ignore[arg-type]
