"""A small seeded random number generator (SplitMix64) whose whole state is one integer.

The standard library's Mersenne Twister carries 2.5 KB of state, which makes ``clone()`` of a
game state expensive; SplitMix64 is copied by copying an int, and gives the same stream on
every machine and Python version.
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def fresh_seed() -> int:
    """A seed from the operating system, for games started without one."""
    return int.from_bytes(os.urandom(6), "big")


class Rng:
    """SplitMix64: fast, 64-bit state, good enough statistics for shuffling cards."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (multiply-shift; bias below 2**-40 for n < 2**24)."""
        # next64() written out with literal constants: this runs at least once per decision
        # of a random playout and per card drawn, and a literal is cheaper than a global.
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((s ^ (s >> 31)) * n) >> 64

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def split(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        # Without __init__: the state is already in range, and clone() calls this each time.
        # Rng.__new__, not object.__new__: a compiled Rng refuses the latter
        new = Rng.__new__(Rng)
        new.state = self.state
        return new
