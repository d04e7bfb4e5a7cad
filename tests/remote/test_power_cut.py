"""A power cut of the table in the middle of a hand, end to end: the table is a real process
(power_table.py: the driver, the store's journal, the phones' page), killed with SIGKILL while
the phone holds South, started again on the same store, and the phone, with the token it kept,
reconnects and plays on from where it stood."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from device.remote.pairing import FILE_NAME, Pairing
from device.store import Store
from engine.seats import Seat

HERE = Path(__file__).with_name("power_table.py")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(folder: Path, port: int) -> subprocess.Popen[str]:
    table = subprocess.Popen([sys.executable, str(HERE), str(folder), str(port)], stdout=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    _says(table, "ready", 60)
    return table


def _says(table: subprocess.Popen[str], word: str, timeout: float) -> None:
    assert table.stdout is not None
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if select.select([table.stdout], [], [], 0.2)[0]:
            line = table.stdout.readline()
            if line.strip() == word:
                return
            assert line, f"the table's process ended (code {table.poll()}) before saying {word!r}"
    raise AssertionError(f"the table's process did not say {word!r} in {timeout} s")


async def _phone(url: str, token: str, plays: int | None) -> dict:  # type: ignore[type-arg]
    """The phone: play South's first legal action ``plays`` times (None: to the hand's end);
    returns the last observation it was sent (South to act again, or the hand over)."""
    async with aiohttp.ClientSession() as s:
        ws = await s.ws_connect(url + "ws", origin=url.rstrip("/"))
        await ws.send_json({"type": "hello", "token": token})
        played = 0
        while True:
            message = await ws.receive_json(timeout=60)
            assert message["type"] == "state", message
            seen = message["observation"]
            if seen["phase"] == "over" or (seen["legal"] and plays is not None and played == plays):
                await ws.close()
                return seen  # type: ignore[no-any-return]
            if seen["legal"]:
                await ws.send_json({"type": "act", "token": token, "action": seen["legal"][0]})
                played += 1


def test_a_power_cut_mid_hand_resumes_the_phone_s_seat_where_it_stood(tmp_path: Path) -> None:
    pairing = Pairing(tmp_path / FILE_NAME)  # the code the table's screen showed, redeemed by the phone
    _, token = pairing.redeem(pairing.offer(int(Seat.S)).code, "Ann", "phone")
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    table = _start(tmp_path, port)
    try:
        before = asyncio.run(_phone(url, token, plays=4))  # four tricks in, South to play again
        assert before["phase"] == "play" and len(before["tricks"]) >= 3
        table.send_signal(signal.SIGKILL)  # the plug pulled
        table.wait(10)
        table = _start(tmp_path, port)
        # the phone comes back with its token and is shown the hand as it stood
        async def back() -> dict:  # type: ignore[type-arg]
            async with aiohttp.ClientSession() as s:
                ws = await s.ws_connect(url + "ws", origin=url.rstrip("/"))
                await ws.send_json({"type": "hello", "token": token})
                message = await ws.receive_json(timeout=60)
                await ws.close()
                return message["observation"]  # type: ignore[no-any-return]

        again = asyncio.run(back())
        for key in ("hand", "tricks", "trick", "won", "legal", "turn"):
            assert again[key] == before[key], key
        last = asyncio.run(_phone(url, token, plays=None))  # and plays the hand out from there
        assert last["phase"] == "over" and sum(last["won"].values()) == 13
        _says(table, "done", 60)
        table.wait(10)
    finally:
        if table.poll() is None:
            table.kill()
            table.wait(10)
    store = Store(tmp_path / "whist.sqlite3")
    try:
        (deal,) = store.deals_of_match(store.matches()[0].id)
        south = [a for a in store.actions(deal.id) if a.get("seat") == "S"]
        assert len(south) == 13 and deal.result is not None  # every card South played, in one hand, scored
    finally:
        store.close()
