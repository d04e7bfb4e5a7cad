"""The broker connection (paho-mqtt), its topics and its credentials.

paho's network thread only posts :class:`LinkEvent` values on a queue; the
hub's or the table's own loop acts on them, so no game state or store is
touched from that thread (as the buttons and the card reader do).

Sessions are persistent (MQTT 5, clean start off, an hour's expiry) so the
broker keeps QoS 1 messages for a hub or a table that is away. That is a
help, not the guarantee: a table keeps each result in its outbox until the
hub's retained acknowledgement names it, and sends it again after every
reconnect, so a broker that loses its queue loses nothing.
"""

from __future__ import annotations

import logging
import queue
import ssl
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from hall.drive import DriveError

log = logging.getLogger(__name__)

# MQTT 5's CONNACK reason codes for a refused user or password (MQTT 3.1.1's 4 and 5 map to them)
_BAD_PASSWORD = 134
_NOT_AUTHORIZED = 135

PLAIN_PORT = 1883
TLS_PORT = 8883
SESSION_EXPIRY = 3600  # seconds the broker keeps an absent client's session and its messages


class LinkError(DriveError):
    """A broker address or credentials file the hall cannot use."""


@dataclass(frozen=True)
class Broker:
    host: str
    port: int | None = None  # None: 8883 over TLS, 1883 plain (the connection's own)

    @classmethod
    def parse(cls, text: str) -> Broker:
        """``HOST`` or ``HOST:PORT``."""
        host, sep, port = text.strip().rpartition(":")
        if not sep:
            host, port = port, ""
        if not host or (port and (not port.isdigit() or not 0 < int(port) < 65536)):
            raise LinkError(f"broker {text!r}: give HOST or HOST:PORT, e.g. hall-pi.local or "
                            "hall-pi.local:8883")
        return cls(host, int(port) if port else None)

    def with_default_port(self, tls: bool) -> Broker:
        """This broker with its port: the one given, else TLS's or plain MQTT's own."""
        return self if self.port is not None else Broker(self.host, TLS_PORT if tls else PLAIN_PORT)

    def __str__(self) -> str:
        return self.host if self.port is None else f"{self.host}:{self.port}"


@dataclass(frozen=True)
class Credentials:
    """A broker user and password; the password never appears in a repr, a log or a message.
    ``ca``: the drive's certificate authority (PEM); with it the connection is TLS and the broker
    must show a certificate it signed for the name the table is given."""

    username: str
    password: str = field(repr=False)
    ca: str | None = field(default=None, repr=False)

    @classmethod
    def read(cls, path: str | Path) -> Credentials:
        """A TOML file with ``username``, ``password`` and the drive's ``ca`` (written by
        ``hall broker-config``; without ``ca`` the connection is plain)."""
        p = Path(path)
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise LinkError(f"cannot read the credentials file {p}: {exc.strerror}") from None
        except tomllib.TOMLDecodeError:
            raise LinkError(f"the credentials file {p} is not TOML: it needs username = \"...\" "
                            "and password = \"...\" lines") from None
        user, password, ca = data.get("username"), data.get("password"), data.get("ca")
        if not isinstance(user, str) or not isinstance(password, str) or not user or not password:
            raise LinkError(f"the credentials file {p} needs a username and a password")
        if ca is not None and (not isinstance(ca, str) or "BEGIN CERTIFICATE" not in ca):
            raise LinkError(f"the credentials file {p}: its ca is not a certificate (PEM); give the table "
                            "the file hall broker-config wrote")
        return cls(user, password, ca)

    def to_toml(self) -> str:
        text = f'username = "{self.username}"\npassword = "{self.password}"\n'
        # PEM is base64 between dashed lines: nothing in it needs escaping in a TOML string
        return text if self.ca is None else text + f'ca = """\n{self.ca.strip()}\n"""\n'

    def tls(self) -> ssl.SSLContext | None:
        """A client context trusting the drive's CA alone (and checking the broker's name), or None."""
        if self.ca is None:
            return None
        try:
            context = ssl.create_default_context(cadata=self.ca)
        except ssl.SSLError as exc:
            raise LinkError(f"the drive's ca in {self.username}'s credentials is unreadable: {exc}") from None
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        return context


# -- topics: everything of a drive under whist/<drive>/ (the broker's ACL scopes it) --

def drive_prefix(drive: str) -> str:
    return f"whist/{drive}"


def drive_topic(drive: str) -> str:
    """Retained: the settings, round one's seating, started or not (hub to all)."""
    return f"whist/{drive}/drive"


def board_topic(drive: str) -> str:
    """Retained: the round, the leaderboard and the movement (hub to all)."""
    return f"whist/{drive}/board"


def result_topic(drive: str, table: int) -> str:
    """A hand's result (table to hub, QoS 1)."""
    return f"whist/{drive}/table/{table}/result"


def signin_topic(drive: str, table: int) -> str:
    """A player signing in at a seat (table to hub, QoS 1)."""
    return f"whist/{drive}/table/{table}/signin"


def acked_topic(drive: str, table: int) -> str:
    """Retained: every hand of the table the hub has counted (hub to table)."""
    return f"whist/{drive}/table/{table}/acked"


def seating_topic(drive: str, table: int) -> str:
    """Retained: who is due at the table in the current round, where they go next (hub to table)."""
    return f"whist/{drive}/table/{table}/seating"


def online_topic(drive: str, table: int) -> str:
    """Retained: "1" while the table is connected, "0" once it has gone (its will says so)."""
    return f"whist/{drive}/table/{table}/online"


def table_of(topic: str) -> int | None:
    parts = topic.split("/")
    if len(parts) == 5 and parts[2] == "table" and parts[3].isdigit():
        return int(parts[3])
    return None


