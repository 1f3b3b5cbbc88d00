"""Where the runner's tasks are played: in this process (``jobs=1``), on local worker
processes (a pool replaced when a worker dies), or on a Ray cluster (imported only then);
and how many games go into one task (:class:`Chunks`). See :mod:`battleline.arena.runner`.

>>> def square(settings, deal, a_seat):
...     return settings["k"] * deal + a_seat
>>> results, node, seconds = play_chunk(square, {"k": 10}, [(1, 0), (1, 1)])
>>> results, node == local_node()
([10, 11], True)
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ..errors import shorten
from .stops import RunStopped

__all__ = ["play_chunk", "backend_for", "local_node", "Chunks", "RETRIES", "MAX_CHUNK", "CHUNK_SECONDS",
           "NO_CPU_WAIT", "CPU_CHECK_SECONDS"]

CHUNK_SECONDS = 0.25    # a task's target length: Ray's cost per task is a few milliseconds
MAX_CHUNK = 64          # games in one task at most
RETRIES = 3             # times a task is tried again after its worker or node died
# A cluster with no CPU left (a 0-CPU head whose worker nodes died) would wait for ever; a
# node may be on its way back (an autoscaler, a restart), so the run waits this long first.
NO_CPU_WAIT = 60.0
CPU_CHECK_SECONDS = 2.0  # how often a waiting Ray driver looks at the cluster's CPUs


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


def backend_for(jobs: int, cluster: str | None):
    if cluster is not None:
        return _RayCluster(cluster)
    return _InProcess() if jobs == 1 else _LocalPool(jobs)


@dataclass
class Chunks:
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

