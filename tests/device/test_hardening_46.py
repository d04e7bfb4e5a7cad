"""Issue 46, the table's half: hostile numbers, bots, files and damaged stores refused clearly."""

from __future__ import annotations

import argparse
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from device.cli import build_parser, main


# -- 8: every number on the command line is finite and in range, checked in one place -------------
def _number_options(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _number_options(sub, (*path, name))
        elif action.option_strings and action.type is not None:
            yield path, action


def test_8_no_number_option_is_read_but_by_the_one_checker():
    plain = [(" ".join(p), a.option_strings[0]) for p, a in _number_options(build_parser())
             if a.type in (int, float)]
    assert plain == []


NUMBER_OPTIONS = sorted({(p, a.option_strings[-1]) for p, a in _number_options(build_parser())
                         if getattr(a.type, "__module__", "") == "device.commands._number"})
REQUIRED = {"arena": ["rules", "random"], "hall status": ["--db", "hub.db"],
            "hall serve": ["--db", "hub.db", "--drive", "d"],
            "hall table": ["--db", "t.db", "--drive", "d", "--table", "1"],
            "hall broker-config": ["--dir", "x", "--drive", "d", "--tables", "2"],
            "screenshot": ["--scene", "menu", "--out", "x.png"]}


@pytest.mark.parametrize(("path", "option"), NUMBER_OPTIONS)
@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_8_nan_and_infinity_are_refused_by_every_number_option(path, option, value, capsys):
    argv = [*path, *REQUIRED.get(" ".join(path), []), f"{option}={value}"]
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and f"argument {option}" in err
    assert "Traceback" not in err and ("finite" in err or "whole number" in err)


@given(st.one_of(st.text(max_size=40), st.floats().map(repr), st.integers().map(str)),
       st.sampled_from([int, float]))
def test_8_the_checker_gives_a_finite_number_in_range_or_says_why_not(text, kind):
    import math

    from device.commands._number import number

    parse = number(kind, low=kind(-5), high=kind(1000))
    try:
        value = parse(text)
    except argparse.ArgumentTypeError as exc:
        assert repr(text) in str(exc) or text.strip() in str(exc)
        return
    assert isinstance(value, kind) and math.isfinite(value) and -5 <= value <= 1000


def test_8_arena_timeout_nan_and_inf_are_refused_with_a_clear_line(capsys):
    for value in ("nan", "inf"):
        with pytest.raises(SystemExit) as exit_:
            main(["arena", "rules", "random", "--timeout", value])
        assert exit_.value.code == 2
        assert f"argument --timeout: '{value}' is not a finite number: give a number more than 0" \
            in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["arena", "rules", "random", "--timeout", "0"])
    assert "0 is out of range" in capsys.readouterr().err


# -- 13: the headless demo refuses a broken config file, in one line naming it ----------------------
@pytest.mark.parametrize(("text", "problem"), [("[table\nsize = ", "not valid TOML"),
                                                ('[ai]\npartner = "wizard"\n', "partner")])
def test_13_headless_demo_refuses_a_broken_config_in_one_line(tmp_path, capsys, caplog, text, problem):
    broken = tmp_path / "broken.toml"
    broken.write_text(text, encoding="utf-8")
    assert main(["demo", "--headless", "--hands", "1", "--seed", "1", "--config", str(broken)]) == 2
    assert caplog.records == []  # before anything else is done or said
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and str(broken) in captured.err and problem in captured.err
    assert captured.err.startswith("whist-table demo: the config cannot be used: ")


