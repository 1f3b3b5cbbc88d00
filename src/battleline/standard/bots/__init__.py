"""Bots: players that act only on their seat's observation.

Every bot has ``choose(observation) -> Move``. It sees what its seat knows and
nothing more; to list legal moves it samples a world consistent with the
observation (:func:`battleline.standard.worlds.sample_world`), whose legal moves are
exactly the real ones.

>>> from battleline import Game
>>> g = Game(seed=1)
>>> bot = RandomBot(seed=2)
>>> g.play(bot.choose(g.observation(g.to_move)))
"""

from __future__ import annotations

from .base import Bot, bot_from_spec, LEVELS, NAMED_BOTS
from .greedy import GreedyBot
from .heuristic import HeuristicBot
from .planner import PlannerBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["Bot", "RandomBot", "GreedyBot", "HeuristicBot", "SearchBot", "PlannerBot", "bot_from_spec", "LEVELS",
           "NAMED_BOTS"]
