"""Unbiased shuffling: Fisher-Yates over a cryptographic source, or a seed for replay."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

from engine.cards import Card, full_deck

T = TypeVar("T")


def rng_for(seed: int | str | None) -> random.Random:
    """A system CSPRNG when no seed is given; a reproducible generator otherwise."""
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(str(seed))


def fisher_yates(items: Sequence[T], rng: random.Random) -> list[T]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randrange(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def shuffled_pack(seed: int | str | None = None, rng: random.Random | None = None) -> list[Card]:
    return fisher_yates(full_deck(), rng if rng is not None else rng_for(seed))
