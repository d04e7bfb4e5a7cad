"""The stand-alone C drivers built for a target in a test, or the test skipped
when this machine lacks the target's tools (.ci/run installs them)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.c.check_vectors import TARGETS, build


def built(name: str, sources: Sequence[Path], out_dir: Path) -> list[str]:
    target = TARGETS[name]
    missing = target.missing()
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (.ci/run installs them)")
    return build(target, out_dir, sources)
