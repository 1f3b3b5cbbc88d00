"""One interface for both games: what the tools that play, replay, review and measure a game
read, so that each of them can be written once.

Both engines implement :class:`GameState`: Battle Line's :class:`~battleline.standard.game.Game`
and Ancient Battles' :class:`~battleline.ancient.game.AncientGame`. Its shape follows
OpenSpiel's State API, in this package's words:

- seats are integers, one convention for both games (:mod:`battleline.sides`: ``NORTH`` is 0,
  ``SOUTH`` is 1); ``current_player`` is the seat to act, None once the game is over;
- ``legal_actions()``, ``play(action)`` (checked; an action or its text) and ``undo()``;
- ``observation(seat)``: what that seat knows and nothing more;
- ``chance_outcomes(action)``: what chance decides when ``action`` is played (a card drawn,
  the dice of a shot or an attack), each result with its exact probability, as the seat to
  act knows it: the engine draws and rolls from its own hidden stream, and this is the
  distribution that stream is drawn from in that player's eyes;
- ``result`` (an :class:`~battleline.sides.Outcome`, or None) and ``returns()``;
- ``position()`` and ``record()`` as text, read back by the class's ``from_position`` and
  ``from_record``; ``actions_taken`` lists the actions since the start of the record.

What differs between the games (the board, the words, a plan of several actions) stays in
each game's package, behind this interface.

>>> from battleline import Game
>>> from battleline.ancient import AncientGame
>>> isinstance(Game(seed=1), GameState), isinstance(AncientGame.scenario("issus", seed=1), GameState)
(True, True)
>>> g = Game(seed=1, first=0)
>>> g.current_player, g.result, g.returns()
(0, None, (0.0, 0.0))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, Sequence, runtime_checkable

from .sides import NORTH, Outcome

__all__ = ["GameState", "ChanceOutcome", "returns_of", "check_distribution"]


@dataclass(frozen=True)
class ChanceOutcome:
    """One result chance may give an action: ``result`` is the game's own description of it
    (Battle Line: the card drawn; Ancient Battles: the units changed, as
    :class:`~battleline.ancient.odds.ActionOdds` keys them), ``probability`` its exact chance.
    """

    result: Any
    probability: Fraction


@runtime_checkable
class GameState(Protocol):
    """A game in progress, as every generic tool sees it (see the module's docstring)."""

    @property
    def current_player(self) -> int | None:
        """The seat to act (``NORTH`` or ``SOUTH``), None once the game is over."""

    @property
    def result(self) -> Outcome | None:
        """None while the game goes on, then how it ended."""

    @property
    def actions_taken(self) -> list:
        """The actions played since the start of the record, in order."""

    def legal_actions(self) -> list:
        """The actions the seat to act may take now (empty once the game is over)."""

    def play(self, action: Any) -> None:
        """Play a legal action or its text; a ValueError naming the rule, and no change, otherwise."""

    def undo(self) -> Any:
        """Take back the last action exactly; returns it."""

    def observation(self, seat: int) -> Any:
        """What ``seat`` knows, and nothing more."""

    def chance_outcomes(self, action: Any) -> tuple[ChanceOutcome, ...]:
        """What chance decides when ``action`` is played, as the seat to act knows it; empty
        when chance has no part in it."""

    def returns(self) -> tuple[float, float]:
        """Each seat's score: 1 for a win, -1 for a loss, 0 for a draw or a game going on."""

    def position(self) -> str:
        """The whole position as text."""

    def record(self) -> str:
        """The game so far as JSON text."""


def returns_of(outcome: Outcome | None) -> tuple[float, float]:
    """Each seat's score for an outcome, indexed by seat.

    >>> from battleline.sides import SOUTH
    >>> returns_of(Outcome(SOUTH, "terrain")), returns_of(Outcome(None, "draw")), returns_of(None)
    ((-1.0, 1.0), (0.0, 0.0), (0.0, 0.0))
    """
    if outcome is None or outcome.winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if outcome.winner == NORTH else (-1.0, 1.0)


def check_distribution(outcomes: Sequence[ChanceOutcome]) -> tuple[ChanceOutcome, ...]:
    """``outcomes`` as a tuple, after checking that they are a distribution: each result once,
    every probability above 0, and together exactly 1 (an empty tuple: no chance at all).

    >>> check_distribution([ChanceOutcome("a", Fraction(1, 2))])
    Traceback (most recent call last):
    ...
    ValueError: chance outcomes must add up to 1, not 1/2
    """
    outcomes = tuple(outcomes)
    if not outcomes:
        return outcomes
    total = sum((o.probability for o in outcomes), Fraction(0))
    if total != 1:
        raise ValueError(f"chance outcomes must add up to 1, not {total}")
    if any(o.probability <= 0 for o in outcomes):
        raise ValueError("every chance outcome must have a probability above 0")
    if len({repr(o.result) for o in outcomes}) != len(outcomes):
        raise ValueError("each chance outcome must be listed once")
    return outcomes
