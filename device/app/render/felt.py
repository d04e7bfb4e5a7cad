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
    # A fixed-seed speckle gives the cloth some texture without any image file.
    tex = pygame.Surface((w, h), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(w * h // 60):
        x, y = rng.randrange(w), rng.randrange(h)
        v = rng.choice((0, 255))
        tex.set_at((x, y), (v, v, v, 14))
    surf.blit(tex, (0, 0))
    return surf.convert() if pygame.display.get_surface() is not None else surf
