"""`whist-table hall simulate`, tiny: headless AI tables and the hub through a broker it starts."""

from __future__ import annotations

import json

import pytest

from device.cli import main


def test_a_simulated_drive_prints_its_totals_rounds_and_messages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hall", "simulate", "--tables", "2", "--rounds", "2", "--hands", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert len(figures["round_seconds"]) == 2
    assert figures["hub_received"] >= 8 and figures["results_sent"] >= 8
    board = figures["leaderboard"]
    assert [place for place, _, _ in board] == list(range(1, 9))
    # every hand gives its table 13 tricks to each pair: 2 tables x 4 hands x 26
    assert sum(total for _, _, total in board) == 2 * 4 * 26
