"""The runner: the one seam through which every job of many games is played (both games'
arenas, the Ancient Battles balance runs, the experiments in ``docs/experiments/``).

A job is a function ``play(settings, deal, a_seat)`` that plays one game and returns its
result, the job's ``settings`` (a small JSON-able dict, the same for every game) and a
stream of games ``(deal, a_seat)``. A game's result depends only on its deal and seat, so
it does not matter where it is played. The runner

- plays the games in this process (``jobs=1``), on ``jobs`` local processes, or on a Ray
  cluster (``cluster="auto"``, ``"HOST:PORT"`` or ``"ray://HOST:PORT"``; Ray is imported only
  then);
- streams: it takes games from the stream only as workers come free, so a bounded number
  of games is in flight and the list of games is never built;
- groups short games into chunks of about a quarter of a second, so that shipping a task
  costs little beside playing it;
- writes each result to a JSON-lines file as it comes (``save``), with the settings on
  every line, under a lock that refuses a second run on the same file; :class:`SavedRuns`
  reads such files back (``resume``, ``--combine``), checking every line;
- retries the games of a worker process that died (locally: a new pool) or of a Ray worker
  or node that died (Ray's task retries);
- stops with :class:`RunStopped` (what happened, what is saved, how to resume) when the save
  file cannot be written or no node of a cluster can play, and turns Ctrl-C into
  :class:`MatchInterrupted`, saying the same;
- shows a progress bar (games, rate, time left) on stderr.

Its parts: :mod:`.backends` (where tasks are played and how big they are),
:mod:`.saves` (the save file and the saved runs read back) and :mod:`.stops` (how a run
stops early); this module streams the games through them. (It was ``battleline.runner``,
which still imports, with a DeprecationWarning.)

>>> def square(settings, deal, a_seat):
...     return settings["k"] * deal + a_seat
>>> [(r, node == local_node()) for r, node in run_games(square, {"k": 10}, [(1, 0), (1, 1)])]
[(10, True), (11, True)]
>>> list(paired_games(7, 3))
[(7, 0), (7, 1), (8, 0), (8, 1)]
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import Any

from ..errors import shorten
from .backends import RETRIES, Chunks, backend_for, local_node
from .saves import SaveFile, SavedRuns, json_line, load_saved, path_label, read_saved
from .stops import MatchInterrupted, RunStopped

__all__ = ["run_games", "play_match", "paired_games", "load_saved", "read_saved", "check_jobs", "check_games",
           "max_jobs", "local_node", "Match", "RETRIES", "SavedRuns", "SaveFile", "RunStopped",
           "MatchInterrupted", "ProgressLines"]


def max_jobs() -> int:
    """The most local processes a run may start: four times this machine's cores."""
    return 4 * (os.cpu_count() or 1)


def check_jobs(jobs: Any, cluster: str | None = None) -> int:
    """``jobs`` if it is a whole number from 1 to :func:`max_jobs`; with a ``cluster`` it
    must be 1 (the cluster's CPUs decide how many games run at once).

    >>> check_jobs(1)
    1
    """
    top = max_jobs()
    if type(jobs) is not int or not 1 <= jobs <= top:
        raise ValueError(f"jobs must be a whole number from 1 to {top} (4 x this machine's "
                         f"{os.cpu_count() or 1} cores), not {shorten(jobs)}")
    if cluster is not None and jobs != 1:
        raise ValueError("jobs and cluster exclude each other: on a cluster, its CPUs decide "
                         "how many games run at once")
    return jobs


