"""``whist-table history --json``: one object a line per hand, read back through the
engine, on the store the old release wrote (tests/data) and on random rubbers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from device.journal import Journal, ai_players
from device.store import Store
from device.store.export import hand_record
from device.store.recall import recall_match
from engine.actions import Claim, Play, action_from_dict
from engine.bots import random_card
from engine.cards import parse_card, parse_cards
from engine.deal import Deal, DealRecord
from engine.games.classic.rules import Rules
from engine.match import Match
from engine.seats import SEATS, Seat
from tests.system.test_store_migration import STORE, run

HANDS = 24  # the old store's deals less its one misdeal


@pytest.fixture(scope="module")
def old_store(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("json") / STORE.name
    shutil.copyfile(STORE, copy)
    return copy


@pytest.fixture(scope="module")
def lines(old_store) -> list[dict]:
    code, out = run(["history", "--db", "F", "--json"], old_store)
    assert code == 0
    return [json.loads(line) for line in out.splitlines()]


def listing(db: Path) -> dict[tuple[int, int], list[str]]:
    """(rubber, hand) -> the row `history` lists for it."""
    code, out = run(["history", "--db", "F", "--last", "1000"], db)
    assert code == 0
    rows = [line.split() for line in out.splitlines()[1:]]
    return {(int(r[1]), int(r[2])): r for r in rows if r[2] != "-"}


def test_every_hand_is_one_line_with_the_fields_of_the_contract(lines):
    assert len(lines) == HANDS
    for line in lines:
        assert list(line) == ["game", "rules", "match", "hand", "dealer", "seats", "trump", "deal",
                              "actions", "tricks", "result", "totals"]
        assert line["game"] == "classic" and line["seats"] == ["N", "E", "S", "W"]
        assert set(line["deal"]) == {"hands", "piles", "turned"} and line["deal"]["piles"] == {}
        assert all(a["type"] in ("play", "claim") and a["seat"] in "NESW" for a in line["actions"])
    assert [(x["match"], x["hand"]) for x in lines][:8] == [(1, n) for n in range(1, 7)] + [(2, 1), (2, 2)]
    assert {x["rules"]["cycling_trumps"] for x in lines if x["match"] == 3} == {True}


def test_the_cards_dealt_are_the_whole_pack(lines):
    for line in lines:
        hands = line["deal"]["hands"]
        known = [parse_cards(h) for h in hands.values() if h is not None]
        if line["match"] != 4:  # the referee's real deck: only what the table saw
            assert len(known) == 4 and all(len(h) == 13 for h in known)
            assert len({c for h in known for c in h}) == 52
        turned = line["deal"]["turned"]
        if turned is not None:
            assert turned in (hands[line["dealer"]] or [turned]) and turned[0] == line["trump"]
    referee = [x["deal"]["hands"] for x in lines if x["match"] == 4]
    assert [[s for s, h in hands.items() if h is not None] for hands in referee] == [["W"], ["W"]]


def engine_deal(line: dict) -> Deal:
    """The line's deal replayed through the engine from its own cards and actions."""
    hands = line["deal"]["hands"]
    dealer, trump, turned = line["dealer"], line["trump"], line["deal"]["turned"]
    if all(h is not None for h in hands.values()):
        record = DealRecord.from_hands([hands[s.name] for s in SEATS], dealer, trump, turned)
    else:
        record = DealRecord.physical(dealer, trump, turned,
                                     known={s: h for s, h in hands.items() if h is not None})
    return Deal.replay(record, [action_from_dict(a) for a in line["actions"]])


def test_the_actions_replay_to_the_same_tricks(lines):
    for line in lines:
        deal = engine_deal(line)
        tricks = [{"leader": t.leader.name, "cards": [str(c) for c in t.cards],
                   "winner": t.winner(deal.trump).name} for t in deal.tricks]
        if deal.current.cards:
            tricks.append({"leader": deal.current.leader.name,
                           "cards": [str(c) for c in deal.current.cards], "winner": None})
        assert line["tricks"] == tricks
        if line["result"] is not None:
            ns, ew = deal.tricks_taken()
            assert line["result"]["tricks"] == {"NS": ns, "EW": ew}


def test_results_and_totals_agree_with_history(lines, old_store):
    listed = listing(old_store)
    game = {"NS": 0, "EW": 0}
    games = {"NS": 0, "EW": 0}
    for line in lines:
        row = listed[(line["match"], line["hand"])]
        if line["hand"] == 1:
            game, games = {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}
        result, totals = line["result"], line["totals"]
        if result is None:
            assert row[-3:] == ["in", "play", "-"] and totals is None
            continue
        tricks, points = result["tricks"], result["points"]
        assert row[-2:] == [f"{tricks['NS']}-{tricks['EW']}", f"{points['NS']}-{points['EW']}"]
        game = {s: game[s] + points[s] for s in game}
        assert totals["game"] == game
        if "game" in result:
            games[result["game"]] += 1
            game = {"NS": 0, "EW": 0}
        assert totals["games"] == games
    rubber = [x for x in lines if x["match"] == 3][-1]
    assert rubber["totals"]["rubber"] == "NS" and rubber["totals"]["games"] == {"NS": 2, "EW": 0}


