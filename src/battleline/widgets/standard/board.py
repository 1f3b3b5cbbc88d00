"""The analysis board in Battle Line's widget: what the game-neutral
:class:`..board.BoardController` needs of Battle Line (the table drawn as in play, from the
side to move's observation, with its legal moves to click; moves in words).

>>> from battleline import Game
>>> from ..wording import Wording
>>> g = Game(seed=3)
>>> table = TableAdapter(Wording("en"), lambda seat: ["North", "South"][seat])
>>> view = table.draw(g, g.to_move)
>>> view["my_turn"], len(view["hand"]), view["mode"]
(True, 7, 'board')
"""

from __future__ import annotations

from typing import Any, Callable

from ... import texts
from ...standard.game import Game
from ...standard.moves import Move
from ..wording import Wording
from .table import Seat, table_view

__all__ = ["TableAdapter"]


class TableAdapter:
    """Battle Line's part of the analysis board. ``name(seat)`` names a seat on screen."""

    game = "standard"     # its analysis: battleline.standard.reviewing

    def __init__(self, words: Wording, name: Callable[[int], str]):
        self.words = words
        self.name = name

    def draw(self, game: Game, seat: int) -> dict:
        """The table as ``seat`` sees it, its moves clickable (the board plays them)."""
        words = self.words
        over = game.is_over()
        legal = () if over else game.legal_moves()
        view = table_view(game, Seat(viewer=seat, my_turn=not over, legal=legal, explainable=False), words)
        return {
            **view, "mode": "board", "me": self.name(seat), "opponent": self.name(1 - seat), "hot_seat": False,
            "thinking": False, "status": self.status(game, seat), "last": [], "log": [], "claim": None,
            "message": None, "result": None, "score": {"mine": 0, "theirs": 0}, "options": {}, "option_labels": {},
            "can_undo": False, "can_next_game": False, "can_edit": False,
        }

    def status(self, game: Game, seat: int) -> str:
        if game.is_over():
            return self.result_words(game)
        return self.words.say("board.to_move", side=self.name(seat))

    def action_words(self, game: Game, action: Any) -> str:
        move = action if isinstance(action, Move) else Move.parse(str(action))
        return texts.move_words(move, self.words.lang, self.words.nameset)

    def decision_words(self, game: Game, text: str) -> str:
        """A move of a review's decision, in words."""
        return self.action_words(game, text)

    def legal(self, game: Game) -> list[dict]:
        return [{"action": str(m), "text": self.action_words(game, m), "outcomes": []} for m in game.legal_moves()]

    def side_name(self, seat: int | None) -> str:
        return "" if seat is None else self.name(seat)

    def result_words(self, game: Game) -> str:
        o = game.outcome()
        return self.words.words(texts.result_line(o, None if o.winner is None else texts.Player(o.winner)))

    def error_words(self, error: Any) -> str:
        return self.words.words(error)
