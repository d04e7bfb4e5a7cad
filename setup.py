"""Build the C trick evaluator; everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "engine._solver",
            sources=["engine/csrc/solver.c", "engine/csrc/pysolver.c"],
            include_dirs=["engine/csrc"],
            # Python's own flags carry -fwrapv; the solver never relies on signed
            # overflow, and without it the search runs about 8% faster
            extra_compile_args=["-std=c99", "-O3", "-fno-wrapv"],
            optional=True,
        )
    ]
)
