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

>>> def square(settings, deal, a_seat):
...     return settings["k"] * deal + a_seat
>>> [(r, node == local_node()) for r, node in run_games(square, {"k": 10}, [(1, 0), (1, 1)])]
[(10, True), (11, True)]
>>> list(paired_games(7, 3))
[(7, 0), (7, 1), (8, 0), (8, 1)]
"""

from __future__ import annotations

import dataclasses
import json
import math
import gzip
import multiprocessing
import os
import signal
import socket
import stat
import sys
import time
import types
import typing
import zlib
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import Any

from .errors import clip, shorten

__all__ = ["run_games", "play_match", "paired_games", "load_saved", "read_saved", "check_jobs",
           "max_jobs", "local_node", "Match", "RETRIES", "SavedRuns", "SaveFile", "RunStopped",
           "MatchInterrupted"]

CHUNK_SECONDS = 0.25    # a task's target length: Ray's cost per task is a few milliseconds
MAX_CHUNK = 64          # games in one task at most
RETRIES = 3             # times a task is tried again after its worker or node died
# A cluster with no CPU left (a 0-CPU head whose worker nodes died) would wait for ever; a
# node may be on its way back (an autoscaler, a restart), so the run waits this long first.
NO_CPU_WAIT = 60.0
CPU_CHECK_SECONDS = 2.0  # how often a waiting Ray driver looks at the cluster's CPUs


class RunStopped(RuntimeError):
    """A run that could not go on (a save file that cannot be written, a cluster with no
    node left to play): the message says why, what is saved and how to play the rest.
    ``unsaved``: games that finished but could not be written."""

    def __init__(self, message: str, unsaved: int = 0):
        super().__init__(message)
        self.unsaved = unsaved


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a match: still a ``KeyboardInterrupt``, whose message says what is
    saved and how to play the rest."""


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

    def close(self, abandon: bool = False) -> None:
        self.tasks.clear()


