"""The AI seat: legal, honest, sensible cards; hints; the post-hand review."""

from __future__ import annotations

import random

import pytest

from engine.ai import LEVELS, choose_card, hint, review
from engine.cards import parse_card
from engine.deal import Deal, DealRecord
from engine.search import pimc
from engine.search import rules as textbook
from engine.search.pimc import classes
from engine.search.view import view_of
from engine.seats import Seat
from engine.solver import default_solver


class StandIn:
    """A test's solver (engine.solver.Solver): a plain function, which honours
    node limits when ``limits`` says so and does nothing else."""

    counts = clock = narrow = guesses = concurrent = False

    def __init__(self, fn, limits: bool = False) -> None:  # noqa: ANN001
        self.fn, self.limits = fn, limits

    def solve_moves_masks(self, hands, trump, leader, trick=(), *, node_limit=0, time_limit=0.0,  # noqa: ANN001, ANN201
                          guess=-1, width=0):
        if self.limits:
            return self.fn(hands, trump, leader, trick, node_limit=node_limit)
        return self.fn(hands, trump, leader, trick)

    def nodes(self) -> int:
        return 0

    def clear_tables(self) -> None:
        pass

    def reserve_tables(self, n: int) -> int:
        return 0


def search_with(fn, view, rng, cfg, limits: bool = False):  # noqa: ANN001, ANN201
    return pimc.Searcher(StandIn(fn, limits)).search(view, rng, cfg)


def play_out(deal: Deal, moves: int, rng: random.Random) -> Deal:
    for _ in range(moves):
        if deal.is_over:
            break
        deal.play(rng.choice(deal.legal_moves()))
    return deal


def position(seed: int, moves: int) -> Deal:
    return play_out(Deal(DealRecord.deal(Seat(seed % 4), seed=seed)), moves, random.Random(seed))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_card(level: str) -> None:
    # late positions keep the PIMC levels quick; the textbook levels play whole hands
    for seed in range(6):
        deal = position(seed, 0 if level in ("random", "rules", "easy") else 28 + seed)
        while not deal.is_over:
            obs = deal.observation(deal.turn)
            card = choose_card(obs, level, seed=seed, budget=None, samples=4)
            assert parse_card(card) in deal.legal_moves()
            deal.play(card)


def _swap_hidden(deal: Deal, seat: Seat) -> Deal | None:
    """The same actions on a deal where two hidden players swapped cards of a suit
    both still hold: ``seat`` cannot tell the two deals apart."""
    a, b = (s for s in (seat.next, seat.partner, seat.next.partner) if s != seat.partner)
    ha, hb = deal.hand(a), deal.hand(b)
    for suit in range(4):
        ca = [c for c in ha if c.suit == suit]
        cb = [c for c in hb if c.suit == suit]
        if ca and cb:
            break
    else:
        return None  # no suit held by both opponents
    dealt = [set(h) for h in deal.record.hands()]
    x, y = max(ca), max(cb)
    dealt[a].remove(x)
    dealt[a].add(y)
    dealt[b].remove(y)
    dealt[b].add(x)
    record = DealRecord.from_hands([sorted(h) for h in dealt], deal.dealer, deal.trump,
                                   deal.record.trump_card)
    return Deal.replay(record, deal.actions)


@pytest.mark.parametrize("level", LEVELS)
def test_the_ai_is_honest_it_cannot_see_hidden_hands(level: str) -> None:
    checked = 0
    early = 3 if level in ("random", "rules", "easy") else 23  # keep the solver's work small
    for seed, moves in ((11, 30), (12, 33), (13, 40), (14, early), (15, 22), (16, 35)):
        deal = position(seed, moves)
        seat = deal.turn
        other = _swap_hidden(deal, seat)
        if other is None:
            continue
        checked += 1
        assert other.dealt_hands() != deal.dealt_hands()
        obs = deal.observation(seat)
        assert other.observation(seat) == obs
        one = choose_card(obs, level, seed=5, budget=None, samples=6)
        two = choose_card(other.observation(seat), level, seed=5, budget=None, samples=6)
        assert one == two
    assert checked >= 3


