"""RandomBot (``easy``): random legal actions, but it always fights when it can."""

from __future__ import annotations

from ..observation import Observation
from .base import AncientBot


class RandomBot(AncientBot):
    """Takes a random fire or attack while any is available, otherwise any random legal
    action (deployment, moves, Tactics, choices).

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1, dice=[1])
    >>> g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
    >>> g.play("end actions")
    >>> str(RandomBot(seed=1).choose(g.observation("south")))
    'fire c2-c3'
    """

    name = "easy"

    def decide(self, obs: Observation) -> str:
        legal = obs.legal_actions
        if obs.phase in ("fire", "melee"):
            fights = [a for a in legal if a.startswith(("fire ", "attack "))]
            if fights:
                return self.rng.choice(fights)
        return self.rng.choice(legal)
