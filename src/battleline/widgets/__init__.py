"""The notebook widgets: the anywidget shell, one controller per mode, the view builder,
and the machinery both games' widgets share.

Standard Battle Line:

- :mod:`.shell`: ``BattleLineWidget`` (and ``PositionEditor``, ``PuzzleWidget``), the
  traits and the mode on screen;
- :mod:`.play`, :mod:`.edit`, :mod:`.puzzle`: one controller per mode, with a typed
  handler per message kind;
- :mod:`.table`: the board as one seat sees it, from the engine's public API.

Shared, game-neutral (Ancient Battles can use them too):

- :mod:`.messages`: typed message routing and error reporting;
- :mod:`.wording`: the language and name set on screen;
- :mod:`.pieces`: cards and moves as JSON; :mod:`.kernel`: where the widget runs.

>>> from battleline.widgets import BattleLineWidget
>>> BattleLineWidget(opponent="easy", seed=1).view["mode"]
'play'
"""

from .kernel import in_kernel, kernel_loop
from .pieces import card_json, move_json, public_move_json
from .shell import BattleLineWidget, PositionEditor, PuzzleWidget

__all__ = ["BattleLineWidget", "PositionEditor", "PuzzleWidget", "card_json", "move_json",
           "public_move_json", "kernel_loop", "in_kernel"]
