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
  every line, and :func:`load_saved` reads such a file back for ``resume``;
- retries the games of a worker process that died (locally: a new pool) or of a Ray worker
  or node that died (Ray's task retries);
- shows a progress bar (games, rate, time left) on stderr.

>>> def square(settings, deal, a_seat):
...     return settings["k"] * deal + a_seat
>>> [(r, node == local_node()) for r, node in run_games(square, {"k": 10}, [(1, 0), (1, 1)])]
[(10, True), (11, True)]
>>> list(paired_games(7, 3))
[(7, 0), (7, 1), (8, 0), (8, 1)]
"""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .errors import shorten

__all__ = ["run_games", "play_match", "paired_games", "load_saved", "read_saved", "check_jobs",
           "max_jobs", "local_node", "Match", "RETRIES"]

CHUNK_SECONDS = 0.25    # a task's target length: Ray's cost per task is a few milliseconds
MAX_CHUNK = 64          # games in one task at most
RETRIES = 3             # times a task is tried again after its worker or node died


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


def local_node() -> str:
    """The name of this machine, as the runner counts games per node."""
    return socket.gethostname()


def _node_name(on_ray: bool) -> str:
    if not on_ray:
        return local_node()
    import ray
    context = ray.get_runtime_context()
    return f"{ray.util.get_node_ip_address()}/{context.get_node_id()[:8]}"


def play_chunk(play: Callable, settings: dict, chunk: list, on_ray: bool = False) -> tuple[list, str, float]:
    """A task: the games of ``chunk`` played in turn; their results, the node that played
    them and the seconds they took."""
    start = time.perf_counter()
    results = [play(settings, deal, seat) for deal, seat in chunk]
    return results, _node_name(on_ray), time.perf_counter() - start


class _InProcess:
    """``jobs=1``: every task played here, when its result is asked for."""

    capacity = 1

    def __init__(self):
        self.tasks: dict[int, tuple] = {}

    def submit(self, key: int, args: tuple) -> None:
        self.tasks[key] = args

    def finished(self) -> list:
        key, args = next(iter(self.tasks.items()))
        del self.tasks[key]
        return [(key, play_chunk(*args))]

    def close(self) -> None:
        self.tasks.clear()


class _LocalPool:
    """``jobs`` local processes; a pool broken by a dying worker is replaced and its tasks
    played again (each at most ``RETRIES`` more times)."""

    def __init__(self, jobs: int):
        self.capacity = jobs
        self.pool = ProcessPoolExecutor(max_workers=jobs)
        self.futures: dict = {}        # future -> key
        self.args: dict[int, tuple] = {}
        self.tries: dict[int, int] = {}

    def submit(self, key: int, args: tuple) -> None:
        self.args[key] = args
        self.futures[self.pool.submit(play_chunk, *args)] = key

    def finished(self) -> list:
        done, _ = wait(list(self.futures), return_when=FIRST_COMPLETED)
        out = []
        try:
            for future in done:
                value = future.result()
                key = self.futures.pop(future)
                del self.args[key]
                out.append((key, value))
        except BrokenProcessPool:
            self._restart()
        return out

    def _restart(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = ProcessPoolExecutor(max_workers=self.capacity)
        waiting = list(self.futures.values())
        self.futures.clear()
        for key in waiting:
            self.tries[key] = self.tries.get(key, 0) + 1
            if self.tries[key] > RETRIES:
                raise RuntimeError(f"a worker process died {RETRIES + 1} times on the same games")
            self.futures[self.pool.submit(play_chunk, *self.args[key])] = key

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class _RayCluster:
    """Tasks on a Ray cluster, spread over its nodes; Ray retries the tasks of a dead worker
    or node. Connects to ``address`` unless this process is connected already (then it
    keeps that connection, e.g. a notebook's, open at the end)."""

    def __init__(self, address: str):
        try:
            import ray
        except ImportError:
            raise ValueError("a cluster needs Ray: pip install 'battleline[cluster]'") from None
        self.ray = ray
        self.owned = not ray.is_initialized()
        if self.owned:
            try:
                ray.init(address=address, log_to_driver=False, logging_level="warning")
            except (ConnectionError, ValueError) as e:
                raise ValueError(f"cannot reach a Ray cluster at {shorten(address)}: {shorten(str(e), 200)}") from None
        self.remote = ray.remote(max_retries=RETRIES, scheduling_strategy="SPREAD")(play_chunk)
        self.capacity = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.refs: dict = {}

    def submit(self, key: int, args: tuple) -> None:
        self.refs[self.remote.remote(*args)] = key

    def finished(self) -> list:
        ready, _ = self.ray.wait(list(self.refs), num_returns=1)
        return [(self.refs.pop(ref), self.ray.get(ref)) for ref in ready]

    def close(self) -> None:
        for ref in self.refs:
            self.ray.cancel(ref, force=True)
        self.refs.clear()
        if self.owned:
            self.ray.shutdown()


def _backend(jobs: int, cluster: str | None):
    if cluster is not None:
        return _RayCluster(cluster)
    return _InProcess() if jobs == 1 else _LocalPool(jobs)


@dataclass
class _Chunks:
    """How many games go into the next task: enough for about ``CHUNK_SECONDS``, learned
    from the tasks done, and never so many that a worker would wait for work at the end."""

    workers: int
    total: int | None
    seconds: float = 0.0
    games: int = 0

    def size(self) -> int:
        if self.games == 0 or self.seconds <= 0:
            return 1
        size = min(MAX_CHUNK, max(1, int(CHUNK_SECONDS * self.games / self.seconds)))
        if self.total is not None:
            size = min(size, max(1, self.total // (4 * self.workers)))
        return size

    def learn(self, games: int, seconds: float) -> None:
        self.games += games
        self.seconds += seconds


def _json_line(settings: dict, result: Any) -> str:
    fields = result if isinstance(result, dict) else vars(result)
    return json.dumps({**settings, **fields}) + "\n"


def run_games(play: Callable, settings: dict, games: Iterable[tuple[int, int]], *, jobs: int = 1,
              cluster: str | None = None, save: str | None = None, progress: bool = False,
              total: int | None = None, done: int = 0, unit: str = "game") -> Iterator[tuple[Any, str]]:
    """Play ``games`` with ``play`` (a function importable by the workers) and yield each
    result with the node that played it, as they finish (in order when ``jobs=1``).
    ``save`` appends each result, with ``settings``, to a JSON-lines file; ``total`` and
    ``done`` size the progress bar (``done`` games finished before, e.g. resumed)."""
    check_jobs(jobs, cluster)
    out = open(save, "a") if save else None
    try:
        backend = _backend(jobs, cluster)
    except BaseException:
        if out:
            out.close()
        raise
    chunks = _Chunks(backend.capacity, total)
    stream = iter(games)
    pending: dict[int, list] = {}
    bar = _progress_bar(total, done, unit) if progress else None
    on_ray = cluster is not None
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
                return
            for finished, (results, node, seconds) in backend.finished():
                chunks.learn(len(pending.pop(finished)), seconds)
                if out:
                    out.write("".join(_json_line(settings, r) for r in results))
                    out.flush()
                if bar:
                    bar.update(len(results))
                for r in results:
                    yield r, node
    finally:
        backend.close()
        if out:
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


def load_saved(path: str, settings: dict, make: Callable, what: str = "game") -> dict:
    """The results saved in ``path`` by an earlier run of the same job (``make(**fields)``
    builds each), by ``(deal, a_seat)``. Every line must carry ``settings``; a last line cut
    short by a stopped run is dropped from the file. A missing file holds nothing yet."""
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as fh:
        data = fh.read()
    if data and not data.endswith(b"\n"):        # a line cut short when the run stopped
        data = data[: data.rfind(b"\n") + 1]
        with open(path, "r+b") as fh:
            fh.truncate(len(data))
    want = json.loads(json.dumps(settings))
    found = {}
    for number, line in enumerate(data.decode().splitlines(), 1):
        d = json.loads(line)
        mine = {k: d.pop(k, None) for k in want}
        if mine != want:
            raise ValueError(f"{shorten(path)} line {number} is another match "
                             f"({shorten(json.dumps(mine), 120)}), not {shorten(json.dumps(want), 120)}")
        key = (d["deal"], d["a_seat"])
        if key in found:
            raise ValueError(f"{shorten(path)} holds the same {what} twice (deal {key[0]}, seat {key[1]})")
        found[key] = make(**d)
    return found


def read_saved(paths: list[str], setting_keys: tuple[str, ...], make: Callable,
               deals: tuple[int, int] | None = None, what: str = "game") -> tuple[list, dict]:
    """The results saved in ``paths`` (``make(**fields)`` builds each), and the match's
    settings, for summing up several runs. All lines must share the same ``setting_keys``
    values; no deal may be played twice from the same seat. ``deals=(first, last)`` keeps
    only those deals."""
    results = []
    keys = set()
    for path in paths:
        with open(path) as fh:
            for line in fh:
                d = json.loads(line)
                keys.add(json.dumps({k: d.pop(k) for k in setting_keys}, sort_keys=True))
                if deals is None or deals[0] <= d["deal"] <= deals[1]:
                    results.append(make(**d))
    if not results:
        raise ValueError(f"no saved {what} in those files" + ("" if deals is None else " and deals"))
    if len(keys) != 1:
        raise ValueError(f"the files mix different matches: {shorten(sorted(keys), 300)}")
    seen = [(r.deal, r.a_seat) for r in results]
    if len(set(seen)) != len(seen):
        raise ValueError(f"the files hold the same {what} twice")
    (key,) = keys
    return results, json.loads(key)


@dataclass
class Match:
    """A finished job of paired deals: every result and the games each node played
    (``resumed``: results read back from the save file)."""

    results: list = field(default_factory=list)
    nodes: dict = field(default_factory=dict)
    resumed: int = 0


def play_match(play: Callable, make: Callable, settings: dict, first_deal: int, games: int, *,
               jobs: int = 1, cluster: str | None = None, save: str | None = None, resume: bool = False,
               progress: bool = False, unit: str = "game") -> Match:
    """``games`` games of paired deals from ``first_deal`` through :func:`run_games`.
    With ``resume`` the games already in ``save`` (same settings) are read back, not played
    again; the rest are played and appended.

    >>> from battleline.arena import GameResult, play_from_settings
    >>> settings = {"a": "easy", "b": "easy", "move_time": None, "rules": "standard"}
    >>> m = play_match(play_from_settings, GameResult, settings, 5, 2)
    >>> [(r.deal, r.a_seat) for r in m.results], sum(m.nodes.values()), m.resumed
    ([(5, 0), (5, 1)], 2, 0)
    """
    check_games(games)
    check_jobs(jobs, cluster)
    if resume and not save:
        raise ValueError("resume needs the file of the run to resume (save)")
    saved = load_saved(save, settings, make, unit) if resume else {}
    total = 2 * ((games + 1) // 2)
    match = Match([r for (deal, _), r in sorted(saved.items()) if first_deal <= deal < first_deal + total // 2])
    match.resumed = len(match.results)
    todo = (g for g in paired_games(first_deal, games) if g not in saved)
    for result, node in run_games(play, settings, todo, jobs=jobs, cluster=cluster, save=save,
                                  progress=progress, total=total, done=match.resumed, unit=unit):
        match.results.append(result)
        match.nodes[node] = match.nodes.get(node, 0) + 1
    return match
