"""The bot interface and the named levels (:func:`battleline.standard.bots.bot_from_spec` makes a
bot from its name)."""

from __future__ import annotations

import gc
import random
from contextlib import contextmanager

from ..game import Observation
from ..moves import Move
from ...plugins import LEVELS
from ..worlds import sample_world

# Every bot known by a short name: the levels, and the measuring stick (not a widget level).
NAMED_BOTS = {**LEVELS, "greedy": "GreedyBot"}


@contextmanager
def gc_paused():
    """Pause the cyclic garbage collector for a search against the clock: a full collection
    can take a tenth of a second on a busy machine, and searching makes no cycles. It is
    switched back on afterwards only if it was on before.

    >>> gc.isenabled()
    True
    >>> with gc_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Bot:
    """A player. Subclasses implement :meth:`choose`.

    ``seed`` makes a bot deterministic: the same observation and seed give the
    same move.
    """

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Move:
        """The move to make, from the observation of the seat to move."""
        raise NotImplementedError

    def world_and_moves(self, obs: Observation):
        """A world consistent with ``obs``, its legal moves (exactly the real ones), and
        the first provable claim among them or None: every bot claims what it can prove."""
        world = sample_world(obs, self.rng)
        moves = world.legal_moves()
        claim = next((m for m in moves if m.kind == "claim"), None)
        return world, moves, claim

    def world_and_choice(self, obs: Observation):
        """``(world, moves, move)``: as :meth:`world_and_moves`, with ``move`` the move when
        there is nothing to decide (a provable claim, or the only legal move), else None."""
        world, moves, claim = self.world_and_moves(obs)
        if claim is None and len(moves) == 1:
            claim = moves[0]
        return world, moves, claim

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"
