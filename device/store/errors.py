"""The store's errors (their own module so device.store's helpers can raise them)."""

from __future__ import annotations

from engine.errors import WhistError


class StoreError(WhistError, RuntimeError):
    """The store cannot do what was asked; the message says why and what to do."""


class DuplicateAction(StoreError):
    """An action with this sequence number is already journalled for the deal."""


class StoreFull(StoreError):
    """The disk is full: the write was refused whole, and can be tried again once there is room."""


class StoreDamaged(StoreError):
    """The file is damaged or not a database; the message says what to do with it."""


class StoreReadOnly(StoreError):
    """The file or its folder cannot be written (read-only media)."""
