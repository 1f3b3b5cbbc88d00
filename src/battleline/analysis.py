"""An analysis board for both games, written once against the game interface
(:class:`battleline.interface.GameState`): branch from any position, play any legal move for
either side or let a bot answer, keep the variations as a tree, and play out the line the
search expects.

What a board knows:

- from a **finished** game it starts from the real position at that move: the game is over,
  so the deck's order (and, in Ancient Battles, the dice) may be used, and draws in a branch
  come from the real deck;
- from a position with cards someone may not see (a game going on, an editor's position, a
  puzzle) it starts from a world dealt from the ``viewer``'s observation with ``seed``: the
  cards that seat cannot see are dealt again from the unseen ones (and the dice come from a
  fresh stream), so the board never holds the real game's secrets;
- the chance it shows is a hint's (:func:`battleline.reviewing.hint`), judged from the
  observation of the side to move, as a review judges;
- in Ancient Battles a shot or an attack can be rolled, or its result chosen
  (:meth:`Analysis.play_result`).

The game it starts from is never changed: "back to the game" is only leaving the board.

>>> from battleline import Game
>>> g = Game(seed=3)
>>> board = Analysis(g, viewer=g.to_move, seed=7)
>>> board.dealt, board.seed
(True, 7)
>>> first = board.play(board.game().legal_actions()[0])
>>> board.back(); second = board.play(board.game().legal_actions()[1])
>>> [board.node(n).action for n in board.children(0)] == [board.node(first).action, board.node(second).action]
True
>>> len(g.moves)
0
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalMoveError, shorten
from .interface import GameState
from .plugins import LEVELS, named_class
from .sides import side_index

__all__ = ["Analysis", "Node", "MAX_NODES", "MAX_LINE_TURNS"]

MAX_NODES = 2000         # a board's tree at most: a notebook's memory, not a database
MAX_LINE_TURNS = 8       # the line the search expects, at most this many turns ahead


@dataclass
class Node:
    """One position of the tree: reached from ``parent`` by ``action`` (its text), played by
    ``seat``; ``result`` is a chosen chance result (Ancient Battles), else None."""

    parent: int | None
    action: str | None
    seat: int | None
    result: Any = None
    children: list[int] = field(default_factory=list)
    source: str = "you"          # "you", "bot" or "line": who chose the action


class Analysis:
    """Variations from one position of ``game`` (a Game or an AncientGame), kept as a tree.

    ``index``: how many actions into ``game`` the board starts (default: where it stands).
    ``viewer``: the seat whose knowledge the board may use while the game is not over; None
    only for a finished game. ``seed``: how the unseen cards are dealt (shown in the view).
    """

    def __init__(self, game: GameState, index: int | None = None, *, viewer: int | str | None = None,
                 seed: int = 0) -> None:
        if not isinstance(game, GameState):
            raise ValueError(f"an analysis board takes a Game or an AncientGame, not {shorten(game)}")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 63:
            raise ValueError(f"seed must be a whole number from 0 to 2**63 - 1, not {shorten(seed)}")
        total = len(game.actions_taken)
        if index is None:
            index = total
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= total:
            raise ValueError(f"index must be a move number from 0 to {total}, not {shorten(index)}")
        self.kind = type(game)
        self.seed = seed
        self.dealt = game.result is None
        if self.dealt:
            if viewer is None:
                raise ValueError("a game going on is analysed from one seat's knowledge: give viewer")
            self.viewer = side_index(viewer)
            # only read: the seat's observation of the game as it stands, or of a replay
            seen = game if index == total else _replayed(game, index)
            position = _world(seen, self.viewer, seed)
        else:
            position = _replayed(game, index)
            self.viewer = None if viewer is None else side_index(viewer)
        self._start = position.record()
        self.nodes: list[Node] = [Node(None, None, None)]
        self.cursor = 0
        self._game = position

    # ------------------------------------------------------------------ the tree
    def node(self, n: int) -> Node:
        return self.nodes[self._check_node(n)]

    def children(self, n: int) -> list[int]:
        return list(self.node(n).children)

    def path(self, n: int | None = None) -> list[int]:
        """The nodes from the root's first child to ``n`` (default: the cursor)."""
        n = self.cursor if n is None else self._check_node(n)
        out = []
        while n:
            out.append(n)
            n = self.nodes[n].parent
        return out[::-1]

    def go(self, n: int) -> None:
        """Move the cursor to node ``n``; the board's position follows."""
        n = self._check_node(n)
        if n != self.cursor:
            self.cursor = n
            self._game = self._rebuild(n)

    def back(self) -> None:
        """One move back (nothing at the start)."""
        if self.cursor:
            self.go(self.nodes[self.cursor].parent)

    def forward(self) -> None:
        """The first variation's next move (nothing at its end)."""
        kids = self.nodes[self.cursor].children
        if kids:
            self.go(kids[0])

    def game(self) -> GameState:
        """The position at the cursor. Play on the board, not on this object."""
        return self._game

    def position(self, n: int) -> GameState:
        """A new copy of the position at node ``n``, the cursor left where it is (to say an
        action of the tree again in words, from the position it was played in)."""
        return self._rebuild(self._check_node(n))

    def tree(self, n: int = 0) -> dict:
        """The tree under ``n`` for a view: ``{"id", "action", "seat", "source", "children"}``."""
        node = self.node(n)
        return {"id": n, "action": node.action, "seat": node.seat, "source": node.source,
                "children": [self.tree(k) for k in node.children]}

    # ------------------------------------------------------------------ playing
    def play(self, action: Any, *, source: str = "you") -> int:
        """Play a legal ``action`` (or its text) for the side to move at the cursor: the
        variation it starts, or the existing node of the same move. Returns the node."""
        game = self._game
        if game.result is not None:
            raise IllegalMoveError(f"{shorten(action)}: the game is over in this variation")
        seat = game.current_player
        game.play(action)                     # checked: a ValueError names the rule
        text = str(game.actions_taken[-1])
        return self._step(text, seat, None, source)

    def play_result(self, action: Any, result: Any) -> int:
        """Ancient Battles: play the shot or attack ``action`` with the chance ``result``
        chosen (one of ``game().chance_outcomes(action)``): "what if this attack had won?"."""
        from .ancient.chance import play_with_result
        if self.kind.__name__ != "AncientGame":
            raise ValueError("a chance result is chosen in Ancient Battles only")
        game = self._game
        seat = game.current_player
        play_with_result(game, action, result)
        return self._step(str(game.actions_taken[-1]), seat, tuple(result), "you")

    def answer(self, level: str = "hard", seed: int | None = None) -> int:
        """The bot of ``level`` plays the side to move, from that side's observation."""
        game = self._game
        if game.result is not None:
            raise IllegalMoveError("the game is over in this variation")
        bot = self._bot(level, self.seed if seed is None else seed)
        choice = bot.choose(game.observation(game.current_player))
        return self.play(choice, source="bot")

    def line(self, first: Any = None, turns: int = 2, level: str = "hard") -> list[int]:
        """The line the search expects: ``first`` (for example the better move of a review),
        then ``level``'s choices for both sides until ``turns`` turns have ended or the game
        has. A variation of the tree like any other; the cursor ends at its last move."""
        if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= MAX_LINE_TURNS:
            raise ValueError(f"turns must be a whole number from 1 to {MAX_LINE_TURNS}, not {shorten(turns)}")
        made = [] if first is None else [self.play(first, source="line")]
        bot = self._bot(level, self.seed)
        ended = 0
        mover = self._game.current_player
        while self._game.result is None:
            game = self._game
            if game.current_player != mover:
                ended += 1
                mover = game.current_player
                if ended >= turns:
                    break
            made.append(self.play(bot.choose(game.observation(game.current_player)), source="line"))
        return made

    def chance(self, budget: int | None = None) -> Any:
        """The hint at the cursor (a :class:`~battleline.annotation.Decision`): the search's
        move for the side to move and its chance, judged from that side's observation."""
        from .reviewing import hint
        return hint(self._game, budget=budget, seed=self.seed)

    # ------------------------------------------------------------------ inside
    def _step(self, text: str, seat: int, result: Any, source: str) -> int:
        here = self.nodes[self.cursor]
        for k in here.children:
            if self.nodes[k].action == text and self.nodes[k].result == result:
                self.cursor = k
                return k
        if len(self.nodes) >= MAX_NODES:
            self._game = self._rebuild(self.cursor)
            raise ValueError(f"an analysis board holds at most {MAX_NODES} moves: start a new one")
        self.nodes.append(Node(self.cursor, text, seat, result, source=source))
        k = len(self.nodes) - 1
        here.children.append(k)
        self.cursor = k
        return k

    def _rebuild(self, n: int) -> GameState:
        game = self.kind.from_record(self._start)
        for k in self.path(n):
            node = self.nodes[k]
            if node.result is not None:
                from .ancient.chance import play_with_result
                play_with_result(game, node.action, node.result)
            else:
                game.play(node.action)
        return game

    def _check_node(self, n: int) -> int:
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < len(self.nodes):
            raise ValueError(f"no node {shorten(n)} on this board (0 to {len(self.nodes) - 1})")
        return n

    def _bot(self, level: str, seed: int):
        package = _bots_of(self.kind)
        levels = package.LEVELS     # each game's: Ancient's ``hard`` is its own
        cls = named_class(level, levels, package) if isinstance(level, str) else None
        if cls is None or level.lower() not in levels:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {shorten(level)}")
        return cls(seed=seed)


def _bots_of(kind: type):
    if kind.__name__ == "AncientGame":
        from .ancient import bots
    else:
        from .standard import bots
    return bots


def _replayed(game: GameState, index: int) -> GameState:
    """A copy of ``game`` after its first ``index`` actions (from its record)."""
    copy = type(game).from_record(game.record())
    for _ in range(len(copy.actions_taken) - index):
        copy.undo()
    return copy


def _world(position: GameState, viewer: int, seed: int) -> GameState:
    """A world dealt from ``viewer``'s observation of ``position`` with ``seed``."""
    if type(position).__name__ == "AncientGame":
        from .ancient.worlds import sample_world
    else:
        from .standard.worlds import sample_world
    return sample_world(position.observation(viewer), random.Random(seed))
