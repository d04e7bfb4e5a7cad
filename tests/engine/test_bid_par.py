"""bench/bid_par.py: Bid Whist's double-dummy par (the best contract with every
card seen, the kitty taken up and six laid away) and its report against the
contracts an arena reached."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.cards import Card, full_deck
from engine.deal import DealRecord
from engine.games.bid import BidRules
from engine.order import NO_TRUMP, Order
from engine.seats import Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import bid_par  # noqa: E402


def cards(text: str) -> list[Card]:
    return [Card(c) for c in text.split()]


def test_of_two_sides_that_make_seven_no_trump_the_first_to_bid_holds_par() -> None:
    # North (every spade) and South (the diamonds) make 12 tricks at no trump, and so
    # does West (the clubs); with East dealing, South bids first
    north = cards("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3")
    kitty = cards("S2 BJ LJ H2 H3 H4")
    east = cards("H5 H6 H7 H8 H9 HT HJ HQ HK HA D2 C2")
    south = cards("D3 D4 D5 D6 D7 D8 D9 DT DJ DQ DK DA")
    west = [c for c in full_deck(jokers=True) if c not in {*north, *kitty, *east, *south}]
    assert len(west) == 12
    record = DealRecord.of_hands(Seat.E, (frozenset(north), frozenset(east), frozenset(south),
                                          frozenset(west)), NO_TRUMP, piles={"kitty": tuple(kitty)})
    par = bid_par.par_of(0, record, BidRules())
    assert (par.side, par.tricks, par.books, par.level, par.mode) == (0, 12, 13, 7, "notrump")
    assert not par.capped


def test_exchanges_lay_six_of_the_eighteen_away_the_ais_choice_first() -> None:
    full = cards("SA SK S2 S3 H2 H3 HA D2 D3 D4 D5 D6 C2 C3 C4 CK BJ LJ")
    order = Order(0)
    ways = bid_par.exchanges(full, order)
    assert ways[0] == frozenset(bid_par.lay_away(full, order, 6))
    assert len(ways) == len(set(ways)) > 1
    for away in ways:
        assert len(away) == 6 and away <= set(full)
        assert not away & {Card("BJ"), Card("LJ"), Card("SA")}  # trumps are kept at spades
    nt = bid_par.exchanges(full, Order(NO_TRUMP))
    assert all({Card("BJ"), Card("LJ")} <= away for away in nt)  # worthless at no trump


def test_a_node_cap_is_reported_not_hidden() -> None:
    record = bid_par.get_game("bid").next_record(BidRules(), Seat.N, 0, "cap")
    par = bid_par.par_of(0, record, BidRules(), call_nodes=50, deal_nodes=100_000)
    assert par.capped and par.capped_calls >= 1 and not par.solved


def test_the_report_compares_each_players_contracts_with_par(tmp_path: Path, capsys) -> None:
    pars = [{"deal": 0, "declarer": 0, "side": 0, "tricks": 10, "books": 11, "level": 5,
             "mode": "uptown", "trump": "S", "downtown": False, "capped": False, "capped_calls": 0,
             "searches": 3, "nodes": 10, "cpu": 0.5, "solved": True},
            {"deal": 2, "declarer": -1, "side": -1, "tricks": -1, "books": -1, "level": -99,
             "mode": "", "trump": "", "downtown": False, "capped": True, "capped_calls": 9,
             "searches": 9, "nodes": 10, "cpu": 9.0, "solved": False},
            {"deal": 1, "declarer": 1, "side": 1, "tricks": 9, "books": 10, "level": 4,
             "mode": "notrump", "trump": "N", "downtown": True, "capped": True, "capped_calls": 1,
             "searches": 3, "nodes": 10, "cpu": 2.0}]
    tables = [{"deal": 0, "table": 0, "ns": "hard", "by": "hard", "declarer": 0, "side": 0, "level": 4,
               "mode": "uptown", "trump": "S", "downtown": False, "books": 11, "points": 5, "made": True},
              {"deal": 0, "table": 1, "ns": "rules", "by": "rules", "declarer": 2, "side": 0, "level": 6,
               "mode": "uptown", "trump": "H", "downtown": False, "books": 10, "points": -2, "made": False},
              {"deal": 1, "table": 0, "ns": "hard", "by": "rules", "declarer": 1, "side": 1, "level": 4,
               "mode": "notrump", "trump": "N", "downtown": True, "books": 10, "points": 4, "made": True},
              {"deal": 1, "table": 1, "ns": "rules", "by": "hard", "declarer": 3, "side": 1, "level": 3,
               "mode": "downtown", "trump": "C", "downtown": True, "books": 10, "points": 4, "made": True}]
    (tmp_path / "p").write_text("".join(json.dumps(p) + "\n" for p in pars))
    (tmp_path / "t").write_text("".join(json.dumps(t) + "\n" for t in tables))
    sys.argv = ["bid_par.py", "report", "--par", str(tmp_path / "p"), "--tables", str(tmp_path / "t")]
    assert bid_par.main() == 0
    out = capsys.readouterr().out
    assert "par of 2 deals" in out and "cap hit on 1 deal(s): 1;" in out
    assert "left out, nothing solved within the cap: 2" in out
    hard = next(line for line in out.splitlines() if line.strip().startswith("hard:"))
    assert "declared 2 of 4 tables; level - par -1.00" in hard
    assert "par's strain 1 (50.0%)" in hard and "over 0, exact 0, under 2" in hard
    assert "made 2 (100.0%)" in hard
    assert "won the auction on 2 of the 2 tables where its side held par" in hard
    rules = next(line for line in out.splitlines() if line.strip().startswith("rules:"))
    assert "over 1, exact 1, under 0" in rules and "made 1 (50.0%)" in rules


def test_card_play_alone_both_tables_reach_the_same_contract(capsys) -> None:
    # bench/bid_play.py: one level bids at both tables, the play differs
    import bid_play
    sys.argv = ["bid_play.py", "rules", "random", "--bidder", "rules", "--deals", "3", "--seed", "t"]
    assert bid_play.main() == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"] == 3 and data["same_contract_both_tables"] == 3
    assert len(data["margins"]) == 3 and all(-12 <= m <= 12 for m in data["margins"])
    assert set(data["cpu_ms_p99"]) == {"rules", "random"}
