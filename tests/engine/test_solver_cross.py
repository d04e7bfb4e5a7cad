"""The C core on the Pi's CPUs: built with Debian's cross compilers for
aarch64 (64-bit Pi OS) and armhf (32-bit Pi OS), run under qemu-user, and
built here with address and undefined-behaviour sanitizers; each build runs
the stand-alone driver (tests/c/vectors.c) on DDS's exact values. `make
check-arm` prints the same with timings. .ci/run installs the tools."""

from __future__ import annotations

import subprocess

import pytest

from engine import solver
from tests.c.check_vectors import SAMPLER_LAYOUTS, TARGETS, VECTORS, build, check, deal_indices


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    built: dict[str, list[str]] = {}

    def get(name: str) -> list[str]:
        target = TARGETS[name]
        missing = target.missing()
        if missing:
            pytest.skip(f"{', '.join(missing)} not installed (.ci/run installs them)")
        if name not in built:
            exe = build(target, tmp_path_factory.mktemp(name))
            built[name] = [*target.emulator, str(exe)]
        return built[name]

    return get


@pytest.mark.parametrize("name", list(TARGETS))
def test_c_core_build_gives_dds_values(driver, name):
    if not VECTORS.exists():
        pytest.skip(f"{VECTORS} not present (the shared folder sits beside the clone)")
    outcome = check(driver(name), deal_indices())
    assert outcome.wrong == []
    assert outcome.checks > 800  # FUT, TABLE and TRACE of ten deals, and the sampler's seeds


def test_driver_names_the_bad_line(driver):
    done = subprocess.run(driver("sanitize"), input="deal 1\nmoves 1fff 0 0 0 9 0\n",
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout == SAMPLER_LAYOUTS[1] + "\n"
    assert "line 2" in done.stderr


@pytest.mark.skipif(not solver.HAVE_C, reason="C solver not built")
def test_sampler_layouts_are_the_ones_the_app_deals():
    from engine import _solver  # type: ignore[attr-defined]

    spades, hearts, diamonds, clubs = (0x1FFF << (13 * k) for k in range(4))
    for seed, layout in SAMPLER_LAYOUTS.items():
        (hands,) = _solver.deal_layouts(b"", (spades, 0, 0, 0), (0, hearts, diamonds, clubs),
                                        (1, 2, 3), (13, 13), 1, seed)
        assert " ".join(f"{h:x}" for h in hands) == layout
