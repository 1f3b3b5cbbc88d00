"""Battle Line, the first game: its engine (cards on flags, formations, claims, Tactics, the
turn), notation and position text, the exact solver and the puzzle editor, the search kernel,
the bots and the bundled puzzles. The second game, Ancient Battles, lives beside it in
:mod:`battleline.ancient`; what both share (the deck, the sides, the errors, the compile route,
the arena) stays at the top of the package.

>>> from battleline.standard import Game
>>> Game(seed=1).to_move in (0, 1)
True
"""

from .game import Game

__all__ = ["Game"]