def test_a_forced_card_is_played_at_once() -> None:
    deal = position(4, 51)  # the last card of the hand
    obs = deal.observation(deal.turn)

    def no_solver(*_a: object) -> dict[int, int]:
        raise AssertionError("a forced move must not search")

    view = view_of(obs)
    result = search_with(no_solver, view, random.Random(1), pimc.Search())
    assert result.forced and str(result.card) == obs["hand"][0]


def test_equivalent_cards_count_as_one_choice() -> None:
    # South holds AK-Q of spades with nothing missing between: one choice when leading
    obs = {"seat": "S", "dealer": "E", "trump": "H", "trump_card": None,
           "hand": ["SA", "SK", "SQ"], "trick": {"leader": "S", "cards": []},
           "tricks": _filler_tricks(10, keep="SA SK SQ".split())}
    view = view_of(obs)
    assert [[str(c) for c in g] for g in classes(view)] == [["SQ", "SK", "SA"]]


def _filler_tricks(n: int, keep: list[str]) -> list[dict[str, object]]:
    """n tricks led by South, each suit followed, avoiding the ``keep`` cards
    (South keeps them); the remaining cards are spread so everyone can follow."""
    from engine.cards import Card

    kept = {parse_card(c) for c in keep}
    pools = {s: [c for c in (Card.of(s, r) for r in range(14, 1, -1)) if c not in kept] for s in range(4)}
    tricks = []
    suit = 3
    while len(tricks) < n:
        if len(pools[suit]) < 4:
            suit -= 1
            continue
        cards = [str(pools[suit].pop()) for _ in range(4)]
        tricks.append({"leader": "S", "cards": cards})
    # South leads the highest card of each trick, so South wins it and leads again
    for t in tricks:
        cs = sorted(t["cards"], key=lambda c: parse_card(c).rank, reverse=True)
        t["cards"] = cs
    return tricks


def choices(at_least: int):  # noqa: ANN201
    """A mid-hand position and its legal cards in equivalence classes."""
    deal = position(8, 36)
    view = view_of(deal.observation(deal.turn))
    groups = classes(view)
    if len(groups) < at_least:
        pytest.skip(f"need {at_least} distinct choices")
    return view, groups


def test_pimc_plays_the_card_with_the_best_average_over_layouts() -> None:
    # A stand-in solver: the second-lowest legal card takes 2 tricks in 30% of the
    # layouts and 0 otherwise; the highest always takes 1. The average says: highest.
    view, groups = choices(3)
    risky, safe = int(groups[1][0]), int(groups[-1][-1])
    calls = []

    def fake(hands, trump, leader, trick):  # noqa: ANN001, ANN202
        calls.append(hands)
        lucky = hash(hands) % 10 < 3
        return {int(c): (1 if int(c) == safe else 2 if int(c) == risky and lucky else 0)
                for g in groups for c in g}

    cfg = pimc.Search(samples=40, min_samples=40, budget=None)
    result = search_with(fake, view, random.Random(4), cfg)
    assert int(result.card) == safe
    assert len(calls) == 40 and len(set(calls)) > 30  # distinct sampled layouts


def test_fixed_work_goes_on_only_while_the_best_card_is_unclear() -> None:
    # Without a clock a move must still be reproducible, yet not spend layouts on a
    # settled choice: min_samples when one card always wins, up to samples when close.
    view, groups = choices(2)
    a, b = int(groups[0][0]), int(groups[-1][-1])

    def run(solver):  # noqa: ANN001, ANN202
        calls = []

        def counted(hands, trump, leader, trick):  # noqa: ANN001, ANN202
            calls.append(hands)
            return solver(hands)

        cfg = pimc.Search(samples=40, min_samples=12, budget=None)
        result = search_with(counted, view, random.Random(9), cfg)
        return result, calls

    def settled(hands):  # noqa: ANN001, ANN202
        return {int(c): (1 if int(c) == a else 0) for g in groups for c in g}

    flips = []

    def close(hands):  # noqa: ANN001, ANN202
        # a and b take turns to be the better card: neither ever pulls clear
        flips.append(hands)
        coin = len(flips) % 2
        return {int(c): (coin if int(c) == a else 1 - coin if int(c) == b else 0) for g in groups for c in g}

    result, calls = run(settled)
    assert int(result.card) == a and len(calls) == 12
    result, calls = run(close)
    assert len(calls) == 40
    flips.clear()
    again, calls_again = run(close)
    assert calls_again == calls and again.card == result.card