# -- events posted by paho's thread --

@dataclass(frozen=True)
class Connected:
    session_present: bool


@dataclass(frozen=True)
class Disconnected:
    reason: str


@dataclass(frozen=True)
class BrokerRefused:
    """The broker would not let us in: its reason (MQTT's reason code), never the password."""

    reason: str
    code: int

    @property
    def credentials(self) -> bool:
        """The user or password was refused (mosquitto says "Not authorized" for a wrong password)."""
        return self.code in (_BAD_PASSWORD, _NOT_AUTHORIZED)


@dataclass(frozen=True)
class Untrusted:
    """The broker's certificate is not one the drive's CA signed for the name it was reached by:
    another drive's broker, a credentials file from an earlier broker-config, or an impostor."""

    reason: str


@dataclass(frozen=True)
class Message:
    topic: str
    payload: bytes
    retained: bool


@dataclass(frozen=True)
class Published:
    """The broker's PUBACK for one of our QoS 1 messages (``ok`` False: it refused it)."""

    mid: int
    ok: bool
    reason: str


LinkEvent = Connected | Disconnected | BrokerRefused | Untrusted | Message | Published


class Link:
    """One client connection that reconnects by itself and reports on ``events``."""

    def __init__(self, broker: Broker, credentials: Credentials | None, client_id: str,
                 subscriptions: Sequence[str], events: queue.Queue[LinkEvent] | None = None,
                 *, persistent: bool = True, keepalive: int = 10, presence: str | None = None,
                 tls: ssl.SSLContext | None = None) -> None:
        """``tls``: for a client without credentials; one with them uses their CA (or none)."""
        if credentials is not None:
            tls = credentials.tls()
        self.tls = tls is not None
        self.broker = broker.with_default_port(self.tls)
        self.client_id = client_id
        self.subscriptions = list(subscriptions)
        self.events: queue.Queue[LinkEvent] = events if events is not None else queue.Queue()
        self.persistent = persistent
        self.keepalive = keepalive
        self.connected = False
        self.username = credentials.username if credentials else None
        self._client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                                   protocol=mqtt.MQTTv5)
        if credentials is not None:
            self._client.username_pw_set(credentials.username, credentials.password)
        if tls is not None:
            self._client.tls_set_context(tls)
        # paho queues what is published while away; the outbox already does that
        self._client.max_queued_messages_set(0)
        self._client.reconnect_delay_set(min_delay=1, max_delay=2)
        # presence: "1" retained on this topic while connected, "0" by the broker when we vanish
        self.presence = presence
        if presence is not None:
            self._client.will_set(presence, "0", qos=1, retain=True)
        self._client.on_connect = self._on_connect
        self._client.on_connect_fail = self._on_connect_fail
        self._client.on_disconnect = self._on_disconnect
        self._client.on_message = self._on_message
        self._client.on_publish = self._on_publish
        self._started = False
        self._stopping = False

    def start(self) -> None:
        props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        props.SessionExpiryInterval = SESSION_EXPIRY if self.persistent else 0
        log.info("connecting to the broker %s as %s", self.broker, self.username or "(anonymous)")
        assert self.broker.port is not None
        self._client.connect_async(self.broker.host, self.broker.port, keepalive=self.keepalive,
                                   clean_start=not self.persistent, properties=props)
        self._client.loop_start()
        self._started = True

    def stop(self) -> None:
        if self._started:
            self._stopping = True
            if self.presence is not None and self.connected:
                self._client.publish(self.presence, "0", qos=1, retain=True).wait_for_publish(2)
            self._client.disconnect()
            self._client.loop_stop()
            self._started = False
        self.connected = False

    def publish(self, topic: str, payload: str | bytes, *, qos: int = 1, retain: bool = False) -> int | None:
        """Send now if connected: the message id to match with :class:`Published`, else None."""
        if not self.connected:
            return None
        info = self._client.publish(topic, payload, qos=qos, retain=retain)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            return None
        return info.mid

    # -- paho's thread: post, never act --
    def _on_connect(self, client: mqtt.Client, userdata: object, flags: mqtt.ConnectFlags,
                    reason: ReasonCode, properties: Properties | None) -> None:
        if reason.is_failure:
            log.warning("the broker %s refused %s: %s", self.broker, self.username or "an anonymous client",
                        reason)
            self.events.put(BrokerRefused(str(reason), reason.value))
            return
        self.connected = True
        for topic in self.subscriptions:
            client.subscribe(topic, qos=1)
        if self.presence is not None:
            client.publish(self.presence, "1", qos=1, retain=True)
        log.info("connected to the broker %s", self.broker)
        self.events.put(Connected(bool(flags.session_present)))

    def _on_connect_fail(self, client: mqtt.Client, userdata: object) -> None:
        # paho calls this from its ``except OSError`` around the connection: that is the error
        error = sys.exc_info()[1]
        if isinstance(error, ssl.SSLCertVerificationError):
            log.warning("the broker %s is not the drive's: %s", self.broker, error.verify_message)
            self.events.put(Untrusted(str(error.verify_message)))

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: mqtt.DisconnectFlags,
                       reason: ReasonCode, properties: Properties | None) -> None:
        was = self.connected
        self.connected = False
        if was and not self._stopping:
            log.info("lost the broker %s (%s); retrying", self.broker, reason)
            self.events.put(Disconnected(str(reason)))

    def _on_message(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        self.events.put(Message(msg.topic, bytes(msg.payload), bool(msg.retain)))

    def _on_publish(self, client: mqtt.Client, userdata: object, mid: int, reason: ReasonCode,
                    properties: Properties) -> None:
        self.events.put(Published(mid, not reason.is_failure, str(reason)))
