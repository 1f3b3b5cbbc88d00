"""RandomBot: a random legal move, but every provable flag is claimed."""

from __future__ import annotations

from ..game import Observation
from ..moves import Move
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
        _, moves, claim = self.world_and_moves(obs)
        return claim or self.rng.choice(moves)
