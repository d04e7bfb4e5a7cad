"""A Mosquitto configuration for a hall: a broker user for the hub and for each table of a drive.

``whist-table hall broker-config`` writes it for the organiser's Pi and the
tests start a real ``mosquitto -c`` on it. Each drive gets its hub
(``hub-<drive>``, everything under ``whist/<drive>/``) and one user per
table (``table<N>-<drive>``): it reads the drive's settings and board and
its own table's topics, and writes only its own table's results, sign-ins
and presence, so table 3 can neither post a result on table 4's topic nor
forge the hub's acknowledgements or the leaderboard. Nobody gets in without
a password (``allow_anonymous false``), and no user of one drive can read or
write another drive's topics.

Passwords are made here (``secrets``), written to credentials files only
its owner may read, and hashed by ``mosquitto_passwd -U`` in the broker's
password file: never passed on a command line, never logged.

The broker listens with TLS (port 8883): each run makes the drive's own
certificate authority, signs the broker's key for the names the organiser
gives (the loopback names always), and puts the authority's certificate in
every credentials file, so a table trusts that broker and no other. The
authority's own key is used once and never written down. Plain MQTT (1883)
listens on loopback only (the hub on the broker's own Pi), or everywhere
when the organiser asks for it (``plain``).
"""

from __future__ import annotations

import getpass
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hall.drive import DriveError, DriveSettings
from hall.link import PLAIN_PORT, TLS_PORT, Credentials, LinkError, drive_prefix
from hall.messages import MAX_PACKET
from hall.tls import BrokerCertificates, make_certificates

LOOPBACK = "127.0.0.1"


def hub_user(drive: str) -> str:
    return f"hub-{drive}"


def table_user(drive: str, table: int) -> str:
    return f"table{table}-{drive}"


def check_table_user(credentials: Credentials, drive: str, table: int) -> None:
    """Refuse another table's credentials file before the broker does (its refusals would only
    say "Not authorized" for every result)."""
    m = re.fullmatch(r"table(\d+)-(.+)", credentials.username)
    if m is not None and (int(m[1]), m[2]) != (table, drive):
        raise LinkError(f"these are the credentials of table {m[1]} of drive {m[2]}, not of table {table} of "
                        f"drive {drive}: give this table the file hall broker-config wrote for it "
                        f"({drive}-{table_who(table)}.toml)")


def table_who(table: int) -> str:
    """The name of table ``table``'s credentials among a drive's (``BrokerFiles.credentials``)."""
    return f"table{table}"


@dataclass(frozen=True)
class BrokerFiles:
    conf: Path
    directory: Path

    def credentials(self, drive: str, who: str) -> Path:
        """The credentials file of ``who`` ("hub", or "table3" for table 3) for ``drive``."""
        return self.directory / f"{drive}-{who}.toml"

    def table_credentials(self, drive: str, table: int) -> Path:
        return self.credentials(drive, table_who(table))


def acl(drives: Sequence[str], tables: int) -> str:
    lines = ["# whist drives: a hub and a user per table, each kept to its drive's and its own table's"]
    for d in drives:
        prefix = drive_prefix(d)
        lines += ["", f"user {hub_user(d)}", f"topic readwrite {prefix}/#"]
        for t in range(1, tables + 1):
            own = f"{prefix}/table/{t}"
            lines += ["", f"user {table_user(d, t)}", f"topic read {prefix}/drive",
                      f"topic read {prefix}/board", f"topic read {own}/acked", f"topic read {own}/seating",
                      f"topic write {own}/result", f"topic write {own}/signin", f"topic write {own}/online"]
    return "\n".join(lines) + "\n"