def test_hint_values_every_legal_card_and_names_the_best() -> None:
    deal = position(21, 37)
    obs = deal.observation(deal.turn)
    h = hint(obs, seed=3, budget=None, samples=8)
    assert set(h["values"]) == {str(c) for c in deal.legal_moves()}
    best = max(v for v in h["values"].values())
    assert h["values"][h["card"]] == best
    assert h["card"] == choose_card(obs, "hard", seed=3, budget=None, samples=8)


def test_review_tracks_double_dummy_tricks_card_by_card() -> None:
    deal = position(31, 24)  # six tricks played at random, then textbook play
    while not deal.is_over:
        deal.play(choose_card(deal.observation(deal.turn), "rules"))
    rows = review(Deal.from_dict(deal.to_dict()))
    assert len(rows) == 52
    for i, row in enumerate(rows):
        assert row["cost"] == row["before"] - row["after"] >= 0
        assert row["mistake"] == (row["cost"] > 0)
        assert row["card"] not in row["best"] or row["cost"] == 0
        if i + 1 < len(rows):
            nxt = rows[i + 1]
            same_side = Seat.parse(nxt["seat"]).side == Seat.parse(row["seat"]).side
            # after a card, best play all round gives the next player exactly that
            assert nxt["before"] == (row["after"] if same_side else 13 - row["after"])
    last = rows[-1]
    ns, ew = deal.tricks_taken()
    assert last["after"] == (ns if Seat.parse(last["seat"]).side == 0 else ew)
    assert any(r["mistake"] for r in rows[:24])  # random play costs tricks somewhere


# -- the textbook player ------------------------------------------------------

def _obs(hand: str, trick: list[str], leader: str = "W", seat: str = "S", trump: str = "H",
         tricks: list[dict[str, object]] | None = None) -> dict[str, object]:
    return {"seat": seat, "dealer": "N", "trump": trump, "trump_card": None,
            "hand": hand.split(), "tricks": tricks or [], "trick": {"leader": leader, "cards": trick}}


def _rules(obs: dict[str, object]) -> str:
    return str(textbook.choose(view_of(obs)))


HAND = "SA SK S7 S3 HQ H9 H4 DK D8 D2 CJ C6 C2"


def test_textbook_second_hand_low() -> None:
    assert _rules(_obs(HAND, ["SQ"], leader="E")) == "S3"


def test_textbook_third_hand_high_but_cheapest_of_a_sequence() -> None:
    assert _rules(_obs(HAND, ["S2", "S5"], leader="N")) == "SK"  # AK: the king does the job


def test_textbook_fourth_hand_wins_as_cheaply_as_possible() -> None:
    assert _rules(_obs(HAND, ["D5", "D4", "D9"], leader="W")) == "DK"
    assert _rules(_obs(HAND, ["S2", "S8", "S9"], leader="W")) == "SK"


def test_textbook_does_not_beat_partners_winner() -> None:
    assert _rules(_obs(HAND, ["D5", "DA", "D4"], leader="W")) == "D2"


def test_textbook_does_not_trump_partners_winner_but_ruffs_an_opponents() -> None:
    hand = "SA SK S7 S3 HQ H9 H4 DK D8 D2 CJ C6 S2"
    void = hand.replace("CJ", "S4").replace("C6", "S5")  # no clubs
    assert _rules(_obs(void, ["C3", "CA", "C4"], leader="W")) not in ("HQ", "H9", "H4")
    assert _rules(_obs(void, ["C3", "C4", "CK"], leader="W")) == "H4"


