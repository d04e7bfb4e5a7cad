"""10,000 random messages at the hub and 10,000 at a table's link: random bytes, random JSON,
real messages with a field made random, huge and deep ones, on the topics each listens to and
some it does not. Nothing may escape ``handle`` (the hub's outer guard is not used here, so a
fault of ours fails the test), memory and the stores stay bounded, and afterwards each still
does its job."""

from __future__ import annotations

import json
import random
import resource
from pathlib import Path

from hall.drive import DriveSettings, HandResult
from hall.hub import Hub
from hall.link import Message, acked_topic, board_topic, drive_topic, result_topic, seating_topic
from hall.run import ai_chooser
from hall.store import HubStore, TableJournal
from hall.table import HallTable

MESSAGES = 10_000
KEYS = ["drive", "round", "table", "hand", "tricks", "actions", "record", "seat", "name", "tag", "settings",
        "seating", "counted", "1", "2", "x"]
SETTINGS = DriveSettings("club", tables=3, rounds=2, hands_per_round=1, seed="fuzz")


def random_json(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(9 if depth < 6 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, 1, -1, 13, 2**63, -(2**70), rng.randrange(-1000, 1000)])
    if kind == 3:
        return rng.choice([0.5, -1e308, 1e-300, rng.random()])
    if kind == 4:
        return rng.choice(["", "N", "club", "1", "AI 1N", "\u0000", "\ud7ff" * 3, "x" * rng.randrange(300),
                           "[[[", '{"a":', "SA", "H"])
    if kind in (5, 6):
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice(KEYS): random_json(rng, depth + 1) for _ in range(rng.randrange(6))}


def mutate(rng: random.Random, value: object) -> object:
    """``value`` with one place in it (chosen at random) replaced by random JSON."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        return {**value, key: mutate(rng, value[key])}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return [*value[:i], mutate(rng, value[i]), *value[i + 1:]]
    return random_json(rng)


def payload(rng: random.Random, real: list[object]) -> bytes:
    kind = rng.randrange(10)
    if kind == 0:
        return rng.randbytes(rng.randrange(400))
    if kind == 1:
        return json.dumps(random_json(rng)).encode()
    if kind == 2:
        opener = rng.choice([b"[", b'{"a":', b'{"actions":['])
        return opener * rng.choice([30, 1000, 20_000])
    if kind == 3:
        return b'{"drive": "' + b"x" * rng.choice([20_000, 300_000, 2_000_000]) + b'"}'
    if kind == 4:
        raw = json.dumps(rng.choice(real)).encode()
        cut = rng.randrange(len(raw) + 1)
        return raw[:cut] + rng.randbytes(rng.randrange(4)) + raw[cut + rng.randrange(3):]
    return json.dumps(mutate(rng, rng.choice(real))).encode()


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def played_results(tmp_path: Path) -> list[HandResult]:
    results = []
    for t in range(1, SETTINGS.tables + 1):
        journal = TableJournal(tmp_path / f"played{t}.db", durable=False)
        journal.join(SETTINGS, t)
        table = HallTable(journal, None, t, ai_chooser("random"), drive="club")
        table.play()
        results += journal.results("club")
        journal.close()
    return results


def test_10_000_random_messages_at_the_hub(tmp_path: Path) -> None:
    rng = random.Random(46)
    results = played_results(tmp_path)
    real: list[object] = [json.loads(r.to_json()) for r in results]
    real += [{"seat": "N", "name": "Ann"}, {"seat": "W", "tag": "04A1B2"}]
    hub = Hub(HubStore(tmp_path / "hub.db"), None, SETTINGS)
    hub.start()
    topics = [f"whist/club/table/{t}/{kind}" for t in range(0, SETTINGS.tables + 2)
              for kind in ("result", "signin", "online", "acked")] + ["whist/club/board", "whist/club/x/y/z"]
    before = rss_mb()
    for _ in range(MESSAGES):
        hub.handle(Message(rng.choice(topics), payload(rng, real), retained=rng.random() < 0.1))
    assert hub.counts.faults == 0 and hub.counts.refused > 1000
    assert rss_mb() - before < 100
    assert len(hub.store.refusals()) < 200  # a few a table: the log's 1st, 2nd, 4th, 8th...
    assert sum(p.stat().st_size for p in tmp_path.glob("hub.db*")) < 2_000_000
    # and it still counts: every real result, whatever came before
    for r in results:
        hub.handle(Message(result_topic("club", r.table), r.to_json().encode(), retained=False))
    assert len(hub.store.results()) == len(results)
    s = hub.refold()
    assert s is not None and s.finished


def test_10_000_random_messages_at_a_table_s_link(tmp_path: Path) -> None:
    rng = random.Random(47)
    first = [["A", "B", "C", "D"], ["E", "F", "G", "H"], ["I", "J", "K", "L"]]
    drive = {"settings": SETTINGS.to_dict(), "seating": first}
    real: list[object] = [drive, {"counted": [[1, 1], [2, 1]]}, {"1": ["A", "B", "C", "D"]},
                          {"round": 1, "leaderboard": [[1, "A", 13, 1]]},
                          {"settings": {**SETTINGS.to_dict(), "seed": "other"}, "seating": None}]
    journal = TableJournal(tmp_path / "t.db", durable=False)
    table = HallTable(journal, None, 1, ai_chooser("random"), drive="club")
    topics = [drive_topic("club"), board_topic("club"), acked_topic("club", 1), seating_topic("club", 1),
              acked_topic("club", 2), "whist/other/drive", "whist/club/table/1/result"]
    table.handle(Message(drive_topic("club"), json.dumps(drive).encode(), retained=True))
    assert table.settings == SETTINGS
    before = rss_mb()
    for _ in range(MESSAGES):
        table.handle(Message(rng.choice(topics), payload(rng, real), retained=rng.random() < 0.5))
    assert rss_mb() - before < 100
    assert table.settings == SETTINGS  # no message made it another drive's table
    # and it still plays its drive: a round of its own, its result in the outbox
    table.journal.set_seating("club", 1, ("A", "B", "C", "D"))
    table.play_round(1)
    assert [(r.round, r.hand) for r in table.journal.outbox("club")] == [(1, 1)]
