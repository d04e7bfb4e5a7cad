"""Norwegian whist's valued auction (hard and expert): each call worth what
the hand expects from it, and bench/norwegian_bids.py, which remakes its
numbers from played deals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Pass
from engine.cards import Card, full_deck
from engine.deal import Deal, DealRecord
from engine.games import get_game
from engine.games.norwegian import MINNESOTA, NorwegianRules
from engine.games.norwegian.ai import choose
from engine.games.norwegian.auction import call, values
from engine.order import NO_TRUMP
from engine.seats import Seat

GAME = get_game("norwegian")
ROOT = Path(__file__).resolve().parents[2]
NORWEGIAN = NorwegianRules()

hands = st.lists(st.sampled_from(full_deck()), min_size=13, max_size=13, unique=True)


def cards(text: str) -> list[Card]:
    return [Card(c) for c in text.split()]


STRONG = cards("SA SK SQ HA HK HQ DA DK DQ CA CK CQ CJ")
WEAK = cards("S2 S3 S4 S5 H2 H3 H4 D2 D3 D4 C2 C3 C4")


@given(hands, st.integers(0, 3))
def test_every_call_is_grand_nullo_or_a_pass_and_the_dealer_never_says_nullo(hand, passes):
    said = call(hand, passes, NORWEGIAN)
    assert said in ("grand", "nullo", None)
    if passes == 3:
        assert said != "nullo"  # the dealer's pass is a nullo already


@settings(max_examples=50)
@given(hands, st.data())
def test_an_ace_for_a_low_card_makes_the_grand_worth_more_and_the_nullo_less(hand, data):
    low = [c for c in hand if c.rank <= 5]
    aces = [c for c in full_deck() if c.rank == 14 and c not in hand]
    if not low or not aces:
        return
    out, ace = data.draw(st.sampled_from(low)), data.draw(st.sampled_from(aces))
    before, after = values(hand, NORWEGIAN), values([c for c in hand if c != out] + [ace], NORWEGIAN)
    assert after.grand > before.grand
    assert after.nullo < before.nullo


def test_the_top_cards_bid_grand_and_the_lowest_bid_nullo_wherever_they_sit():
    for passes in range(4):
        assert call(STRONG, passes, NORWEGIAN) == "grand"
    for passes in range(3):
        assert call(WEAK, passes, NORWEGIAN) == "nullo"
    assert call(WEAK, 3, NORWEGIAN) is None


def test_the_values_follow_the_rules_points():
    norwegian, minnesota = values(STRONG, NORWEGIAN), values(STRONG, MINNESOTA)
    assert norwegian.grand > minnesota.grand > 0


def _eldest_holding(hand: list[Card], rules: NorwegianRules | None = None) -> Deal:
    rest = [c for c in full_deck() if c not in hand]
    dealt = (frozenset(rest[:13]), frozenset(hand), frozenset(rest[13:26]), frozenset(rest[26:]))
    return Deal(DealRecord.of_hands(Seat.N, dealt, NO_TRUMP), rules or NorwegianRules(), GAME)


def test_hard_says_nullo_on_a_weak_hand_where_the_textbook_passes():
    deal = _eldest_holding(WEAK)
    obs = deal.observe(Seat.E)
    assert choose(obs, "hard", 1, None, None) == Bid(Seat.E, call="nullo")
    assert choose(obs, "expert", 1, None, None) == Bid(Seat.E, call="nullo")
    assert choose(obs, "rules", 1, None, None) == Pass(Seat.E)


def test_laying_a_card_keeps_the_textbook_at_every_level():
    rules = NorwegianRules(bid_style="cards")
    obs = _eldest_holding(WEAK, rules).observe(Seat.E)
    assert choose(obs, "hard", 1, None, None) == choose(obs, "rules", 1, None, None)


def test_the_bench_plays_deals_and_fits_every_number(tmp_path):
    out = tmp_path / "bids.jsonl"
    bench = [sys.executable, str(ROOT / "bench" / "norwegian_bids.py")]
    subprocess.run([*bench, "deals", "--deals", "6", "--seed", "t", "--out", str(out)], check=True)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 24
    for row in rows:
        assert len(row["hand"]) == 13 and 0 <= row["grand"] <= 13 and 0 <= row["nullo"] <= 13
    by_deal = {}
    for row in rows:
        by_deal.setdefault(row["deal"], []).append(row)
    for seats in by_deal.values():
        assert sorted(c for r in seats for c in r["hand"]) == list(range(52))
    probed = tmp_path / "probe.jsonl"
    subprocess.run([*bench, "probe", "--hands", "4", "--out", str(probed)], check=True)
    calls = [json.loads(line) for line in probed.read_text().splitlines()]
    assert [c["passes"] for c in calls] == [0, 1, 2, 3]
    assert all(c["call"] in ("grand", "nullo", None) and len(c["hand"]) == 13 for c in calls)
    done = subprocess.run([*bench, "fit", str(out), "--probe", str(probed)], check=True, capture_output=True,
                          text=True).stdout
    assert done.startswith("GRAND = Model((")
    assert "SHIFTS = Shifts((" in done
    assert "textbook (grand from 15)" in done
    assert "the standard ISMCTS's calls: Shifts((" in done


def test_the_bench_says_what_to_do_without_its_deals(tmp_path):
    bench = [sys.executable, str(ROOT / "bench" / "norwegian_bids.py")]
    done = subprocess.run([*bench, "fit", str(tmp_path / "none.jsonl")], capture_output=True, text=True)
    assert done.returncode == 2
    assert "make it with the deals command first" in done.stderr
