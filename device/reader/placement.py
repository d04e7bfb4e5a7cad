"""One placement of a card on the reader counts once.

An RDM6300 repeats its frame about every 50 ms while a tag lies on it. A tag
is reported again only after it has been absent (no frame for it) for longer
than ``gap`` seconds, so lifting a card and laying it again counts twice but
leaving it there does not.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class PlacementFilter:
    def __init__(self, gap: float = 0.3, clock: Callable[[], float] = time.monotonic) -> None:
        if gap < 0:
            raise ValueError(f"gap must be 0 or more seconds, not {gap}")
        self.gap = gap
        self.clock = clock
        self._last_seen: dict[str, float] = {}
        self.repeats = 0  # frames swallowed as the same placement

    def is_new(self, key: str, now: float | None = None) -> bool:
        """Record a sighting of ``key``; True when it starts a new placement."""
        now = self.clock() if now is None else now
        last = self._last_seen.get(key)
        self._last_seen[key] = now
        # Forget long-gone keys so a day of play does not grow the table.
        if len(self._last_seen) > 256:
            self._last_seen = {
                k: t for k, t in self._last_seen.items() if now - t <= self.gap
            }
        if last is not None and now - last <= self.gap:
            self.repeats += 1
            return False
        return True

    def clear(self) -> None:
        self._last_seen.clear()
