"""The kiosk unit passes systemd's own checks; the installer parses and is idempotent."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "whist-table.service"
INSTALL = ROOT / "systemd" / "install.sh"
MAX_EXPOSURE = 3.5

needs_analyze = pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                                   reason="systemd-analyze is not installed")


def unit_settings() -> dict[str, list[str]]:
    """Every Key=value of the unit, keys repeated as systemd allows."""
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, _, value = line.partition("=")
        out.setdefault(key, []).append(value)
    return out


def test_the_unit_runs_the_kiosk_as_an_unprivileged_user_on_tty1():
    s = unit_settings()
    assert s["ExecStart"] == ["/opt/whist-table/venv/bin/whist-table --kiosk"]
    assert s["User"] == ["whist"]
    assert set(s["SupplementaryGroups"][0].split()) >= {"video", "render", "input", "gpio",
                                                        "dialout"}
    assert "SDL_VIDEODRIVER=kmsdrm" in s["Environment"]
    assert s["Conflicts"] == ["getty@tty1.service"]
    assert s["TTYPath"] == ["/dev/tty1"]
    assert s["Restart"] == ["always"]
    assert s["StateDirectory"] == ["whist-table"]
    assert s["ConfigurationDirectory"] == ["whist-table"]
    assert s["StandardOutput"] == ["journal"] and s["StandardError"] == ["journal"]
    assert s["CapabilityBoundingSet"] == [""]
    assert s["NoNewPrivileges"] == ["yes"] and s["ProtectSystem"] == ["strict"]
    allowed = " ".join(s["DeviceAllow"])
    for device in ("char-drm", "/dev/tty1", "char-input", "char-gpiochip", "char-ttyUSB",
                   "char-ttyACM", "/dev/whist-reader", "char-alsa"):
        assert device in allowed
    # Parses as an INI file too (what install tooling and humans expect).
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.read_string(UNIT.read_text())
    assert parser.sections() == ["Unit", "Service", "Install"]


def _verifiable_copy(tmp_path: Path) -> Path:
    # `verify` checks that ExecStart's program exists; the venv is not
    # installed here, so point it at a program that is, changing nothing else.
    true = shutil.which("true") or "/bin/true"
    text = UNIT.read_text()
    text, n = re.subn(r"^ExecStart=/opt/whist-table/venv/bin/whist-table",
                      f"ExecStart={true}", text, flags=re.M)
    assert n == 1
    copy = tmp_path / UNIT.name
    copy.write_text(text)
    return copy


@needs_analyze
def test_systemd_analyze_verify_accepts_the_unit(tmp_path):
    copy = _verifiable_copy(tmp_path)
    result = subprocess.run(
        ["systemd-analyze", "verify", "--recursive-errors=yes", str(copy)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    own = [line for line in (result.stdout + result.stderr).splitlines()
           if UNIT.name in line]
    assert own == [], "\n".join(own)


@needs_analyze
def test_systemd_analyze_security_exposure_is_low():
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(UNIT)],
        capture_output=True, text=True, timeout=120)
    m = re.search(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)", result.stdout)
    assert m, result.stdout + result.stderr
    exposure = float(m[1])
    print(f"systemd-analyze security exposure: {exposure}")
    assert exposure <= MAX_EXPOSURE


# ----- install.sh ---------------------------------------------------------------

def run_install(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(INSTALL), *args], capture_output=True, text=True,
                          timeout=60)


def steps(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("+ ")]


def test_install_script_parses():
    result = subprocess.run(["bash", "-n", str(INSTALL)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_install_script_is_shellcheck_clean():
    result = subprocess.run(["shellcheck", str(INSTALL)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_dry_run_lists_every_install_step_and_changes_nothing(tmp_path):
    result = run_install("--dry-run", "--root", str(tmp_path), "--no-apt")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert list(tmp_path.iterdir()) == []  # nothing written
    joined = "\n".join(steps(out))
    for group in ("video", "render", "input", "gpio", "dialout"):
        assert f"groupadd --root {tmp_path} --system {group}" in joined
    assert "useradd" in joined and "--shell /usr/sbin/nologin" in joined
    assert f"systemd/config.example.toml {tmp_path}/etc/whist-table/config.toml" in joined
    assert f"{tmp_path}/etc/systemd/system/whist-table.service" in joined
    assert "disable getty@tty1.service" in joined
    assert "enable whist-table.service" in joined
    assert "NAutoVTs=0" in out


def test_install_logic_is_idempotent(tmp_path):
    first = run_install("--dry-run", "--root", str(tmp_path), "--no-apt").stdout
    # As if the first install had run: user, groups and config in place.
    (tmp_path / "etc" / "whist-table").mkdir(parents=True)
    config = tmp_path / "etc" / "whist-table" / "config.toml"
    config.write_text("[rules]\ntarget = 7\n")
    (tmp_path / "etc" / "passwd").write_text("whist:x:990:990::/var/lib/whist-table:/bin/false\n")
    (tmp_path / "etc" / "group").write_text("".join(
        f"{g}:x:{100 + i}:\n" for i, g in enumerate(
            ["video", "render", "input", "gpio", "dialout", "audio", "whist"])))
    again = run_install("--dry-run", "--root", str(tmp_path), "--no-apt")
    assert again.returncode == 0, again.stderr
    second = again.stdout
    assert "useradd" in first and "useradd" not in second and "usermod" in second
    assert "groupadd" in first and "groupadd" not in second
    assert "keeping the existing" in second
    assert not any("config.toml" in s and "install -m" in s for s in steps(second))
    assert config.read_text() == "[rules]\ntarget = 7\n"  # the owner's settings survive
    # A third run plans exactly what the second did.
    third = run_install("--dry-run", "--root", str(tmp_path), "--no-apt").stdout
    assert third == second


def test_uninstall_keeps_games_unless_purged(tmp_path):
    for d in ("etc/whist-table", "var/lib/whist-table", "opt/whist-table",
              "etc/systemd/system"):
        (tmp_path / d).mkdir(parents=True)
    (tmp_path / "etc/systemd/system/whist-table.service").write_text("[Unit]\n")
    keep = run_install("--dry-run", "--root", str(tmp_path), "--uninstall")
    assert keep.returncode == 0, keep.stderr
    plan = "\n".join(steps(keep.stdout))
    assert "disable whist-table.service" in plan and "enable getty@tty1.service" in plan
    assert f"rm -rf {tmp_path}/opt/whist-table" in plan
    assert "var/lib/whist-table" not in plan and "kept the games" in keep.stdout
    purge = run_install("--dry-run", "--root", str(tmp_path), "--uninstall", "--purge")
    plan = "\n".join(steps(purge.stdout))
    assert f"rm -rf {tmp_path}/var/lib/whist-table" in plan
    assert f"rm -rf {tmp_path}/etc/whist-table" in plan
    assert (tmp_path / "var/lib/whist-table").is_dir()  # a dry run removes nothing


def test_install_refuses_unknown_options():
    result = run_install("--frobnicate")
    assert result.returncode == 2 and "unknown option" in result.stderr
    assert run_install("--purge", "--dry-run").returncode == 2


def image_ids(root: Path, name: str) -> tuple[int, int]:
    """The user's uid and its group's gid in the image's own passwd and group files."""
    uid = next(int(line.split(":")[2]) for line in (root / "etc/passwd").read_text().splitlines()
               if line.startswith(f"{name}:"))
    gid = next(int(line.split(":")[2]) for line in (root / "etc/group").read_text().splitlines()
               if line.startswith(f"{name}:"))
    return uid, gid


