"""The notebook widgets: the anywidget shell, one controller per mode, the view builder,
and the machinery both games' widgets share.

Standard Battle Line:

- :mod:`.shell`: ``BattleLineWidget`` (and ``PositionEditor``, ``PuzzleWidget``), the
  traits and the mode on screen;
- :mod:`.play`, :mod:`.edit`, :mod:`.puzzle`: one controller per mode, with a typed
  handler per message kind;
- :mod:`.table`: the board as one seat sees it, from the engine's public API.

Ancient Battles (``AncientBattlesWidget``, loaded when first asked for):

- :mod:`.ancient_shell`: the anywidget shell; :mod:`.ancient_battle`: the battle's
  controller and the bot's turn; :mod:`.ancient_builder`: the army builder of a points
  battle; :mod:`.ancient_view`: the battle's view; :mod:`.ancient_words`: its words.

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

__all__ = ["BattleLineWidget", "PositionEditor", "PuzzleWidget", "AncientBattlesWidget", "card_json",
           "move_json", "public_move_json", "kernel_loop", "in_kernel"]


def __getattr__(name):
    # the second game's widget pulls in its engine: load it only when asked for
    if name == "AncientBattlesWidget":
        from .ancient_shell import AncientBattlesWidget
        return AncientBattlesWidget
    raise AttributeError(f"module 'battleline.widgets' has no attribute {name!r}")
