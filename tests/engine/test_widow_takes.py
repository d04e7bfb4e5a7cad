"""Widow whist's take or pass at hard and expert: a threshold for each place in the
offer, lower than the textbook's and lower the later the place, and
bench/widow_takes.py, which remakes the thresholds from deals played out both ways."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.actions import Bid, Pass
from engine.ai.family import choose_action
from engine.deal import Deal
from engine.games import get_game
from engine.games.widow import WidowRules
from engine.games.widow.ai import TAKE_BELOW, TAKE_BELOW_AT
from engine.search.hands import count_tricks
from engine.seats import Seat, around

WIDOW = get_game("widow")
RULES = WidowRules()
ROOT = Path(__file__).resolve().parents[2]


def offered(place: int, low: float, high: float) -> Deal:
    """A deal whose seat at ``place`` in the offer (0 eldest, 2 the dealer) holds a hand
    counted from ``low`` up to ``high``, the seats before it having passed."""
    for seed in range(2000):
        deal = Deal(WIDOW.next_record(RULES, Seat(seed % 3), 0, seed), RULES, WIDOW)
        seat = around(deal.dealer, place + 1, 3)
        if low <= count_tricks(list(deal.hand(seat) or ()), deal.trump) < high:
            for _ in range(place):
                turn = deal.turn
                assert turn is not None
                deal.apply(Pass(turn))
            assert deal.turn == seat
            return deal
    raise AssertionError("no such hand in 2,000 deals")


def takes(deal: Deal, level: str) -> bool:
    turn = deal.turn
    assert turn is not None
    return isinstance(choose_action(deal.observe(turn), level, 1, budget=None), Bid)


def test_the_thresholds_fall_with_the_place_and_stay_below_the_textbooks() -> None:
    assert TAKE_BELOW > TAKE_BELOW_AT[0] > TAKE_BELOW_AT[1] > TAKE_BELOW_AT[2] > 0


def test_hard_passes_a_middling_hand_the_textbook_takes_and_takes_a_poor_one_at_every_place() -> None:
    for place, limit in enumerate(TAKE_BELOW_AT):
        middling = offered(place, limit, TAKE_BELOW)
        assert takes(middling, "rules") and takes(middling, "easy")
        assert not takes(middling, "hard") and not takes(middling, "expert")
        poor = offered(place, 0.0, limit)
        assert takes(poor, "hard") and takes(poor, "expert") and takes(poor, "rules")


def test_a_swap_in_the_chain_stays_the_textbooks() -> None:
    rules = WidowRules(chain=True)
    seen = set()
    for seed in range(60):
        deal = Deal(WIDOW.next_record(rules, Seat(0), 0, seed), rules, WIDOW)
        deal.apply(Bid(Seat(1), call="take"))
        deal.apply(deal.legal_actions()[0])
        turn = deal.turn
        assert turn is not None
        obs = deal.observe(turn)
        assert any(isinstance(a, Bid) and a.call == "swap" for a in obs.legal)
        hard = choose_action(obs, "hard", 1, budget=None)
        assert hard == choose_action(obs, "rules", 1, budget=None)
        seen.add(type(hard))
    assert seen == {Bid, Pass}


def test_the_bench_plays_each_place_both_ways_and_fits_where_taking_gains(tmp_path: Path) -> None:
    out = tmp_path / "takes.jsonl"
    bench = [sys.executable, str(ROOT / "bench" / "widow_takes.py")]
    subprocess.run([*bench, "play", "--deals", "3", "--level", "rules", "--low", "0", "--high", "99",
                    "--out", str(out), "--progress", "0"], check=True)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["deal"], r["place"]) for r in rows] == [(d, p) for d in range(3) for p in range(3)]
    for row in rows:
        assert len(row["before"]) == row["place"]
        assert -4 <= row["take"] <= 9 and -3 <= row["pass"] <= 10
    done = subprocess.run([*bench, "fit", str(out)], check=True, capture_output=True, text=True).stdout
    lines = done.splitlines()
    assert lines[0].split()[:2] == ["place", "hands"]
    assert [line.split()[0] for line in lines[1:]] == ["eldest", "next", "dealer"]


def test_the_bench_says_what_to_do_without_its_deals(tmp_path: Path) -> None:
    bench = [sys.executable, str(ROOT / "bench" / "widow_takes.py")]
    done = subprocess.run([*bench, "fit", str(tmp_path / "none.jsonl")], capture_output=True, text=True)
    assert done.returncode == 2
    assert "make them with the play command first" in done.stderr
