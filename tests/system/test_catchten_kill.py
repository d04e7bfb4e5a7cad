"""A killed Catch the Ten demo resumes from its store: at two players, where the packets
still face down are piles of the deal taken up between tricks, and at six in three pairs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.system.test_demo_kill_games import killed_and_resumed


@pytest.mark.parametrize("more", [("--players", "2"), ("--players", "6", "--rule", "sides=three")])
def test_a_killed_demo_resumes_to_the_same_journal(tmp_path: Path, more: tuple[str, ...]) -> None:
    killed_and_resumed(tmp_path, "catch-the-ten", *more)
