"""Counts in plain English for the screen and the terminal ("1 trick", "2 tricks")."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
