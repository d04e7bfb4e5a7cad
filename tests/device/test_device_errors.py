"""The device's errors share the engine's root, so a caller can catch the table's errors at once."""

from __future__ import annotations

from device.config import ConfigError
from device.enrolment import EnrolmentError
from device.reader.ports import PortNotFound
from device.reader.serial_reader import ReaderOpenError
from device.store import DuplicateAction, StoreError
from engine.errors import WhistError


def test_device_errors_are_whist_errors_and_keep_their_builtins() -> None:
    pairs = ((ConfigError, ValueError), (StoreError, RuntimeError), (DuplicateAction, RuntimeError),
             (ReaderOpenError, OSError), (PortNotFound, LookupError), (EnrolmentError, ValueError))
    for error, builtin in pairs:
        assert issubclass(error, WhistError) and issubclass(error, builtin), error
