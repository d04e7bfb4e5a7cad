"""The kiosk unit's network at a drive: a systemd drop-in that opens it to the broker alone.

The home table's unit (systemd/whist-table.service) has no network at all. A table in a drive
needs one connection, to the hall's broker, so ``install.sh`` writes this drop-in when the
config's ``[hall]`` names a broker: IP sockets allowed again, and every address denied but the
broker's. A broker given by name is resolved when the drop-in is written (run install.sh again
if its address changes; a hall Pi with a fixed address never needs it), and the local resolver
is allowed too so the name still resolves when the table starts.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Sequence

from hall.drive import DriveError
from hall.link import Broker

DROPIN = "hall.conf"  # in /etc/systemd/system/whist-table.service.d/

Resolver = Callable[[str], Sequence[str]]


def resolve(host: str) -> list[str]:
    """The addresses ``host`` has now, each once."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise DriveError(f"the broker {host} cannot be found from here ({exc.strerror}): connect this "
                         "table to the hall's network and run install.sh again, or give the broker's "
                         "address in [hall] broker") from None
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _literal(host: str) -> str | None:
    try:
        return str(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        return None


def network_dropin(broker: str, drive: str, table: int, resolver: Resolver = resolve) -> str:
    """The drop-in for a table of ``drive`` whose broker is ``broker`` ("HOST" or "HOST:PORT")."""
    host = Broker.parse(broker).host
    literal = _literal(host)
    allowed = [literal] if literal is not None else [*resolver(host), "localhost"]
    return "\n".join([
        f"# written by whist-table hall kiosk-network: table {table} of drive {drive}, its broker "
        f"{host} and nothing else",
        "[Service]",
        "PrivateNetwork=no",
        "RestrictAddressFamilies=",
        "RestrictAddressFamilies=AF_UNIX AF_NETLINK AF_INET AF_INET6",
        "IPAddressDeny=",
        "IPAddressDeny=any",
        "IPAddressAllow=",
        f"IPAddressAllow={' '.join(allowed)}",
        "",
    ])
