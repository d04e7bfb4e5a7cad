"""The hub's own bookkeeping, without a broker: sign-ins by name or tag, the players list, refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hall.drive import DriveError, DriveSettings, HandResult
from hall.hub import Hub, read_players, seat_players
from hall.store import HubStore


def make_hub(tmp_path: Path, tables: int = 2) -> Hub:
    return Hub(HubStore(tmp_path / "hub.db"), None, DriveSettings("club", tables=tables, rounds=1))


def test_players_sign_in_by_name_or_by_their_tag_until_the_start(tmp_path: Path) -> None:
    hub = make_hub(tmp_path)
    hub.tags = {"04A1B2": "Ann"}
    hub.receive_signin(1, json.dumps({"seat": "N", "tag": "04a1b2"}).encode())
    hub.receive_signin(1, json.dumps({"seat": "S", "tag": "FFFF01"}).encode())
    hub.receive_signin(2, json.dumps({"seat": "E", "name": "Bob"}).encode())
    hub.receive_signin(2, b"not json")
    first = hub.start(["Cy", "Ann", "Di"])
    assert first.at(1) == ("Ann", "Cy", "Tag FFFF01", "Di")
    assert first.at(2) == ("AI 2N", "Bob", "AI 2S", "AI 2W")
    hub.receive_signin(2, json.dumps({"seat": "N", "name": "Late"}).encode())
    assert hub.first == first  # round one is seated once


def test_the_players_list_takes_names_and_tags_and_refuses_a_name_twice() -> None:
    names, tags = read_players("# the club\nAnn Baker = 04a1b2\n\nBob Rowe\n")
    assert names == ["Ann Baker", "Bob Rowe"] and tags == {"04A1B2": "Ann Baker"}
    with pytest.raises(DriveError, match="line 2: Ann is listed twice"):
        read_players("Ann\nAnn = 01\n")
    with pytest.raises(DriveError, match="add tables"):
        seat_players(1, [f"P{i}" for i in range(5)], {})


def test_a_result_that_is_not_the_drive_s_is_refused_and_kept_for_the_organiser(tmp_path: Path) -> None:
    hub = make_hub(tmp_path)
    hub.start()
    hub.receive_result(1, HandResult("club", 1, 1, 1, (13, 0)).to_json().encode())  # no cards to show for it
    hub.receive_result(2, b"{}")
    assert hub.counts.refused == 2 and hub.counts.counted == 0
    refusals = hub.store.refusals()
    assert refusals[0][0] == 1 and "not finished" in refusals[0][1]
    assert "lacks the field" in refusals[1][1]


def test_a_table_ignores_messages_it_cannot_use_and_keeps_its_own_drive(tmp_path: Path) -> None:
    from hall.link import Message
    from hall.run import ai_chooser
    from hall.store import TableJournal
    from hall.table import HallTable

    settings = DriveSettings("club", tables=2, rounds=1)
    table = HallTable(TableJournal(tmp_path / "t.db"), None, 1, ai_chooser("random"), drive="club")
    seating = [["A", "B", "C", "D"], ["E", "F", "G", "H"]]
    drive = json.dumps({"settings": settings.to_dict(), "seating": seating})
    for topic, payload in (("whist/club/drive", b"{}"), ("whist/club/drive", b"[1]"),
                           ("whist/club/drive", drive.encode()), ("whist/club/table/1/acked", b'{"x": 1}'),
                           ("whist/club/table/1/seating", b"[]"),
                           ("whist/club/drive", json.dumps({"settings": {**settings.to_dict(), "seed": "new"},
                                                           "seating": None}).encode())):
        table.handle(Message(topic, payload, retained=True))
    assert table.settings == settings and table.players(1) == ("A", "B", "C", "D")
