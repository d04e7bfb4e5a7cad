"""``demo --headless --deals F`` and ``play --deals F`` deal exactly a file's hands: a
file written by another program (endplay's PBN writer: hand records, no play),
dealers out of the usual turn, the file's trumps; a bad file gets its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.app.testing import make_app
from device.cli import main
from device.deals import DealSource
from device.store import Store
from device.store.recall import recall_match
from engine.pbn import format_hands
from engine.seats import Seat
from engine.shuffle import shuffled_pack

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
from endplay.types import Board, Contract, Deal, Player, Vul  # noqa: E402

DEALERS = (Player.north, Player.north, Player.west, Player.south)  # not the usual turn


def hands_of(i: int) -> list[frozenset]:
    pack = shuffled_pack(f"file-{i}")
    return [frozenset(pack[k::4]) for k in range(4)]


def write_endplay_file(path: Path, contract_on: int | None = None) -> list[list[frozenset]]:
    """Hand records as endplay writes them (board ``contract_on`` with a contract 4H)."""
    deals = [hands_of(i) for i in range(len(DEALERS))]
    boards = []
    for i, (hands, dealer) in enumerate(zip(deals, DEALERS, strict=True)):
        board = Board(deal=Deal(format_hands(hands)), board_num=i + 1, dealer=dealer, vul=Vul.none)
        if i == contract_on:
            board.contract = Contract("4H")
            board.contract.declarer = Player.south
        boards.append(board)
    path.write_text(endplay_pbn.dumps(boards))
    return deals


def test_demo_plays_exactly_the_files_deals(tmp_path, capsys):
    deals_file = tmp_path / "records.pbn"
    deals = write_endplay_file(deals_file, contract_on=1)
    db = tmp_path / "demo.db"
    assert main(["demo", "--headless", "--deals", str(deals_file), "--seed", "4", "--level", "rules",
                 "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Deals from records.pbn: 4 boards." in out and "Played 4 hands" in out
    with Store(db, readonly=True) as store:
        hands = [h for m in store.matches()[::-1] for h in recall_match(store, m)]
    assert len(hands) == 4
    for hand, dealt, dealer in zip(hands, deals, DEALERS, strict=True):
        assert list(hand.deal.dealt_hands()) == dealt
        assert hand.deal.dealer == Seat.parse(dealer.abbr)
        turned = hand.deal.record.trump_card
        if hand.number == 2:
            assert hand.deal.trump == 1 and turned is None  # the file's contract: hearts
        else:
            assert turned in dealt[hand.deal.dealer] and hand.deal.trump == turned.suit
        assert len(hand.deal.tricks) == 13


def test_without_hands_the_file_decides_how_many(tmp_path, capsys):
    deals_file = tmp_path / "records.pbn"
    write_endplay_file(deals_file)
    assert main(["demo", "--headless", "--deals", str(deals_file), "--hands", "5", "--seed", "1",
                 "--level", "random"]) == 0
    out = capsys.readouterr().out
    assert "Played 5 hands" in out  # the file's 4, then a shuffled one


def test_a_bad_file_is_refused_with_its_line(tmp_path, capsys):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.J98.7654.32 - - -"]\n')
    assert main(["demo", "--headless", "--deals", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.pbn: line 4: the Deal gives 1 hands" in err
    assert main(["demo", "--headless", "--deals", str(tmp_path / "missing.pbn")]) == 1
    assert "cannot read the deal file" in capsys.readouterr().err


def test_the_duplicate_match_in_the_terminal(tmp_path, capsys):
    deals_file = tmp_path / "records.pbn"
    write_endplay_file(deals_file)
    assert main(["demo", "--headless", "--deals", str(deals_file), "--duplicate", "--hands", "2",
                 "--level", "rules", "--against", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("--- Deal ") == 2 and "Duplicate match over: 2 deals" in out
    diffs = [int(line.split("Difference ")[1].split()[0])
             for line in out.splitlines() if "Difference" in line]
    total = int(out.split("you ")[-1].split()[0])
    assert sum(diffs) == total
    assert main(["demo", "--headless", "--duplicate"]) == 2


def test_the_table_deals_the_files_hands(tmp_path):
    deals_file = tmp_path / "records.pbn"
    deals = write_endplay_file(deals_file)
    app = make_app()
    try:
        app.session.use_deals(DealSource.open(deals_file, 3))
        for dealt, dealer in zip(deals[:2], DEALERS, strict=False):
            deal = app.session.shuffle_and_deal()
            assert list(deal.dealt_hands()) == dealt and deal.dealer == Seat.parse(dealer.abbr)
            while not deal.is_over:
                deal.apply(deal.legal_actions()[0])
            app.session.finish()
    finally:
        app.close()


def test_play_refuses_a_bad_file_before_the_table_opens(tmp_path, capsys):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"]\n')
    assert main(["play", "--deals", str(bad)]) == 1
    assert "bad.pbn: line 2: the Deal has 3 hand(s)" in capsys.readouterr().err
    assert main(["play", "--duplicate"]) == 2


def test_norwegian_whist_plays_a_files_deals_without_trumps(tmp_path, capsys):
    deals_file = tmp_path / "records.pbn"
    deals = write_endplay_file(deals_file, contract_on=0)  # a contract in hearts: no trumps all the same
    assert main(["demo", "--headless", "--game", "norwegian", "--deals", str(deals_file), "--hands", "2",
                 "--seed", "2", "--level", "rules"]) == 0
    out = capsys.readouterr().out
    assert out.count("no trumps ---") == 2 and "Played 2 hands" in out
    north = " ".join(c.symbol[1:] for c in sorted(deals[0][0], reverse=True) if c.suit == 0)
    assert north in out.split("hand 2")[0]
