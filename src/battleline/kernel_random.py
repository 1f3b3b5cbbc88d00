"""Deprecated: :mod:`battleline.kernel_random` moved to :mod:`battleline.compiled.randomness` (the compile
route is one package); this name re-exports it and warns."""

import warnings

from .compiled.randomness import *  # noqa: F401,F403
from .compiled.randomness import __all__  # noqa: F401

warnings.warn("battleline.kernel_random is deprecated: import battleline.compiled.randomness", DeprecationWarning, stacklevel=2)