# -- 10: a demo run whose stored rubber has a damaged action starts again, saying why ---------------
@pytest.mark.parametrize(("damage", "named"), [
    ('{"card":"ZZ","seat":"W","type":"play"}', "ZZ"),  # no card at all
    (None, "turn"),  # a legal card, played by the seat after the one whose turn it is
])
def test_10_demo_resume_survives_a_damaged_action_row(tmp_path, capsys, damage, named):
    import json
    import sqlite3

    db = tmp_path / "demo.sqlite3"
    argv = ["demo", "--headless", "--seed", "7", "--level", "random", "--db", str(db), "--delay", "0"]
    assert main([*argv, "--hands", "1"]) == 0
    capsys.readouterr()
    with sqlite3.connect(db) as con:
        (text,) = con.execute("SELECT action FROM actions WHERE seq = 1").fetchone()
        if damage is None:
            action = json.loads(text)
            action["seat"] = {"N": "E", "E": "S", "S": "W", "W": "N"}[action["seat"]]
            damage = json.dumps(action)
        con.execute("UPDATE actions SET action = ? WHERE seq = 1", (damage,))
    assert main([*argv, "--hands", "2"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "cannot be resumed" in x)
    assert "seed 7" in line and "rubber 1" in line and named in line and "from the start" in line
    assert "Traceback" not in out


# -- 11: enrol --import takes the reader's tags only, a file of an enrolment's size, and keeps a
# fuller enrolment unless told to replace it -------------------------------------------------------
def _tag(i: int) -> str:
    return f"{0x0A00000000 + i:010X}"


def _deck_file(path, tags: dict[str, str]):
    path.write_text(json.dumps({"version": 1, "tags": tags}), encoding="utf-8")
    return path


@pytest.fixture
def full_store(tmp_path):
    from device.enrolment import ENROL_ORDER
    from device.store import Store

    path = tmp_path / "table.sqlite3"
    with Store(path) as store:
        store.replace_enrolment({_tag(i): card for i, card in enumerate(ENROL_ORDER)})
    return path


def _enrolment(path) -> dict[str, str]:
    from device.store import Store

    with Store(path, readonly=True) as store:
        return store.enrolment()


@pytest.mark.parametrize(("tag", "why"), [("zz!!", "'zz!!' is not a tag"), ("12AB", "is not a tag"),
                                          ("F" * 10_000, "is not a tag")])
def test_11_import_refuses_what_is_not_a_reader_tag(full_store, tmp_path, capsys, tag, why):
    before = _enrolment(full_store)
    bad = _deck_file(tmp_path / "deck.json", {tag: "SA"})
    assert main(["enrol", "--db", str(full_store), "--import", str(bad), "--replace"]) == 1
    err = capsys.readouterr().err
    assert why in err and "hex digits" in err and len(err) < 400
    assert _enrolment(full_store) == before


def test_11_import_refuses_an_oversized_file(full_store, tmp_path, capsys):
    big = tmp_path / "deck.json"
    big.write_text('{"version": 1, "tags": {"0A00000001": "SA"' + " " * 10_000_000 + "}}")
    assert main(["enrol", "--db", str(full_store), "--import", str(big), "--replace"]) == 1
    assert "over 64 KiB, so not an enrolment file" in capsys.readouterr().err


def test_11_a_partial_import_does_not_replace_a_full_enrolment_without_replace(full_store, tmp_path, capsys):
    before = _enrolment(full_store)
    one = _deck_file(tmp_path / "deck.json", {_tag(500): "SA"})
    assert main(["enrol", "--db", str(full_store), "--import", str(one)]) == 1
    err = capsys.readouterr().err
    assert "has no tag for 51 cards the store has one for" in err and "--replace" in err
    assert _enrolment(full_store) == before
    assert main(["enrol", "--db", str(full_store), "--import", str(one), "--replace"]) == 0
    assert _enrolment(full_store) == {_tag(500): "SA"}


def test_11_tags_imported_before_they_were_checked_do_not_stop_the_enrolment_screen(tmp_path):
    from device.store import Store

    with Store(tmp_path / "table.sqlite3") as store:
        store.replace_enrolment({"zz!!": "SA", _tag(1): "SK"})  # as an older version let in
        enrolment = store.editable_enrolment()
        assert enrolment.tags() == {_tag(1): "SK"} and "SA" in enrolment.missing()
