"""The C core on the Pi's CPUs: built with Debian's cross compilers for
aarch64 (64-bit Pi OS) and armhf (32-bit Pi OS), run under qemu-user, and
built here with address and undefined-behaviour sanitizers and unoptimised
and optimised; each build runs the stand-alone driver (tests/c/vectors.c) on
DDS's exact values, and all of them must search in the same order. `make
check-arm` prints the same with timings. .ci/run installs the tools."""

from __future__ import annotations

import subprocess

import pytest

from engine import solver
from tests.c.check_vectors import SAMPLER_LAYOUTS, SOURCES, TARGETS, VECTORS, Outcome, check, deal_indices
from tests.c.drivers import built, same_on_every_build


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    commands: dict[str, list[str]] = {}

    def get(name: str) -> list[str]:
        if name not in commands:
            commands[name] = built(name, SOURCES, tmp_path_factory.mktemp(name))
        return commands[name]

    return get


@pytest.fixture(scope="module")
def outcome(driver):
    done: dict[str, Outcome] = {}

    def get(name: str) -> Outcome:
        if not VECTORS.exists():
            pytest.skip(f"{VECTORS} not present (the shared folder sits beside the clone)")
        if name not in done:
            done[name] = check(driver(name), deal_indices())
        return done[name]

    return get


@pytest.mark.parametrize("name", list(TARGETS))
def test_c_core_build_gives_dds_values(outcome, name):
    result = outcome(name)
    assert result.wrong == []
    assert result.checks > 800  # FUT, TABLE and TRACE of ten deals, and the sampler's seeds


def test_every_build_searches_in_the_same_order(outcome):
    same_on_every_build(lambda name: outcome(name).reached)


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
