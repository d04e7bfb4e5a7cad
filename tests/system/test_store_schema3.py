"""The store of the release before one table drew every game (fd4908c, schema 3)
opens, resumes and exports unchanged with today's code.

tests/data/store-schema3.db holds a headless demo of each of that release's ten
games and a classic run whose power was cut in the middle of a hand; the
transcript is what that release printed about it (tests/data/README.md,
make_store_schema3.py). Never change them to make this pass."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from pathlib import Path

import pytest

from device.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"
STORE = DATA / "store-schema3.db"
TRANSCRIPT = DATA / "store-schema3.transcript"
PROMPT = "$ whist-table "
CUT_SEED = 41  # make_store_schema3.py's run cut mid-hand


def printed_by_the_release() -> dict[str, str]:
    out: dict[str, str] = {}
    key = ""
    for line in TRANSCRIPT.read_text().splitlines(keepends=True):
        if line.startswith(PROMPT):
            key = line[len(PROMPT):].strip()
            out[key] = ""
        else:
            out[key] += line
    return out


RELEASE = printed_by_the_release()


def run(args: list[str], db: Path) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main([str(db) if a == "F" else a for a in args]) == 0
    return buf.getvalue()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TZ", "UTC")
    copy = tmp_path / STORE.name
    shutil.copyfile(STORE, copy)
    return copy


def test_the_json_export_of_every_game_is_what_the_release_wrote(store: Path) -> None:
    old = RELEASE["history --db F --json"]
    games = {json.loads(h)["game"] for h in old.splitlines()}
    assert len(old.splitlines()) == 14 and games == {"classic", "oh-hell", "bid", "solo", "knockout",
                                                     "scandinavian", "german", "norwegian", "widow", "dummy"}
    assert run(["history", "--db", "F", "--json"], store) == old


def test_the_pbn_export_of_a_rubber_is_what_the_release_wrote(store: Path) -> None:
    assert run(["history", "--db", "F", "--pbn", "--rubber", "1"], store) == RELEASE[
        "history --db F --pbn --rubber 1"]


def test_the_list_names_every_deal_the_release_listed(store: Path) -> None:
    old = RELEASE["history --db F --last 1000"].splitlines()[1:]
    new = run(["history", "--db", "F", "--last", "1000"], store).splitlines()[1:]
    # deal, rubber, hand, date and time
    assert [line.split()[:5] for line in new] == [line.split()[:5] for line in old]
    assert "in play" in new[-1]


@pytest.mark.parametrize("deal", range(1, 15))
def test_every_deal_of_every_game_shows_trick_by_trick_in_the_table_s_words(store: Path, deal: int) -> None:
    shown = run(["history", "--db", "F", "--show", str(deal)], store)
    tricks = [line for line in shown.splitlines() if line.startswith("Trick ")]
    assert tricks and "Stopped" not in shown
    assert "You" in shown and not any(re.search(r"(?:[:,]|->) (?:[NESW]|\d) ", line) for line in tricks)
    assert shown.splitlines()[-1].startswith("Result: ")


def test_the_hand_cut_off_by_the_power_cut_is_played_on_from_its_last_card(store: Path) -> None:
    before = [json.loads(h) for h in RELEASE["history --db F --json"].splitlines()]
    assert before[-1]["result"] is None
    played = before[-1]["actions"]
    run(["demo", "--headless", "--db", "F", "--hands", "1", "--seed", str(CUT_SEED), "--delay", "0"], store)
    after = [json.loads(h) for h in run(["history", "--db", "F", "--json"], store).splitlines()]
    assert after[:-1] == before[:-1]  # the finished hands untouched
    resumed = after[-1]
    assert resumed["deal"] == before[-1]["deal"] and resumed["actions"][:len(played)] == played
    assert len(resumed["tricks"]) == 13 and resumed["result"] is not None
