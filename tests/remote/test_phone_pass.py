"""A phone seat at Hearts chooses the cards it passes before the play, over the table's
websocket as the page sends them (no browser)."""

from __future__ import annotations

import asyncio

import aiohttp

from engine.actions import Exchange
from engine.cards import Card
from engine.seats import Seat


def test_a_phone_seat_passes_three_cards_of_its_own(make_table) -> None:  # type: ignore[no-untyped-def]
    table = make_table("hearts", 4, phone=Seat.S)
    code = table.pairing.offer(int(Seat.S)).code
    origin = table.url.rstrip("/")

    async def go() -> list[str]:
        async with aiohttp.ClientSession() as s:
            async with s.post(table.url + "pair", json={"code": code, "name": "Ann"},
                              headers={"Origin": origin}) as r:
                token = (await r.json())["token"]
            table.go()
            ws = await s.ws_connect(table.url + "ws", origin=origin)
            await ws.send_json({"type": "hello", "token": token})
            state = await ws.receive_json(timeout=20)
            while state.get("observation", {}).get("discard", 0) == 0:
                state = await ws.receive_json(timeout=20)
            seen = state["observation"]
            assert seen["seat"] == "S" and seen["discard"] == 3 and not seen["legal"]
            hand = sorted(seen["hand"])
            chosen = hand[-3:]
            await ws.send_json({"type": "act", "token": token,
                                "action": {"type": "exchange", "seat": "S", "discard": chosen}})
            for _ in range(200):  # until the table applies it
                if any(isinstance(a, Exchange) and a.seat == Seat.S for _, a in table.applied.actions):
                    break
                await ws.receive_json(timeout=20)
            await ws.close()
            return chosen

    chosen = asyncio.run(go())
    passed = next(a for _, a in table.applied.actions if isinstance(a, Exchange) and a.seat == Seat.S)
    assert set(passed.discard) == {Card(c) for c in chosen}
