"""The kiosk unit of a table lent to a whist drive: the network opened to its broker alone, its
credentials for the kiosk user alone, the drive's extra installed, and systemd's exposure score
still low for the drive's unit and the home table's."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from device.cli import main
from hall.kiosk import network_dropin

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "whist-table.service"
INSTALL = ROOT / "systemd" / "install.sh"

needs_analyze = pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                                   reason="systemd-analyze is not installed")
# systemd-run needs a running systemd (PID 1) to start a transient unit
needs_systemd = pytest.mark.skipif(not Path("/run/systemd/system").is_dir()
                                   or shutil.which("systemd-run") is None,
                                   reason="no running systemd here: systemd-run cannot start a unit")

DRIVE_CONFIG = '[hall]\nbroker = "{broker}"\ndrive = "club"\ntable = 3\n' \
               'credentials = "/etc/whist-table/club-table3.toml"\n'


def settings(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            out.setdefault(key, []).append(value)
    return out


def dropin_for(tmp_path: Path, broker: str, capsys: pytest.CaptureFixture[str]) -> str:
    config = tmp_path / "config.toml"
    config.write_text(DRIVE_CONFIG.format(broker=broker))
    assert main(["hall", "kiosk-network", "--config", str(config)]) == 0
    return capsys.readouterr().out


def test_a_drive_config_opens_the_unit_s_network_to_its_broker_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = settings(dropin_for(tmp_path, "127.0.0.1:8883", capsys))
    assert s["PrivateNetwork"] == ["no"]
    assert s["RestrictAddressFamilies"] == ["", "AF_UNIX AF_NETLINK AF_INET AF_INET6"]  # reset, then these
    assert s["IPAddressDeny"] == ["", "any"]
    assert s["IPAddressAllow"] == ["", "127.0.0.1"]
    # a broker by name: its addresses now, and the local resolver so the name resolves at start
    named = settings(network_dropin("hall-pi.local", "club", 3, lambda host: ["192.168.1.5", "fe80::1"]))
    assert named["IPAddressAllow"] == ["", "192.168.1.5 fe80::1 localhost"]
    # the home table: no [hall], no drop-in, no network
    home = tmp_path / "home.toml"
    home.write_text("[rules]\ntarget = 5\n")
    assert main(["hall", "kiosk-network", "--config", str(home)]) == 0
    assert capsys.readouterr().out == ""


def _with_dropin(tmp_path: Path, dropin: str) -> Path:
    # the unit with its drop-in as systemd merges them (a [Service] section may come twice);
    # ExecStart pointed at a program that exists here, as test_systemd's verify does
    text = UNIT.read_text().replace("ExecStart=/opt/whist-table/venv/bin/whist-table",
                                    f"ExecStart={shutil.which('true') or '/bin/true'}")
    merged = tmp_path / "unit" / UNIT.name
    merged.parent.mkdir()
    merged.write_text(text + "\n" + dropin)
    return merged


def _exposure(unit: Path) -> float:
    result = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit)],
                            capture_output=True, text=True, timeout=120)
    m = re.search(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)", result.stdout)
    assert m, result.stdout + result.stderr
    return float(m[1])


@needs_analyze
def test_the_drive_unit_s_exposure_is_at_most_1_5_and_the_home_unit_s_at_most_1_0(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    drive = _with_dropin(tmp_path, dropin_for(tmp_path, "192.168.1.5", capsys))
    assert _exposure(UNIT) <= 1.0
    assert _exposure(drive) <= 1.5
    verify = subprocess.run(["systemd-analyze", "verify", str(drive)], capture_output=True, text=True,
                            timeout=120, cwd=tmp_path)
    own = [line for line in (verify.stdout + verify.stderr).splitlines() if UNIT.name in line]
    assert verify.returncode == 0 and own == [], verify.stdout + verify.stderr


@needs_systemd
def test_the_drive_unit_s_network_reaches_a_loopback_broker_and_nothing_else(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as broker:
        broker.bind(("127.0.0.1", 0))
        broker.listen()
        port = broker.getsockname()[1]
        s = settings(dropin_for(tmp_path, f"127.0.0.1:{port}", capsys))
        props = [f"--property={key}={value}" for key, values in s.items() for value in values]
        connect = "import socket, sys; socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=5)"
        for host, allowed in (("127.0.0.1", True), ("127.0.0.2", False)):
            run = subprocess.run(["systemd-run", "--wait", "--pipe", "--quiet", *props, sys.executable, "-c",
                                  connect, host, str(port)], capture_output=True, text=True, timeout=60)
            assert (run.returncode == 0) == allowed, (host, run.stdout + run.stderr)


def test_install_keeps_a_drive_table_s_credentials_for_the_kiosk_user_alone(tmp_path: Path) -> None:
    creds = tmp_path / "club-table3.toml"
    creds.write_text('username = "table3-club"\npassword = "x"\n')
    result = subprocess.run(["bash", str(INSTALL), "--dry-run", "--root", str(tmp_path / "image"), "--no-apt",
                             "--hall-credentials", str(creds)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    steps = [line for line in result.stdout.splitlines() if line.startswith("+ ")]
    assert f"+ install -m 0600 -o whist -g whist {creds} {tmp_path}/image/etc/whist-table/club-table3.toml" \
        in steps
    assert "hall kiosk-network" in result.stdout and "[hall]" in result.stdout
    assert "'<this checkout>[hall]'" in result.stdout  # the drive's extra, in an image too
    assert '"${SRC}[hall]"' in INSTALL.read_text()  # ... and on a live Pi
