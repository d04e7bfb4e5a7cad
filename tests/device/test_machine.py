"""The device reads the board and sizes the AI to it with the config's [ai] memory."""

import pytest

from device import machine
from device.config import Config, ConfigError, config_from_dict
from engine.search import pimc
from engine.search.sizes import MIB, Board


def test_the_board_read_has_cores_and_memory() -> None:
    here = machine.board()
    assert here.cores >= 1 and here.memory > 64 * MIB


def test_the_config_memory_sizes_the_tables_and_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine, "board", lambda: Board(4, 512 * MIB))
    used = []
    monkeypatch.setattr(machine, "use", used.append)
    chosen = machine.size_ai(16)
    assert used == [chosen]
    assert chosen.threads == 2 and chosen.tables <= 16 * MIB
    assert machine.size_ai(0).tables <= 32 * MIB  # a Pi Zero 2 W's share of its 512 MB
    assert pimc.threads_for(4) == 3


def test_ai_memory_is_a_config_key_in_megabytes_zero_by_default() -> None:
    assert Config().ai.memory == 0
    assert config_from_dict({"ai": {"memory": 48}}).ai.memory == 48
    with pytest.raises(ConfigError, match="memory"):
        config_from_dict({"ai": {"memory": -1}})
    with pytest.raises(ConfigError, match="memory"):
        config_from_dict({"ai": {"memory": "lots"}})
