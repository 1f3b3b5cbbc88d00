"""Battle Line (Reiner Knizia): an exact rules engine, bots and a Jupyter widget.

>>> from battleline import Game, evaluate, can_claim
>>> evaluate("R4 R5 R3").kind
'wedge'
"""
from .cards import Card
from .standard.claims import ClaimResult, can_claim
from .standard.formations import Formation, evaluate
from .standard.game import NORTH, SOUTH, FlagView, Game, Observation, Outcome
from .standard.match import Match
from .errors import IllegalMoveError, InvalidMoveError, PositionError
from .standard.moves import Move
from .standard.solver import Solution, solve

__all__ = ["review", "hint", "AncientBattlesWidget", "BattleLineWidget", "PositionEditor", "PuzzleWidget", "LessonWidget", "Card", "ClaimResult", "Formation", "FlagView", "Game", "IllegalMoveError", "InvalidMoveError", "Match", "Move",
           "NORTH", "Observation", "Outcome", "PositionError", "SOUTH", "Solution", "can_claim", "evaluate", "solve"]
__version__ = "0.1.0"


def __getattr__(name):
    # The widget pulls in anywidget and ipywidgets: load it only when asked for.
    if name in ("BattleLineWidget", "PositionEditor", "PuzzleWidget", "LessonWidget"):
        from . import widgets
        return getattr(widgets, name)
    # A review searches on the kernel (NumPy, numba): load it only when asked for.
    if name == "review":
        from .reviewing import review
        return review
    if name == "hint":
        from .reviewing import hint
        return hint
    if name == "AncientBattlesWidget":
        from .widgets.ancient.shell import AncientBattlesWidget
        return AncientBattlesWidget
    raise AttributeError(f"module 'battleline' has no attribute {name!r}")
