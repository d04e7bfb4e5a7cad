"""Which builds of the C core may use the building CPU's own instructions
(-march=native): only those that stay on that machine. A wheel or an image
is copied to other machines, so it is built for any CPU of the family."""

from __future__ import annotations

import runpy
import subprocess
from pathlib import Path

import pytest
from setuptools import Distribution
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parents[2]
SETUP = runpy.run_path(str(ROOT / "setup.py"), run_name="whist_setup")
NATIVE = "-march=native"


def build_command(*, editable: bool = False, inplace: bool = False, build_temp: Path | None = None):
    """build_ext (setup.py's BuildSolver) as pip runs it: for `pip wheel` /
    `pip install .` with the defaults, for `pip install -e .` in editable mode."""
    dist = Distribution({"name": "whist-table", "cmdclass": {"build_ext": SETUP["BuildSolver"]}})
    cmd = dist.get_command_obj("build_ext")
    cmd.editable_mode = editable
    cmd.inplace = inplace
    if build_temp is not None:
        cmd.build_temp = str(build_temp)
    cmd.ensure_finalized()
    # as if the compiler took the flag, so the choice shows on any machine
    cmd._accepts = lambda flag: True
    return cmd


@pytest.fixture(autouse=True)
def no_build_env(monkeypatch):
    monkeypatch.delenv("WHIST_PORTABLE", raising=False)
    monkeypatch.delenv("WHIST_NATIVE", raising=False)


def test_a_wheel_is_portable_by_default():
    assert NATIVE not in build_command().cpu_flags()


def test_the_dev_venv_is_built_for_this_cpu():
    assert build_command(editable=True).cpu_flags() == [NATIVE]
    assert build_command(inplace=True).cpu_flags() == [NATIVE]


def test_whist_portable_wins_even_in_place(monkeypatch):
    monkeypatch.setenv("WHIST_PORTABLE", "1")
    assert build_command(editable=True).cpu_flags() == []


def test_whist_native_asks_for_a_native_wheel(monkeypatch):
    monkeypatch.setenv("WHIST_NATIVE", "1")
    assert build_command().cpu_flags() == [NATIVE]


def test_a_compiler_refusing_the_flag_builds_without_it():
    cmd = build_command(editable=True)
    cmd._accepts = lambda flag: False
    assert cmd.cpu_flags() == []


def test_a_build_with_other_flags_is_not_reused(tmp_path, monkeypatch):
    forced = []
    monkeypatch.setattr(build_ext, "build_extensions", lambda self: forced.append(self.force))

    def build(**env: str) -> None:
        for key in ("WHIST_NATIVE", "WHIST_PORTABLE"):
            monkeypatch.delenv(key, raising=False)
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        build_command(build_temp=tmp_path).build_extensions()

    build(WHIST_NATIVE="1")
    build(WHIST_NATIVE="1")  # unchanged sources and flags: up to date
    build()  # portable now: every file compiled again
    build(WHIST_PORTABLE="1")
    assert [bool(f) for f in forced] == [True, False, True, False]


def install_plan(*args: str) -> list[str]:
    result = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--dry-run", "--no-apt", *args],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_install_on_the_pi_builds_for_its_own_cpu():
    pip = [s for s in install_plan() if s.startswith("+ ") and "pip install" in s and str(ROOT) in s]
    assert len(pip) == 1 and "WHIST_NATIVE=1" in pip[0]


def test_install_into_an_image_asks_for_no_native_build(tmp_path):
    plan = install_plan("--root", str(tmp_path))
    assert any("pip install '<this checkout>[hall]'" in line for line in plan)  # the drive's extra too
    assert not any("WHIST_NATIVE" in line for line in plan)
