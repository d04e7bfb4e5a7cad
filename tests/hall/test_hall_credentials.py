"""``hall broker-config``: a broker user per table, each kept to its own table's topics."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest

from device.cli import main
from hall.link import Credentials


@pytest.mark.skipif(shutil.which("mosquitto_passwd") is None, reason="needs mosquitto_passwd (.ci/run)")
def test_broker_config_writes_a_private_credentials_file_per_table_and_an_acl_per_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hall"
    assert main(["hall", "broker-config", "--dir", str(out), "--drive", "club", "--tables", "3"]) == 0
    printed = capsys.readouterr().out
    assert f"mosquitto -c {out / 'mosquitto.conf'}" in printed
    assert f"table 3: {out / 'club-table3.toml'} (copy to table 3 only" in printed
    users = [Credentials.read(out / f"club-{who}.toml") for who in ("hub", "table1", "table2", "table3")]
    assert [u.username for u in users] == ["hub-club", "table1-club", "table2-club", "table3-club"]
    assert len({u.password for u in users}) == 4
    for f in [*out.glob("*.toml"), out / "passwd"]:
        assert stat.S_IMODE(f.stat().st_mode) == 0o600, f
    passwd = (out / "passwd").read_text()
    for u in users:  # hashed: no password as written in the credentials files
        assert u.password not in passwd and u.password not in printed
    acl = (out / "acl").read_text()
    table2 = acl.split("user table2-club\n", 1)[1].split("\n\n", 1)[0]
    assert table2.splitlines() == [
        "topic read whist/club/drive", "topic read whist/club/board",
        "topic read whist/club/table/2/acked", "topic read whist/club/table/2/seating",
        "topic write whist/club/table/2/result", "topic write whist/club/table/2/signin",
        "topic write whist/club/table/2/online"]


def test_broker_config_needs_the_number_of_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["hall", "broker-config", "--dir", str(tmp_path), "--drive", "club"])
    assert "--tables" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("mosquitto_passwd") is None, reason="needs mosquitto_passwd (.ci/run)")
def test_a_table_started_with_another_table_s_file_says_whose_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hall"
    assert main(["hall", "broker-config", "--dir", str(out), "--drive", "club", "--tables", "4"]) == 0
    capsys.readouterr()
    wrong = str(out / "club-table3.toml")
    code = main(["hall", "table", "--broker", "127.0.0.1:1", "--drive", "club", "--table", "4",
                 "--credentials", wrong, "--db", str(tmp_path / "t4.db"), "--wait", "0"])
    err = capsys.readouterr().err
    assert code == 2
    assert "credentials of table 3 of drive club, not of table 4" in err and "club-table4.toml" in err
    assert Credentials.read(wrong).password not in err
    code = main(["play", "--hall", "127.0.0.1:1", "--drive", "club", "--table", "4", "--credentials", wrong])
    assert code == 2 and "not of table 4" in capsys.readouterr().err
