"""``whist-table enrol --export/--import``: the enrolment out of one store and into another."""

from __future__ import annotations

import json

import pytest

from device.cli import main
from device.enrolment import ENROL_ORDER, Enrolment
from device.store import Store


def tag_of(i: int) -> str:
    return f"{0x0A00000000 + i:010X}"


@pytest.fixture
def enrolled_store(tmp_path):
    path = tmp_path / "table.sqlite3"
    with Store(path) as store:
        tags = {tag_of(i): card for i, card in enumerate(ENROL_ORDER)}
        tags[tag_of(99)] = "BJ"  # a bid whist deck's big joker has a tag too
        store.replace_enrolment(tags)
    return path


def test_export_then_import_on_a_fresh_store_gives_the_same_52_tags(enrolled_store, tmp_path, capsys):
    out = tmp_path / "deck.json"
    assert main(["enrol", "--db", str(enrolled_store), "--export", str(out)]) == 0
    assert f"exported every card to {out}" in capsys.readouterr().out
    fresh = tmp_path / "other" / "table.sqlite3"
    assert main(["enrol", "--db", str(fresh), "--import", str(out)]) == 0
    assert "imported every card" in capsys.readouterr().out
    with Store(enrolled_store, readonly=True) as a, Store(fresh, readonly=True) as b:
        assert b.enrolment() == a.enrolment()
        assert len(b.enrolment()) == 53
        assert b.card_for_tag(tag_of(99)) == "BJ"
    # The same file is what the installer's check reads.
    assert Enrolment.load_json(out).card_for(tag_of(2)) == "SQ"


def test_export_then_import_of_a_part_enrolled_deck_says_what_is_missing(tmp_path, capsys):
    path = tmp_path / "table.sqlite3"
    with Store(path) as store:
        store.replace_enrolment({tag_of(1): "SA", tag_of(2): "HK"})
    out = tmp_path / "deck.json"
    assert main(["enrol", "--db", str(path), "--export", str(out)]) == 0
    said = capsys.readouterr().out
    assert "2 cards of 52; missing: ♠K ♠Q" in said  # named as on the screen (issue 37)


BAD_FILES = [
    # (the file, the line named, what the message says)
    ('{\n  "version": 1,\n  "tags": {\n    "0A00000001": "SA",\n    "0A00000002": "ZZ"\n  }\n}\n',
     5, "not a card"),
    ('{\n  "version": 1,\n  "tags": {\n    "0A00000001": "SA",\n    "0A00000002": "SA"\n  }\n}\n',
     5, "already has tag 0A00000001"),
    ('{\n  "version": 1,\n  "tags": {\n    "0A00000001": "SA",\n    "0A00000001": "SK"\n  }\n}\n',
     5, "0A00000001 is given twice"),
    ('{\n  "version": 1,\n  "tags": {\n    "0A00000001": "SA",\n    "0A00000002": 7\n  }\n}\n',
     5, "a tag's card is text"),
    ('{\n  "version": 1,\n  "tags": {\n    "0A00000001": "SA"\n    "0A00000002": "SK"\n  }\n}\n',
     5, "not a valid enrolment file"),
    ('{\n  "version": 9,\n  "tags": {}\n}\n', 2, "version 9 is not known"),
]


@pytest.mark.parametrize(("text", "line", "why"), BAD_FILES)
def test_a_bad_file_gets_the_line_and_what_is_wrong(text, line, why, tmp_path, capsys):
    path = tmp_path / "table.sqlite3"
    with Store(path) as store:
        store.replace_enrolment({tag_of(7): "D2"})
    bad = tmp_path / "deck.json"
    bad.write_text(text)
    assert main(["enrol", "--db", str(path), "--import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}, line {line}: " in err and why in err, err
    assert "Traceback" not in err
    with Store(path, readonly=True) as store:
        assert store.enrolment() == {tag_of(7): "D2"}  # nothing imported


def test_export_without_a_store_says_so(tmp_path, capsys):
    assert main(["enrol", "--db", str(tmp_path / "none.sqlite3"), "--export",
                 str(tmp_path / "deck.json")]) == 1
    assert "there is no game store at" in capsys.readouterr().err
    assert not (tmp_path / "deck.json").exists()


def test_the_file_has_one_card_a_line(enrolled_store, tmp_path):
    out = tmp_path / "deck.json"
    assert main(["enrol", "--db", str(enrolled_store), "--export", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert f'    "{tag_of(0)}": "SA",' in lines
    assert json.loads(out.read_text())["version"] == 1
