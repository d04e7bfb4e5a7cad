"""A store written by the release at fe2264c keeps loading: today's code prints
the same history, PBN and statistics about it as that release did.

The store and the transcript of what the release printed are in tests/data
(see its README for how they were made). Never change them to make this pass.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import time
from pathlib import Path

import pytest

from device.cli import main
from engine.pbn import parse_hand

DATA = Path(__file__).resolve().parents[1] / "data"
STORE = DATA / "store-v0.1.0.db"
TRANSCRIPT = DATA / "store-v0.1.0.transcript"
PROMPT = "$ whist-table "


def transcript() -> list[tuple[list[str], str]]:
    """(arguments, what the old release printed), in the order it ran them."""
    out: list[tuple[list[str], str]] = []
    for line in TRANSCRIPT.read_text().splitlines(keepends=True):
        if line.startswith(PROMPT):
            out.append((line[len(PROMPT):].split(), ""))
        else:
            args, text = out[-1]
            out[-1] = (args, text + line)
    return out


BLOCKS = transcript()


@pytest.fixture(scope="module")
def old_store(tmp_path_factory) -> Path:
    """A copy: opening a store may create its -wal and -shm files beside it."""
    copy = tmp_path_factory.mktemp("v010") / STORE.name
    shutil.copyfile(STORE, copy)
    return copy


@pytest.fixture
def utc(monkeypatch):
    """history prints stored times in local time; the transcript was made in UTC."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def run(args: list[str], db: Path) -> tuple[int, str]:
    argv = [str(db) if a == "F" else a for a in args]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    return code, buf.getvalue()


def test_the_fixture_is_what_the_readme_says():
    assert STORE.stat().st_size < 1_000_000
    commands = [" ".join(args) for args, _ in BLOCKS]
    assert "history --db F --last 1000" in commands and "stats --db F" in commands
    assert sum(c.startswith("history --db F --show") for c in commands) == 25
    assert sum(c.startswith("history --db F --pbn --rubber") for c in commands) == 4


@pytest.mark.parametrize(("args", "printed"), BLOCKS, ids=[" ".join(a[3:]) or a[0] for a, _ in BLOCKS])
def test_an_old_store_prints_as_it_did(old_store, utc, args, printed):
    code, out = run(args, old_store)
    assert code == 0
    if "--pbn" in args:
        # On purpose since the release: every board gained the tags the PBN standard
        # requires (Site, the players, Vulnerable, Scoring, Declarer, Contract,
        # Result) and ours (honours, game score, the game and its rules), a real
        # deck's finished hand shows the hands rebuilt from its plays (the release
        # wrote [Deal "?"]), and a rubber ends with its score sheet as a commentary;
        # every other line the release printed is still printed, in the same order.
        old = printed.splitlines()
        new = out.splitlines()
        for i, line in enumerate(old):
            if line == '[Deal "?"]':
                rebuilt = next(n for n in new if n.startswith("[Deal ") and n not in old[:i])
                deal = rebuilt.split('"')[1]
                assert all(h == "-" or parse_hand(h) for h in deal[2:].split())
                old[i] = rebuilt
        assert_in_order(old, new)
        return
    assert out == printed


def assert_in_order(old: list[str], new: list[str]) -> None:
    at = 0
    for line in old:
        try:
            at = new.index(line, at) + 1
        except ValueError:
            raise AssertionError(f"the line {line!r} is no longer printed (or not in its place)") from None
