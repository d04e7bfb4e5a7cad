"""A real Mosquitto for the hall's tests: its own config, password file and ACL, on a free
loopback port, started and stopped (or killed) by the tests."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from hall.broker import MosquittoProcess, local_broker, mosquitto_binary
from hall.link import Broker, Credentials

DRIVES = ("club", "other")
TABLES = 6  # each drive's tables with a broker user of their own


class Mosquitto:
    """The broker of a test; ``restart`` keeps its port and its files."""

    def __init__(self, directory: Path) -> None:
        self.process: MosquittoProcess = local_broker(directory, DRIVES, TABLES)
        self.port = self.process.port
        self.files = self.process.files
        self.log = self.process.log

    @property
    def broker(self) -> Broker:
        return Broker("127.0.0.1", self.port)

    def credentials(self, drive: str, who: str) -> Credentials:
        """``who``: "hub", or "table3" for table 3."""
        return Credentials.read(self.files.credentials(drive, who))

    def table_credentials(self, drive: str, table: int) -> Credentials:
        return Credentials.read(self.files.table_credentials(drive, table))

    def every_password(self) -> list[str]:
        return [self.credentials(d, w).password for d in DRIVES
                for w in ("hub", *(f"table{t}" for t in range(1, TABLES + 1)))]

    def stop(self, kill: bool = False) -> None:
        self.process.stop(kill)

    def restart(self, kill: bool = False) -> None:
        self.process.stop(kill)
        self.process.start()


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Mosquitto]:
    if mosquitto_binary() is None or shutil.which("mosquitto_passwd") is None:
        pytest.fail("mosquitto is not installed: .ci/run installs it (apt-get install mosquitto)")
    m = Mosquitto(tmp_path / "broker")
    yield m
    m.stop()
