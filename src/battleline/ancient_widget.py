"""The Ancient Battles widget's first import path, kept working: it lives in
:mod:`battleline.widgets` now (``from battleline import AncientBattlesWidget`` is the usual
way). See :mod:`battleline.widgets.ancient.shell`.

>>> from battleline.ancient_widget import AncientBattlesWidget as Old
>>> from battleline.widgets.ancient.shell import AncientBattlesWidget as New
>>> Old is New
True
"""

from .widgets.ancient.battle import SHOW_BUDGET, STEP_DELAY, RandomAncientBot, opponent_bot
from .widgets.ancient.shell import AncientBattlesWidget

__all__ = ["AncientBattlesWidget", "RandomAncientBot", "opponent_bot", "STEP_DELAY", "SHOW_BUDGET"]
