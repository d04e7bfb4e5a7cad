"""A table with South on a phone, as a process of its own (test_power_cut.py kills it with
SIGKILL): the AI in the other seats, every deal and action journalled to the store as the
table app journals them, and on a start the store's unfinished rubber resumed where it stood,
the phone's seat kept in the seats file beside the store.

Run as ``python tests/remote/power_table.py FOLDER PORT``; it says ``ready`` once its page is
served and ``done`` when the hand is scored."""

from __future__ import annotations

import sys
from pathlib import Path

from device.driver import AIPlayer, Driver, Player
from device.journal import Journal
from device.remote.link import TableLink
from device.remote.pairing import FILE_NAME, Pairing
from device.remote.player import PhoneListener, PhonePlayer
from device.remote.server import RemoteServer
from device.store import Store
from engine.games import get_game
from engine.match import Match
from engine.seats import Seat

STORE = "whist.sqlite3"


def main(folder: Path, port: int) -> None:
    store = Store(folder / STORE)
    journal = Journal(store, {"N": "rules", "E": "rules", "S": "human", "W": "rules"})
    match = journal.resume()
    if match is None:
        match = Match(game=get_game("classic"), seed="power cut")
        journal.follow(match)
    link, pairing, ai = TableLink(), Pairing(folder / FILE_NAME), AIPlayer("rules")
    seats: dict[Seat, Player] = {Seat(i): ai for i in range(4)}
    seats[Seat.S] = PhonePlayer(link, pairing, Seat.S, ai, wait=600.0)
    listener = PhoneListener(link, lambda: match)
    driver = Driver(match, seats, (listener,))
    server = RemoteServer(link, pairing, host="127.0.0.1", port=port)
    server.start()
    if match.current is None:
        driver.start()
    listener.publish()  # a resumed hand is shown before anyone acts
    print("ready", flush=True)
    deal = match.current
    assert deal is not None
    while not deal.is_over:
        if driver.step() is None:
            link.wait(0.05)
    match.finish_deal()
    print("done", flush=True)
    server.stop()
    store.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
