"""Deprecated: :mod:`battleline.kernel_bits` moved to :mod:`battleline.compiled.bits` (the compile
route is one package); this name re-exports it and warns."""

import warnings

from .compiled.bits import *  # noqa: F401,F403
from .compiled.bits import __all__  # noqa: F401

warnings.warn("battleline.kernel_bits is deprecated: import battleline.compiled.bits", DeprecationWarning, stacklevel=2)
