"""Bots for Ancient Battles: players that act only on their side's observation.

Every bot has ``choose(observation) -> Action`` and ``build_army(colours) -> Army`` for
points battles. Levels: ``easy`` (:class:`RandomBot`), ``medium`` (:class:`HeuristicBot`),
``hard`` (:class:`PlannerBot`: :class:`SearchBot`'s best plans and fights searched across
turns under the dice on the compiled kernel; it plays as ``SearchBot`` until the kernel is
ready, or where it cannot be compiled).

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.scenario("indus", seed=4)
>>> bots = {"south": ancient_bot("easy", 1), "north": ancient_bot("easy", 2)}
>>> for _ in range(30):
...     g.play(bots[g.to_act].choose(g.observation(g.to_act)))
"""

from __future__ import annotations

from .base import LEVELS, AncientBot, ancient_bot, army_from_plan, random_army
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .planner import PlannerBot
from .search import SearchBot

__all__ = ["AncientBot", "RandomBot", "HeuristicBot", "SearchBot", "PlannerBot", "ancient_bot", "LEVELS", "random_army", "army_from_plan"]
