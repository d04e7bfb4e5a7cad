"""Statistics: hands, games and rubbers played and won, tricks per hand, by AI level.

With the app's store (device.journal.attach_app) they come from every game it
holds (``Store.stats()``), so they survive a restart; without one, from the
games played since the table was switched on. A misdeal (a deal thrown in
before play) is not a hand played.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING, Any

from device.app.scenes.base import ScrollScene
from device.store import StoreError
from device.words import count

if TYPE_CHECKING:
    from device.app.session import LevelStats

log = logging.getLogger(__name__)


def _block(s: LevelStats) -> list[tuple[str, str]]:
    return [
        ("t", f"Hands played {s.hands}, won {s.hands_won}"),
        ("t", f"Tricks per hand {s.tricks_per_hand:.1f}"),
        ("t", f"Games played {s.games}, won {s.games_won}"),
        ("t", f"Rubbers played {s.rubbers}, won {s.rubbers_won}"),
    ]


# A bucket of Store.stats(): device.stats.Statistics.to_dict(), which the store types dict[str, Any].
def _stored_block(b: dict[str, Any]) -> list[tuple[str, str]]:
    """One bucket of ``Store.stats()``; "won" is North-South's (you and your partner)."""
    lines = [
        ("t", f"Hands played {b['hands_finished']}, won {b['hands_won']['NS']}"),
        ("t", f"Tricks per hand {b['tricks_per_hand']['NS']:.1f} "
              f"(opponents {b['tricks_per_hand']['EW']:.1f})"),
        ("t", f"Games played {b['games']}, won {b['games_won']['NS']}"),
        ("t", f"Rubbers played {b['rubbers_finished']}, won {b['rubbers_won']['NS']}"),
    ]
    if b.get("misdeals"):
        lines.append(("dim", f"{count(b['misdeals'], 'misdeal')}, thrown in before play: not counted"))
    return lines


class StatsScene(ScrollScene):
    name = "stats"
    title = "Stats"

    def stored(self) -> dict[str, Any] | None:
        store = self.app.store
        if store is None:
            return None
        try:
            return store.stats()
        except (StoreError, sqlite3.Error) as exc:  # a store that cannot be read must not close the screen
            log.warning("statistics not read from the store: %s", exc)
            return None

    def lines(self) -> list[tuple[str, str]]:
        stats = self.stored()
        if stats is not None:
            return self._stored_lines(stats)
        mem = self.app.stats
        out: list[tuple[str, str]] = [("h", "All play (you and your partner)")]
        out += _block(mem.total())
        for key, s in sorted(mem.by_level.items()):
            out.append(("", ""))
            out.append(("h", f"AI: {key}"))
            out += _block(s)
        out.append(("", ""))
        out.append(("dim", "Kept while the table is on: there is no game store to keep them in."))
        return out

    @staticmethod
    def _stored_lines(stats: dict[str, Any]) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = [("h", "All play (you and your partner: North-South)")]
        out += _stored_block(stats)
        for level, bucket in stats.get("by_ai_level", {}).items():
            out.append(("", ""))
            out.append(("h", f"AI: {level}"))
            out += _stored_block(bucket)
        out.append(("", ""))
        out.append(("dim", "Every game kept in the game store, finished hands only."))
        return out
