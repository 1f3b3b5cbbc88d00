"""Bots for Ancient Battles: players that act only on their side's observation.

Every bot has ``choose(observation) -> Action`` and ``build_army(colours) -> Army`` for
points battles. Levels: ``easy`` (:class:`RandomBot`), ``medium`` (:class:`HeuristicBot`),
``hard`` (:class:`DiceFightBot`: :class:`PlannerBot`, i.e. :class:`SearchBot`'s best plans
and fights searched across turns under the dice on the compiled kernel, with each fire and
melee decision searched by expectimax over the exact dice; it plays as ``SearchBot`` until
the kernel is ready, or where it cannot be compiled).

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.scenario("indus", seed=4)
>>> bots = {"south": ancient_bot("easy", 1), "north": ancient_bot("easy", 2)}
>>> for _ in range(30):
...     g.play(bots[g.to_act].choose(g.observation(g.to_act)))
"""

from __future__ import annotations

import sys

from ...errors import shorten
from ...plugins import lazy_class, named_class
from .base import LEVELS, AncientBot, army_from_plan, random_army
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

#: Loaded when first asked for: the planner searches on the kernel, which needs NumPy (not
#: always there: a browser's Pyodide has no NumPy unless it fetches it).
LAZY = {"PlannerBot": ".planner", "DiceSearchBot": ".dice_search", "DiceFightBot": ".dice_search",
        "DiceFightValueBot": ".dice_search"}

__all__ = ["AncientBot", "RandomBot", "HeuristicBot", "SearchBot", "PlannerBot", "DiceSearchBot", "DiceFightBot", "DiceFightValueBot", "ancient_bot", "LEVELS", "random_army", "army_from_plan"]


def ancient_bot(spec, seed: int | None = None) -> AncientBot:
    """A bot from a level (``easy``, ``medium``, ``hard``), a class name in
    :mod:`battleline.ancient.bots`, ``module:Class``, or a bot object (returned as is).

    >>> type(ancient_bot("medium")).__name__
    'HeuristicBot'
    """
    if isinstance(spec, AncientBot):
        return spec
    if not isinstance(spec, str):
        raise ValueError(f"an Ancient Battles bot is a name ({', '.join(LEVELS)}) or 'module:Class', "
                         f"not {shorten(spec)}")
    # The classes are this package's names (a module of its own would import them all).
    cls = named_class(spec, LEVELS, sys.modules[__name__])
    if not (isinstance(cls, type) and issubclass(cls, AncientBot)):
        raise ValueError(f"unknown Ancient Battles bot {shorten(spec)}: use {', '.join(LEVELS)}, a class of "
                         "battleline.ancient.bots or 'module:Class'")
    return cls(seed=seed)


# ``hard`` loads its kernel when asked for; without NumPy it plays as SearchBot (plugins.lazy_class)
__getattr__ = lazy_class(__name__, LAZY, SearchBot)
