"""The table app: pygame, touch-first, against the AI.

Everything that imports pygame lives under this package; import it only from
inside a command's ``run()`` so ``whist-table --help`` stays fast.
"""

from __future__ import annotations

import os
import sys


def _import_pygame_quickly() -> None:
    """Import pygame without the numpy and pkg_resources imports it makes on the side.

    pygame's __init__ pulls in surfarray/sndarray (numpy) and pkgdata
    (pkg_resources) inside try/except; we use neither, and on a Pi they are
    most of a second of start-up. Blocking them only while pygame loads leaves
    both importable for anyone who wants them later.
    """
    if "pygame" in sys.modules:
        return
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    blocked = [name for name in ("numpy", "pkg_resources") if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        import pygame  # noqa: F401
    finally:
        for name in blocked:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]


_import_pygame_quickly()
