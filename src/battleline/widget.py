"""The standard widget's first import path, kept working: everything lives in
:mod:`battleline.widgets` now (``from battleline import BattleLineWidget`` is the usual way).

>>> from battleline.widget import BattleLineWidget as Old
>>> from battleline.widgets import BattleLineWidget as New
>>> Old is New
True
"""

from .widgets import BattleLineWidget, PositionEditor, PuzzleWidget, card_json, kernel_loop

__all__ = ["BattleLineWidget", "PositionEditor", "PuzzleWidget", "card_json", "kernel_loop"]
