"""The double-dummy solver: API, hand-checked positions, bad input, C vs Python, memory."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import solver, solver_py
from engine.cards import Card

ROOT = Path(__file__).resolve().parents[2]
needs_c = pytest.mark.skipif(not solver.HAVE_C, reason="C solver not built")


def masks_of(*hands: str) -> tuple[int, int, int, int]:
    out = []
    for h in hands:
        out.append(sum(1 << int(Card(c)) for c in h.split()))
    return out[0], out[1], out[2], out[3]


# --- the text API -------------------------------------------------------------


def test_last_trick_goes_to_the_highest_card_of_the_led_suit():
    # N leads the spade ace: N/S take the trick
    assert solver.solve("N:A... 2... K... 3...", "N", "N") == 1
    assert solver.solve_moves("N:A... 2... K... 3...", "N", "N") == {"SA": 1}


def test_a_trump_beats_the_ace_of_another_suit():
    # N: SA H2, E: H3 D2, S: S2 H4, W: S3 H5. With hearts trump the SA is ruffed
    # and E/W take both tricks; leading the H2 first lets the SA score later.
    deal = "N:A.2.. .3.2. 2.4.. 3.5.."
    assert solver.solve_moves(deal, "H", "N") == {"H2": 1, "SA": 0}
    assert solver.solve(deal, "H", "N") == 1
    assert solver.solve_moves(deal, "N", "N") == {"H2": 1, "SA": 1}


def test_solve_moves_values_every_legal_card_including_equals():
    deal = "N:AKQ... 432... JT9... 876..."
    assert solver.solve_moves(deal, "N", "N") == {"SA": 3, "SK": 3, "SQ": 3}


def test_mid_trick_the_player_to_move_must_follow_suit():
    # W led the S3 (no longer in W's hand); N must play a spade
    moves = solver.solve_moves("N:A2.3.. K.4.5. Q.5.6. .6.7.", "N", "W", ["S3"])
    assert set(moves) == {"SA", "S2"}
    # winning the trick with the ace is worth at least as much as ducking
    assert moves["SA"] >= moves["S2"]


def test_the_current_trick_counts_for_the_side_that_wins_it():
    # N led the SA, E played the S2; S must follow with the SK. N/S win this
    # trick; W's H5 takes the last one.
    moves = solver.solve_moves("N:.2.. .3.. K.4.. 3.5..", "N", "N", ["SA", "S2"])
    assert moves == {"SK": 1}


def test_solve_and_solve_moves_agree_at_the_start_of_a_trick():
    deal = "N:AK2.Q3.. QJ3.K2.. T98.A4.. 765.J5.."
    for trump in "SHDCN":
        best = max(solver.solve_moves(deal, trump, "W").values())
        assert best == solver.solve(deal, trump, "W")


# --- bad input ------------------------------------------------------------------

BAD = [
    (("N:AK... Q... J...", "N", "N"), "4"),
    (("N:AK... QJ... T9... AT...", "N", "N"), "in both"),
    (("N:AK... QJ... T9... 8...", "N", "N"), "holds 1 cards but should hold 2"),
    (("N:AK... QJ... T9... 87...", "X", "N"), "not a trump"),
    (("N:AK... QJ... T9... 87...", "N", "Q"), "not a seat"),
    (("N:AK... QJ... T9... 87...", "N", "N", ["S2"]), "holds 2 cards but should hold 1"),
    (("N:AK... QJ... T9... 87...", "N", "N", ["SA"]), "still in"),
    (("N:K... QJ... T9... 87...", "N", "N", ["SA", "SA"]), "twice"),
    (("N:K.. QJ... T9... 87...", "N", "N"), "suit group"),
    (("N:K... Q... T9... 87...", "N", "N", ["SA", "H3"]), "revoke"),
    (("N:K... Q... T... 8...", "N", "N", ["SA", "S2", "S3", "S4"]), "0 to 3"),
    (("N:... ... ... ...", "N", "N"), "no cards"),
    (("N:AKQJT98765432.A.. ... ... ...", "N", "N"), "at most 13"),
    ((None, "N", "N"), "PBN"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_raises_value_error_saying_what_is_wrong(args, message):
    with pytest.raises(ValueError, match=message):
        solver.solve_moves(*args)


@pytest.mark.parametrize(
    "args",
    [
        ((0, 0, 0), 4, 0, ()),
        ((1 << 52, 0, 0, 0), 4, 0, ()),
        ((-1, 0, 0, 0), 4, 0, ()),
        ((1, 2, 4, 8), 5, 0, ()),
        ((1, 2, 4, 8), 4, 4, ()),
        ((1, 2, 4, 8), 4, 0, (52,)),
        ((1, 2, 4, 8), 4, 0, (-1,)),
        ((1, 2, 4, 8), 4, 0, ("SA",)),
        (("a", 2, 4, 8), 4, 0, ()),
        ((1, 2, 4, 8), 4, 0, (16, 32, 64, 128)),
        ((1, 2, 4, 8), True, 0, ()),
        ((1, 1, 4, 8), 4, 0, ()),
    ],
)
def test_the_masks_api_rejects_garbage_with_value_error(args):
    with pytest.raises(ValueError):
        solver.solve_moves_masks(*args)
    if solver.HAVE_C:
        from engine import _solver

        with pytest.raises(ValueError):
            _solver.solve_moves_masks(*args)


@needs_c
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.integers(min_value=-(1 << 60), max_value=1 << 60), min_size=0, max_size=5),
    st.integers(min_value=-3, max_value=8),
    st.integers(min_value=-3, max_value=8),
    st.lists(st.integers(min_value=-5, max_value=60), max_size=5),
)
def test_the_c_binding_never_crashes_on_arbitrary_input(hands, trump, leader, trick):
    from engine import _solver

    try:
        _solver.solve_moves_masks(hands, trump, leader, trick)
    except ValueError:
        pass


# --- C and Python agree ------------------------------------------------------------


def with_trick(draw, hands: list[int], trump: int):
    """The position after up to three cards of a trick, each legal, from these hands."""
    leader = draw(st.integers(0, 3))
    trick = []
    for i in range(draw(st.integers(0, 3))):
        seat = (leader + i) % 4
        cards = [c for c in range(52) if hands[seat] >> c & 1]
        if trick:
            cards = [c for c in cards if c // 13 == trick[0] // 13] or cards
        c = draw(st.sampled_from(cards))
        hands[seat] ^= 1 << c
        trick.append(c)
    return (hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick)


@st.composite
def positions(draw, max_tricks: int = 5):
    n = draw(st.integers(min_value=1, max_value=max_tricks))
    deck = draw(st.permutations(range(52)))
    hands = [0, 0, 0, 0]
    for i in range(4):
        for c in deck[i * n:(i + 1) * n]:
            hands[i] |= 1 << c
    trump = draw(st.integers(0, 4))
    return with_trick(draw, hands, trump)


@needs_c
@settings(max_examples=150, deadline=None)
@given(positions())
def test_c_and_python_agree_on_small_positions(pos):
    from engine import _solver

    assert _solver.solve_moves_masks(*pos) == solver_py.solve_moves_masks(*pos)
    hands, trump, leader, trick = pos
    if not trick:
        assert _solver.solve_masks(hands, trump, leader) == solver_py.solve_masks(
            hands, trump, leader
        )


@st.composite
def trump_endings(draw):
    """Trump endings where one side holds most of the trumps: the opponents hold none
    or a few (often higher ones), the side's trumps split any way between its hands.
    These reach the solver's trump bounds (a long trump holding, ruffs when the
    opponents have no trumps, crossing to partner's winners) far more often than a
    random layout does."""
    n = draw(st.integers(min_value=2, max_value=5))
    trump = draw(st.integers(0, 3))
    side = draw(st.integers(0, 1))
    trumps = draw(st.permutations(range(trump * 13, trump * 13 + 13)))
    ours = draw(st.integers(min_value=1, max_value=min(2 * n, 13)))
    theirs = draw(st.integers(min_value=0, max_value=min(2, 2 * n, 13 - ours)))
    hands = [0, 0, 0, 0]
    counts = [0, 0, 0, 0]

    def give(seat: int, card: int) -> None:
        hands[seat] |= 1 << card
        counts[seat] += 1

    split = ((trumps[:ours], (side, side + 2)), (trumps[ours:ours + theirs], (1 - side, 3 - side)))
    for cards, seats in split:
        first = draw(st.integers(min_value=max(0, len(cards) - n), max_value=min(len(cards), n)))
        for i, c in enumerate(cards):
            give(seats[0] if i < first else seats[1], c)
    rest = draw(st.permutations([c for c in range(52) if c // 13 != trump]))
    for c in rest:
        seat = next((h for h in range(4) if counts[h] < n), None)
        if seat is None:
            break
        give(seat, c)
    return with_trick(draw, hands, trump)


@needs_c
@settings(max_examples=200, deadline=None)
@given(trump_endings())
def test_c_and_python_agree_when_one_side_holds_the_trumps(pos):
    from engine import _solver

    assert _solver.solve_moves_masks(*pos) == solver_py.solve_moves_masks(*pos)


def test_pure_python_fallback_is_used_when_forced():
    code = "from engine import solver; print(solver.BACKEND, solver.solve('N:A... 2... K... 3...', 'N', 'N'))"
    env = dict(os.environ, WHIST_PURE_SOLVER="1")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["python", "1"]


# --- resources and threads -------------------------------------------------------


def _rss_pages() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1])


@needs_c
@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs /proc")
def test_ten_thousand_solves_do_not_grow_memory():
    import random

    rng = random.Random(7)

    def one():
        deck = list(range(52))
        rng.shuffle(deck)
        n = 3
        hands = tuple(sum(1 << c for c in deck[i * n:(i + 1) * n]) for i in range(4))
        return solver.solve_moves_masks(hands, rng.randrange(5), rng.randrange(4))

    for _ in range(500):  # warm up: pooled table allocated, caches filled
        one()
    before = _rss_pages()
    for _ in range(10_000):
        one()
    after = _rss_pages()
    assert (after - before) * os.sysconf("SC_PAGE_SIZE") < 4 << 20


@needs_c
def test_concurrent_calls_from_threads_give_the_same_answers():
    import random

    rng = random.Random(3)
    jobs = []
    for _ in range(24):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = tuple(sum(1 << c for c in deck[i * 5:(i + 1) * 5]) for i in range(4))
        jobs.append((hands, rng.randrange(5), rng.randrange(4), ()))
    expected = [solver.solve_moves_masks(*j) for j in jobs]  # one thread at a time
    results: dict[int, list] = {}

    def worker(k: int) -> None:
        results[k] = [solver.solve_moves_masks(*j) for j in jobs]

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(4):
        assert results[k] == expected


# --- node limit (the AI's time budget) ---------------------------------------------

# a full deal that takes the C core some thousands of nodes
LIMIT_DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def _fresh_tables() -> None:
    solver.clear_tables()  # the next call starts with an empty table


@needs_c
def test_a_node_limit_that_is_hit_returns_none_and_leaves_the_table_exact():
    masks = solver.hands_to_masks(LIMIT_DEAL)
    _fresh_tables()
    expected_moves = solver.solve_moves_masks(masks, 4, 3)
    expected = {t: solver.solve_masks(masks, t, 1) for t in range(5)}
    for limit in (1, 10, 100, 1000, 3000):
        _fresh_tables()
        assert solver.solve_moves_masks(masks, 4, 3, node_limit=limit) is None
        for t in range(5):
            assert solver.solve_masks(masks, t, 1, node_limit=limit) is None
        # the same context (pooled) now answers without a limit: exactly
        assert solver.solve_moves_masks(masks, 4, 3) == expected_moves
        assert {t: solver.solve_masks(masks, t, 1) for t in range(5)} == expected


@needs_c
def test_a_generous_node_limit_gives_the_exact_answer():
    masks = solver.hands_to_masks(LIMIT_DEAL)
    _fresh_tables()
    expected = solver.solve_moves_masks(masks, 0, 1)
    _fresh_tables()
    assert solver.solve_moves_masks(masks, 0, 1, node_limit=50_000_000) == expected
    assert solver.solve_masks(masks, 0, 1, node_limit=50_000_000) == max(expected.values())
    # mid-trick too: E led the D4
    trick_masks = list(masks)
    trick_masks[1] ^= 1 << int(Card("D4"))
    got = solver.solve_moves_masks(trick_masks, 2, 1, (int(Card("D4")),), node_limit=50_000_000)
    assert got == solver.solve_moves_masks(trick_masks, 2, 1, (int(Card("D4")),))


# a deal from DDS's largest.txt: seconds of search, so a millisecond cannot be enough
SLOW_DEAL = "E:KJ653.85.T.A7653 .QJT42.J632.Q942 9.K976.A985.KJT8 AQT8742.A3.KQ74."


@needs_c
def test_a_time_limit_stops_a_long_search_and_the_answer_stays_exact():
    masks = solver.hands_to_masks(SLOW_DEAL)
    _fresh_tables()
    assert solver.solve_moves_masks(masks, 0, 1, time_limit=0.001) is None
    assert solver.solve_masks(masks, 0, 1, time_limit=0.001) is None
    # a generous limit on a small position gives the exact values
    hands = masks_of("SA SK H2", "S2 S3 H3", "SQ SJ H4", "S4 S5 H5")
    assert solver.solve_moves_masks(hands, 4, 0, time_limit=10.0) == solver_py.solve_moves_masks(hands, 4, 0)
    assert solver.solve_masks(hands, 4, 0, time_limit=10) == solver_py.solve_masks(hands, 4, 0)


BAD_OPTIONS = [("time_limit", v) for v in (-0.5, float("nan"), "1", True)] + [
    ("guess", v) for v in (14, -2, 2.5, True, "3")] + [("width", v) for v in (14, -1, 2.5, True, "2")]


@pytest.mark.parametrize(("option", "bad"), BAD_OPTIONS)
def test_a_bad_time_limit_guess_or_width_is_refused(option, bad):
    hands = masks_of("SA", "S2", "SQ", "S4")
    with pytest.raises(ValueError, match=option):
        solver.solve_moves_masks(hands, 4, 0, **{option: bad})
    if solver.HAVE_C:
        from engine import _solver

        with pytest.raises(ValueError, match=option):
            _solver.solve_moves_masks(hands, 4, 0, **{option: bad})
        if option == "time_limit":
            with pytest.raises(ValueError, match=option):
                _solver.solve_masks(hands, 4, 0, time_limit=bad)


@needs_c
def test_the_same_deal_again_is_answered_from_the_table():
    # DDS keeps its table for a deal solved again (another leader, another
    # trump, a later point of the play): so do we, and the answers stay exact
    masks = solver.hands_to_masks(LIMIT_DEAL)
    _fresh_tables()
    first = solver.solve_moves_masks(masks, 4, 3)
    assert first is not None
    n0 = _solver_nodes()
    assert solver.solve_moves_masks(masks, 4, 3) == first
    again = _solver_nodes() - n0
    _fresh_tables()
    n0 = _solver_nodes()
    assert solver.solve_moves_masks(masks, 4, 3) == first
    cold = _solver_nodes() - n0
    assert again < cold


@needs_c
def test_a_position_asked_again_after_others_is_answered_without_a_search():
    # a hint and then the move, or a table of positions that lists one twice:
    # the answer comes back at once and is the same
    masks = solver.hands_to_masks(LIMIT_DEAL)
    _fresh_tables()
    first = solver.solve_moves_masks(masks, 4, 3)
    others = [solver.solve_moves_masks(masks, trump, 0) for trump in range(4)]
    n0 = _solver_nodes()
    assert solver.solve_moves_masks(masks, 4, 3) == first
    assert _solver_nodes() == n0
    assert [solver.solve_moves_masks(masks, trump, 0) for trump in range(4)] == others


@needs_c
def test_a_full_table_keeps_the_positions_with_most_tricks_left():
    # a small table fills many times over one deal; what it keeps still
    # serves the next call on the same deal (another leader), and no value
    # changes for it
    masks = solver.hands_to_masks(LIMIT_DEAL)
    size = solver.table_size()
    _fresh_tables()
    exact = solver.solve_moves_masks(masks, 4, 0)
    try:
        solver.set_table_size(1 << 20)
        _fresh_tables()
        solver.solve_moves_masks(masks, 4, 3)
        n0 = _solver_nodes()
        warm = solver.solve_moves_masks(masks, 4, 0)
        warm_nodes = _solver_nodes() - n0
        _fresh_tables()
        n0 = _solver_nodes()
        cold = solver.solve_moves_masks(masks, 4, 0)
        cold_nodes = _solver_nodes() - n0
    finally:
        solver.set_table_size(size)
        _fresh_tables()
    assert warm == cold == exact
    assert warm_nodes < 0.8 * cold_nodes


def _solver_nodes() -> int:
    from engine import _solver

    return int(_solver.nodes())


@needs_c
def test_the_positions_reached_are_counted_at_each_trick_start():
    # bench/solver.py sets this count beside DDS's own node count
    from engine import _solver

    masks = solver.hands_to_masks(LIMIT_DEAL)
    _fresh_tables()
    n0, t0 = _solver_nodes(), _solver.trick_nodes()
    assert solver.solve_moves_masks(masks, 4, 3) is not None
    nodes, tricks = _solver_nodes() - n0, _solver.trick_nodes() - t0
    # every trick start is a node, not every node a trick start
    assert 0 < tricks < nodes


def test_the_pure_python_solver_honours_the_node_limit_too():
    hands = masks_of("SA SK H2", "S2 S3 H3", "SQ SJ H4", "S4 S5 H5")
    exact = solver_py.solve_moves_masks(hands, 4, 0)
    assert solver_py.solve_moves_masks(hands, 4, 0, node_limit=2) is None
    assert solver_py.solve_masks(hands, 4, 0, node_limit=2) is None
    assert solver_py.solve_moves_masks(hands, 4, 0, node_limit=100_000) == exact
    assert solver_py.solve_masks(hands, 4, 0, node_limit=100_000) == max(exact.values())


@pytest.mark.parametrize("bad", [-1, 1.5, "10", True])
def test_a_bad_node_limit_raises_value_error(bad):
    with pytest.raises(ValueError, match="node_limit"):
        solver.solve_masks(masks_of("SA", "S2", "S3", "S4"), 4, 0, node_limit=bad)


@needs_c
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), guess=st.integers(-1, 13))
def test_a_first_guess_never_changes_the_answer(seed: int, guess: int) -> None:
    # The AI hands the solver the last layout's best value as a first guess
    # (fewer searches when it is close); a wrong guess only costs time.
    from engine.ddsformat import random_position

    rng = random.Random(seed)
    pos = random_position(rng, rng.randint(1, 6))
    assert solver.solve_moves_masks(*pos, guess=guess) == solver.solve_moves_masks(*pos)


@needs_c
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), width=st.integers(1, 4))
def test_a_narrow_search_values_every_card_within_the_tricks_left(seed: int, width: int) -> None:
    # width > 0 is an estimate (the AI's early-hand solves): every legal card still
    # gets a value a real play could reach, and width 13 (every move) is exact
    from engine.ddsformat import random_position

    rng = random.Random(seed)
    pos = random_position(rng, rng.randint(3, 9))
    exact = solver.solve_moves_masks(*pos)
    narrow = solver.solve_moves_masks(*pos, width=width)
    assert exact is not None and narrow is not None
    assert narrow.keys() == exact.keys()
    left = pos[0][(pos[2] + len(pos[3])) % 4].bit_count()  # the mover's cards: tricks left
    assert all(0 <= v <= left for v in narrow.values())
    assert solver.solve_moves_masks(*pos, width=13) == exact


@needs_c
def test_a_narrow_search_is_much_cheaper_than_an_exact_one():
    masks = solver.hands_to_masks(LIMIT_DEAL)
    _fresh_tables()
    n0 = _solver_nodes()
    exact = solver.solve_moves_masks(masks, 4, 3)
    exact_nodes = _solver_nodes() - n0
    _fresh_tables()
    n0 = _solver_nodes()
    narrow = solver.solve_moves_masks(masks, 4, 3, width=2)
    assert narrow is not None and exact is not None and narrow.keys() == exact.keys()
    assert (_solver_nodes() - n0) * 5 < exact_nodes


@needs_c
def test_a_narrow_search_never_spoils_a_later_exact_answer_on_the_same_deal():
    # the table is kept for a deal solved again; what a narrow search stored there
    # are estimates, and an exact call must not build on them
    from engine.ddsformat import random_position

    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        hands, trump, leader, trick = random_position(rng, rng.randint(5, 9))
        if trick:
            continue
        lead = next(c for c in range(52) if hands[leader] >> c & 1)
        rest = list(hands)
        rest[leader] &= ~(1 << lead)
        _fresh_tables()
        want = solver.solve_moves_masks(rest, trump, leader, (lead,))
        _fresh_tables()
        solver.solve_moves_masks(hands, trump, leader, (), width=1)
        assert solver.solve_moves_masks(rest, trump, leader, (lead,)) == want, seed
        checked += 1
    assert checked > 20
