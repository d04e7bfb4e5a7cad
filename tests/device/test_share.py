"""Sharing a result: a rubber as printable pages (PNG, PDF), and the history copied
to a USB stick: only to a new folder of ours, the stick found in the mount table
or named by WHIST_USB_ROOT (a temporary directory stands in for it here)."""

from __future__ import annotations

import json
import os
import re
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from device.app.render.page import print_rubber
from device.cli import main
from device.share.usb import ENV, export_history, find_stick, mounted_sticks
from device.store import Store
from tests.system.test_store_migration import STORE


@pytest.fixture
def old_store(tmp_path) -> Path:
    copy = tmp_path / STORE.name
    shutil.copyfile(STORE, copy)
    return copy


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_a_rubber_as_printable_pages(old_store, tmp_path, capsys):
    png = tmp_path / "rubber.png"
    assert main(["history", "--db", str(old_store), "--rubber", "3", "--print", str(png)]) == 0
    written = capsys.readouterr().out.split()
    assert written[0] == str(png) and len(written) >= 2  # the sheet and 12 hands: more than a page
    assert all(png_size(Path(p)) == (1240, 1754) for p in written)
    pdf = tmp_path / "rubber.pdf"
    assert main(["history", "--db", str(old_store), "--rubber", "3", "--print", str(pdf)]) == 0
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    assert data.count(b"/Type /Page ") == len(written)
    # the cross-reference table points at every object
    xref = int(data.rsplit(b"startxref\n", 1)[1].split()[0])
    assert data[xref:xref + 4] == b"xref"
    offsets = [int(line[:10]) for line in data[xref:].split(b"\n")[3:] if re.match(rb"^\d{10} 00000 n", line)]
    assert offsets and all(re.match(rb"\d+ 0 obj", data[o:o + 12]) for o in offsets)
    assert main(["history", "--db", str(old_store), "--print", str(pdf)]) == 2  # which rubber?


def test_sticks_are_read_from_the_mount_table():
    table = ["/dev/sda1 /media/whist/MY\\040STICK vfat rw,nosuid 0 0",
             "/dev/sdb1 /run/media/pi/OLD vfat ro,nosuid 0 0",
             "/dev/mmcblk0p2 / ext4 rw 0 0",
             "tmpfs /run tmpfs rw 0 0"]
    assert mounted_sticks(table) == [Path("/media/whist/MY STICK")]


def test_find_stick_takes_the_setting_or_nothing(tmp_path):
    assert find_stick({ENV: str(tmp_path)}) == tmp_path
    assert find_stick({ENV: str(tmp_path / "absent")}) is None
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/sda1 {tmp_path} vfat rw 0 0\n")  # not under /media: not a stick
    assert find_stick({}, mounts) is None


def test_export_writes_only_a_new_folder(old_store, tmp_path):
    stick = tmp_path / "stick"
    stick.mkdir()
    (stick / "holiday.jpg").write_bytes(b"not ours")
    before = {p.name for p in stick.iterdir()}
    with Store(old_store, readonly=True) as store:
        now = datetime(2026, 12, 3, 9, 30, 0)
        done = export_history(store, stick, now=now, pages=print_rubber)
        again = export_history(store, stick, now=now)
    assert (stick / "holiday.jpg").read_bytes() == b"not ours"
    new = {p.name for p in stick.iterdir()} - before
    assert new == {"whist-table-20261203-093000", "whist-table-20261203-093000-2"}
    assert done.folder != again.folder
    names = sorted(p.name for p in done.folder.iterdir())
    assert names == sorted(["history.jsonl"] + [f"rubber-{m}.{ext}" for m in (1, 2, 3, 4)
                                                for ext in ("pbn", "pdf")])
    lines = (done.folder / "history.jsonl").read_text().splitlines()
    assert len(lines) == 24 and json.loads(lines[0])["hand"] == 1
    pbn = (done.folder / "rubber-1.pbn").read_text(encoding="latin-1")
    assert pbn.startswith("% PBN 2.1") and "{Score sheet" in pbn


def test_history_usb_command(old_store, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(ENV, str(tmp_path))
    assert main(["history", "--db", str(old_store), "--usb"]) == 0
    assert "4 rubbers copied to" in capsys.readouterr().out
    monkeypatch.setenv(ENV, str(tmp_path / "unplugged"))
    assert main(["history", "--db", str(old_store), "--usb"]) == 1
    assert "no USB stick found" in capsys.readouterr().err


def test_the_history_screen_copies_to_the_stick(tmp_path, monkeypatch):
    from device.app.scenes.recall import seed_demo_store
    from device.app.testing import make_app, tap_button

    app = make_app()
    try:
        app.store = Store(":memory:")
        seed_demo_store(app.store, hands=2, seed=1)
        monkeypatch.setenv(ENV, str(tmp_path / "none"))
        app.go("recall")
        app.step(1 / 60)
        with pytest.raises(KeyError):
            app.scene.buttons.by_name("usb")  # no stick, no button
        monkeypatch.setenv(ENV, str(tmp_path))
        app.scene.relayout()
        tap_button(app, "usb")
        assert "You can take the stick out" in (app.scene.error or "")
        (folder,) = [p for p in tmp_path.iterdir() if p.name.startswith("whist-table-")]
        assert (folder / "history.jsonl").exists()
        tap_button(app, "back")  # the message closes, the list is back
        assert app.scene.error is None and app.scene.name == "recall"
    finally:
        app.close()
        os.environ.pop(ENV, None)