# Run as the kiosk user, through the image's root opened by the test (fd 3): no
# directory above the image is walked, so only the image's own permissions count.
AS_KIOSK = (
    "grep -q '^\\[rules\\]' /proc/self/fd/3/etc/whist-table/config.toml"
    " && : > /proc/self/fd/3/var/lib/whist-table/whist.sqlite3"
    " && id -u"
)


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("useradd") is None
                    or shutil.which("systemctl") is None,
                    reason="installing into an image needs root, useradd and systemctl")
def test_an_image_install_leaves_the_kiosk_user_its_config_and_state(tmp_path):
    image = tmp_path / "image"
    (image / "etc").mkdir(parents=True)
    # A fresh image's accounts: the kiosk user will get ids this machine may not have.
    (image / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (image / "etc/group").write_text("root:x:0:\n")
    (image / "etc/shadow").write_text("root:*:19000:0:99999:7:::\n")
    (image / "etc/gshadow").write_text("root:*::\n")
    result = run_install("--root", str(image), "--no-apt")
    assert result.returncode == 0, result.stderr
    uid, gid = image_ids(image, "whist")
    config = image / "etc/whist-table/config.toml"
    state = image / "var/lib/whist-table"
    assert (config.stat().st_uid, config.stat().st_gid) == (uid, gid)
    assert (state.stat().st_uid, state.stat().st_gid) == (uid, gid)
    assert config.parent.stat().st_gid == gid
    fd = os.open(image, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.dup2(fd, 3)
        kiosk = subprocess.run(["sh", "-c", AS_KIOSK], user=uid, group=gid,
                               extra_groups=[], pass_fds=(3,), capture_output=True, text=True,
                               timeout=60, cwd="/")
    finally:
        os.close(fd)
    assert kiosk.returncode == 0, kiosk.stderr
    assert kiosk.stdout.split()[0] == str(uid)
    # Installing again keeps the config and its owner.
    again = run_install("--root", str(image), "--no-apt")
    assert again.returncode == 0, again.stderr
    assert (config.stat().st_uid, config.stat().st_gid) == (uid, gid)