def test_textbook_leads_top_of_a_sequence_from_the_longest_suit() -> None:
    hand = "SK SQ SJ S9 S3 H4 H2 DA D8 D2 C6 C3 C2"
    assert _rules(_obs(hand, [], leader="S", trump="C")) == "SK"


def test_textbook_draws_trumps_when_holding_plenty() -> None:
    hand = "HA HK HJ H8 H5 S4 S3 D7 D6 D5 C9 C8 C7"
    assert _rules(_obs(hand, [], leader="S", trump="H")) == "HA"


def test_textbook_returns_partners_suit() -> None:
    tricks = [{"leader": "N", "cards": ["D3", "D4", "DA", "D5"]}]  # partner led diamonds
    obs = _obs("SA S7 S3 HQ H9 H4 DK D8 CJ C6 S8 S9", [], leader="S", tricks=tricks)
    assert _rules(obs) == "DK"


def test_textbook_discards_from_weakness() -> None:
    # no clubs, no trumps (a no-trump hand): a club lead won by an opponent
    hand = "SA SK SQ S3 H9 H4 D8 D7 D6 D5 D4 D3 S2"
    card = _rules(_obs(hand, ["C5", "C3", "CA"], leader="W", trump="N"))
    assert card == "H4"  # the short, weak suit; never the master spades


def _weights_by(view, key, n: int = 400) -> dict:  # noqa: ANN001
    """Mean weight (hard and expert) of sampled layouts, grouped by key(hands)."""
    from engine.search.inference import PlayInference
    from engine.search.sampling import Sampler

    weigh = PlayInference()
    sampler = Sampler.for_view(view)
    rng = random.Random(0)
    groups: dict = {}
    for _ in range(n):
        hands = sampler.sample(rng)
        w = weigh(view, hands)
        assert 0 < w <= 1
        groups.setdefault(key(hands), []).append(w)
    return {k: sum(v) / len(v) for k, v in groups.items()}


def _held(hands, seat: Seat, suit: int) -> int:  # noqa: ANN001
    return sum(1 for c in range(suit * 13, suit * 13 + 13) if hands[seat] >> c & 1)


def test_the_ai_believes_leads_come_from_long_suits() -> None:
    deal = Deal(DealRecord.deal(Seat.S, seed=41))  # West leads first
    deal.play(max(deal.legal_moves()))  # some card from West's hand
    view = view_of(deal.observation(deal.turn))
    led = deal.current.cards[0].suit
    means = _weights_by(view, lambda hands: _held(hands, Seat.W, led))
    lengths = sorted(means)
    assert means[lengths[-1]] > means[lengths[0]]


# North void in hearts and clubs; the others hold what is left
_VOID_NORTH = ("S2 S3 S4 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ",
               "S5 S6 S7 H2 H3 H4 H5 H6 C2 C3 C4 C5 C6",
               "S8 S9 ST H7 H8 H9 HT HJ C7 C8 C9 CT CJ",
               "SJ SQ SK SA HQ HK HA DQ DK DA CQ CK CA")


def test_the_ai_believes_second_hand_plays_low_and_third_hand_high() -> None:
    from engine.search.inference import _events

    # West leads the club two; North plays the ten, East the five
    hands = ["S8 S9 ST H7 H8 H9 HT HJ C7 C8 C9 CT CJ".split(),
             "S5 S6 S7 H2 H3 H4 H5 H6 C5 C6 CQ CK CA".split(),
             "S2 S3 S4 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ".split(),
             "SJ SQ SK SA HQ HK HA DQ DK DA C2 C3 C4".split()]
    deal = Deal(DealRecord.from_hands(hands, Seat.S, "N"))
    for card in ("C2", "CT", "C5"):
        deal.play(parse_card(card))
    view = view_of(deal.observation(Seat.S))
    by_seat = {e.seat: e for e in _events(view) if type(e).__name__ == "_Follow"}
    north, east = by_seat[int(Seat.N)], by_seat[int(Seat.E)]

    def clubs(text: str) -> int:
        return sum(1 << int(parse_card(c)) for c in text.split())

    # second hand: the ten as the lowest club is the book; with the seven it is not
    assert north.factor(clubs("CT CQ")) > 2 * north.factor(clubs("CT C7"))
    # ...but the nine beside it is the same card
    assert north.factor(clubs("CT C9")) == north.factor(clubs("CT CQ"))
    # third hand, the ten winning: a low club is the book only without a card
    # that beats the ten (third hand high)
    assert east.factor(clubs("C5 C6")) > 2 * east.factor(clubs("C5 CA"))


