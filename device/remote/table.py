"""The table's phones as one piece: the pairing, the link and the server, made from the
config's ``[remote]`` section; the screen asks it for a phone seat's player and listener."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from device.config import RemoteSection
from device.driver import Player
from device.remote.link import TableLink
from device.remote.pairing import FILE_NAME, Offer, Pairing
from device.remote.player import PhoneListener, PhonePlayer
from device.remote.server import RemoteServer
from engine.match import Match
from engine.seats import Seat


@dataclass
class RemoteTable:
    settings: RemoteSection
    state: Path  # the directory the phones' seats are kept in (beside the game store)
    link: TableLink = field(default_factory=TableLink)
    pairing: Pairing = field(init=False)
    server: RemoteServer = field(init=False)

    def __post_init__(self) -> None:
        self.pairing = Pairing(self.state / FILE_NAME)
        self.server = RemoteServer(self.link, self.pairing, port=self.settings.port)

    def start(self) -> None:
        self.server.start()

    def stop(self) -> None:
        self.server.stop()

    def player(self, seat: Seat, fallback: Player) -> PhonePlayer:
        """The seat's player: its phone's when one holds it, else (and when it is quiet) ``fallback``."""
        return PhonePlayer(self.link, self.pairing, seat, fallback, float(self.settings.wait),
                           self.settings.takeover)

    def listener(self, match: Callable[[], Match]) -> PhoneListener:
        return PhoneListener(self.link, match)

    def offer(self, seat: Seat) -> tuple[Offer, str]:
        """A code for ``seat`` and the address that takes a phone straight to it."""
        offer = self.pairing.offer(int(seat))
        return offer, f"{self.server.url()}?code={offer.code}"
