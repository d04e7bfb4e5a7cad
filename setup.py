"""Build the C trick evaluator; everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "engine._solver",
            sources=["engine/csrc/solver.c", "engine/csrc/pysolver.c"],
            include_dirs=["engine/csrc"],
            extra_compile_args=["-std=c99", "-O3"],
            optional=True,
        )
    ]
)
