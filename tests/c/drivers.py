"""The stand-alone C drivers built for a target in a test, or the test skipped
when this machine lacks the target's tools (.ci/run installs them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.c.check_vectors import TARGETS, build


def built(name: str, sources: Sequence[Path], out_dir: Path) -> list[str]:
    target = TARGETS[name]
    missing = target.missing()
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (.ci/run installs them)")
    return build(target, out_dir, sources)


def same_on_every_build(count: Callable[[str], int]) -> dict[str, int]:
    """``count`` of every build this machine can make, asserted one number: a search's order
    may not depend on the CPU or the optimiser (a difference is undefined behaviour or a
    compiler fault: gcc 12's ipa-modref once dropped a store in a variant of the solver,
    every value right, only the order wrong; bench/RESULTS.md, 2026-12-06)."""
    here = [name for name, target in TARGETS.items() if not target.missing()]
    assert {"O0", "O3"} <= set(here)  # this machine's gcc
    counts = {name: count(name) for name in here}
    assert len(set(counts.values())) == 1, counts
    return counts
