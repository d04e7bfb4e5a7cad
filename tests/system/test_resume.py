"""Resume after a crash: the journalled headless demo, cut at chosen writes, carries on
to exactly the journal and recall output of a run that was never interrupted.

The crash here is simulated in-process (an exception at the k-th store write,
before or after it commits), which lets the test choose the nastiest moments:
around a rubber's end and the next rubber's start. test_powercut.py does the
real thing, SIGKILL at random moments, to a subprocess.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.cli import main
from device.store import Store

# Seed 22 with the rules AI: the first rubber ends with hand 4, hand 5 opens the second.
SEED = 22
HANDS = 5
LEVEL = "rules"
WRITES = ("start_match", "start_deal", "append_action", "finish_deal", "finish_match")
# Stored timestamps (history's local "YYYY-MM-DD HH:MM", PBN's "YYYY.MM.DD") differ
# between two runs by nature; everything else must not.
DATES = re.compile(r"\d{4}[-.]\d{2}[-.]\d{2}( \d{2}:\d{2})?")


@pytest.fixture
def fast_dir(tmp_path: Path) -> Iterator[Path]:
    """A directory on tmpfs when there is one: the same SQLite work without the disk's fsync."""
    shm = Path("/dev/shm")
    if shm.is_dir():
        import tempfile

        with tempfile.TemporaryDirectory(prefix="whist-resume-", dir=shm) as d:
            yield Path(d)
    else:
        yield tmp_path


