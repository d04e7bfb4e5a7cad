"""The store's errors (their own module so device.store's helpers can raise them)."""

from __future__ import annotations

from engine.errors import WhistError


class StoreError(WhistError, RuntimeError):
    """The store cannot do what was asked; the message says why and what to do."""


class DuplicateAction(StoreError):
    """An action with this sequence number is already journalled for the deal."""
