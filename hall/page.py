"""The drive's standings on the LAN for the hall's projector: the hub serves a page (the
server of device.remote, its front page the standings) and publishes the round, each
table's progress in it, the leaderboard and the moves whenever they change."""

from __future__ import annotations

import json

from device.config import RemoteSection
from device.remote.link import TableLink
from device.remote.pairing import Pairing
from device.remote.server import RemoteServer
from hall.drive import missing_tables
from hall.hub import Hub, board_json


def view(hub: Hub) -> str | None:
    """The standings page's JSON: board_json's fields and each table's hands of the round."""
    s = hub.standings()
    if s is None:
        return None
    board = json.loads(board_json(s))
    done = {t: sum(1 for r in hub.book if r.table == t and r.round == s.round)
            for t in range(1, hub.settings.tables + 1)}
    missing = set(missing_tables(hub.settings, hub.book, s.round))
    board["tables"] = [{"table": t, "hands": n, "of": hub.settings.hands_per_round,
                        "online": hub.online.get(t, True), "missing": t in missing} for t, n in done.items()]
    return json.dumps(board, separators=(",", ":"))


class StandingsPage:
    """The page's server; :meth:`update` after each step of the hub's loop."""

    def __init__(self, hub: Hub, port: int = RemoteSection().port, host: str = "0.0.0.0") -> None:
        self.hub = hub
        self.link = TableLink()
        self.server = RemoteServer(self.link, Pairing(None), host=host, port=port, front="board.html")
        self._shown: object = None

    def start(self) -> None:
        self.server.start()

    def stop(self) -> None:
        self.server.stop()

    def update(self) -> None:
        key = (id(self.hub.standings()), len(self.hub.book), tuple(sorted(self.hub.online.items())))
        if key == self._shown:
            return
        self._shown = key
        text = view(self.hub)
        if text is not None:
            self.link.show_view(text)
