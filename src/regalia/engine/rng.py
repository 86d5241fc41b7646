"""A small seeded random number generator (SplitMix64) whose whole state is one integer.

The standard library's Mersenne Twister carries 2.5 KB of state, which makes ``clone()`` of a
game state expensive; SplitMix64 is copied by copying an int, and gives the same stream on
every machine and Python version.
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence, Sequence
from types import FunctionType
from typing import Final, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_HALF: Final = 0xFFFFFFFF  # the low 32 bits


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
        if _COMPILED:
            return self._below_in_halves(n)
        # next64() written out with literal constants: this runs at least once per decision
        # of a random playout and per card drawn, and a literal is cheaper than a global.
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((s ^ (s >> 31)) * n) >> 64

    def _below_in_halves(self, n: int) -> int:
        """:meth:`below`, the same numbers, computed in 32-bit halves.

        Compiled (mypyc), an int below 2**62 is a machine word and anything larger a Python
        object, and a product is a machine word's only while both factors are below 2**30:
        SplitMix64's 64-bit steps made every draw a string of allocations, 18-40% of a
        compiled random game's instructions in every game. In 32-bit halves multiplied by
        16-bit quarters (and n below 2**30) it all runs on machine words. Interpreted, the
        same arithmetic takes five times longer than the 64-bit lines, so pure Python keeps
        those (tests check that both give the same stream)."""
        s = self.state
        low = (s & 0xFFFFFFFF) + 0x7F4A7C15
        hi = ((s >> 32) + 0x9E3779B9 + (low >> 32)) & 0xFFFFFFFF
        lo = low & 0xFFFFFFFF
        self.state = hi << 32 | lo
        # s ^= s >> 30; s *= 0xBF58476D1CE4E5B9; s ^= s >> 27; s *= 0x94D049BB133111EB
        hi, lo = _times(hi ^ hi >> 30, lo ^ (hi << 2 | lo >> 30) & 0xFFFFFFFF,
                        0xBF58476D, 0x1CE4E5B9)
        hi, lo = _times(hi ^ hi >> 27, lo ^ (hi << 5 | lo >> 27) & 0xFFFFFFFF,
                        0x94D049BB, 0x133111EB)
        # s ^= s >> 31; (s * n) >> 64
        hi, lo = hi ^ hi >> 31, lo ^ (hi << 1 | lo >> 31) & 0xFFFFFFFF
        low = ((lo >> 16) * n << 16) + (lo & 0xFFFF) * n
        return (((hi >> 16) * n << 16) + (hi & 0xFFFF) * n + (low >> 32)) >> 32

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


def _times(hi: int, lo: int, c_hi: int, c_lo: int) -> tuple[int, int]:
    """(hi, lo) times (c_hi, c_lo) modulo 2**64, as 32-bit halves, multiplying 16-bit
    quarters only: compiled code multiplies machine words only when both are below 2**30."""
    a1, a0 = lo >> 16, lo & 0xFFFF
    h1, h0 = hi >> 16, hi & 0xFFFF
    b1, b0 = c_lo >> 16, c_lo & 0xFFFF
    d1, d0 = c_hi >> 16, c_hi & 0xFFFF
    mid = a1 * b0 + a0 * b1
    low = a0 * b0 + ((mid & 0xFFFF) << 16)
    high = (a1 * b1 + (mid >> 16) + (low >> 32)
            + h0 * b0 + (((h1 * b0 + h0 * b1) & 0xFFFF) << 16)  # hi * c_lo, modulo 2**32
            + a0 * d0 + (((a1 * d0 + a0 * d1) & 0xFFFF) << 16))  # lo * c_hi, modulo 2**32
    return high & _HALF, low & _HALF


# Whether this module runs compiled: there, its functions are no Python functions.
_COMPILED: Final = not isinstance(fresh_seed, FunctionType)