def _worker_start(pids) -> None:
    """A local worker process's start. Ctrl-C reaches every process of the terminal's group:
    the worker leaves it to the driver (which stops the run and says what is saved) instead
    of printing a traceback; and it tells the driver its process id, so that the driver can
    end it at once rather than wait for its game."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    pids.put(os.getpid())


class _LocalPool:
    """``jobs`` local processes; a pool broken by a dying worker is replaced and its tasks
    played again (each at most ``RETRIES`` more times)."""

    def __init__(self, jobs: int):
        self.capacity = jobs
        self.pids = multiprocessing.SimpleQueue()    # each worker's process id, as it starts
        self.pool = self._new_pool()
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

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.capacity, initializer=_worker_start, initargs=(self.pids,))

    def _restart(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self._worker_ids()               # the broken pool's workers are gone: forget them
        self.pool = self._new_pool()
        waiting = list(self.futures.values())
        self.futures.clear()
        for key in waiting:
            self.tries[key] = self.tries.get(key, 0) + 1
            if self.tries[key] > RETRIES:
                raise RuntimeError(f"a worker process died {RETRIES + 1} times on the same games")
            self.futures[self.pool.submit(play_chunk, *self.args[key])] = key

    def _worker_ids(self) -> set[int]:
        ids = set()
        while not self.pids.empty():
            ids.add(self.pids.get())
        return ids

    def close(self, abandon: bool = False) -> None:
        """Shut the pool down; ``abandon`` (the run stopped): end its workers now, not
        after their games."""
        if not abandon:
            self.pool.shutdown(wait=True, cancel_futures=True)
            return
        self.pool.shutdown(wait=False, cancel_futures=True)
        ids = self._worker_ids()
        for process in multiprocessing.active_children():    # only our own, still-running children
            if process.pid in ids:
                process.terminate()


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
        """The next finished tasks. While none finishes, the cluster's CPUs are watched: with
        none for ``NO_CPU_WAIT`` seconds (a 0-CPU head whose worker nodes died) no task can
        ever run, and the run stops (RunStopped) instead of waiting for ever."""
        no_cpu_since = None
        while True:
            ready, _ = self.ray.wait(list(self.refs), num_returns=1, timeout=CPU_CHECK_SECONDS)
            if ready:
                return [(self.refs.pop(ref), self._result(ref)) for ref in ready]
            if self.ray.cluster_resources().get("CPU", 0) > 0:
                no_cpu_since = None
            elif no_cpu_since is None:
                no_cpu_since = time.monotonic()
            elif time.monotonic() - no_cpu_since >= NO_CPU_WAIT:
                raise RunStopped(f"no node of the cluster can play: it has had no CPU for {NO_CPU_WAIT:g} s "
                                 "(its worker nodes are gone, and the head has no CPU for games)")

    def _result(self, ref):
        errors = self.ray.exceptions
        try:
            return self.ray.get(ref)
        except errors.RayTaskError:
            raise                    # the game's own error: a bug to see whole
        except errors.RayError as e:  # its workers or nodes died more often than Ray retries
            raise RunStopped(f"a task failed on the cluster {RETRIES + 1} times: {shorten(str(e), 300)}") from None

    def close(self, abandon: bool = False) -> None:
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
    return json.dumps({**settings, **fields})


def _file_name(path: str) -> str:
    return shorten(str(path), 200)


def compressed(path: str) -> bool:
    """Whether a save file is kept gzip-compressed (its name ends in ``.gz``): the arena
    reads such files as it reads plain ones, and appends to them a gzip member at a time."""
    return str(path).endswith(".gz")


def _lines(fh, path: str) -> Iterator[bytes]:
    """The lines of an open save file; a damaged gzip file is a ValueError naming it."""
    try:
        yield from fh
    except (EOFError, OSError, zlib.error) as e:
        raise ValueError(f"{_file_name(path)} is not a readable gzip file ({shorten(str(e), 60)})") from None


class SaveFile:
    r"""A run's save file, held for the whole run. It is locked (by ``FILE.lock``, which
    stays beside it) so that a second run on the same file is refused; opened for appending
    only when there is something to write (a complete, read-only file can still be resumed),
    before the first game is played; and appended a task's results at a time. A write that
    fails is taken back, so the file never holds half a line before a whole one.

    >>> import tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
    >>> with SaveFile(path) as save:
    ...     save.open_for_appending()
    ...     save.append(['{"deal": 1}'])
    >>> open(path).read(), save.written
    ('{"deal": 1}\n', 1)
    """

    def __init__(self, path: str):
        self.path = path
        self.written = 0               # lines appended by this run
        self.fd: int | None = None
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise ValueError(f"cannot save to {_file_name(path)}: it is a folder, not a file")
        if os.path.exists(path) and not stat.S_ISREG(os.stat(path).st_mode):
            raise ValueError(f"cannot save to {_file_name(path)}: it is not a regular file")
        if not os.path.isdir(folder):
            raise ValueError(f"cannot save to {_file_name(path)}: the folder {_file_name(folder)} does not exist")
        from filelock import FileLock, Timeout
        self.lock = FileLock(path + ".lock", timeout=0)
        self.lock_error: OSError | None = None
        try:
            self.lock.acquire()
        except Timeout:
            raise ValueError(f"{_file_name(path)} is in use by another run (it holds {_file_name(path + '.lock')}); "
                             "wait for that run to end, or save to another file") from None
        except OSError as e:            # a read-only folder: a complete file may still be read
            self.lock_error = e

    def open_for_appending(self, cut_at: int | None = None) -> None:
        """Open the file to append (creating it), and cut off the half-written last line of
        a stopped run, which starts at byte ``cut_at``. Call before playing: a file that
        cannot be written is a ValueError while no game has been played."""
        if self.fd is not None:
            return
        if self.lock_error is not None:
            raise ValueError(f"cannot write {_file_name(self.path)}: its lock file cannot be made "
                             f"({self.lock_error.strerror or self.lock_error}); no game was played")
        try:
            self.fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
            if cut_at is not None:
                os.ftruncate(self.fd, cut_at)
        except OSError as e:
            raise ValueError(f"cannot write {_file_name(self.path)} ({e.strerror or e}); no game was played") from None

    def append(self, lines: list[str]) -> None:
        """Append ``lines`` (JSON, without their newlines) in one write (to a ``.gz`` file, as
        one more gzip member). If it fails the file is cut back to where it was and the run
        stops (RunStopped)."""
        encoded = "".join(line + "\n" for line in lines).encode()
        data = memoryview(gzip.compress(encoded) if compressed(self.path) else encoded)
        size = os.fstat(self.fd).st_size
        try:
            while data:
                data = data[os.write(self.fd, data):]
        except BaseException as e:      # a full disk, or Ctrl-C between two parts of the write
            try:
                os.ftruncate(self.fd, size)
            except OSError:
                pass
            if isinstance(e, OSError):
                raise RunStopped(f"cannot write {_file_name(self.path)} ({e.strerror or e})", unsaved=len(lines)) from None
            raise
        self.written += len(lines)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self.lock.is_locked:
            self.lock.release()

    def __enter__(self) -> SaveFile:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


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
        backend = _backend(jobs, cluster)
    except BaseException:
        if isinstance(save, str):
            out.close()
        raise
    chunks = _Chunks(backend.capacity, total)
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
                    out.append([_json_line(settings, r) for r in results])
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


def _field_types(make: Callable) -> dict | None:
    """The type of each field of the result class ``make`` (a dataclass), or None."""
    if not (isinstance(make, type) and dataclasses.is_dataclass(make)):
        return None
    hints = typing.get_type_hints(make)
    return {f.name: hints.get(f.name, Any) for f in dataclasses.fields(make)}


def _fits(value: Any, hint: Any) -> bool:
    """Whether a value read from JSON is of the type ``hint`` (True is no whole number)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in args)
    if origin is typing.Literal:
        return any(type(value) is type(v) and value == v for v in args)
    if origin is list:
        return type(value) is list and all(_fits(v, args[0]) for v in value)
    if hint is float:
        return type(value) is int or (type(value) is float and math.isfinite(value))
    if hint is type(None):
        return value is None
    if hint in (int, str, bool, list, dict):
        return type(value) is hint
    return True                          # a type a line cannot show: make() decides


