"""The review's driver, one for both games: walk a record, judge each decision of the
reviewed seat, report progress, stop when asked.

What a review is (:class:`~battleline.annotation.Review`, :class:`~battleline.annotation.Decision`,
the labels and their thresholds) lives in :mod:`battleline.annotation`; this module runs one.
Each game gives a :class:`Judge`: how to walk its record into the decisions a review judges
(:class:`Walk`: Battle Line's single moves, Ancient Battles' whole plans of an action step,
each with its mover's observation), and how to judge one decision from that observation
(its search: the chances of the move played and of the best). The driver asks for nothing
else, so both games' reviews check their arguments, count and stop alike.

>>> from battleline.annotation import Decision
>>> def judge(obs, played, index, budget, seed):
...     return Decision(index, 0, played, played, 0.5, 0.5, 0.0, "best", "", "-", "-")
>>> toy = Judge("toy", 16, lambda game, seat: Walk([Point(0, 0, "a", None)], ["a"], [0], None),
...             judge, prepare=lambda: None)
>>> [d.played for d in iter_review(toy, "any game")], review(toy, "any game").moves
(['a'], ['a'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .annotation import Decision, Progress, Review, check_budget, check_seat, check_seed

__all__ = ["Judge", "Point", "Walk", "iter_review", "review", "search_ready"]


@dataclass(frozen=True)
class Point:
    """One decision to judge: its ``index`` in the record's actions (a plan's first), the
    ``seat`` that made it, what it ``played`` (the game's own form) and the seat's
    ``observation`` then."""

    index: int
    seat: int
    played: Any
    observation: Any


@dataclass(frozen=True)
class Walk:
    """A record walked once: the ``points`` to judge (anything with ``index``, ``played`` and
    ``observation``), every action's text, the seat that took each, and how the game ended
    (the outcome's words, or None)."""

    points: list
    moves: list[str]
    movers: list[int]
    result: str | None = None


@dataclass(frozen=True)
class Judge:
    """A game's part of a review: its name in the :class:`~battleline.annotation.Review`,
    its default budget (play-outs a decision), ``walk(game, seat)`` giving the :class:`Walk`
    of a game object or record (``seat`` already checked), ``judge(observation, played,
    index, budget, seed)`` giving the :class:`~battleline.annotation.Decision` (or None: not
    a decision after all), and ``prepare()``, loading the search before the first judgment."""

    game: str
    budget: int
    walk: Callable[[Any, int | None], Walk]
    judge: Callable[..., Decision | None]
    prepare: Callable[[], None] = field(default=lambda: None)


def iter_review(judge: Judge, game: Any, seat: int | str | None = None, *, budget: int | None = None,
                seed: int = 0) -> Iterator[Decision]:
    """Judge the game's decisions one at a time, in order (a generator: stop iterating, or
    close it, to cancel: nothing more is searched). The arguments are checked first."""
    walk, budget, seed = _walked(judge, game, seat, budget, seed)
    return _judged(judge, walk, budget, seed)


def review(judge: Judge, game: Any, seat: int | str | None = None, *, budget: int | None = None, seed: int = 0,
           progress: Progress | None = None) -> Review:
    """Review the game: every decision of ``seat`` (0 north, 1 south, None both) judged from
    what that seat knew then, with ``budget`` play-outs a decision (default the judge's).
    ``progress(done, total)`` is called after each decision."""
    walk, budget, seed = _walked(judge, game, seat, budget, seed)
    decisions = []
    for decision in _judged(judge, walk, budget, seed):
        decisions.append(decision)
        if progress is not None:
            progress(len(decisions), len(walk.points))
    return Review(judge.game, walk.moves, walk.movers, decisions, seat=check_seat(seat), budget=budget, seed=seed,
                  result=walk.result)


def _walked(judge: Judge, game: Any, seat, budget, seed) -> tuple[Walk, int, int]:
    seat = check_seat(seat)
    budget = check_budget(budget, judge.budget)
    seed = check_seed(seed)
    return judge.walk(game, seat), budget, seed


def _judged(judge: Judge, walk: Walk, budget: int, seed: int) -> Iterator[Decision]:
    judge.prepare()
    for point in walk.points:
        decision = judge.judge(point.observation, point.played, point.index, budget, seed)
        if decision is not None:
            yield decision


def search_ready(kernel: Any) -> bool:
    """Whether a hint or a review searches at once with the game's search ``kernel``: it is
    compiled (or loaded from the disk cache) in this process, or runs as plain Python. Until
    then the first hint or review prepares it (a minute or so after an install; a widget
    says so meanwhile).

    >>> from types import SimpleNamespace
    >>> search_ready(SimpleNamespace(compiled=lambda: True, kernel_ready=lambda: False))
    False
    """
    return not kernel.compiled() or kernel.kernel_ready()
