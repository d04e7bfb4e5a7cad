"""bench/pool_parts.py: an arena cell run in parts pools to the figure one run of the same
deals prints, a part known only by its printed figure pools too, and parts that do not
belong together are refused with the reason."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, str(ROOT / "bench" / "pointmcts_arena.py")]
POOL = [sys.executable, str(ROOT / "bench" / "pool_parts.py")]


def arena(tmp: Path, name: str, *args: str) -> Path:
    out = tmp / name
    done = subprocess.run([*ARENA, "hearts", "rules", "random", "--players", "4", "--seed", "t",
                           "--progress", "0", *args], check=True, capture_output=True, text=True)
    out.write_text(done.stdout)
    return out


def figure(text: str) -> tuple[float, float]:
    found = re.search(r"([+-]\d+\.\d+) ± (\d+\.\d+)", text)
    assert found, text
    return float(found[1]), float(found[2])


def pooled(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*POOL, *args], capture_output=True, text=True)


def test_parts_pool_to_the_figure_of_one_run_and_name_the_deals_left(tmp_path: Path) -> None:
    whole = arena(tmp_path, "all.out", "--deals", "4")
    first = arena(tmp_path, "p0.out", "--deals", "2")
    second = arena(tmp_path, "p2.out", "--deals", "2", "--first", "2")
    one_run = figure(next(line for line in whole.read_text().splitlines() if "points/hand" in line))
    done = pooled(str(second), str(first), "--deals", "6")
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()
    assert "pooled, 4 deals" in last[-2]
    assert figure(last[-2]) == one_run
    assert last[-1].strip() == "of 6: deals not played 4-5"
    # the first part known only by its printed figure: the same pool, to the rounding
    mean, se = figure(next(line for line in done.stdout.splitlines() if "deals 0-1" in line))
    by_figure = pooled(str(second), "--part", f"0:2:{mean}:{se}")
    assert by_figure.returncode == 0, by_figure.stderr
    m, s = figure(by_figure.stdout.splitlines()[-1])
    assert abs(m - one_run[0]) <= 0.002 and abs(s - one_run[1]) <= 0.002


def test_parts_that_do_not_belong_together_are_refused(tmp_path: Path) -> None:
    first = arena(tmp_path, "p0.out", "--deals", "2")
    again = arena(tmp_path, "p1.out", "--deals", "2", "--first", "1")
    overlap = pooled(str(first), str(again))
    assert overlap.returncode != 0
    assert "deals 1-1 are in two parts" in overlap.stderr
    other = tmp_path / "other.out"
    other.write_text(again.read_text().replace('"seed": "t"', '"seed": "u"'))
    assert "another cell" in pooled(str(first), str(other)).stderr
    assert "FIRST:N:MEAN:SE" in pooled("--part", "0:2:x").stderr
    cut = tmp_path / "cut.out"
    cut.write_text("hearts, 4 players ... killed before its first deal\n")
    assert "no JSON line" in pooled(str(cut)).stderr
