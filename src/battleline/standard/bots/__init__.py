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

import sys

from ...errors import shorten
from ...plugins import lazy_class, named_class
from .base import Bot, LEVELS, NAMED_BOTS
from .greedy import GreedyBot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

#: Loaded when first asked for: the planner searches on the kernel, which needs NumPy (not
#: always there: a browser's Pyodide has no NumPy unless it fetches it).
LAZY = {"PlannerBot": ".planner"}

__all__ = ["Bot", "RandomBot", "GreedyBot", "HeuristicBot", "SearchBot", "PlannerBot", "bot_from_spec", "LEVELS",
           "NAMED_BOTS"]


def bot_from_spec(spec, seed: int | None = None) -> Bot:
    """A bot from a short name (``easy``, ``medium``, ``hard``, ``greedy``), a class name in
    :mod:`battleline.standard.bots`, ``module:Class``, or a bot object (returned as is).

    >>> type(bot_from_spec("easy")).__name__
    'RandomBot'
    """
    if isinstance(spec, Bot) or (hasattr(spec, "choose") and not isinstance(spec, (str, type))):
        return spec
    if isinstance(spec, type):
        return spec(seed=seed)
    if not isinstance(spec, str):
        raise ValueError(f"a bot is a name ({', '.join(NAMED_BOTS)}), 'module:Class' or a bot object, "
                         f"not {shorten(spec)}")
    # The classes are this package's names (a module of its own would import them all).
    cls = named_class(spec, NAMED_BOTS, sys.modules[__name__])
    if ":" in NAMED_BOTS.get(spec.lower(), spec):
        return cls(seed=seed)   # a bot of one's own needs only choose(), not this base class
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise ValueError(f"unknown bot {shorten(spec)}: use a name ({', '.join(NAMED_BOTS)}), a class of "
                         f"battleline.standard.bots or 'module:Class'")
    return cls(seed=seed)


# ``hard`` loads its kernel when asked for; without NumPy it plays as SearchBot (plugins.lazy_class)
__getattr__ = lazy_class(__name__, LAZY, SearchBot)
