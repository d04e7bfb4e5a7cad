"""Fonts and rendered text, cached: text is rendered once per (string, size, colour)."""

from __future__ import annotations

import os
from functools import lru_cache

import pygame

from device.app.render import layout

_DEJAVU_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu")


def _font_path(bold: bool) -> str | None:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for d in _DEJAVU_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    return None


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(8, int(size))
    path = _font_path(bold)
    if path is None:
        f = pygame.font.Font(None, int(size * 1.3))  # pygame's own font runs small
        f.set_bold(bold)
        return f
    return pygame.font.Font(path, size)


def text(s: str, size: int, colour: tuple[int, ...] = (245, 245, 238), bold: bool = False) -> pygame.Surface:
    """``s`` rendered; blitted with ``layout.blit`` it is logged as a text box."""
    return layout.named(_rendered(s, size, colour, bold), s)


@lru_cache(maxsize=4096)
def _rendered(s: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    return font(size, bold).render(s, True, colour)


def width(s: str, size: int, bold: bool = False) -> int:
    return font(size, bold).size(s)[0]


def fit_size(s: str, size: int, max_width: int, bold: bool = False, min_size: int = 10) -> int:
    """The largest size <= ``size`` at which ``s`` fits in ``max_width`` pixels."""
    while size > min_size and width(s, size, bold) > max_width:
        size -= 1
    return size


def clip(s: str, size: int, max_width: int, bold: bool = False) -> str:
    """``s`` cut short with "…" to fit ``max_width`` pixels (a long name on a label)."""
    if width(s, size, bold) <= max_width:
        return s
    while s and width(s.rstrip() + "…", size, bold) > max_width:
        s = s[:-1]
    return s.rstrip() + "…"


@lru_cache(maxsize=512)
def wrap(s: str, size: int, max_width: int, bold: bool = False) -> tuple[str, ...]:
    """Greedy word wrap; keeps explicit newlines."""
    out: list[str] = []
    f = font(size, bold)
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = f"{line} {w}" if line else w
            if f.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                out.append(line)
                line = w
        out.append(line)
    return tuple(out)


def line_height(size: int, bold: bool = False) -> int:
    return font(size, bold).get_linesize()
