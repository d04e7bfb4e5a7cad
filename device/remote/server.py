"""The table's page on the LAN: aiohttp in its own thread beside the pygame loop.

``GET /`` is the phone's page (a drive's hub serves its standings there instead),
``GET /watch`` the watchers'; ``POST /pair`` trades a
pairing code for the seat's token; ``/ws`` is a seat's websocket (a hello with the token,
then actions and beats, each with the token too), ``/ws/watch`` a watcher's (read-only). Every
message passes device.gate; websockets and pairing from another origin are refused, and so
is a Host that is not this machine (a page elsewhere cannot reach the table by renaming
itself). Pushes go out when the link says something changed."""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import logging
import socket
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from device import gate
from device.remote import messages
from device.remote.link import BEAT, TableLink
from device.remote.pairing import Pairing, PairingError
from engine.seats import Seat, seat_label

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
PHONE_PAGE = ("phone.html", "page.css", "table.js", "phone.js")  # what a phone loads
FILES = (*PHONE_PAGE, "watch.html", "watch.js", "board.html", "board.js")
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
HEARTBEAT = 5.0  # seconds between pings: a phone gone without closing is noticed within two
HELLO_WAIT = 10.0
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the pairing code in the page's address goes nowhere
    "Cache-Control": "no-cache",
}


class ServerError(RuntimeError):
    """The page could not be served (the port is taken, say)."""


