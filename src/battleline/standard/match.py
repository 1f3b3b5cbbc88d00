"""Matches of several games: scoring and who starts next.

The winner of a game scores 5 points and the loser one point per flag he
holds; the winner plays first in the next game. The first game's first player
is decided by lot, from the match's seed. A drawn game (deadlock with equal
flags) scores each player his flags, and the player who did not start it
starts the next.

>>> m = Match(seed=5, first=0)
>>> g = m.game
>>> g.first_player
0
>>> m.scores
(0, 0)
"""

from __future__ import annotations

import random

from .game import Game, Outcome

__all__ = ["Match", "game_points"]


def game_points(outcome: Outcome) -> tuple[int, int]:
    """Points for each player from one finished game.

    >>> game_points(Outcome(1, "breakthrough", (2, 3)))
    (2, 5)
    """
    if outcome.winner is None:
        return outcome.flags
    pts = [outcome.flags[0], outcome.flags[1]]
    pts[outcome.winner] = 5
    return pts[0], pts[1]


class Match:
    """A match: ``Match(seed=…, rules=…, first=None, game=None)``; ``match.game`` is the
    game being played (``game`` starts the match from a given game), and
    :meth:`next_game` starts the next one once it is over."""

    def __init__(self, seed: int | None = None, rules: str = "standard", first: int | None = None,
                 game: Game | None = None):
        if seed is None:
            seed = random.randrange(2**32)
        self.seed = seed
        self.rules = rules
        self._rng = random.Random(seed)
        if first is None:
            first = self._rng.randrange(2)
        elif first not in (0, 1):
            raise ValueError(f"first must be 0 (north), 1 (south) or None (by lot), not {first!r}")
        if game is not None:
            self.rules = game.rules
            self.games: list[Game] = [game]
        else:
            self.games = [Game(seed=self._rng.randrange(2**32), rules=rules, first=first)]

    @property
    def game(self) -> Game:
        """The game being played (the last one)."""
        return self.games[-1]

    @property
    def scores(self) -> tuple[int, int]:
        """Points of north and south over the finished games."""
        n = s = 0
        for g in self.games:
            o = g.outcome()
            if o is not None:
                a, b = game_points(o)
                n += a
                s += b
        return n, s

    def next_first(self) -> int:
        """Who starts the next game: the last winner, or after a draw the player who
        did not start the last game."""
        o = self.game.outcome()
        if o is None:
            raise ValueError("the current game is not over yet")
        return (1 - self.game.first_player) if o.winner is None else o.winner

    def next_game(self) -> Game:
        """Start the next game (the current one must be over)."""
        first = self.next_first()
        self.games.append(Game(seed=self._rng.randrange(2**32), rules=self.rules, first=first))
        return self.game
