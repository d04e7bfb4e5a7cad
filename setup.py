"""Build the C trick evaluator; everything else is in pyproject.toml."""

import os
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The table builds its own venv on the machine it runs on, so the solver may
# use that CPU's instructions (on x86, lzcnt and BMI: the search is about 10%
# faster, measured). WHIST_PORTABLE=1 builds for any CPU of the family, for an
# image or a wheel made on one machine and run on another.
NATIVE = "-march=native"


class BuildSolver(build_ext):
    def build_extensions(self) -> None:
        if os.environ.get("WHIST_PORTABLE") != "1" and self._accepts(NATIVE):
            for ext in self.extensions:
                ext.extra_compile_args.append(NATIVE)
        super().build_extensions()

    def _accepts(self, flag: str) -> bool:
        # some compilers (older clang on arm64, MSVC) reject the flag: build without it
        with tempfile.TemporaryDirectory() as tmp:
            probe = os.path.join(tmp, "probe.c")
            with open(probe, "w") as f:
                f.write("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([probe], output_dir=tmp, extra_postargs=[flag])
            except Exception:
                return False
        return True


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
        )
    ],
)
