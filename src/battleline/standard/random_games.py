"""The reference random game: a random card move each turn, every provable flag claimed.

The benchmark times it (:mod:`battleline.bench`), the command line plays it
(``python -m battleline``) and the search kernel's check replays it move by move
(:mod:`battleline.standard.kernel.check`); the kernel plays games by the same rule
(:func:`battleline.standard.kernel.random_games`). It lives with the engine it plays, so
that each of them imports it from below.

>>> g = random_game(3)
>>> g.outcome() is not None, random_game(3).moves == g.moves
(True, True)
"""

from __future__ import annotations

import random

from .game import Game
from .moves import CLAIM_MOVES

__all__ = ["random_game"]


def random_game(seed: int, rules: str = "standard") -> Game:
    """One random game: a random card move each turn, every provable flag claimed,
    a random deck for the draw."""
    rng = random.Random(seed)
    g = Game(seed=seed, rules=rules)
    choice = rng.choice
    advanced = rules == "advanced"
    while g.outcome() is None:
        phase = g.phase
        if phase == "play":
            if advanced:
                for f in g.provable_flags():
                    g.push(CLAIM_MOVES[f])
                    if g.outcome() is not None:
                        return g
            g.push(choice(g.legal_moves(claims=False)))
        elif phase == "draw":
            if not advanced:
                for f in g.provable_flags():
                    g.push(CLAIM_MOVES[f])
                    if g.outcome() is not None:
                        return g
            g.push(choice(g.legal_moves(claims=False)))
        else:
            g.push(choice(g.legal_moves(claims=False)))
    return g
