"""The table's page without a browser: pairing, tokens, origins and the gate, spoken to as a
phone (or a stranger) would over HTTP and the websocket."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from engine.seats import Seat


async def _pair(session: aiohttp.ClientSession, url: str, code: str,
                origin: str | None = None) -> tuple[int, dict]:  # type: ignore[type-arg]
    headers = {"Origin": origin if origin is not None else url.rstrip("/")}
    async with session.post(url + "pair", json={"code": code, "name": "Ann"}, headers=headers) as r:
        return r.status, await r.json()


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(coro)


def test_a_code_works_once_and_a_wrong_one_is_slowed_down(make_table) -> None:  # type: ignore[no-untyped-def]
    table = make_table("classic")
    code = table.pairing.offer(int(Seat.S)).code
    wrong = "000000" if code != "000000" else "111111"

    async def go() -> None:
        async with aiohttp.ClientSession() as s:
            status, body = await _pair(s, table.url, wrong)
            assert status == 403 and body["retry_after"] >= 1
            status, body = await _pair(s, table.url, code)  # right, but too soon after the wrong one
            assert status == 403 and "wait" in body["error"]
            table.pairing._wrong.clear()  # the wait is over
            status, body = await _pair(s, table.url, code)
            assert status == 200 and body["seat"] == "S" and len(body["token"]) > 20
            status, body = await _pair(s, table.url, code)
            assert status == 403  # spent

    run(go())
    assert table.pairing.holders() == {int(Seat.S): "Ann"}


def test_pairing_and_the_websocket_refuse_another_origin(make_table) -> None:  # type: ignore[no-untyped-def]
    table = make_table("classic")
    code = table.pairing.offer(int(Seat.S)).code

    async def go() -> None:
        async with aiohttp.ClientSession() as s:
            status, _ = await _pair(s, table.url, code, origin="http://elsewhere.example")
            assert status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await s.ws_connect(table.url + "ws", origin="http://elsewhere.example")
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await s.ws_connect(table.url + "ws/watch")  # no origin at all

    run(go())
    assert table.pairing.holders() == {}


def test_a_phone_sees_only_its_seat_and_cannot_play_another(make_table) -> None:  # type: ignore[no-untyped-def]
    table = make_table("classic", phone=Seat.S)
    code = table.pairing.offer(int(Seat.S)).code
    origin = table.url.rstrip("/")

    async def go() -> None:
        async with aiohttp.ClientSession() as s:
            _, body = await _pair(s, table.url, code)
            token = body["token"]
            table.go()
            ws = await s.ws_connect(table.url + "ws", origin=origin)
            await ws.send_json({"type": "hello", "token": token})
            state = await ws.receive_json(timeout=20)
            while not state["observation"]["legal"]:
                state = await ws.receive_json(timeout=20)
            seen = json.dumps(state)
            assert state["observation"]["seat"] == "S"
            hands = table.match.current.record.hands()
            others = [str(c) for seat in (Seat.N, Seat.E, Seat.W) for c in hands[seat]]
            # the table's own trump card is face up: any other seat's card never reaches the phone
            shown = set(state["observation"]["hand"]) | {state["observation"]["trump_card"]}
            shown |= {c for t in state["observation"]["tricks"] for c in t["cards"]}
            shown |= set(state["observation"]["trick"]["cards"])
            assert not [c for c in others if f'"{c}"' in seen and c not in shown]
            # West's card, sent with South's token: refused, and the table does not play it
            west = [str(c) for c in hands[Seat.W]][0]
            await ws.send_json({"type": "act", "token": token,
                                "action": {"type": "play", "seat": "W", "card": west}})
            reply = await ws.receive_json(timeout=5)
            assert reply["type"] == "refused" and "your own seat" in reply["reason"]
            # a message without the token, or with another, is turned away
            legal = state["observation"]["legal"][0]
            await ws.send_json({"type": "act", "action": legal})
            reply = await ws.receive_json(timeout=5)
            assert reply["type"] == "refused" and "token" in reply["reason"]
            await ws.send_json({"type": "act", "token": "x" * 32, "action": legal})
            reply = await ws.receive_json(timeout=5)
            assert reply["type"] == "unpaired"
            await ws.close()
            # a second phone, without a token, gets no seat
            ws2 = await s.ws_connect(table.url + "ws", origin=origin)
            await ws2.send_json({"type": "hello", "token": "not-a-token"})
            assert (await ws2.receive_json(timeout=5))["type"] == "unpaired"
            await ws2.close()

    run(go())
    assert all(a.seat != Seat.W or table.match.current is None for _, a in table.applied.actions[-1:])


def test_too_deep_or_too_large_messages_are_refused_by_the_gate(make_table) -> None:  # type: ignore[no-untyped-def]
    table = make_table("classic")
    code = table.pairing.offer(int(Seat.S)).code

    async def go() -> None:
        async with aiohttp.ClientSession() as s:
            _, body = await _pair(s, table.url, code)
            table.go()
            ws = await s.ws_connect(table.url + "ws", origin=table.url.rstrip("/"))
            await ws.send_json({"type": "hello", "token": body["token"]})
            await ws.receive_json(timeout=20)
            await ws.send_str('{"type": "act", "token": "t", "action": ' + '{"a": ' * 10 + "1" + "}" * 11)
            while (reply := await ws.receive_json(timeout=5))["type"] == "state":
                pass
            assert reply["type"] == "refused" and "nested deeper" in reply["reason"]
            await ws.close()

    run(go())


def test_a_port_in_use_is_named_in_the_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import socket

    from device.remote.link import TableLink
    from device.remote.pairing import Pairing
    from device.remote.server import RemoteServer, ServerError

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        with pytest.raises(ServerError, match=f"port {port}.*\\[remote\\] port"):
            RemoteServer(TableLink(), Pairing(None), host="127.0.0.1", port=port).start()
    finally:
        taken.close()
