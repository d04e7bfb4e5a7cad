"""A real Mosquitto for the hall's tests: its own config, password file and ACL, on a free
loopback port, started and stopped (or killed) by the tests."""

from __future__ import annotations

import getpass
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hall.broker import BrokerFiles, write_broker_config
from hall.link import Broker, Credentials

DRIVES = ("club", "other")
# Debian puts the broker in /usr/sbin, which a user's PATH may lack
MOSQUITTO = shutil.which("mosquitto") or shutil.which("mosquitto", path="/usr/sbin:/usr/local/sbin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Mosquitto:
    """``mosquitto -c <conf>`` as a child process; ``restart`` keeps its port and its files."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        # as root mosquitto would drop to a 'mosquitto' user that cannot read the test's files
        run_as = getpass.getuser() if os.geteuid() == 0 else None
        self.files: BrokerFiles = write_broker_config(directory, DRIVES, port=self.port, bind="127.0.0.1",
                                                      run_as=run_as)
        self.log = directory / "mosquitto.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def broker(self) -> Broker:
        return Broker("127.0.0.1", self.port)

    def credentials(self, drive: str, who: str) -> Credentials:
        return Credentials.read(self.files.credentials(drive, who))

    def start(self) -> None:
        with open(self.log, "ab") as log:
            assert MOSQUITTO is not None
            self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.files.conf)], stdout=log, stderr=log)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"mosquitto did not start: {self.log.read_text()[-2000:]}") from None
                time.sleep(0.02)
        raise RuntimeError("mosquitto did not open its port in 10 s")

    def stop(self, kill: bool = False) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            self.proc.wait(10)
        self.proc = None

    def restart(self, kill: bool = False) -> None:
        self.stop(kill)
        self.start()


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Mosquitto]:
    if MOSQUITTO is None or shutil.which("mosquitto_passwd") is None:
        pytest.fail("mosquitto is not installed: .ci/run installs it (apt-get install mosquitto)")
    m = Mosquitto(tmp_path / "broker")
    yield m
    m.stop()
