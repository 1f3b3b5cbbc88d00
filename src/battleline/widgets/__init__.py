"""The notebook widgets: the anywidget shell, one controller per mode, the view builder,
and the machinery both games' widgets share.

Standard Battle Line, in :mod:`.standard`:

- :mod:`.standard.shell`: ``BattleLineWidget`` (and ``PositionEditor``, ``PuzzleWidget``),
  the traits and the mode on screen;
- :mod:`.standard.play`, :mod:`.standard.edit`, :mod:`.standard.puzzle`: one controller
  per mode, with a typed handler per message kind;
- :mod:`.standard.table`: the board as one seat sees it, from the engine's public API.

Ancient Battles, in :mod:`.ancient` (``AncientBattlesWidget``, loaded when first asked for):

- :mod:`.ancient.shell`: the anywidget shell; :mod:`.ancient.battle`: the battle's
  controller and the bot's turn; :mod:`.ancient.builder`: the army builder of a points
  battle; :mod:`.ancient.view`: the battle's view; :mod:`.ancient.words`: its words.

Shared, game-neutral, at the top:

- :mod:`.messages`: typed message routing and error reporting;
- :mod:`.wording`: the language and name set on screen;
- :mod:`.pieces`: cards and moves as JSON; :mod:`.kernel`: where the widget runs;
- :mod:`.turns`: the log with undo's marks, whose secrets the log may name, and the bot's
  turn, for both games' controllers.

>>> from battleline.widgets import BattleLineWidget
>>> BattleLineWidget(opponent="easy", seed=1).view["mode"]
'play'
"""

from .kernel import in_kernel, kernel_loop
from .pieces import card_json, move_json, public_move_json
from .standard.shell import BattleLineWidget, LessonWidget, PositionEditor, PuzzleWidget

__all__ = ["BattleLineWidget", "LessonWidget", "PositionEditor", "PuzzleWidget", "AncientBattlesWidget", "card_json",
           "move_json", "public_move_json", "kernel_loop", "in_kernel"]


def __getattr__(name):
    # the second game's widget pulls in its engine: load it only when asked for
    if name == "AncientBattlesWidget":
        from .ancient.shell import AncientBattlesWidget
        return AncientBattlesWidget
    raise AttributeError(f"module 'battleline.widgets' has no attribute {name!r}")