def test_the_revoke_and_honours_are_in_the_result(lines):
    referee = next(x for x in lines if x["match"] == 4 and x["hand"] == 1)
    assert referee["result"]["revokes"] == [{"seat": "E", "suit": "S", "trick": 3, "proven_in": 4}]
    assert referee["result"]["penalty"] == {"NS": 3, "EW": 0}
    assert all("honours" in x["result"] for x in lines if x["match"] == 2 and x["result"])
    assert not any("honours" in x["result"] for x in lines if x["match"] == 1)


def test_show_rubber_and_last_pick_lines_of_the_whole(lines, old_store):
    code, out = run(["history", "--db", "F", "--json", "--rubber", "3"], old_store)
    assert code == 0 and [json.loads(x) for x in out.splitlines()] == [x for x in lines if x["match"] == 3]
    code, out = run(["history", "--db", "F", "--json", "--show", "9"], old_store)  # rubber 2, hand 2
    assert code == 0 and [json.loads(x) for x in out.splitlines()] == [lines[7]]
    code, out = run(["history", "--db", "F", "--json", "--last", "3"], old_store)
    assert code == 0 and [json.loads(x) for x in out.splitlines()] == lines[-3:]
    code, out = run(["history", "--db", "F", "--json", "--show", "8"], old_store)  # the misdeal
    assert code == 0 and out == ""


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), honours=st.booleans(), claims=st.lists(st.integers(0, 51), max_size=6),
       misdeal=st.integers(0, 5))
def test_a_random_rubber_reads_back_as_it_was_scored(seed, honours, claims, misdeal):
    """Whatever was played, each hand's line holds the engine's live score and totals."""
    with Store(":memory:") as store:
        match = Match(Rules(honours=honours), Seat.parse("NESW"[seed % 4]), seed=seed)
        match_id = Journal(store, ai_players("random")).follow(match)
        live = []
        for hand in range(6):
            deal = match.new_deal()
            if hand == misdeal:
                match.misdeal()
                deal = match.new_deal()
            stop = claims[hand] if hand < len(claims) else 52
            while not deal.is_over:
                if len(deal.actions) == stop:
                    deal.apply(Claim(deal.turn, (seed + hand) % (14 - len(deal.tricks))))
                    break
                deal.apply(Play(deal.turn, parse_card(random_card(deal.observation(deal.turn),
                                                                  match.move_seed()))))
            score = match.finish_deal()
            live.append((score, match.game_score if score.game_won_by is None else score.game_after,
                         match.games_won, [a.to_dict() for a in deal.actions]))
            if match.is_over:
                break
        row = store.match(match_id)
        records = [hand_record("classic", match_id, h).to_json() for h in recall_match(store, row)]
    assert len(records) == len(live)
    for line, (score, game, games, actions) in zip(records, live, strict=True):
        assert line["actions"] == actions
        assert line["result"]["tricks"] == {"NS": score.tricks[0], "EW": score.tricks[1]}
        assert line["result"]["points"] == {"NS": score.points[0], "EW": score.points[1]}
        assert line["totals"]["game"] == {"NS": game[0], "EW": game[1]}
        assert line["totals"]["games"] == {"NS": games[0], "EW": games[1]}
        assert ("honours" in line["result"]) == honours
        assert engine_deal(line).tricks_taken() == score.tricks


def test_a_stored_deal_the_engine_refuses_is_reported(tmp_path):
    db = tmp_path / "w.sqlite3"
    record = DealRecord.deal(Seat.N, seed=4)
    leader = Seat.E
    with Store(db) as store:
        m = store.start_match({}, {"N": "rules"})
        d = store.start_deal(m, 1, record.to_dict())
        first = sorted(record.hands()[leader])[0]
        store.append_action(d, 0, {"type": "play", "seat": "E", "card": str(first)})
        store.append_action(d, 1, {"type": "play", "seat": "E", "card": str(first)})  # again
    code, out = run(["history", "--db", "F", "--show", str(d)], db)
    assert code == 0 and f"Trick  1 (Right leads): Right {first.symbol} (unfinished)" in out
    assert f"Stopped: action 2 (card={first}, seat=E, type=play) cannot be replayed: not your turn" in out
    code, out = run(["history", "--db", "F", "--json"], db)
    assert code == 1 and out == ""
