"""Statistics kept in memory: hands, games and rubbers played and won, by AI level."""

from __future__ import annotations

from device.app.scenes.base import ScrollScene


def _block(s) -> list[tuple[str, str]]:
    return [
        ("t", f"Hands played {s.hands}, won {s.hands_won}"),
        ("t", f"Tricks per hand {s.tricks_per_hand:.1f}"),
        ("t", f"Games played {s.games}, won {s.games_won}"),
        ("t", f"Rubbers played {s.rubbers}, won {s.rubbers_won}"),
    ]


class StatsScene(ScrollScene):
    name = "stats"
    title = "Stats"

    def lines(self) -> list[tuple[str, str]]:
        stats = self.app.stats
        out: list[tuple[str, str]] = [("h", "All play (you and your partner)")]
        out += _block(stats.total())
        for key, s in sorted(stats.by_level.items()):
            out.append(("", ""))
            out.append(("h", f"AI: {key}"))
            out += _block(s)
        out.append(("", ""))
        out.append(("dim", "Kept while the table is on; saving them comes with the game store."))
        return out
