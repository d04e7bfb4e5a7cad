"""PBN out that another program opens: endplay's PBN reader (an independent
implementation of the standard) parses every board of an exported rubber and
finds the deal and every card played, in order, as the engine replays them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from device.cli import main
from device.store import Store
from device.store.pbn_export import rubber_text
from device.store.recall import recall_match
from engine.actions import Play
from engine.pbnfile import parse_pbn, read_boards
from tests.system.test_store_migration import STORE, run

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")


def endplay_card(card: object) -> str:
    """endplay's card as ours: suit letter and rank, T for ten."""
    text = str(card)
    suit = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(text[0], text[0])
    return suit + text[1:].replace("10", "T")


def endplay_hands(deal: object) -> list[set[str]]:
    """The four hands (N, E, S, W) of endplay's deal, as our card texts."""
    from endplay.types import Player

    return [{endplay_card(c) for c in deal[p]} for p in (Player.north, Player.east, Player.south,
                                                          Player.west)]


def check_rubber(store: Store, match_id: int) -> int:
    """Export the rubber, read it with endplay, compare with the engine's replay;
    the number of cards compared."""
    row = store.match(match_id)
    assert row is not None
    text = rubber_text(store, row, ["Score sheet", "  1 South ♦ 8-5"])
    boards = endplay_pbn.loads(text)
    hands = recall_match(store, row)
    rows = store.deals_of_match(match_id)
    assert len(boards) == len(rows)
    by_row = {h.row.id: h for h in hands}
    cards = 0
    for board, deal_row in zip(boards, rows, strict=True):
        hand = by_row.get(deal_row.id)
        if hand is None:  # a misdeal: a board without play
            assert not board.play
            continue
        deal = hand.deal
        dealt = deal.dealt_hands()
        theirs = endplay_hands(board.deal)
        for seat, hand in enumerate(dealt):
            # a real deck's unfinished hand: the hands nobody saw are "-"
            assert theirs[seat] == (set() if hand is None else {str(c) for c in hand})
        played = [str(a.card) for a in deal.actions if isinstance(a, Play)]
        assert [endplay_card(c) for c in board.play] == played
        # endplay leads from the declarer's left: our first leader
        first = deal.tricks[0].leader if deal.tricks else deal.current.leader
        assert board.contract.declarer.abbr == first.offset(-1).name
        assert board.contract.level == 1
        cards += len(played)
    return cards


def test_endplay_reads_every_board_and_card_of_demo_rubbers(tmp_path, capsys):
    db = tmp_path / "demo.db"
    assert main(["demo", "--headless", "--hands", "16", "--seed", "36", "--level", "rules",
                 "--db", str(db)]) == 0
    capsys.readouterr()
    with Store(db, readonly=True) as store:
        matches = [m.id for m in store.matches()]
        assert len(matches) >= 2  # at least one whole rubber and the next one begun
        cards = sum(check_rubber(store, m) for m in matches)
    assert cards == 16 * 52


def test_norwegian_boards_lead_from_the_declarers_left(tmp_path, capsys):
    """Norwegian whist leads from the grand bidder's left or the nullo bidder's
    right: the exported declarer is chosen so a bridge reader finds that lead."""
    db = tmp_path / "norwegian.db"
    assert main(["demo", "--headless", "--game", "norwegian", "--hands", "4", "--seed", "5",
                 "--level", "rules", "--db", str(db)]) == 0
    capsys.readouterr()
    with Store(db, readonly=True) as store:
        assert sum(check_rubber(store, m.id) for m in store.matches()) == 4 * 52


def test_the_old_stores_rubbers_open_in_endplay(tmp_path):
    """The store an old release wrote: claims, a misdeal, a real deck's revoke."""
    copy = tmp_path / STORE.name
    shutil.copyfile(STORE, copy)
    with Store(copy, readonly=True) as store:
        cards = 0
        for m in store.matches():
            code, out = run(["history", "--db", "F", "--pbn", "--rubber", str(m.id)], copy)
            assert code == 0
            assert len(endplay_pbn.loads(out)) == len(store.deals_of_match(m.id))
            cards += check_rubber(store, m.id)
        assert cards > 0


def test_our_reader_reads_our_export_back(tmp_path: Path, capsys):
    db = tmp_path / "demo.db"
    assert main(["demo", "--headless", "--hands", "3", "--seed", "8", "--level", "rules",
                 "--db", str(db)]) == 0
    capsys.readouterr()
    with Store(db, readonly=True) as store:
        row = store.matches()[-1]
        text = rubber_text(store, row)
        hands = recall_match(store, row)
    games = parse_pbn(text)
    boards = read_boards(text)
    assert len(boards) == len(hands) == 3
    for board, game, hand in zip(boards, games, hands, strict=True):
        assert board.dealer == hand.deal.dealer
        assert board.trump == hand.deal.trump and board.trump_card == hand.deal.record.trump_card
        assert list(board.hands) == list(hand.deal.dealt_hands())
        assert game.value("WhistGame") == "classic"
        assert game.value("Result") == str(hand.deal.tricks_taken()[hand.deal.dealer.side])
