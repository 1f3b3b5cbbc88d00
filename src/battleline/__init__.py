"""Battle Line (Reiner Knizia): an exact rules engine, bots and a Jupyter widget.

>>> from battleline import Game, evaluate, can_claim
>>> evaluate("R4 R5 R3").kind
'wedge'
"""
from .cards import Card
from .claims import ClaimResult, can_claim
from .formations import Formation, evaluate
from .game import NORTH, SOUTH, FlagView, Game, Observation, Outcome
from .match import Match
from .moves import IllegalMoveError, Move, PositionError

__all__ = ["Card", "ClaimResult", "Formation", "FlagView", "Game", "IllegalMoveError", "Match", "Move",
           "NORTH", "Observation", "Outcome", "PositionError", "SOUTH", "can_claim", "evaluate"]
__version__ = "0.1.0"