def _describe(hint: Any) -> str:
    """``hint`` in words, for an error message."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(h) for h in args)
    if origin is typing.Literal:
        return " or ".join(json.dumps(v) for v in args)
    if origin is list:
        return f"a list of ({_describe(args[0])})"
    words = {int: "a whole number", float: "a finite number", str: "text", bool: "true or false",
             type(None): "null", list: "a list", dict: "an object"}
    return words.get(hint, getattr(hint, "__name__", str(hint)))


class SavedRuns:
    r"""Results read back from save files, every line checked before it is used: a JSON
    object with the match's settings (``setting_keys``, of the values ``settings``, or else
    of the first line read) and exactly the fields of the result class ``make`` builds, each
    of its type; ``deal`` a whole number and ``a_seat`` 0 or 1; no game twice. A bad line is
    a ValueError naming the file and the line. A last line without its newline was cut
    short by a run that stopped (or is still writing): it is skipped, and ``cut`` says at
    which byte it starts.

    >>> @dataclass
    ... class Echo:
    ...     deal: int
    ...     a_seat: int
    ...     value: int
    >>> import tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
    >>> _ = open(path, "w").write('{"k": 2, "deal": 1, "a_seat": 0, "value": 2}\n{"k": 2, "deal": 1, "a_se')
    >>> reader = SavedRuns(Echo, ["k"])
    >>> list(reader.results(path)), reader.settings, reader.cut
    ([Echo(deal=1, a_seat=0, value=2)], {'k': 2}, 45)
    >>> _ = open(path, "w").write('{"k": 2, "deal": 1, "a_seat": 7, "value": 2}\n')
    >>> list(SavedRuns(Echo, ["k"]).results(path))   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: '...run.jsonl' line 1: a_seat must be 0 or 1, not 7
    """

    def __init__(self, make: Callable, setting_keys: Iterable[str], settings: dict | None = None,
                 what: str = "game"):
        self.make = make
        self.setting_keys = tuple(setting_keys)
        self.settings = None if settings is None else json.loads(json.dumps(settings))   # as saved
        self.settings_from: str | None = None      # the line the settings were read from
        self.what = what
        self.fields = _field_types(make)
        self.seen: set[int] = set()                # 2 * deal + a_seat of every game kept
        self.cut: int | None = None

    def results(self, path: str, keep: Callable[[int], bool] | None = None) -> Iterator:
        """The results saved in ``path``, in file order; only those whose deal ``keep``
        accepts (every line is checked all the same)."""
        self.cut = None
        try:
            fh = gzip.open(path, "rb") if compressed(path) else open(path, "rb")
        except OSError as e:
            raise ValueError(f"cannot read {_file_name(path)} ({e.strerror or e})") from None
        with fh:
            offset = 0
            for number, raw in enumerate(_lines(fh, path), 1):
                if not raw.endswith(b"\n"):
                    if compressed(path):     # a gzip member cannot be cut back to a line
                        raise ValueError(f"{_file_name(path)} line {number} is cut off: the compressed "
                                         "file is damaged")
                    self.cut = offset
                    return
                offset += len(raw)
                where = f"{_file_name(path)} line {number}"
                fields = self._fields(raw, where)
                if keep is None or keep(fields["deal"]):
                    yield self._result(fields, where)

    def read(self, paths: Iterable[str], deals: tuple[int, int] | None = None) -> Iterator:
        """The results of all ``paths``, only those of ``deals=(first, last)`` if given; a
        ValueError if there is none."""
        keep = None if deals is None else (lambda deal: deals[0] <= deal <= deals[1])
        found = False
        for path in paths:
            for result in self.results(path, keep):
                found = True
                yield result
        if not found:
            raise ValueError(f"no saved {self.what} in those files" + ("" if deals is None else " and deals"))

    def _fields(self, raw: bytes, where: str) -> dict:
        """A line's result fields, the line checked; its settings checked and taken off."""
        try:
            d = json.loads(raw)
        except (ValueError, RecursionError):       # not JSON, not UTF-8, nested too deep
            raise ValueError(f"{where} is not JSON: {shorten(raw.decode(errors='replace').strip(), 80)}") from None
        if not isinstance(d, dict):
            raise ValueError(f"{where} is not a {self.what} (a JSON object): {clip(json.dumps(d), 80)}")
        mine = {}
        for k in self.setting_keys:
            if k not in d:
                raise ValueError(f"{where} has no {k!r} (a setting of the match, on every line)")
            mine[k] = d.pop(k)
        if self.settings is None:
            self.settings, self.settings_from = mine, where
        elif mine != self.settings:
            if self.settings_from is None:
                raise ValueError(f"{where} is another match ({shorten(json.dumps(mine), 120)}), "
                                 f"not {shorten(json.dumps(self.settings), 120)}")
            raise ValueError(f"the files mix different matches: {where} is {shorten(json.dumps(mine), 120)}, "
                             f"{self.settings_from} {shorten(json.dumps(self.settings), 120)}")
        self._check_types(d, where)
        return d

    def _check_types(self, d: dict, where: str) -> None:
        names = self.fields if self.fields is not None else {"deal": int, "a_seat": int}
        for name in names:
            if name not in d:
                raise ValueError(f"{where} has no {name!r} (a field of every {self.what})")
        if self.fields is not None:
            for name in d:
                if name not in self.fields:
                    raise ValueError(f"{where} has an unknown field {shorten(name)}")
        for name, hint in names.items():
            if not _fits(d[name], hint):
                raise ValueError(f"{where}: {name} must be {_describe(hint)}, not {clip(json.dumps(d[name]), 60)}")
        if d["a_seat"] not in (0, 1):
            raise ValueError(f"{where}: a_seat must be 0 or 1, not {clip(json.dumps(d['a_seat']), 60)}")

    def _result(self, fields: dict, where: str):
        key = 2 * fields["deal"] + fields["a_seat"]
        if key in self.seen:
            raise ValueError(f"{where} holds the same {self.what} twice (deal {fields['deal']}, "
                             f"seat {fields['a_seat']})")
        self.seen.add(key)
        try:
            return self.make(**fields)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{where}: {shorten(str(e), 200)}") from None