def demo_args(db: Path, hands: int = HANDS, seed: int = SEED, level: str = LEVEL) -> list[str]:
    return ["demo", "--headless", "--hands", str(hands), "--seed", str(seed), "--db", str(db),
            "--level", level]


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def journal_of(db: Path) -> dict[str, list[tuple]]:
    """Everything the store holds about the games, except when it was written."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {
            "matches": con.execute(
                "SELECT id, rules, players, finished IS NOT NULL, result FROM matches ORDER BY id"
            ).fetchall(),
            "deals": con.execute(
                "SELECT id, match_id, number, dealer, record, finished IS NOT NULL, result "
                "FROM deals ORDER BY id").fetchall(),
            "actions": con.execute(
                "SELECT deal_id, seq, action FROM actions ORDER BY deal_id, seq").fetchall(),
        }
    finally:
        con.close()


def recall_of(db: Path) -> str:
    """What `whist-table history` and `stats` print about the store (dates masked)."""
    parts = []
    with Store(db, recover=False) as store:
        deal_ids = [d.id for d in store.recent_deals(1000)]
        match_ids = sorted({d.match_id for d in store.recent_deals(1000)})
    commands = [["history", "--last", "1000"], ["stats"]]
    commands += [["history", "--show", str(i)] for i in sorted(deal_ids)]
    commands += [["history", "--pbn", "--rubber", str(m)] for m in match_ids]
    for command in commands:
        code, out, err = run_cli([*command, "--db", str(db)])
        assert code == 0, err
        parts.append(f"$ {' '.join(command)}\n{out}")
    return DATES.sub("<date>", "\n".join(parts))


class Crash(BaseException):
    """The power goes: raised from inside the store, so nothing after it runs."""


@contextlib.contextmanager
def store_writes(monkeypatch: pytest.MonkeyPatch, crash_at: int | None = None,
                 after: bool = False) -> Iterator[list[str]]:
    """Log every store write; with ``crash_at``, crash at that write (0-based),
    before it is made or just after it committed."""
    log: list[str] = []
    with monkeypatch.context() as m:
        for name in WRITES:
            real = getattr(Store, name)

            def write(self, *args, _real=real, _name=name, **kwargs):
                k = len(log)
                log.append(_name)
                if k == crash_at and not after:
                    raise Crash(f"before {_name} #{k}")
                result = _real(self, *args, **kwargs)
                if k == crash_at and after:
                    raise Crash(f"after {_name} #{k}")
                return result

            m.setattr(Store, name, write)
        yield log


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """An uninterrupted run: its journal, recall output and the order of its writes."""
    db = tmp_path_factory.mktemp("reference") / "whist.sqlite3"
    with pytest.MonkeyPatch.context() as mp, store_writes(mp) as log:
        code, out, err = run_cli(demo_args(db))
    assert code == 0, err
    assert "*** Rubber 1 to" in out and "=== Rubber 2 ===" in out  # the seed still spans two
    return {"journal": journal_of(db), "recall": recall_of(db), "writes": list(log), "out": out}


def crash_points(writes: list[str]) -> list[int]:
    """Every rubber boundary write, the hand result before it, and a seeded sample."""
    chosen = {i for i, w in enumerate(writes) if w in ("start_match", "finish_match")}
    chosen |= {i - 1 for i, w in enumerate(writes) if w == "finish_match"}
    chosen |= {i + 1 for i, w in enumerate(writes) if w == "start_match"}
    chosen |= {len(writes) - 1}
    rest = sorted(set(range(len(writes))) - chosen)
    chosen |= set(random.Random(7).sample(rest, 4))
    return sorted(chosen)


def test_the_reference_run_journals_every_action_before_printing(reference):
    journal = reference["journal"]
    assert len(journal["matches"]) == 2 and len(journal["deals"]) == HANDS
    assert len(journal["actions"]) == HANDS * 52
    # The first rubber is finished with its result; the second is open.
    assert journal["matches"][0][3] == 1 and '"winner"' in journal["matches"][0][4]
    assert journal["matches"][1][3] == 0
    assert reference["writes"].count("append_action") == HANDS * 52


def test_a_crash_at_any_write_resumes_to_the_same_journal(reference, fast_dir, monkeypatch):
    # Crashing just after write k commits leaves the store as crashing just before
    # write k + 1 does, so "before" covers both; the very last write is taken both ways.
    writes = reference["writes"]
    points = [(k, False) for k in crash_points(writes)] + [(len(writes) - 1, True)]
    for k, after in points:
        db = fast_dir / f"crash-{k}-{after}.sqlite3"
        with store_writes(monkeypatch, crash_at=k, after=after), pytest.raises(Crash):
            run_cli(demo_args(db))
        code, out, err = run_cli(demo_args(db))
        assert code == 0, err
        if k > 0 or after:
            assert "Resuming the demo run with seed 22" in out, (k, writes[k])
        assert journal_of(db) == reference["journal"], (k, writes[k], after)
        assert recall_of(db) == reference["recall"], (k, writes[k], after)


def test_crashing_again_while_resuming_still_ends_the_same(reference, fast_dir, monkeypatch):
    db = fast_dir / "twice.sqlite3"
    for k in (100, 60, 40):  # each counted from that run's own first write
        with store_writes(monkeypatch, crash_at=k), pytest.raises(Crash):
            run_cli(demo_args(db))
    assert run_cli(demo_args(db))[0] == 0
    assert journal_of(db) == reference["journal"]


def test_a_finished_run_is_not_played_again(reference, fast_dir):
    db = fast_dir / "done.sqlite3"
    assert run_cli(demo_args(db))[0] == 0
    code, out, _ = run_cli(demo_args(db))
    assert code == 0 and f"{HANDS} hands done" in out and "--- Rubber" not in out
    assert journal_of(db) == reference["journal"]


def test_a_longer_run_of_the_same_seed_carries_the_journal_on(reference, fast_dir):
    db = fast_dir / "longer.sqlite3"
    assert run_cli(demo_args(db, hands=3))[0] == 0
    assert run_cli(demo_args(db))[0] == 0
    assert journal_of(db) == reference["journal"]


def test_another_seed_starts_a_new_run_after_the_old_one(fast_dir):
    db = fast_dir / "two-seeds.sqlite3"
    assert run_cli(demo_args(db, hands=1, seed=1))[0] == 0
    code, out, _ = run_cli(demo_args(db, hands=1, seed=2))
    assert code == 0 and "Resuming" not in out
    journal = journal_of(db)
    assert [m[0] for m in journal["matches"]] == [1, 2] and len(journal["deals"]) == 2
