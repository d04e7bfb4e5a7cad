"""Build the C trick evaluator; everything else is in pyproject.toml."""

import os
import tempfile
from collections.abc import Mapping

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError

# -march=native lets the solver use the building CPU's instructions (on x86,
# lzcnt and BMI; the README gives the gain) and makes a build that may not
# run on another CPU of the family. So only a build that stays on the machine
# that made it gets the flag: an editable or in-place build (the venv of
# `make run` and `make test`) or one asked for with WHIST_NATIVE=1
# (systemd/install.sh, building on the Pi it installs on). A wheel (`pip
# wheel`, `python -m build`, `pip install .`) is portable, and
# WHIST_PORTABLE=1 makes any build portable.
NATIVE = "-march=native"


def wants_native(environ: Mapping[str, str], in_place: bool) -> bool:
    if environ.get("WHIST_PORTABLE") == "1":
        return False
    return environ.get("WHIST_NATIVE") == "1" or in_place


class BuildSolver(build_ext):
    def build_extensions(self) -> None:
        flags = self.cpu_flags()
        for ext in self.extensions:
            ext.extra_compile_args.extend(flags)
        # build_ext reuses a build whose sources are unchanged, whatever flags
        # made it: a portable wheel must not pick up an earlier native build
        stamp = os.path.join(self.build_temp, "cpu-flags")
        previous = None
        if os.path.exists(stamp):
            with open(stamp) as f:
                previous = f.read()
        if previous != " ".join(flags):
            self.force = True
        super().build_extensions()
        os.makedirs(self.build_temp, exist_ok=True)
        with open(stamp, "w") as f:
            f.write(" ".join(flags))

    def cpu_flags(self) -> list[str]:
        in_place = bool(self.inplace or self.editable_mode)
        return [NATIVE] if wants_native(os.environ, in_place) and self._accepts(NATIVE) else []

    def _accepts(self, flag: str) -> bool:
        # some compilers (older clang on arm64, MSVC) reject the flag: build without it
        with tempfile.TemporaryDirectory() as tmp:
            probe = os.path.join(tmp, "probe.c")
            with open(probe, "w") as f:
                f.write("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([probe], output_dir=tmp, extra_postargs=[flag])
            except CompileError:
                return False
        return True


# run by pip and by `python setup.py`; tests load this file for BuildSolver alone
if __name__ == "__main__":
    setup(
        cmdclass={"build_ext": BuildSolver},
        ext_modules=[
            Extension(
                "engine._solver",
                sources=["engine/csrc/solver.c", "engine/csrc/deals.c", "engine/csrc/pysolver.c"],
                include_dirs=["engine/csrc"],
                # Python's own flags carry -fwrapv; the solver never relies on signed
                # overflow, and without it the search runs about 8% faster
                extra_compile_args=["-std=c99", "-O3", "-fno-wrapv"],
                optional=True,
            ),
            # the whole family's solver (engine.family_solver), beside the classic one
            Extension(
                "engine._family",
                sources=["engine/csrc/family.c", "engine/csrc/pyfamily.c"],
                include_dirs=["engine/csrc"],
                extra_compile_args=["-std=c99", "-O3", "-fno-wrapv"],
                optional=True,
            ),
            # Oh Hell and Knockout's search (engine.search.ismcts)
            Extension(
                "engine._ismcts",
                sources=["engine/csrc/ismcts.c", "engine/csrc/deals.c", "engine/csrc/pyismcts.c"],
                libraries=["m"],
                include_dirs=["engine/csrc"],
                extra_compile_args=["-std=c99", "-O3", "-fno-wrapv"],
                optional=True,
            ),
            # the standard ISMCTS of the games scored by the cards taken (engine.search.pointmcts)
            Extension(
                "engine._pointmcts",
                sources=["engine/csrc/pointmcts.c", "engine/csrc/deals.c", "engine/csrc/pypointmcts.c"],
                libraries=["m"],
                include_dirs=["engine/csrc"],
                extra_compile_args=["-std=c99", "-O3", "-fno-wrapv"],
                optional=True,
            ),
        ],
    )
