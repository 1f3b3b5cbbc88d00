"""What both games' planners (``hard``) share: successive halving, the budget's checks, and
whether the search may run on its compiled kernel now.

Each game's ``PlannerBot`` plays candidates in common sampled worlds on its kernel and
halves them round by round; each counts its work in ``playouts`` (so the seed, not the
clock, fixes its moves) and keeps a wall-clock backstop in seconds. Until its kernel is ready
(or where numba is missing) each plays as its quicker ``SearchBot``.

>>> halving_rounds(8)
[0.3333333333333333, 0.3333333333333333, 0.3333333333333333]
>>> check_count("playouts", 50), check_seconds("move_time", 1)
(50, 1.0)
"""

from __future__ import annotations

import math
from types import ModuleType

from .errors import shorten

__all__ = ["halving_rounds", "check_count", "check_seconds", "KernelPlanning"]


def halving_rounds(n: int) -> list[float]:
    """The share of the play-outs each round of successive halving gets (``n`` candidates
    halved until one is left): equal shares.

    >>> halving_rounds(6), halving_rounds(2)
    ([0.3333333333333333, 0.3333333333333333, 0.3333333333333333], [1.0])
    """
    rounds = max(1, (n - 1).bit_length())
    return [1 / rounds] * rounds


def check_count(name: str, value, low: int = 1) -> int:
    """``value`` as a whole number of at least ``low``, else a ValueError naming ``name``.

    >>> check_count("candidates", 0)
    Traceback (most recent call last):
    ...
    ValueError: candidates must be a whole number of at least 1, not 0
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{name} must be a whole number of at least {low}, not {shorten(value)}")
    return value


def check_seconds(name: str, value) -> float:
    """``value`` as a positive, finite number of seconds, else a ValueError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
        raise ValueError(f"{name} must be a positive number of seconds, not {shorten(value)}")
    return float(value)


class KernelPlanning:
    """A planner's kernel readiness, delegated to its game's kernel package
    (``search_kernel``: a module with ``prepare_kernel``, ``kernel_preparing`` and
    ``kernel_usable``)."""

    search_kernel: ModuleType

    def prepare_in_background(self) -> None:
        """Start compiling (or loading) the kernel in a thread, so that a notebook stays
        responsive; until it is ready the bot plays as its ``SearchBot``."""
        self.search_kernel.prepare_kernel(background=True)

    @property
    def preparing(self) -> bool:
        """Whether the kernel is still being prepared in the background."""
        return self.search_kernel.kernel_preparing()

    def kernel_usable(self) -> bool:
        """Whether this decision can search on the compiled kernel now; a kernel still being
        prepared in the background is never waited for."""
        return self.search_kernel.kernel_usable()
