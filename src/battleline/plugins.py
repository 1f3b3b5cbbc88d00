"""Classes named by text, as the arena's command line and the widgets take bots: a short
name, a class of a given package, or ``module:Class`` for a class of one's own. Shared by both
games' bot ladders.

>>> import battleline.standard.bots
>>> named_class("easy", {"easy": "RandomBot"}, battleline.standard.bots).__name__
'RandomBot'
>>> named_class("collections:OrderedDict", {}, battleline.standard.bots).__name__
'OrderedDict'
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Mapping

from .errors import shorten

__all__ = ["named_class", "lazy_class", "LEVELS"]

#: The levels a player picks, the same three in both games: each game's ``bots`` package has
#: a class of each name (``battleline.standard.bots``, ``battleline.ancient.bots``).
LEVELS = {"easy": "RandomBot", "medium": "HeuristicBot", "hard": "PlannerBot"}


def named_class(spec: str, names: Mapping[str, str], package: ModuleType) -> Any:
    """What ``spec`` names: ``names[spec]`` or ``spec`` itself, looked up in ``package``, or
    ``module:Class`` imported. None when ``package`` has no such name; the caller checks the
    kind. A module or class that cannot be loaded raises ValueError."""
    name = names.get(spec.lower(), spec)
    if ":" not in name:
        return getattr(package, name, None)
    module, _, attr = name.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError, ValueError, TypeError) as e:
        raise ValueError(f"cannot load {shorten(spec)}: {e}") from None


def lazy_class(package: str, lazy: Mapping[str, str], fallback: type):
    """A module ``__getattr__`` for ``package`` that imports each name of ``lazy`` (a name to
    its module, relative to ``package``) when first asked for. Where that module needs NumPy
    and there is none (a browser's Pyodide until it fetches NumPy), the name is ``fallback``:
    ``hard`` plays as that game's SearchBot, as it does wherever its kernel is not compiled.

    >>> import battleline.standard.bots as bots
    >>> bots.PlannerBot.__name__ in ("PlannerBot", "SearchBot")
    True
    """
    def __getattr__(name: str):
        if name in lazy:
            try:
                return getattr(importlib.import_module(lazy[name], package), name)
            except ModuleNotFoundError as e:
                if e.name != "numpy":
                    raise
                return fallback
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return __getattr__
