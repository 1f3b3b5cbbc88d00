"""The dice: one seeded stream of d6 rolls, optionally preceded by a scripted sequence.

Every roll the game makes is kept, in order. :meth:`Dice.rewind` (used by undo) moves the
read position back without forgetting the rolls after it, so a taken-back action that is
played again meets the same die: taking back never re-rolls. The seed and the rolls not yet
read are hidden information; only ``rolls[:position]`` is public.

>>> d = Dice(seed=1, script=[6, 3])
>>> d.roll(), d.roll()
(6, 3)
>>> third = d.roll()
>>> d.rewind(2); d.roll() == third
True
>>> d.public_rolls()[:2]
[6, 3]
"""

from __future__ import annotations

import random
from typing import Iterable

from ..errors import PositionError, shorten
from .combat import rampage_victim

__all__ = ["Dice", "NeedChoice", "BranchingDice", "MAX_SEED"]

MAX_SEED = 2 ** 64   # seeds run from 0 to this: what a position's 'dice seed' line reads back


class Dice:
    """A d6 stream: ``script`` first, then ``random.Random(seed)``."""

    __slots__ = ("seed", "script", "rolls", "position", "_rng")

    def __init__(self, seed: int | None = None, script: Iterable[int] = ()) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 32)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise PositionError(f"a dice seed is an integer, not {shorten(seed)}")
        if not 0 <= seed <= MAX_SEED:
            raise PositionError(f"a dice seed is a whole number from 0 to 2**64, not {shorten(seed)}")
        try:
            script = tuple(script)
        except TypeError:   # a number, None: not a sequence of rolls
            raise PositionError(f"scripted dice are a sequence of rolls 1 to 6, such as [6, 1], "
                                f"not {shorten(script)}") from None
        for r in script:
            if type(r) is not int or not 1 <= r <= 6:
                raise PositionError(f"a scripted die roll is 1 to 6, not {shorten(r)}")
        self.seed = seed
        self.script = script
        self.rolls: list[int] = []
        self.position = 0
        self._rng = random.Random(seed)

    def roll(self) -> int:
        """The next d6."""
        p = self.position
        rolls = self.rolls
        if p == len(rolls):
            if p < len(self.script):
                rolls.append(self.script[p])
            else:
                rolls.append(int(self._rng.random() * 6) + 1)
        self.position = p + 1
        return rolls[p]

    def pick(self, count: int) -> int:
        """One of ``count`` equally likely choices (an index), by d6 re-rolling left-over faces."""
        if count == 1:
            return 0
        while True:
            index = rampage_victim(self.roll(), count)
            if index is not None:
                return index

    def rewind(self, position: int) -> None:
        """Go back to an earlier read position (undo); later rolls are kept for the redo."""
        self.position = position

    def set_next(self, rolls: list[int]) -> None:
        """The next rolls are ``rolls`` (an analysis's chosen result); the rolls after them
        come from the stream again. The rolls already made are kept.

        >>> d = Dice(seed=1); d.set_next([6, 6]); d.roll(), d.roll()
        (6, 6)
        """
        for r in rolls:
            if type(r) is not int or not 1 <= r <= 6:
                raise PositionError(f"a die roll is 1 to 6, not {shorten(r)}")
        del self.rolls[self.position:]
        self.rolls.extend(rolls)

    def public_rolls(self) -> list[int]:
        """The rolls already made (what both players have seen)."""
        return self.rolls[: self.position]

    def fast_forward(self, rolls: list[int], position: int) -> None:
        """Restore a saved stream: regenerate from the seed and check the saved rolls."""
        for i, r in enumerate(rolls):
            self.position = i
            got = self.roll()
            if got != r:
                raise PositionError(f"dice: roll {i + 1} is {r} in the text but {got} from the "
                                    "seed and script")
        if not 0 <= position <= len(self.rolls):
            raise PositionError(f"dice position {shorten(position)} is outside the rolls")
        self.position = position


class NeedChoice(Exception):
    """Raised by :class:`BranchingDice` when the enumeration must branch."""

    def __init__(self, options: int, is_die: bool) -> None:
        self.options = options
        self.is_die = is_die


class BranchingDice:
    """Dice for exact odds: answers from a prefix of choices, then asks to branch."""

    __slots__ = ("prefix", "i")

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.i = 0

    def _next(self, options: int, is_die: bool) -> int:
        if self.i == len(self.prefix):
            raise NeedChoice(options, is_die)
        v = self.prefix[self.i]
        self.i += 1
        return v

    def roll(self) -> int:
        return self._next(6, True) + 1

    def pick(self, count: int) -> int:
        return 0 if count == 1 else self._next(count, False)
