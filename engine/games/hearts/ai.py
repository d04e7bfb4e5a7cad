"""Hearts' player (placeholder until the search lands)."""

from __future__ import annotations

PLAYER = None
TEXTBOOK = None
