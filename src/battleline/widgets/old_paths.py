"""The widgets' first module paths, kept working: ``battleline.widgets.play`` is
:mod:`battleline.widgets.standard.play` now, ``battleline.widgets.ancient_battle`` is
:mod:`battleline.widgets.ancient.battle`, and so on. An old path gives the very module of
its new home (not a copy), loaded only when asked for, so the second game's engine still
loads only when its widget is used.

>>> import battleline.widgets.play as old
>>> import battleline.widgets.standard.play as new
>>> old is new
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys

PACKAGE = "battleline.widgets"

MOVED = {"play": "standard.play", "edit": "standard.edit", "puzzle": "standard.puzzle",
         "table": "standard.table", "shell": "standard.shell",
         "ancient_shell": "ancient.shell", "ancient_battle": "ancient.battle",
         "ancient_builder": "ancient.builder", "ancient_view": "ancient.view",
         "ancient_words": "ancient.words"}


class OldPathFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``battleline.widgets.<old name>`` and hands back the module of its new home."""

    def find_spec(self, fullname, path=None, target=None):
        package, _, name = fullname.rpartition(".")
        if package != PACKAGE or name not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec):
        return None   # a placeholder, replaced in sys.modules by exec_module

    def exec_module(self, module) -> None:
        name = module.__name__.rpartition(".")[2]
        # the import system returns whatever sys.modules holds under the old name
        sys.modules[module.__name__] = importlib.import_module(f"{PACKAGE}.{MOVED[name]}")


def install() -> None:
    """Let the old paths import (once per process)."""
    if not any(isinstance(f, OldPathFinder) for f in sys.meta_path):
        sys.meta_path.append(OldPathFinder())
