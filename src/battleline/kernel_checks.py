"""Deprecated: :mod:`battleline.kernel_checks` moved to :mod:`battleline.compiled.checks` (the compile
route is one package); this name re-exports it and warns."""

import warnings

from .compiled.checks import *  # noqa: F401,F403
from .compiled.checks import __all__  # noqa: F401

warnings.warn("battleline.kernel_checks is deprecated: import battleline.compiled.checks", DeprecationWarning, stacklevel=2)
