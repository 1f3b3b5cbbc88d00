"""Deprecated: :mod:`battleline.cache_places` moved to :mod:`battleline.compiled.places` (the compile
route is one package); this name re-exports it and warns."""

import warnings

from .compiled.places import *  # noqa: F401,F403
from .compiled.places import __all__  # noqa: F401

warnings.warn("battleline.cache_places is deprecated: import battleline.compiled.places", DeprecationWarning, stacklevel=2)
