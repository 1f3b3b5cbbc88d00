"""A match between two bots, written once for both games: its settings checked, its games
played through the runner (:func:`run_match`) or read back from save files
(:func:`combine_saved`), and its summary counted as results come (:class:`MatchTally`). Each
game's arena module adds what only its game has: a tally's extra figures and the report's
words beyond :func:`result_lines`.

>>> from types import SimpleNamespace as R
>>> s = MatchTally.of([R(winner="a", reason="leader"), R(winner=None, reason="draw")]).summary("x", "y")
>>> s["bot_a"], s["wins_a"], s["draws"], s["ends"]
('x', 1, 1, {'draw': 1, 'leader': 1})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..planning import check_seconds
from ..scoring import Tally, elo_phrase, wins_phrase
from .runner import SavedRuns, check_games, check_jobs, play_match

__all__ = ["MatchTally", "check_match", "run_match", "combine_saved", "result_lines", "rate"]


class MatchTally:
    """A match's summary, counted result by result: its memory stays bounded however long
    the match. Every result has ``winner`` (``"a"``, ``"b"`` or None) and ``reason``; a
    game's tally counts what else its results hold (:meth:`count`), says it
    (:meth:`figures`), and may put fields before the bots' names (``head``)."""

    head: dict = {}

    def __init__(self):
        self.outcomes = Tally()

    @classmethod
    def of(cls, results: Iterable) -> MatchTally:
        """A tally of ``results``."""
        tally = cls()
        for result in results:
            tally.add(result)
        return tally

    def add(self, result: Any) -> None:
        self.outcomes.add(result.winner, result.reason)
        self.count(result)

    def count(self, result: Any) -> None:
        """What the game's own fields add (nothing here)."""

    def figures(self) -> dict:
        """The game's own figures, after the shared ones (none here)."""
        return {}

    def summary(self, spec_a: str, spec_b: str) -> dict:
        return {**self.head, "bot_a": spec_a, "bot_b": spec_b, **self.outcomes.figures(), **self.figures()}


def rate(count: int, n: int) -> float:
    """``count / n`` to four places, 0.0 with nothing counted.

    >>> rate(2, 3), rate(0, 0)
    (0.6667, 0.0)
    """
    return round(count / n, 4) if n else 0.0


def check_match(games: Any, jobs: Any, cluster: str | None, seconds: tuple[str, Any],
                specs: tuple[str, str], make_bot: Callable[[str], object]) -> None:
    """A ValueError for the first bad setting of a match: the search time ``seconds``
    (a name and a positive number of seconds, or None), the games, the jobs, a bot's name
    (``make_bot`` fails on a bad one, before any game is played).

    >>> check_match(10, 1, None, ("move_time", float("nan")), ("a", "b"), str)
    Traceback (most recent call last):
    ...
    ValueError: move_time must be a positive number of seconds, not nan
    """
    name, value = seconds
    if value is not None:
        check_seconds(name, value)
    check_games(games)
    check_jobs(jobs, cluster)
    for spec in specs:
        make_bot(spec)


def run_match(play: Callable, make: Callable, counted: MatchTally, settings: dict, first_deal: int,
              games: int, **options) -> dict:
    """Play a match through the runner (:func:`~battleline.arena.runner.play_match`:
    ``play(settings, deal, a_seat)`` plays a game, ``make(**fields)`` builds a saved
    result; ``options`` are its jobs, cluster, save, resume, progress and unit) and return
    ``counted``'s summary, with ``nodes`` (the games each node played) and ``resumed``.

    >>> from types import SimpleNamespace as R
    >>> s = run_match(lambda settings, deal, a_seat: R(winner="ab"[a_seat], reason="won"), R, MatchTally(),
    ...               {"a": "x", "b": "y"}, first_deal=0, games=4)
    >>> s["wins_a"], s["wins_b"], s["resumed"]
    (2, 2, 0)
    """
    match = play_match(play, make, settings, first_deal, games, collect=counted.add, **options)
    return {**counted.summary(settings["a"], settings["b"]), "nodes": match.nodes, "resumed": match.resumed}


def combine_saved(make: Callable, setting_keys: tuple[str, ...], counted: MatchTally, paths: list[str],
                  deals: tuple[int, int] | None = None, what: str = "game") -> dict:
    """One summary of the games saved by several runs (``--save``): all between the same
    two bots under the same settings, no game twice, ``deals=(first, last)`` keeping only
    those deals; every line is checked, a bad one is a ValueError naming the file and line.

    >>> combine_saved(dict, ("a", "b"), MatchTally(), ["no-such-run.jsonl"])
    Traceback (most recent call last):
    ...
    ValueError: cannot read 'no-such-run.jsonl' (No such file or directory)
    """
    reader = SavedRuns(make, setting_keys, what=what)
    for result in reader.read(paths, deals):
        counted.add(result)
    return counted.summary(reader.settings["a"], reader.settings["b"])


def result_lines(s: dict) -> list[str]:
    """The report's lines both games share: each bot's wins with its win rate and 95%
    interval, the draws and the Elo difference, how the games ended.

    >>> from types import SimpleNamespace as R
    >>> result_lines(MatchTally.of([R(winner="a", reason="leader")]).summary("x", "y"))[-1]
    '  ends: leader 1'
    """
    a, b = s["bot_a"], s["bot_b"]
    return [
        f"  {a}: {wins_phrase(s['wins_a'])}, {s['win_rate_a']:.1%} (95% CI {s['ci95_a'][0]:.1%}-{s['ci95_a'][1]:.1%})",
        f"  {b}: {wins_phrase(s['wins_b'])}, {s['win_rate_b']:.1%} (95% CI {s['ci95_b'][0]:.1%}-{s['ci95_b'][1]:.1%})",
        f"  draws: {s['draws']}; " + elo_phrase(s, a, b),
        "  ends: " + ", ".join(f"{k} {v}" for k, v in sorted(s["ends"].items())),
    ]
