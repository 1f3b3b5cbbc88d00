"""Names kept for a while after they moved: a module ``__getattr__`` that warns with
:class:`DeprecationWarning` and hands out what the name now stands for.

>>> import warnings
>>> getattr_ = moved_names("battleline.old", {"Old": ("battleline.cards", "Card", "use Card")})
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     getattr_("Old").__name__, str(caught[0].message)
('Card', 'battleline.old.Old is deprecated: use Card')
"""

from __future__ import annotations

import importlib
import warnings
from typing import Callable, Mapping

__all__ = ["moved_names"]


def moved_names(module: str, moved: Mapping[str, tuple[str, str, str]]) -> Callable[[str], object]:
    """A ``__getattr__`` for ``module``: each name of ``moved`` maps to ``(module, name,
    advice)``, what it stands for now; asking for it warns with the advice. The module is
    imported by name when the name is asked for: the old home need not import the new one
    (which usually imports the old home)."""
    def __getattr__(name: str):
        if name in moved:
            where, now, advice = moved[name]
            warnings.warn(f"{module}.{name} is deprecated: {advice}", DeprecationWarning, stacklevel=2)
            return getattr(importlib.import_module(where), now)
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    return __getattr__