def lan_address() -> str:
    """This machine's address on the LAN (the route a datagram would take; nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def _own_host(host: str) -> bool:
    """A Host naming this machine: an address, localhost or its own name."""
    name = (urlsplit(f"//{host}").hostname or "").lower()
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        own = socket.gethostname().lower()
        return name in ("localhost", own, f"{own}.local")


def same_origin(request: web.BaseRequest) -> bool:
    origin = request.headers.get("Origin")
    return (origin is not None and _own_host(request.host)
            and origin.lower() in (f"http://{request.host}".lower(), f"https://{request.host}".lower()))


@dataclass
class RemoteServer:
    link: TableLink
    pairing: Pairing
    host: str = "0.0.0.0"
    port: int = 8100
    front: str = "phone.html"  # the page at "/" (a drive's hub shows its standings there: board.html)
    _loop: asyncio.AbstractEventLoop | None = field(default=None, repr=False)
    _thread: threading.Thread | None = field(default=None, repr=False)
    _seats: dict[web.WebSocketResponse, tuple[int, int]] = field(default_factory=dict, repr=False)
    _watchers: dict[web.WebSocketResponse, int] = field(default_factory=dict, repr=False)
    _refusals: gate.RefusalLog = field(default_factory=lambda: gate.RefusalLog(log), repr=False)
    bound: int = 0  # the port listened on (``port`` 0: one the system chose)

    # -- running ------------------------------------------------------------------------
    def start(self) -> None:
        """Serve in a thread of its own; returns once listening (`ServerError` if it cannot)."""
        ready = threading.Event()
        problem: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            runner = web.AppRunner(self.app(), access_log=None)
            try:
                loop.run_until_complete(runner.setup())
                loop.run_until_complete(web.TCPSite(runner, self.host, self.port).start())
                self.bound = int(runner.addresses[0][1])
            except OSError as exc:
                problem.append(exc)
                ready.set()
                return

            def notify() -> None:
                loop.call_soon_threadsafe(self._push_all)

            self.link.on_change(notify)
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(runner.cleanup())
                loop.close()

        self._thread = threading.Thread(target=run, name="remote-seats", daemon=True)
        self._thread.start()
        ready.wait()
        if problem:
            raise ServerError(f"the phones' page cannot listen on port {self.port}: {problem[0]}; "
                              "choose another in the config's [remote] port")

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None:
            loop = self._loop

            async def close_all() -> None:
                for ws in [*self._seats, *self._watchers]:
                    await ws.close()
                loop.stop()

            loop.call_soon_threadsafe(lambda: loop.create_task(close_all()))
            self._thread.join(timeout=5)
            self._thread = None

    def url(self, address: str | None = None) -> str:
        return f"http://{address or lan_address()}:{self.bound or self.port}/"

    def app(self) -> web.Application:
        app = web.Application(client_max_size=messages.LIMITS.max_bytes)
        app.router.add_get("/", self._file(self.front))
        app.router.add_get("/watch", self._file("watch.html"))
        for name in FILES:
            app.router.add_get(f"/{name}", self._file(name))
        app.router.add_post("/pair", self._pair)
        app.router.add_get("/ws", self._seat_socket)
        app.router.add_get("/ws/watch", self._watch_socket)
        return app

    @staticmethod
    def _file(name: str) -> Callable[[web.Request], Awaitable[web.Response]]:
        body = (STATIC / name).read_bytes()
        kind = TYPES[Path(name).suffix]

        async def serve(request: web.Request) -> web.Response:
            return web.Response(body=body, content_type=kind, charset="utf-8", headers=HEADERS)

        return serve

    # -- pairing ------------------------------------------------------------------------
    async def _pair(self, request: web.Request) -> web.Response:
        if not same_origin(request):
            return web.json_response({"error": "pair from the table's own page"}, status=403, headers=HEADERS)
        raw = await request.read()
        sender = request.remote or "?"
        try:
            asked = gate.read(raw, sender, "a pairing request", messages.pair_request, messages.LIMITS)
            seat, token = self.pairing.redeem(asked.code, asked.name, sender)
        except gate.Refused as exc:
            self._refusals.note(exc)
            return web.json_response({"error": exc.reason}, status=400, headers=HEADERS)
        except PairingError as exc:
            return web.json_response({"error": str(exc), "retry_after": round(exc.retry_after, 1)},
                                     status=403, headers=HEADERS)
        self.link.paired(seat)
        return web.json_response({"token": token, "seat": seat_label(Seat(seat), self.link.players)},
                                 headers=HEADERS)

    # -- a seat's websocket ---------------------------------------------------------------
    async def _seat_socket(self, request: web.Request) -> web.StreamResponse:
        if not same_origin(request):
            raise web.HTTPForbidden(text="this table's seats are played from its own page only")
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=messages.LIMITS.max_bytes)
        await ws.prepare(request)
        sender = request.remote or "?"
        try:
            first = await ws.receive(timeout=HELLO_WAIT)
        except TimeoutError:
            await ws.close()
            return ws
        if first.type != WSMsgType.TEXT:
            await ws.close()
            return ws
        try:
            hello = gate.read(first.data, sender, "a phone's hello", messages.hello, messages.LIMITS)
        except gate.Refused as exc:
            self._refusals.note(exc)
            await ws.send_json({"type": "refused", "reason": exc.reason})
            await ws.close()
            return ws
        seat = self.pairing.seat_of(hello.token)
        if seat is None:
            await ws.send_json({"type": "unpaired", "reason": "this phone holds no seat now: ask the table "
                                                              "for a code"})
            await ws.close()
            return ws
        self._seats[ws] = (seat, -1)
        self.link.connected(seat, True)
        try:
            await self._push_seat(ws)
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                if not await self._hand_in(ws, seat, hello.token, msg.data, sender):
                    break
        finally:
            self._seats.pop(ws, None)
            self.link.connected(seat, False)
        return ws

    async def _hand_in(self, ws: web.WebSocketResponse, seat: int, token: str, raw: str, sender: str) -> bool:
        """One message of a seat's phone; False when its token no longer holds the seat."""
        players = self.link.players
        try:
            message = gate.read(raw, sender, "a phone's message", messages.said(players), messages.LIMITS)
        except gate.Refused as exc:
            self._refusals.note(exc)
            await ws.send_json({"type": "refused", "reason": exc.reason})
            return True
        if not hmac.compare_digest(message.token, token) or self.pairing.seat_of(message.token) != seat:
            await ws.send_json({"type": "unpaired", "reason": "this phone no longer holds the seat"})
            await ws.close()
            return False
        if isinstance(message, messages.Beat):
            self.link.heard(seat, message.visible)
            return True
        if int(message.action.seat) != seat:
            await ws.send_json({"type": "refused", "reason": "you play only your own seat, "
                                f"{seat_label(Seat(seat), players)}"})
            return True
        self.link.hand_in(seat, message.action)
        return True

    # -- watchers -----------------------------------------------------------------------
    async def _watch_socket(self, request: web.Request) -> web.StreamResponse:
        if not same_origin(request):
            raise web.HTTPForbidden(text="this table is watched from its own page only")
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=256)
        await ws.prepare(request)
        self._watchers[ws] = -1
        try:
            await self._push_watcher(ws)
            async for _msg in ws:  # a watcher says nothing; anything it sends is dropped
                pass
        finally:
            self._watchers.pop(ws, None)
        return ws

    # -- pushes -------------------------------------------------------------------------
    def _push_all(self) -> None:
        for ws in list(self._seats):
            asyncio.ensure_future(self._push_seat(ws))
        for ws in list(self._watchers):
            asyncio.ensure_future(self._push_watcher(ws))

    def _names(self) -> dict[str, str]:
        players = self.link.players
        return {seat_label(Seat(s), players): name for s, name in self.pairing.holders().items()
                if s < players}

    async def _push_seat(self, ws: web.WebSocketResponse) -> None:
        if ws not in self._seats:
            return
        seat, sent = self._seats[ws]
        version, observation, refusal = self.link.state(seat)
        if version == sent or not observation:
            return
        self._seats[ws] = (seat, version)
        name = self.pairing.holders().get(seat, "")
        head = json.dumps({"type": "state", "seat": seat_label(Seat(seat), self.link.players), "name": name,
                           "names": self._names(), "refusal": refusal, "beat": BEAT})
        if not ws.closed:
            await ws.send_str(_joined(head, observation))

    async def _push_watcher(self, ws: web.WebSocketResponse) -> None:
        version, view = self.link.view()
        if ws not in self._watchers or version == self._watchers[ws] or not view:
            return
        self._watchers[ws] = version
        head = json.dumps({"type": "view", "names": self._names()})
        if not ws.closed:
            await ws.send_str(_joined(head, view))


def _joined(head: str, body: str) -> str:
    """Two JSON objects' fields as one object (the body is the link's text, sent as it is)."""
    return f"{head[:-1]}, {body[1:]}"
