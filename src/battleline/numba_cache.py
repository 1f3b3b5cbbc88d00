"""Deprecated: :mod:`battleline.numba_cache` moved to :mod:`battleline.compiled.cache` (the compile
route is one package); this name re-exports it and warns."""

import warnings

from .compiled.cache import *  # noqa: F401,F403
from .compiled.cache import __all__  # noqa: F401

warnings.warn("battleline.numba_cache is deprecated: import battleline.compiled.cache", DeprecationWarning, stacklevel=2)