def check_games(games: Any) -> int:
    """``games`` if it is a positive whole number.

    >>> check_games(10 ** 12)
    1000000000000
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive whole number, not {shorten(games)}")
    return games


def paired_games(first_deal: int, games: int) -> Iterator[tuple[int, int]]:
    """The games of ``games`` (rounded up to pairs) paired deals from ``first_deal``: each
    deal from both seats, produced one at a time (never as a list)."""
    for deal in range(first_deal, first_deal + (check_games(games) + 1) // 2):
        yield deal, 0
        yield deal, 1



def run_games(play: Callable, settings: dict, games: Iterable[tuple[int, int]], *, jobs: int = 1,
              cluster: str | None = None, save: str | SaveFile | None = None, progress: bool = False,
              total: int | None = None, done: int = 0, unit: str = "game") -> Iterator[tuple[Any, str]]:
    """Play ``games`` with ``play`` (a function importable by the workers) and yield each
    result with the node that played it, as they finish (in order when ``jobs=1``).
    ``save`` (a path, or a :class:`SaveFile` opened for appending) appends each result,
    with ``settings``, to a JSON-lines file before it is yielded; ``total`` and ``done``
    size the progress bar (``done`` games finished before, e.g. resumed)."""
    check_jobs(jobs, cluster)
    out = SaveFile(save) if isinstance(save, str) else save
    try:
        if isinstance(save, str):
            out.open_for_appending()
        backend = backend_for(jobs, cluster)
    except BaseException:
        if isinstance(save, str):
            out.close()
        raise
    chunks = Chunks(backend.capacity, total)
    stream = iter(games)
    pending: dict[int, list] = {}
    bar = _progress_bar(total, done, unit) if progress else None
    on_ray = cluster is not None
    ended = False
    try:
        key = 0
        while True:
            while len(pending) < 2 * backend.capacity:
                chunk = list(islice(stream, chunks.size()))
                if not chunk:
                    break
                key += 1
                pending[key] = chunk
                backend.submit(key, (play, settings, chunk, on_ray))
            if not pending:
                ended = True
                return
            for finished, (results, node, seconds) in backend.finished():
                chunks.learn(len(pending.pop(finished)), seconds)
                if out:
                    out.append([json_line(settings, r) for r in results])
                if bar:
                    bar.update(len(results))
                for r in results:
                    yield r, node
    finally:
        backend.close(abandon=not ended)
        if isinstance(save, str):
            out.close()
        if bar:
            bar.close()


def _progress_bar(total: int | None, done: int, unit: str):
    """A progress bar on a terminal; elsewhere (piped, under ``script``, in a log file),
    where a bar redrawn in place shows nothing, a line every few percent."""
    if not sys.stderr.isatty():
        return ProgressLines(total, done, unit)
    from tqdm import tqdm
    return tqdm(total=total, initial=done, unit=unit, file=sys.stderr, smoothing=0.05)


class ProgressLines:
    """Progress as lines on stderr, one each ``step`` percent (every ``step`` * 10 games
    without a total), with the rate and the time left.

    >>> import io, contextlib
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     p = ProgressLines(total=40, done=0, unit="game", step=25)
    ...     for _ in range(40):
    ...         p.update(1)
    ...     p.close()
    >>> [line.split(" games")[0] for line in err.getvalue().splitlines()]
    ['10/40 (25%)', '20/40 (50%)', '30/40 (75%)', '40/40 (100%)']
    """

    def __init__(self, total: int | None, done: int, unit: str, step: int = 5) -> None:
        self.total, self.done, self.unit, self.step = total, done, unit, step
        self.start_done = done
        self.start = time.perf_counter()
        self.printed = self.mark(done)

    def mark(self, n: int) -> int:
        """Which line ``n`` games belong to (a new one is printed when it changes)."""
        if self.total:
            return n * 100 // self.total // self.step
        return n // (self.step * 10)

    def update(self, n: int) -> None:
        self.done += n
        now = self.mark(self.done)
        if now != self.printed:
            self.printed = now
            self.write()

    def write(self) -> None:
        seconds = time.perf_counter() - self.start
        played = self.done - self.start_done
        rate = played / seconds if seconds > 0 else 0.0
        head = f"{self.done}/{self.total} ({self.done * 100 // self.total}%)" if self.total else f"{self.done}"
        left = (f", about {round((self.total - self.done) / rate)} s left"
                if self.total and rate > 0 and self.done < self.total else "")
        print(f"{head} {self.unit}s, {rate:.2f} {self.unit}s/s{left}", file=sys.stderr, flush=True)

    def close(self) -> None:
        """Nothing to clear: every line stays."""



@dataclass
class Match:
    """A finished job of paired deals: every result (unless they went to ``collect``) and
    the games each node played (``resumed``: results read back from the save file)."""

    results: list = field(default_factory=list)
    nodes: dict = field(default_factory=dict)
    resumed: int = 0


def _read_back(save: SaveFile, settings: dict, make: Callable, unit: str, deals: range,
               collect: Callable) -> tuple[set, int, int | None]:
    """The games of ``deals`` saved by an earlier run, each given to ``collect``: the keys
    of all saved games (``2 * deal + a_seat``), how many were in ``deals``, and where a
    half-written last line starts."""
    if not os.path.exists(save.path):
        return set(), 0, None
    reader = SavedRuns(make, settings, settings, unit)
    resumed = 0
    for result in reader.results(save.path):
        if result.deal in deals:
            collect(result)
            resumed += 1
    return reader.seen, resumed, reader.cut


def _stopped(why: str, played: int, resumed: int, save: SaveFile | None, total: int, unit: str,
             unsaved: int = 0) -> str:
    """What a stopped match says: why, what is saved, how to play the rest."""
    if save is None:
        return (f"{why} after {played} of {total} {unit}s; nothing was saved "
                f"(--save FILE keeps each {unit} as it ends)")
    lost = (f"; the {unsaved} {unit}s of the last task could not be written (a resumed run plays them again)"
            if unsaved else "")
    return (f"{why}. {resumed + save.written} of the {total} {unit}s are saved in {path_label(save.path)}{lost}; "
            "to play the rest, run the same command with --resume (resume=True)")


def play_match(play: Callable, make: Callable, settings: dict, first_deal: int, games: int, *,
               jobs: int = 1, cluster: str | None = None, save: str | None = None, resume: bool = False,
               progress: bool = False, unit: str = "game", collect: Callable | None = None) -> Match:
    """``games`` games of paired deals from ``first_deal`` through :func:`run_games`.
    With ``resume`` the games of those deals already in ``save`` (same settings, every line
    checked) are read back, not played again; the rest are played and appended. Without it
    ``save`` must be a new (or empty) file: a file that holds games is refused, never
    appended a second copy of them. ``collect``
    takes each result (read back or played) instead of ``Match.results``, so that a long
    match need not hold them all. A match that cannot go on raises :class:`RunStopped`, and
    Ctrl-C :class:`MatchInterrupted`; both say how many games are saved.

    >>> from battleline.arena.standard import GameResult, play_from_settings
    >>> settings = {"a": "easy", "b": "easy", "move_time": None, "rules": "standard"}
    >>> m = play_match(play_from_settings, GameResult, settings, 5, 2)
    >>> [(r.deal, r.a_seat) for r in m.results], sum(m.nodes.values()), m.resumed
    ([(5, 0), (5, 1)], 2, 0)
    """
    check_games(games)
    check_jobs(jobs, cluster)
    if resume and not save:
        raise ValueError("resume needs the file of the run to resume (save)")
    match = Match()
    keep = collect or match.results.append
    total = 2 * ((games + 1) // 2)
    out = SaveFile(save) if save else None
    try:
        if out and not resume and os.path.isfile(save) and os.path.getsize(save) > 0:
            raise ValueError(f"{path_label(save)} already holds saved {unit}s: run with --resume (resume=True) to "
                             f"play on from them, or save to another file; no {unit} was played")
        saved, match.resumed, cut = (_read_back(out, settings, make, unit, range(first_deal, first_deal + total // 2),
                                                keep) if resume else (set(), 0, None))
        todo = (g for g in paired_games(first_deal, games) if 2 * g[0] + g[1] not in saved)
        first = next(todo, None)
        if first is None:               # all saved: nothing to write (the file may be read-only)
            return match
        if out:
            out.open_for_appending(cut)
        played = 0
        try:
            for result, node in run_games(play, settings, chain([first], todo), jobs=jobs, cluster=cluster,
                                          save=out, progress=progress, total=total, done=match.resumed,
                                          unit=unit):
                keep(result)
                played += 1
                match.nodes[node] = match.nodes.get(node, 0) + 1
        except KeyboardInterrupt:
            raise MatchInterrupted(_stopped("stopped by Ctrl-C", played, match.resumed, out, total, unit)) from None
        except RunStopped as e:
            raise RunStopped(_stopped(str(e), played, match.resumed, out, total, unit, e.unsaved)) from None
    finally:
        if out:
            out.close()
    return match
