"""PBN files in: any game of tag pairs and sections, whist boards from our files and
from other programs' hand records, and the line and reason of every bad file."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card
from engine.deal import Deal
from engine.errors import NotationError
from engine.games.classic.rules import Rules
from engine.pbn import format_hands
from engine.pbnfile import (
    PbnGame,
    Tag,
    board_record,
    format_file,
    format_game,
    parse_pbn,
    parse_tags_text,
    play_tags,
    read_boards,
    tags_text,
)
from engine.seats import SEATS, Seat
from engine.shuffle import shuffled_pack

# Hand records as a dealing program writes them: the 15 tags of PBN's export
# format, no play, a "#" repeating the previous game's value, a table section,
# comments of both kinds and the version lines.
HAND_RECORDS = """\
% PBN 2.1
% EXPORT
% Creator: a dealing program
[Event "Club night"]
[Site "Hall"]
[Date "2026.12.01"]
[Board "1"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Scoring ""]
[Declarer "?"]
[Contract "?"]
[Result ""]
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT 6
N  S 7
{ a comment
  over two lines }

[Event "#"]
[Site "#"]
[Date "#"]
[Board "2"] ; the second board
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:AK2.AK2.AK2.AK32 QJ3.QJ3.QJ3.QJ54 T98.T98.T987.T98 7654.7654.654.76"]
[Declarer "S"]
[Contract "4HX"]
[Result "10"]
"""


def test_hand_records_of_another_program():
    games = parse_pbn(HAND_RECORDS)
    assert len(games) == 2
    assert games[1].value("Event") == "Club night"  # "#": as the game before
    table = games[0].tag("OptimumResultTable")
    assert table is not None and table.section == (("N", "NT", "6"), ("N", "S", "7"))
    one, two = read_boards(HAND_RECORDS)
    assert one.number == 1 and one.dealer == Seat.N and one.trump is None and one.line == 4
    assert format_hands(one.hands) == "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    assert two.dealer == Seat.E and two.trump == 1  # the contract's suit: hearts
    assert len(two.hands[Seat.E]) == 13 and Card("SA") in two.hands[Seat.E]


def test_a_board_without_trumps_turns_one_of_the_dealers_cards():
    one = read_boards(HAND_RECORDS)[0]
    record = board_record(one, "classic", Rules(), 0, seed=1)
    assert record.dealer == Seat.N and record.trump_card in one.hands[Seat.N]
    assert record.trump == record.trump_card.suit
    assert tuple(record.hands()) == one.hands
    again = board_record(one, "classic", Rules(), 0, seed=1)
    assert again == record  # the same seed turns the same card


def test_cycling_trumps_and_norwegian_whist_keep_their_own_trumps():
    two = read_boards(HAND_RECORDS)[1]
    cycling = Rules(cycling_trumps=True)
    assert board_record(two, "classic", cycling, 1).trump == cycling.trump_for_hand(1)
    assert board_record(two, "classic", Rules(), 1).trump == 1  # hearts, from the file
    assert board_record(two, "norwegian", None, 0).trump == 4


def test_three_hands_given_the_fourth_is_the_rest():
    text = '[Deal "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    (board,) = read_boards(text)
    assert format_hands(board.hands).split()[1] == "T98.765.432.AKQJ"
    assert board.dealer is None and board.number is None
    assert board_record(board, "classic", Rules(), 0, dealer=Seat.W).dealer == Seat.W
    with pytest.raises(NotationError, match="names no dealer"):
        board_record(board, "classic", Rules(), 0)


@pytest.mark.parametrize(("text", "message"), [
    ('[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"]', r"line 1: the Deal has 3 hand"),
    ('[Event "x"]\n[Deal "N:AKQJ.T98.765.432 - - -"]', r"line 2: the Deal gives 1 hands"),
    ('[Event "x"]\n\n[Board "2"]\n[Deal "N:AKQJ.T98.765.43Z - - -"]',
     r"line 4: North's hand: .*'Z' is not a rank"),
    ('[Board "1"]\n\n[Board "2"]\n[Deal "N:AKQJ.T98.765.432 - - -"]', r"line 1: this game has no Deal tag"),
    ('[Deal "N:AKQJ.T98.765.432 AKQJ.765.432.T98 - -"]', r"line 1: SA is in both North's and East's"),
    ('[Board "1"\n', r"line 1: the tag Board is not closed"),
    ('[Board 1]\n', r"line 1: the tag Board needs its value in double quotes"),
    ('[Board "1]\n', r"line 1: a tag value's quotes are not closed on its line"),
    ('Deal "N:..."\n', r"line 1: 'Deal' before any tag"),
    ('[Board "1"]\n{ never closed\n', r"line 2: a comment opened"),
    ('[Board "#"]\n', r"line 1: the tag Board is \"#\" \(as before\), but no earlier game"),
    ('[Board "x"]\n[Deal "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765"]',
     r"line 1: the Board 'x'"),
    ('[Dealer "Q"]\n[Deal "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765"]', r"line 1: the Dealer"),
    ('[Contract "9Z"]\n[Deal "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765"]',
     r"line 1: the Contract: '9Z' is not a contract"),
    ('[Dealer "N"]\n[TrumpCard "C5"]\n[Deal "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765"]',
     r"line 2: the turned card C5 is not in the dealer North's hand"),
    ('[Event "x"]\n', r"the file holds no deal"),
])
def test_a_bad_file_names_its_line_and_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        read_boards(text)


# ----- round trips --------------------------------------------------------------

names = st.from_regex(r"[A-Z][A-Za-z0-9_]{0,11}", fullmatch=True)
values = st.text(st.characters(min_codepoint=32, max_codepoint=126, exclude_characters='"\\'),
                 max_size=30).filter(lambda v: v != "#")
words = st.from_regex(r"[A-Za-z0-9=*+\-]{1,4}", fullmatch=True)
sections = st.lists(st.lists(words, min_size=1, max_size=4).map(tuple), max_size=4).map(tuple)
tags = st.builds(lambda n, v, s: Tag(n, v, 0, s), names, values, sections)
games = st.lists(tags, min_size=1, max_size=6).map(lambda ts: PbnGame(tuple(ts), 0))


def without_lines(game: PbnGame) -> list[tuple[str, str, tuple[tuple[str, ...], ...]]]:
    return [(t.name, t.value, t.section) for t in game.tags]


@given(st.lists(games, min_size=1, max_size=4))
def test_any_games_written_read_back_the_same(written):
    text = format_file(written)
    read = parse_pbn(text)
    assert [without_lines(g) for g in read] == [without_lines(g) for g in written]
    # each game starts on the line of its first tag
    lines = text.splitlines()
    for game in read:
        assert lines[game.line - 1].startswith(f"[{game.tags[0].name} ")


@given(st.integers(0, 2**32), st.sampled_from(SEATS), st.sampled_from("SHDC"), st.booleans())
def test_a_deal_written_as_a_board_is_read_back(seed, dealer, trump, turned):
    pack = shuffled_pack(seed)
    hands = [frozenset(pack[i::4]) for i in range(4)]
    card = sorted(c for c in hands[dealer] if "SHDC"[c.suit] == trump)
    tags_ = [Tag("Board", "7", 0), Tag("Dealer", dealer.name, 0), Tag("Deal", format_hands(hands, dealer), 0)]
    if turned and card:
        tags_.append(Tag("TrumpCard", str(card[0]), 0))
    else:
        tags_.append(Tag("Trump", trump, 0))
    (board,) = read_boards(format_game(tags_))
    assert board.number == 7 and board.dealer == dealer and list(board.hands) == hands
    assert board.trump == "SHDC".index(trump)
    assert board.trump_card == (card[0] if turned and card else None)


@given(st.integers(0, 2**32), st.integers(0, 13))
def test_a_played_deal_read_back_gives_the_same_deal(seed, tricks):
    from engine.bots import random_card
    from engine.deal import DealRecord

    record = DealRecord.deal(Seat.parse("NESW"[seed % 4]), seed=seed)
    deal = Deal(record)
    while len(deal.tricks) < tricks:
        deal.apply(deal.legal_actions()[0] if seed % 2 else _random_play(deal, random_card, seed))
    text = format_game([Tag("Dealer", record.dealer.name, 0), Tag("Deal", record.pbn() or "", 0),
                        *play_tags(deal)])
    (board,) = read_boards(text)
    again = board_record(board, "classic", Rules(), 0)
    assert again.hands() == record.hands() and again.trump_card == record.trump_card
    play = parse_pbn(text)[0].tag("Play")
    assert play is not None and play.value == record.dealer.offset(1).name
    assert sum(c != "-" for row in play.section for c in row) == 4 * tricks


def _random_play(deal, random_card, seed):
    from engine.actions import Play
    from engine.cards import parse_card

    seat = deal.turn
    return Play(seat, parse_card(random_card(deal.observation(seat), f"{seed}:{len(deal.actions)}")))


@given(st.dictionaries(st.from_regex(r"[a-z_]{1,10}", fullmatch=True),
                       st.one_of(st.integers(), st.booleans(), st.from_regex(r"[A-Z]{1,5}", fullmatch=True))))
def test_settings_in_a_tag_value_read_back(settings):
    back = parse_tags_text(tags_text(settings))
    assert back == {k: (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in settings.items()}


@settings(deadline=None, max_examples=40)  # endplay's first import takes a while
@given(st.lists(st.tuples(st.integers(0, 2**32), st.sampled_from("NESW")), min_size=1, max_size=4))
def test_hand_records_written_by_endplay_read_back(deals):
    pbn = pytest.importorskip("endplay.parsers.pbn")
    from endplay.types import Board as EndplayBoard
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Player

    written = [[frozenset(shuffled_pack(seed)[k::4]) for k in range(4)] for seed, _ in deals]
    text = pbn.dumps([EndplayBoard(deal=EndplayDeal(format_hands(h)), board_num=i + 1,
                                   dealer=Player.find(d))
                      for i, (h, (_, d)) in enumerate(zip(written, deals, strict=True))])
    boards = read_boards(text)
    assert [list(b.hands) for b in boards] == written
    assert [b.dealer for b in boards] == [Seat.parse(d) for _, d in deals]
    assert [b.number for b in boards] == list(range(1, len(deals) + 1))
    assert all(b.trump is None for b in boards)  # no contract: trumps by the rules