def load_saved(path: str, settings: dict, make: Callable, what: str = "game") -> dict:
    """The results saved in ``path`` by an earlier run of the same job (``make(**fields)``
    builds each), by ``(deal, a_seat)``, every line checked (:class:`SavedRuns`); a last line
    cut short by a stopped run is skipped. A missing file holds nothing yet."""
    if not os.path.exists(path):
        return {}
    reader = SavedRuns(make, settings, settings, what)
    return {(r.deal, r.a_seat): r for r in reader.results(path)}


def read_saved(paths: list[str], setting_keys: tuple[str, ...], make: Callable,
               deals: tuple[int, int] | None = None, what: str = "game") -> tuple[list, dict]:
    """The results saved in ``paths`` (``make(**fields)`` builds each), and the match's
    settings, for summing up several runs. All lines must share the same ``setting_keys``
    values; no deal may be played twice from the same seat. ``deals=(first, last)`` keeps
    only those deals. To sum up without holding every result, iterate
    :meth:`SavedRuns.read` instead."""
    reader = SavedRuns(make, setting_keys, what=what)
    results = list(reader.read(paths, deals))
    return results, reader.settings


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
    return (f"{why}. {resumed + save.written} of the {total} {unit}s are saved in {_file_name(save.path)}{lost}; "
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
            raise ValueError(f"{_file_name(save)} already holds saved {unit}s: run with --resume (resume=True) to "
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