def _private(path: Path, text: str | bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    # the mode os.open gives applies to a new file only: one left 0644 by hand is made private too
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(text.encode("utf-8") if isinstance(text, str) else text)


def write_broker_config(directory: str | Path, drives: Sequence[str], tables: int, *, port: int = TLS_PORT,
                        bind: str = "0.0.0.0", names: Sequence[str] = (), plain: bool = False,
                        plain_port: int | None = PLAIN_PORT, run_as: str | None = None) -> BrokerFiles:
    """Write mosquitto.conf, the hashed password file, the ACL and the credentials files of each
    drive's hub and of its tables 1 to ``tables`` into ``directory``.

    The TLS listener (``port`` on ``bind``) shows a certificate for ``names`` (the broker's host
    names or addresses, as the tables are given them) and loopback; plain MQTT listens on
    ``plain_port`` on loopback (None: not at all). ``plain``: no TLS, plain MQTT on ``port`` at
    ``bind`` (a hall that cannot use TLS; its passwords cross the Wi-Fi readable). ``run_as``: the
    user mosquitto keeps when started as root."""
    for d in drives:
        DriveSettings(d, tables=tables)  # the drive name's and the number of tables' own checks
    tool = shutil.which("mosquitto_passwd")
    if tool is None:
        raise DriveError("mosquitto_passwd is not installed: install the mosquitto package")
    out = Path(directory).resolve()
    (out / "data").mkdir(parents=True, exist_ok=True)
    certs = None if plain else make_certificates(names)
    ca = None if certs is None else certs.ca.decode("ascii")
    passwords = []
    for d in drives:
        users = [("hub", hub_user(d))] + [(table_who(t), table_user(d, t)) for t in range(1, tables + 1)]
        for who, user in users:
            cred = Credentials(user, secrets.token_urlsafe(18), ca)
            _private(out / f"{d}-{who}.toml", cred.to_toml())
            passwords.append(f"{cred.username}:{cred.password}")
    passwd = out / "passwd"
    _private(passwd, "\n".join(passwords) + "\n")
    # -U hashes the file in place: the passwords never appear in a process list
    subprocess.run([tool, "-U", str(passwd)], check=True, capture_output=True)
    (out / "acl").write_text(acl(drives, tables), encoding="utf-8")
    conf = out / "mosquitto.conf"
    lines = ["# written by whist-table hall broker-config"]
    if certs is None:
        lines.append(f"listener {port} {bind}")
    else:
        lines += _tls_listener(out, certs, port, bind)
        if plain_port is not None:
            lines.append(f"listener {plain_port} {LOOPBACK}")
    lines += [
        # a message larger than any of a drive's (hall.messages) is refused by the broker itself
        f"max_packet_size {MAX_PACKET}",
        "allow_anonymous false",
        f"password_file {passwd}",
        f"acl_file {out / 'acl'}",
        "persistence true",
        f"persistence_location {out / 'data'}/",
        # queued messages for absent hubs and tables saved every second, not only at a clean stop
        "autosave_interval 1",
        "max_queued_messages 100000",
        "log_dest stderr",
        "log_type error",
        "log_type warning",
        "log_type notice",
        "log_type information",
    ]
    if run_as:
        lines.append(f"user {run_as}")
    conf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return BrokerFiles(conf, out)


def _tls_listener(out: Path, certs: BrokerCertificates, port: int, bind: str) -> list[str]:
    (out / "ca.pem").write_bytes(certs.ca)
    (out / "broker.pem").write_bytes(certs.certificate)
    _private(out / "broker.key", certs.key)
    return [f"listener {port} {bind}", f"cafile {out / 'ca.pem'}", f"certfile {out / 'broker.pem'}",
            f"keyfile {out / 'broker.key'}", "tls_version tlsv1.2"]


def mosquitto_binary() -> str | None:
    # Debian puts the broker in /usr/sbin, which a user's PATH may lack
    return shutil.which("mosquitto") or shutil.which("mosquitto", path="/usr/sbin:/usr/local/sbin")


class MosquittoProcess:
    """``mosquitto -c <conf>`` as a child process, its output to ``log``; waits for its port."""

    def __init__(self, files: BrokerFiles, port: int, log: Path) -> None:
        self.files, self.port, self.log = files, port, log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 10.0) -> None:
        binary = mosquitto_binary()
        if binary is None:
            raise DriveError("mosquitto is not installed: install the mosquitto package")
        with open(self.log, "ab") as out:
            # its own process group, ended whole, as every program the table starts
            self.proc = subprocess.Popen([binary, "-c", str(self.files.conf)], stdout=out, stderr=out,
                                         start_new_session=True)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                socket.create_connection((LOOPBACK, self.port), timeout=0.2).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise DriveError(f"mosquitto did not start: {self.log.read_text()[-2000:]}") from None
                time.sleep(0.02)
        raise DriveError(f"mosquitto did not open port {self.port} in {timeout:g} s")

    def stop(self, kill: bool = False) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
            self.proc.wait(10)
        self.proc = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def local_broker(directory: str | Path, drives: Sequence[str], tables: int, *,
                 plain: bool = False) -> MosquittoProcess:
    """A broker of our own on a free loopback port (the tests, hall simulate), started: TLS
    unless ``plain``."""
    port = free_port()
    # as root mosquitto would drop to a 'mosquitto' user that cannot read these files
    run_as = getpass.getuser() if os.geteuid() == 0 else None
    files = write_broker_config(directory, drives, tables, port=port, bind=LOOPBACK, plain=plain,
                                plain_port=None, run_as=run_as)
    broker = MosquittoProcess(files, port, files.directory / "mosquitto.log")
    broker.start()
    return broker