def test_the_ai_believes_a_discard_means_no_trump_to_ruff_with() -> None:
    hands = [h.split() for h in _VOID_NORTH]
    deal = Deal(DealRecord.from_hands(hands, Seat.S, "S"))  # spades trumps, West leads
    deal.play(parse_card("HA"))
    deal.play(parse_card("D2"))  # North, void in hearts, throws a diamond instead of ruffing
    view = view_of(deal.observation(Seat.E))
    means = _weights_by(view, lambda hands: _held(hands, Seat.N, 0) > 0)
    assert means[False] > means[True]


def test_the_textbook_players_cards_all_read_as_the_book() -> None:
    # The inference's book and the textbook player are written apart: they must agree,
    # or the AI would read a textbook player (the likeliest human) as playing off the book.
    from engine.search.inference import KINDS, book_checks
    from engine.search.view import mask_of

    seen = set()
    for seed in range(8):
        deal = Deal(DealRecord.deal(Seat.S, seed=seed))
        while not deal.is_over:
            view = view_of(deal.observation(deal.turn))
            hands = [mask_of(deal.hand(s) or ()) for s in deal.seats]
            for check in book_checks(view, (hands[0], hands[1], hands[2], hands[3])):
                assert check.book, (seed, check)
                seen.add(check.kind)
            deal.play(textbook.choose(view))
    assert seen == set(KINDS)


def test_the_ai_weight_is_the_product_of_what_each_card_says() -> None:
    # The weights are looked up per suit holding and per suit lengths, for speed;
    # they must equal the plain product over every card the others played.
    from engine.search.inference import PlayInference, _events
    from engine.search.sampling import Sampler

    for seed in range(12):
        deal = position(seed, 4 + 3 * seed)
        view = view_of(deal.observation(deal.turn))
        events = _events(view)
        weigh = PlayInference()
        sampler = Sampler.for_view(view)
        rng = random.Random(seed)
        for _ in range(40):
            hands = sampler.sample(rng)
            plain = 1.0
            for e in events:
                plain *= e.factor(hands[e.seat])
            assert weigh(view, hands) == pytest.approx(plain, rel=1e-12)


def test_the_ai_weights_change_nothing_when_nobody_has_played() -> None:
    deal = Deal(DealRecord.deal(Seat.S, seed=3))  # West on lead: no card seen yet
    view = view_of(deal.observation(Seat.W))
    assert set(_weights_by(view, lambda hands: 0, n=50)) == {0}
    from engine.search.inference import PlayInference
    from engine.search.sampling import Sampler

    hands = Sampler.for_view(view).sample(random.Random(1))
    assert PlayInference()(view, hands) == 1.0


def test_a_solve_that_runs_out_of_nodes_is_dropped_and_the_move_still_comes() -> None:
    # A stand-in solver with a node limit: layouts it "cannot afford" (every other
    # one) come back as None; the search skips them and still plays a legal card.
    deal = position(8, 36)
    view = view_of(deal.observation(deal.turn))
    groups = classes(view)
    limits: list[int] = []

    def limited(hands, trump, leader, trick, node_limit=0):  # noqa: ANN001, ANN202
        limits.append(node_limit)
        if len(limits) % 2:
            return None
        return {int(c): i for i, g in enumerate(groups) for c in g}

    result = search_with(limited, view, random.Random(5), pimc.Search(samples=6, budget=None), limits=True)
    assert all(0 < n <= pimc.FIXED_NODES for n in limits)  # every solve was bounded
    assert result.discarded > 0 and result.samples > 0
    assert result.card in view.legal()


