"""`whist-table arena` end to end through the command line: duplicate deals of
any game between AI levels and external programs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine import ai
from engine.cards import parse_card
from engine.deal import Deal
from engine.games import get_game
from engine.match import deal_seed
from engine.seats import SEATS

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = f"cmd:{sys.executable} tests/bots/random_bot.py"


def whist(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "device.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_rules_against_the_random_bot_prints_margins_latency_and_errors() -> None:
    r = whist("arena", "--game", "classic", "rules", RANDOM_BOT, "--deals", "2", "--seed", "t")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert f"rules vs {RANDOM_BOT}: 2 duplicate deals (4 hands), seed 't', Classic whist" in out
    assert "rules trick margin: +" in out and "rules point margin: +" in out  # random loses
    assert out.count("moves, median") == 2
    assert f"{RANDOM_BOT}: no errors" in out


def test_the_same_seed_plays_the_same_deals() -> None:
    def margins() -> list[object]:
        r = whist("arena", "--game", "norwegian", "rules", RANDOM_BOT, "--deals", "2", "--seed", "s",
                  "--json")
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)["per_deal"]

    assert margins() == margins()


def test_norwegian_json_has_every_figure() -> None:
    r = whist("arena", "--game", "norwegian", "random", "rules", "--deals", "3", "--json", "--progress", "2")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["game"] == "norwegian" and data["a"] == "random" and data["b"] == "rules"
    assert data["deals"] == 3 and data["hands"] == 6 and len(data["per_deal"]) == 3
    assert set(data["trick_margin"]) == {"mean", "se"} and set(data["point_margin"]) == {"mean", "se"}
    assert data["trick_margin"]["mean"] == sum(d["tricks"] for d in data["per_deal"]) / 3
    assert set(data["latency_ms"]) == {"random", "rules"}
    assert set(data["latency_ms"]["rules"]) == {"moves", "median", "p99", "max"}
    assert data["errors"] == {}  # no external players
    assert "... 2 deals:" in r.stderr  # progress goes to stderr


def test_an_external_bots_errors_are_counted_and_shown_with_their_lines() -> None:
    bot = f"cmd:{sys.executable} tests/bots/misbehaving_bot.py garbage 2"
    r = whist("arena", "--game", "norwegian", "rules", bot, "--deals", "1")
    assert r.returncode == 0, r.stderr
    assert f"{bot}: 1 error (the table's AI played those moves):" in r.stdout
    assert "move 2: the answer is not JSON (" in r.stdout
    assert "(sent 'the queen of hearts, please')" in r.stdout
    assert "misbehaving_bot: garbage at move 2" in r.stdout
    data = json.loads(whist("arena", "--game", "norwegian", "rules", bot, "--deals", "1", "--json").stdout)
    assert data["errors"][bot]["count"] == 1
    assert data["errors"][bot]["first"][0]["line"] == "the queen of hearts, please"


def test_a_bot_against_itself_is_told_apart() -> None:
    r = whist("arena", "rules", "rules", "--deals", "1", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert set(data["latency_ms"]) == {"rules/A", "rules/B"}
    assert data["trick_margin"]["mean"] == 0  # the same player both ways round


def test_unknown_players_and_games_are_refused() -> None:
    r = whist("arena", "rules", "wizard", "--deals", "1")
    assert r.returncode == 2 and "no AI level called 'wizard'" in r.stderr and "cmd:PROGRAM" in r.stderr
    r = whist("arena", "--game", "bridge", "rules", "random", "--deals", "1")
    assert r.returncode == 2 and "no game called 'bridge'" in r.stderr and "norwegian" in r.stderr


def test_classic_at_fixed_work_is_choose_cards_play() -> None:
    # The arena drives Match + choose_action; at fixed work its classic margins must be
    # those of the plain loop bench/arena.py always ran (Deal + choose_card) on the same deals.
    deals, seed = 2, "fixed"
    r = whist("arena", "--game", "classic", "hard", "medium", "--deals", str(deals), "--seed", seed,
              "--budget", "0", "--json")
    assert r.returncode == 0, r.stderr
    classic = get_game("classic")
    expected = []
    for i in range(deals):
        text = deal_seed(seed, i)
        record = classic.next_record(classic.default_rules(), SEATS[i % 4], 0, text)
        ns = []
        for first, second in (("hard", "medium"), ("medium", "hard")):
            deal = Deal(record)
            while not deal.is_over:
                turn = deal.turn
                assert turn is not None
                level = first if turn.side == 0 else second
                deal.play(parse_card(ai.choose_card(deal.observation(turn), level, text, budget=None)))
            ns.append(deal.tricks_taken()[0])
        expected.append(ns[0] + (13 - ns[1]) - 13)
    assert [d["tricks"] for d in json.loads(r.stdout)["per_deal"]] == expected
