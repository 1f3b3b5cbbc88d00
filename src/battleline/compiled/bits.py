"""Bit tricks both games' search kernels use on their masks (cards, squares, flags).

Both kernel packages import this module, so :mod:`battleline.compiled` counts it in each
kernel package's source fingerprint, as it does :mod:`battleline.compiled.randomness`.

>>> popcount(0b1011), lowest_bit(0b1000)
(3, 3)
"""

from __future__ import annotations

from . import kernel_function

__all__ = ["popcount", "lowest_bit"]


@kernel_function
def popcount(x):
    """The number of set bits of a non-negative mask."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@kernel_function
def lowest_bit(x):
    """The index of the lowest set bit of a non-zero mask (a binary search, six steps)."""
    b = x & -x
    i = 0
    for step in (32, 16, 8, 4, 2, 1):
        if b >> step:
            b >>= step
            i += step
    return i
