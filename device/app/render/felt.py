"""The table felt: a soft radial gradient with a fine weave, drawn once per size."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from device.app.render import theme


@lru_cache(maxsize=8)
def felt_surface(w: int, h: int) -> pygame.Surface:
    # A small gradient smooth-scaled up is far cheaper than per-pixel work.
    gw, gh = 32, 20
    small = pygame.Surface((gw, gh))
    cx, cy = (gw - 1) / 2, (gh - 1) / 2
    for y in range(gh):
        for x in range(gw):
            d = min(1.0, (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) ** 0.5 / 1.2)
            c = [int(a + (b - a) * d) for a, b in zip(theme.FELT, theme.FELT_DARK, strict=True)]
            small.set_at((x, y), c)
    surf = pygame.transform.smoothscale(small, (w, h))
    # A fixed-seed speckle tile gives the cloth some texture without any image file.
    tile = _speckle_tile()
    tw, th = tile.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surf.blit(tile, (x, y))
    return surf.convert() if pygame.display.get_surface() is not None else surf


@lru_cache(maxsize=1)
def _speckle_tile() -> pygame.Surface:
    size = 96
    tex = pygame.Surface((size, size), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(size * size // 60):
        v = rng.choice((0, 255))
        tex.set_at((rng.randrange(size), rng.randrange(size)), (v, v, v, 14))
    return tex
