"""Fixtures shared by the device tests: a serial port made of a real pty pair."""

from __future__ import annotations

import os
import tty

import pytest


class Pty:
    """A pseudo-terminal: the test writes to the master end, the reader opens the slave."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # no line discipline: bytes pass as they are
        self.path = os.ttyname(self.slave)
        self.open = True

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def unplug(self) -> None:
        # Closing the master end is what a USB unplug looks like to the reader.
        if self.open:
            os.close(self.master)
            os.close(self.slave)
            self.open = False


@pytest.fixture
def ptys():
    """A factory of pty pairs, all closed at the end of the test."""
    made: list[Pty] = []

    def make() -> Pty:
        made.append(Pty())
        return made[-1]

    yield make
    for p in made:
        p.unplug()
