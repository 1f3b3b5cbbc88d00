"""RandomBot: a random legal move, but every provable flag is claimed."""

from __future__ import annotations

from ..game import Observation
from ..moves import Move
from ..worlds import sample_world
from .base import Bot


class RandomBot(Bot):
    """Claims whatever it can prove, otherwise plays a random legal move.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> RandomBot(seed=1).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "random"

    def choose(self, obs: Observation) -> Move:
        world = sample_world(obs, self.rng)
        moves = world.legal_moves()
        for m in moves:
            if m.kind == "claim":
                return m
        return self.rng.choice(moves)
