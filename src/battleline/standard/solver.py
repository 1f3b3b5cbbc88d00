"""An exact solver for positions where everything is known.

``solve(game, turns)`` asks: can the player to move force a win (a Breakthrough,
an Envelopment, or a deadlock won on flags) within ``turns`` of his own turns,
whatever the opponent does? Both hands and the deck order are read from the
game, so it is meant for puzzles where all is known (or the decks are empty).
It is an AND-OR search (the attacker needs one winning move, the defender
must have no escape), with iterative deepening on the number of turns, a
transposition table and move ordering (claims first, then moves that complete
or strengthen a side).

>>> from battleline import Game
>>> g = Game.from_position('''battleline position 1
... turn south play
... flag 1 claimed by south: north - | south Y8 Y9 Y10
... flag 2 claimed by south: north - | south O8 O9 O10
... flag 3: north G1 | south R8 R9
... hand north: G9 G10 B9 B10 P9 P10 Alexander
... hand south: R10 B1 B2 B3 P1 P2 P3
... troop deck: rest seed 1
... tactic deck: rest seed 2
... ''')
>>> sol = solve(g, turns=1)
>>> sol.wins, [str(m) for m in sol.line]
(True, ['R10@3', 'claim 3'])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .encoding import encode_move
from ..errors import shorten
from .game import FLAGS, Game
from .moves import Move

__all__ = ["solve", "Solution", "Search", "check_request", "check_max_nodes", "deepen"]


@dataclass
class Solution:
    """``wins``: whether the player to move forces a win within ``turns`` of his turns.
    ``line``: the main line, the winner's moves with the opponent's best (longest)
    defence; ``turns_needed``: the fewest turns that win; ``nodes``: positions searched."""

    wins: bool
    turns: int
    turns_needed: int | None = None
    line: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def __bool__(self) -> bool:
        return self.wins

    def describe(self) -> str:
        if not self.wins:
            return f"no forced win within {self.turns} turn{'s' if self.turns != 1 else ''}"
        return (f"forced win in {self.turns_needed} turn{'s' if self.turns_needed != 1 else ''}: "
                + " ".join(str(m) for m in self.line))


class Search:
    """An AND-OR search for a forced win by ``attacker``, with its transposition table;
    bounded by ``deadline`` (``time.perf_counter()``) and ``max_nodes``."""

    def __init__(self, attacker: int, deadline: float | None, max_nodes: int | None):
        check_max_nodes(max_nodes)
        self.attacker = attacker
        self.table: dict = {}
        self.nodes = 0
        self.deadline = deadline
        self.max_nodes = max_nodes

    def key(self, g: Game):
        placed = tuple(tuple(sorted((g.placed_at[c], p, int(c)) for p in (0, 1) for c in g.sides[p][f]))
                       for f in FLAGS)
        return (g.to_move, g.phase, g.scout_left, g.turn_active, g.idle_turns, tuple(g.claimed),
                g.fog_flag, g.fog_owner, g.mud_flag, g.mud_owner, placed,
                tuple(sorted(g.hands[0])), tuple(sorted(g.hands[1])),
                tuple(g.decks[0]), tuple(g.decks[1]), len(g.discard_piles[0]), len(g.discard_piles[1]))

    def check_budget(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise TimeoutError(f"the solver gave up after {self.max_nodes} positions")
        if self.deadline is not None and self.nodes % 1024 == 0 and time.perf_counter() > self.deadline:
            raise TimeoutError("the solver ran out of time")

    def win(self, g: Game, turns: int):
        """A winning line for the attacker within ``turns`` of his turns (counting the one
        in progress when it is his move), or None."""
        o = g.outcome()
        if o is not None:
            return [] if o.winner == self.attacker else None
        attacking = g.to_move == self.attacker
        if attacking and turns <= 0:
            return None
        self.check_budget()
        k = self.key(g)
        hit = self.table.get(k)
        if hit is not None:
            won_at, lost_at, line = hit
            if won_at is not None and won_at <= turns:
                return line
            if lost_at is not None and lost_at >= turns:
                return None
        result = self._expand(g, turns, attacking)
        won_at, lost_at, _ = hit if hit is not None else (None, None, None)
        if result is None:
            lost_at = turns if lost_at is None else max(lost_at, turns)
            self.table[k] = (won_at, lost_at, hit[2] if hit else None)
        else:
            won_at = turns if won_at is None else min(won_at, turns)
            self.table[k] = (won_at, lost_at, result)
        return result

    def _expand(self, g: Game, turns: int, attacking: bool):
        mover = g.to_move
        moves = ordered_moves(g)
        if attacking:
            for m in moves:
                g.push(m)
                left = turns - (1 if g.to_move != mover and g.outcome() is None else 0)
                try:
                    line = self.win(g, left)
                finally:
                    g.undo()
                if line is not None:
                    return [m] + line
            return None
        longest = None
        for m in moves:
            g.push(m)
            try:
                line = self.win(g, turns)
            finally:
                g.undo()
            if line is None:
                return None          # a defence that holds
            if longest is None or len(line) + 1 > len(longest):
                longest = [m] + line
        return longest


def ordered_moves(g: Game) -> list[Move]:
    """Legal moves, likely best first: claims, then cards that complete or build a side,
    high values first; passes and Tactics later. Ties go by move number
    (:func:`~battleline.standard.encoding.encode_move`), so the order, and with it the line the solver
    finds, does not depend on the order in which a hand lists its cards.

    >>> g = Game(seed=1, first=0)
    >>> [str(m) for m in ordered_moves(g)[:3]]
    ['R9@1', 'R9@2', 'R9@3']
    """
    p = g.to_move

    def rank(m: Move):
        k = m.kind
        if k == "claim":
            return (0, 0, encode_move(m))
        if k == "play":
            side = g.sides[p][m.flag]
            need = g.required(m.flag)
            completes = len(side) + 1 >= need
            value = (m.card % 10 + 1) if m.card < 60 else 5
            return (1 if completes else 2, -value, encode_move(m))
        if k in ("draw", "end", "return"):
            return (1, 0, encode_move(m))
        return (3, 0, encode_move(m))

    return sorted(g.legal_moves(), key=rank)


DEFAULT_SECONDS = 30.0
MAX_SECONDS = 1_000_000.0     # about eleven days; beyond it, None (no time limit) says what is meant
MAX_NODES = 10 ** 15          # far beyond any search's reach, and within the kernel's int64 counters


def solve(game: Game, turns: int, *, seconds: float | None = DEFAULT_SECONDS,
          max_nodes: int | None = None) -> Solution:
    """Search for a forced win for the player to move within ``turns`` of his turns.

    ``seconds`` (30 by default, at most a million) and ``max_nodes`` (at least 1) bound the
    work, raising ``TimeoutError`` when exceeded; ``None`` for either sets no such limit.
    The game is left as it was.
    """
    start = check_request(game, turns, seconds, max_nodes)
    g = game.copy()
    return deepen(Search(g.to_move, None if seconds is None else start + seconds, max_nodes), g, turns, start)


def check_request(game: Game, turns: int, seconds: float | None, max_nodes: int | None = None) -> float:
    """Refuse a bad request to a solver (a ValueError naming it); returns the start time.
    Both solvers ask it, so that they refuse the same things in the same words.

    >>> check_request(Game(seed=1), 1, seconds=1e300)
    Traceback (most recent call last):
    ...
    ValueError: seconds must be a positive number up to 1,000,000 (or None for no limit), not 1e+300
    """
    if not isinstance(game, Game):
        raise ValueError(f"a solver solves a Game, not {shorten(type(game).__name__)}")
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
        raise ValueError(f"turns must be a whole number of at least 1, not {shorten(turns)}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds <= MAX_SECONDS):
        raise ValueError(f"seconds must be a positive number up to {MAX_SECONDS:,.0f} (or None for no limit), "
                         f"not {shorten(seconds)}")
    check_max_nodes(max_nodes)
    if game.is_over():
        raise ValueError("the game is over: there is nothing to solve")
    return time.perf_counter()


def check_max_nodes(max_nodes: int | None) -> None:
    """Refuse a node limit that is not None or a whole number from 1 to :data:`MAX_NODES`."""
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int)
                                  or not 1 <= max_nodes <= MAX_NODES):
        raise ValueError(f"max_nodes must be a whole number from 1 to 10**15 (or None for no limit), "
                         f"not {shorten(max_nodes)}")


def deepen(search, game: Game, turns: int, start: float) -> Solution:
    """Iterative deepening: ``search.win`` at one turn, then two, up to ``turns``; the first
    win found is the fastest. ``search`` is a :class:`Search` or the kernel's twin."""
    for depth in range(1, turns + 1):
        line = search.win(game, depth)
        if line is not None:
            return Solution(True, turns, depth, line, search.nodes, time.perf_counter() - start)
    return Solution(False, turns, None, [], search.nodes, time.perf_counter() - start)
