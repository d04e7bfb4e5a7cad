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


class Mosquitto:
    """The broker of a test; ``restart`` keeps its port and its files."""

    def __init__(self, directory: Path) -> None:
        self.process: MosquittoProcess = local_broker(directory, DRIVES)
        self.port = self.process.port
        self.files = self.process.files
        self.log = self.process.log

    @property
    def broker(self) -> Broker:
        return Broker("127.0.0.1", self.port)

    def credentials(self, drive: str, who: str) -> Credentials:
        return Credentials.read(self.files.credentials(drive, who))

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
