"""Which of a C core and its pure-Python reference a module uses (engine.solver,
engine.family_solver, engine.search.ismcts): the C when it is built, unless
``WHIST_PURE_SOLVER`` is set (not empty, not 0), which forces every reference."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import TypeVar

PURE_ENV = "WHIST_PURE_SOLVER"

T = TypeVar("T")
U = TypeVar("U")


def pick(what: str, module: str, built: bool, c: Callable[[], T], python: Callable[[], U],
         log: logging.Logger) -> T | U:
    """``c()`` or ``python()``, saying why on ``log`` when it is the reference."""
    if os.environ.get(PURE_ENV, "").strip() not in ("", "0"):
        log.info("%s is set: using the pure-Python %s", PURE_ENV, what)
        return python()
    if built:
        return c()
    log.warning("the C %s (%s) is not built: using the slow pure-Python reference; build it with "
                "'python setup.py build_ext --inplace'", what, module)
    return python()