def test_with_no_layout_solved_in_time_the_textbook_card_is_played() -> None:
    deal = position(3, 2)  # early in the hand, where full solves are slowest
    view = view_of(deal.observation(deal.turn))

    def hopeless(hands, trump, leader, trick, node_limit=0):  # noqa: ANN001, ANN202
        assert node_limit > 0
        return None

    result = search_with(hopeless, view, random.Random(5), pimc.Search(budget=None), limits=True)
    assert result.samples == 0 and result.card == textbook.choose(view)


def test_a_fixed_work_move_is_the_same_whatever_was_solved_before() -> None:
    # Early in the hand the node allowance decides which layouts get solved; the
    # solver's tables must not make that depend on earlier moves (a resumed game
    # must play on exactly as before).
    early = position(11, 8)
    first = early.observation(early.turn)
    card = hint(first, seed=9, budget=None, samples=8)
    later = position(12, 30)
    choose_card(later.observation(later.turn), "hard", seed=1, budget=None)
    assert hint(first, seed=9, budget=None, samples=8) == card


@pytest.mark.skipif(not __import__("engine.solver").solver.HAVE_C, reason="C solver not built")
def test_a_move_with_a_budget_hands_its_clock_to_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    # Node limits come from a measured speed; if the machine is suddenly far
    # slower than measured (here: the speed is set absurdly high, so node limits
    # never bite), the solver's own time limit still stops each layout, and the
    # move falls back to the textbook card instead of running for seconds.
    searcher = pimc.Searcher(default_solver())
    searcher.rate = 1e15
    deal = position(3, 1)  # the second card of the hand: full solves take ~0.1-1 s
    view = view_of(deal.observation(deal.turn))
    result = searcher.search(view, random.Random(5), pimc.Search(budget=0.004, min_samples=3))
    assert result.samples == 0 and result.discarded >= 1
    assert result.card == textbook.choose(view)


