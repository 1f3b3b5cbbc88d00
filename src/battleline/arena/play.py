"""One game between two bots, written once for both games against
:class:`~battleline.interface.GameState`: the arena is the referee. It asks the game whose
turn it is (``current_player``), lets that seat's bot choose from the seat's observation
alone, plays the choice and times it, until the game has a ``result``. What differs between
the games (which decisions are timed, what a player turn is, when the arena stops a game the
rules let go on) comes in as small functions from each game's arena module.

Seats are :mod:`battleline.sides`' (``NORTH`` 0, ``SOUTH`` 1) in both games. A match pairs
every deal: its game ``a_seat`` 0 and its game 1 give bot A the two seats in turn, and each
game's arena module says which seat that is (:func:`seat_bots`).

>>> from battleline import Game
>>> from battleline.standard.bots import RandomBot
>>> game = Game(seed=3)
>>> played = play_between(game, [RandomBot(seed=6), RandomBot(seed=7)], max_decisions=500)
>>> game.result is not None, played.decisions == len(game.actions_taken)
(True, True)
>>> winner_of(game.result, seat_a=game.result.winner)
'a'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from ..interface import GameState
from ..sides import Outcome

__all__ = ["Played", "play_between", "seat_bots", "winner_of"]


@dataclass
class Played:
    """What the referee measured in one game, by seat: ``times`` the seconds of each timed
    decision, ``turn_times`` the seconds of each whole player turn (when the game has player
    turns of several decisions), and how many ``decisions`` were played."""

    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    turn_times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    decisions: int = 0


def play_between(game: GameState, bots: Sequence, *, max_decisions: int,
                 timed: Callable[[GameState], bool] | None = None,
                 turn_of: Callable[[GameState], Hashable | None] | None = None,
                 stop: Callable[[GameState], bool] | None = None, label: str = "the game") -> Played:
    """Play ``game`` to its end between ``bots`` (indexed by seat), each given only its own
    seat's observation; each bot's ``choose(observation)`` returns one action. ``timed(game)``
    says whether the coming decision's time counts (all by default); ``turn_of(game)`` names
    the player turn it belongs to (None: none), so that the decisions of one turn are summed;
    ``stop(game)`` ends a game the arena will not let go on. A game not over after
    ``max_decisions`` is a RuntimeError (a bug, not a draw) naming it by ``label``."""
    played = Played()
    clock = time.perf_counter
    turn, turn_seat, spent = None, None, 0.0
    while game.result is None and not (stop and stop(game)):
        if played.decisions >= max_decisions:
            raise RuntimeError(f"{label} did not end in {max_decisions} decisions")
        seat = game.current_player
        counted = timed is None or timed(game)
        key = turn_of(game) if turn_of else None
        if key is not None and key != turn:
            if turn is not None:
                played.turn_times[turn_seat].append(spent)
            turn, turn_seat, spent = key, seat, 0.0
        start = clock()
        action = bots[seat].choose(game.observation(seat))
        seconds = clock() - start
        if counted:
            played.times[seat].append(seconds)
        if key is not None:
            spent += seconds
        game.play(action)
        played.decisions += 1
    if turn is not None:
        played.turn_times[turn_seat].append(spent)
    return played


def seat_bots(make: Callable[[str, int], object], spec_a: str, spec_b: str, deal: int, a_seat: int,
              seat_a: int) -> list:
    """The two bots of game ``a_seat`` of ``deal``, by seat: bot A (made first) seeded
    ``2 * deal + a_seat`` at ``seat_a``, bot B seeded ``2 * deal + 1 - a_seat`` at the other
    seat; ``make(spec, seed)`` builds one.

    >>> seat_bots(lambda spec, seed: f"{spec}{seed}", "a", "b", deal=5, a_seat=1, seat_a=0)
    ['a11', 'b10']
    """
    bots = [None, None]
    bots[seat_a] = make(spec_a, 2 * deal + a_seat)
    bots[1 - seat_a] = make(spec_b, 2 * deal + 1 - a_seat)
    return bots


def winner_of(outcome: Outcome, seat_a: int) -> str | None:
    """``"a"`` or ``"b"``, the bot that won from its seat, or None for a draw.

    >>> from battleline.sides import NORTH, SOUTH
    >>> winner_of(Outcome(SOUTH, "terrain"), seat_a=NORTH), winner_of(Outcome(None, "draw"), NORTH)
    ('b', None)
    """
    if outcome.winner is None:
        return None
    return "a" if outcome.winner == seat_a else "b"
