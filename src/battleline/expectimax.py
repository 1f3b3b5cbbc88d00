"""Expectimax for one player's decisions under chance, with Ballard's Star1 cut-offs.

A search over a :class:`ChanceModel`: at each decision the player takes the option whose
value is greatest, and an option's value is the expectation, over its outcomes with their
exact chances, of the value of the position each leads to, where the player decides again
(so every decision after a result knows that result). Options that use up ``depth`` (a
shot, an attack) are counted; others (ending a step) are free. At depth 0, or where the
model offers no options, the model's :meth:`ChanceModel.value` is the leaf value, which
must lie in ``[low, high]``.

**Star1** (Ballard 1983, "The *-minimax search procedure for trees containing chance
nodes"): knowing that every value lies in ``[low, high]``, a chance node stops once its
outcomes so far, with the rest counted at ``high``, cannot beat the best option already
found (``alpha``), or, with the rest counted at ``low``, already reach the bound ``beta``
above which the parent would not look. Each outcome is searched with the window that
this implies, so a cut happens as early as it can. The choice and its value are those of
plain expectimax (``star1=False``); only fewer positions are valued.

**Star2** is not used, because it cannot pay here. Its probing searches one option of each
outcome first, for lower bounds that let a chance node fail high (reach ``beta``) sooner. With
one player deciding there is no opponent's bound to fail high against: every window reaches
``high`` (a test checks this on random trees), so only a value of ``high`` itself could end a
node early, and Star1 already stops there.

>>> class Coin:                         # bet (win 1 with chance 0.6, else 0) or keep 0.55
...     def __init__(self): self.path = []
...     def options(self, ply): return [] if self.path else ["keep", "bet"]
...     def outcomes(self, option): return [(1.0, None)] if option == "keep" else [(0.6, 1.0), (0.4, 0.0)]
...     def uses_depth(self, option): return option == "bet"
...     def play(self, option, outcome): self.path.append((option, outcome))
...     def undo(self): self.path.pop()
...     def value(self):
...         option, outcome = self.path[-1] if self.path else ("keep", None)
...         return 0.55 if option == "keep" else outcome
>>> Expectimax(Coin(), depth=1).best()
(1, 0.6)
"""

from __future__ import annotations

import math
from typing import Protocol

from .errors import shorten

__all__ = ["ChanceModel", "Expectimax", "TIE"]

_EPSILON = 1e-12     # rounding room when checking a leaf value against the bounds
TIE = 1e-9           # root values closer than this are equal (sums in another order differ in the last bit)


class ChanceModel(Protocol):
    """A position that the search changes and takes back (see the module docstring)."""

    def options(self, ply: int) -> list:
        """The options at the present position, the likely best first (ties keep the
        first); empty where the search stops. ``ply``: decisions taken since the root."""

    def outcomes(self, option) -> list[tuple[float, object]]:
        """``(chance, outcome)`` pairs of ``option``, the chances summing to 1."""

    def uses_depth(self, option) -> bool:
        """Whether ``option`` counts against the search's depth."""

    def play(self, option, outcome) -> None:
        """Play ``option`` with ``outcome``."""

    def undo(self) -> None:
        """Take back the last :meth:`play`."""

    def value(self) -> float:
        """The leaf value of the present position, in the search's ``[low, high]``."""


class Expectimax:
    """The search of ``model`` to ``depth`` options that use depth; values in ``[low, high]``;
    ``star1`` switches the cut-offs. ``leaves`` counts the leaf values taken."""

    def __init__(self, model: ChanceModel, depth: int, low: float = 0.0, high: float = 1.0,
                 star1: bool = True) -> None:
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise ValueError(f"depth must be a whole number from 0, not {shorten(depth)}")
        if not low < high:
            raise ValueError(f"the value bounds must have low < high, not {shorten((low, high))}")
        self.model, self.depth, self.low, self.high, self.star1 = model, depth, low, high, star1
        self.leaves = 0

    def best(self) -> tuple[int, float]:
        """The index of the best root option and its value (the first of equal ones, within
        ``TIE``); the root must have an option."""
        options = self.model.options(0)
        if not options:
            raise ValueError("the search's root has no options")
        best_index, best_value = 0, -math.inf
        for i, option in enumerate(options):
            alpha = self.low if best_value == -math.inf else best_value
            value = self.option_value(option, self.depth, 0, alpha, self.high)
            if value > best_value + TIE:
                best_index, best_value = i, value
        return best_index, best_value

    def node_value(self, depth: int, ply: int, alpha: float, beta: float) -> float:
        """The value of the present position, where the player decides: exact if it lies
        in ``(alpha, beta)``; otherwise at most ``alpha`` or at least ``beta``."""
        options = self.model.options(ply) if depth > 0 else []
        if not options:
            self.leaves += 1
            value = self.model.value()
            if not self.low - _EPSILON <= value <= self.high + _EPSILON:
                raise ValueError(f"a leaf value {shorten(value)} is outside [{self.low}, {self.high}]")
            return value
        best = -math.inf
        for option in options:
            value = self.option_value(option, depth, ply, max(alpha, best), beta)
            best = max(best, value)
            if self.star1 and best >= beta:
                return best
        return best

    def option_value(self, option, depth: int, ply: int, alpha: float, beta: float) -> float:
        """The expected value of ``option`` over its outcomes; with Star1 it returns
        ``alpha`` as soon as the option cannot exceed it and ``beta`` as soon as it must
        reach it."""
        left = depth - 1 if self.model.uses_depth(option) else depth
        low, high = self.low, self.high
        done = 0.0          # the chance-weighted values of the outcomes searched
        rest = 1.0          # the chance of the outcomes not yet searched
        for chance, outcome in self.model.outcomes(option):
            rest -= chance
            if self.star1:
                below = (alpha - done - high * rest) / chance   # at most this: cannot beat alpha
                above = (beta - done - low * rest) / chance     # at least this: reaches beta
                window = (max(below, low), min(above, high))
            else:
                window = (low, high)
            self.model.play(option, outcome)
            try:
                value = self.node_value(left, ply + 1, *window)
            finally:
                self.model.undo()
            if self.star1 and value <= below:
                return alpha
            if self.star1 and value >= above:
                return beta
            done += chance * value
        return done