@pytest.mark.skipif(not __import__("engine.solver").solver.HAVE_C, reason="C solver not built")
def test_warm_up_does_the_first_moves_set_up_before_any_move(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import ai
    searcher = pimc.default_searcher()
    monkeypatch.setattr(searcher, "rate", None)
    ai.warm_up()
    assert searcher.rate is not None and searcher.rate > 0


def test_the_speed_measurement_leaves_out_the_tables_set_up(monkeypatch: pytest.MonkeyPatch) -> None:
    # The first solve of a process allocates and touches the solver's table
    # (~0.1 s). Timed together with the measurement it made the solver look
    # 15x slower than it is, and every timed move starved its layouts of nodes.
    clock = {"t": 0.0, "nodes": 0, "calls": 0}

    class FakeTime:
        @staticmethod
        def perf_counter() -> float:
            return clock["t"]

    def solve(hands, trump, leader, trick, node_limit=0):  # noqa: ANN001, ANN202
        clock["calls"] += 1
        clock["t"] += 10.0 if clock["calls"] == 1 else 0.001  # the first call: the set-up
        clock["nodes"] += 1000
        return {}

    class Counted(StandIn):
        counts = True

        def nodes(self) -> int:
            return clock["nodes"]

    monkeypatch.setattr(pimc, "time", FakeTime)
    rate = pimc.measure_speed(Counted(solve, limits=True))
    assert rate == pytest.approx(pimc.SPEED_SAFETY * 3000 / 0.003)


@pytest.mark.skipif(not __import__("engine.solver").solver.HAVE_C, reason="C solver not built")
def test_a_timed_move_solves_layouts_on_several_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from engine import _solver  # type: ignore[attr-defined]
    names: set[str] = set()
    solved = {"n": 0}

    def recording(hands, trump, leader, trick=(), node_limit=0, time_limit=0.0, guess=-1):  # noqa: ANN001, ANN202
        names.add(threading.current_thread().name)
        vals = _solver.solve_moves_masks(hands, trump, leader, trick, node_limit=node_limit,
                                         time_limit=time_limit, guess=guess)
        solved["n"] += vals is not None
        return vals

    class Recording(StandIn):
        counts = clock = guesses = concurrent = True

        def solve_moves_masks(self, hands, trump, leader, trick=(), *, node_limit=0,  # noqa: ANN001, ANN201
                              time_limit=0.0, guess=-1, width=0):
            return recording(hands, trump, leader, trick, node_limit, time_limit, guess)

        def nodes(self) -> int:
            return _solver.nodes()

    searcher = pimc.Searcher(Recording(recording, limits=True))
    # the speed is measured with the plain solver, not the recording one
    searcher.rate = pimc.default_searcher().speed()
    deal = position(21, 22)  # 7 or 8 cards in hand: threads pay off
    view = view_of(deal.observation(deal.turn))
    assert len(view.hand) >= pimc.PARALLEL_FROM
    cfg = pimc.Search(samples=24, min_samples=24, budget=5.0, threads=2)
    result = searcher.search(view, random.Random(2), cfg)
    assert result.samples == 24 == solved["n"]  # every layout solved is counted, none twice
    assert names and all(n.startswith("pimc-solve") for n in names)
    assert result.card in view.legal()
    assert all(0 <= v <= len(view.hand) for v in result.values.values())


@pytest.mark.skipif(not __import__("engine.solver").solver.HAVE_C, reason="C solver not built")
def test_tables_for_solving_threads_are_made_ready_ahead() -> None:
    from engine import solver

    assert solver.reserve_tables(2) >= 2
    with pytest.raises(ValueError, match="0..8"):
        solver.reserve_tables(99)


@pytest.mark.parametrize(("cores", "solving"), [(1, 1), (2, 2), (4, 3), (16, 4)])
def test_a_move_solves_on_every_core_but_one_left_to_the_screen(monkeypatch: pytest.MonkeyPatch,
                                                                 cores: int, solving: int) -> None:
    import os

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    monkeypatch.setattr(pimc, "_THREADS", [])  # unsized, as before any device sized the AI to its board
    assert pimc.threads() == solving


@pytest.mark.skipif(not __import__("engine.solver").solver.HAVE_C, reason="C solver not built")
def test_the_first_lead_weighs_many_more_layouts_for_the_same_work() -> None:
    # An exact solve of a 13-card layout costs 50,000 to 3 million search nodes,
    # more than a timed move can afford; solved narrow (20,000 to 120,000 nodes) the
    # opening lead weighs several times as many layouts for the same work.
    from engine.search.levels import hard_search

    deal = Deal(DealRecord.deal(Seat(2), seed="first-lead"))
    view = view_of(deal.observation(deal.turn))
    cfg = hard_search(None)
    cfg.nodes = 1_000_000
    narrow = pimc.search(view, random.Random(1), cfg)
    cfg.narrow = ()
    exact = pimc.search(view, random.Random(1), cfg)
    assert narrow.samples >= 3 * max(1, exact.samples)
    assert all(0 <= v <= 13 for v in narrow.values.values())


def test_resampling_solves_only_layouts_the_weights_believe() -> None:
    # A weight that all but rules out one card being anywhere but with the next seat
    # ("West"): with resampling, the solves go to layouts where West holds it;
    # without, about two thirds of them would not.
    deal = position(6, 9)
    view = view_of(deal.observation(deal.turn))
    west = (int(view.seat) + 1) % 4
    # the lowest card whose place is unknown, in a suit West may still hold
    card = next(1 << c for c in range(52) if view.unseen >> c & 1 and c // 13 not in view.voids[west])
    groups = classes(view)
    solved: list[tuple[int, ...]] = []

    def recording(hands, trump, leader, trick, node_limit=0):  # noqa: ANN001, ANN202
        solved.append(hands)
        return {int(c): i for i, g in enumerate(groups) for c in g}

    def believe(_view, hands) -> float:  # noqa: ANN001
        return 1.0 if hands[west] & card else 1e-9

    cfg = pimc.Search(samples=40, min_samples=40, budget=None, weight=believe, resample=32)
    result = search_with(recording, view, random.Random(2), cfg, limits=True)
    assert result.samples == 40 and all(h[west] & card for h in solved)
    solved.clear()
    cfg.resample = 0
    search_with(recording, view, random.Random(2), cfg, limits=True)
    assert 5 < sum(1 for h in solved if not h[west] & card) < 35
