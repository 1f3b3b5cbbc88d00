"""The search kernels' random stream, shared by both games' kernels: xorshift64.

A stream's state is one ``int64``; the kernels keep it in a one-element array (or in one
entry of a larger array, passed as a one-element slice) so that drawing advances it in place.
The shifts are written with masks so that compiled and plain-Python runs draw the same
numbers. :func:`seed_stream` turns any integer seed into a first state.

Both kernel packages import this module, so :mod:`battleline.compiled` counts it in each
kernel package's source fingerprint (numba does not notice a change to a callee's file) and
gives its own functions a disk-cache folder of their own.

>>> import numpy as np
>>> rng = np.array([seed_stream(7)], dtype=np.int64)
>>> draws = [int(random_below(rng, 6)) for _ in range(5)]
>>> all(0 <= d < 6 for d in draws), bool(rng[0] != seed_stream(7))
(True, True)
>>> values = np.arange(8, dtype=np.int64); shuffle(values, 8, rng); sorted(values) == list(range(8))
True
"""

from __future__ import annotations

from . import kernel_function

__all__ = ["LOW32", "xorshift", "next_random", "random_below", "shuffle", "seed_stream"]

LOW32 = 0xFFFFFFFF


@kernel_function
def xorshift(x):
    """The stream's next state after ``x`` (a nonzero state never becomes zero)."""
    x ^= x << 13
    x ^= (x >> 7) & ((1 << 57) - 1)       # a logical shift on the 64-bit pattern
    x ^= x << 17
    return x


@kernel_function
def next_random(rng):
    """Advance the stream in ``rng[0]``; returns 32 random bits (of the new state)."""
    x = xorshift(rng[0])
    rng[0] = x
    return (x >> 16) & LOW32


@kernel_function
def random_below(rng, n):
    """A random integer in ``range(n)`` from the stream in ``rng[0]``."""
    return next_random(rng) % n


@kernel_function
def shuffle(values, n, rng):
    """Shuffle the first n entries of ``values`` in place (Fisher-Yates, last entry first)."""
    for i in range(n - 1, 0, -1):
        j = random_below(rng, i + 1)
        values[i], values[j] = values[j], values[i]


def seed_stream(seed: int) -> int:
    """The random stream's first state for a seed: never zero, as a signed 64-bit integer.

    >>> seed_stream(0) != 0, -2 ** 63 <= seed_stream(-5) < 2 ** 63
    (True, True)
    """
    x = ((seed & 0xFFFFFFFFFFFFFFFF) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & 0xFFFFFFFFFFFFFFFF
    x = x or 1
    return x - (1 << 64) if x >= 1 << 63 else x
