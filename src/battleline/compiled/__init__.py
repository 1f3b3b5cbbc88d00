"""The compile route shared by the games' search kernels: numba when it loads, plain Python when not.

A kernel module decorates its functions with :func:`kernel_function`. With numba installed
they are compiled to machine code on first use (and cached on disk, so a later process loads
them in well under a second); where numba cannot load, or when the environment variable
``BATTLELINE_KERNEL=python`` is set, the very same functions run as plain Python. Either way
they take and return NumPy arrays and integers, so callers never know which mode runs.

>>> MODE in ("numba", "python")
True
>>> from battleline.compiled.bits import popcount     # a kernel function, in either mode
>>> popcount(0b1011)
3
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["MODE", "ENV_SWITCH", "SHARED_KERNEL_FILES", "kernel_function", "script_function", "compiled",
           "kernel_sources", "source_fingerprint", "cache_place", "prune_cache_folders", "preparing_lock",
           "preparing_lock_path", "prepared_mark_path", "preparation_key", "PREPARE_WAIT_SECONDS", "prepare",
           "prepared", "preparing", "prepare_in_background", "Preparation"]

ENV_SWITCH = "BATTLELINE_KERNEL"     # "python" forces the plain-Python mode


def _choose_mode() -> str:
    wanted = os.environ.get(ENV_SWITCH, "").strip().lower()
    if wanted == "python":
        return "python"
    try:
        import numba  # noqa: F401
    except Exception:      # not installed, or a platform whose wheel fails to load
        return "python"
    return "numba"


MODE = _choose_mode()


from ..threads import start_thread  # noqa: E402
from .places import (  # noqa: E402 (re-exported: the compile route's public names)
    CACHE_UNUSED_DAYS, SHARED_KERNEL_FILES, cache_place, kernel_sources, prune_cache_folders, source_fingerprint,
)


def compiled() -> bool:
    """Whether the kernels run as compiled code (numba) rather than plain Python."""
    return MODE == "numba"


def kernel_function(fn: Callable) -> Callable:
    """Compile ``fn`` with numba (no Python objects inside, cached on disk in its kernel
    package's folder: :func:`cache_place`, :mod:`battleline.compiled.cache`), or return it
    unchanged in the plain-Python mode."""
    if MODE != "numba":
        return fn
    from .cache import kernel_dispatcher
    return kernel_dispatcher(fn)


def script_function(fn: Callable) -> Callable:
    """:func:`kernel_function` for a script outside the package (``docs/experiments``):
    compiled in memory, never cached on disk (a script has no kernel package whose sources
    version the cache), or unchanged in the plain-Python mode."""
    if MODE != "numba":
        return fn
    import numba
    return numba.njit(cache=False)(fn)


_prepared: dict[str, float] = {}
_background: dict[str, threading.Thread] = {}
_lock = threading.Lock()                      # guards the dicts above and below
_name_locks: dict[str, threading.Lock] = {}   # one preparation at a time per name, in this process

#: How long a process waits for another one preparing the same kernel before it prepares on
#: its own (a cold compile takes a minute or two, several under load; then both compile).
PREPARE_WAIT_SECONDS = 300.0

log = logging.getLogger("battleline.compiled")


def preparation_key(name: str, package: Path) -> str:
    """What a preparation's lock and its done-mark are named by: the preparation's ``name``,
    the kernel ``package``'s folder (numba keeps each checkout's entries apart, so another
    checkout's compile is no use here), the size and time of every source numba stamps its
    entries with (:func:`kernel_sources`), numba's version and the machine.

    >>> k = preparation_key("a", Path(__file__).parent.parent / "standard" / "kernel")
    >>> len(k), k != preparation_key("b", Path(__file__).parent.parent / "standard" / "kernel")
    (16, True)
    """
    import platform
    import sys
    digest = hashlib.sha1(f"{name}\0{Path(package).resolve()}\0{sys.version}\0{platform.machine()}".encode())
    if MODE == "numba":
        import numba
        digest.update(numba.__version__.encode())
    for path in kernel_sources(Path(package)):
        stat = path.stat()
        digest.update(f"\0{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def preparing_lock_path(name: str, package: Path) -> str:
    """The lock file of preparation ``name`` of the kernel ``package``: in the package's cache
    folder (:func:`cache_place`, one a version of its sources), one a checkout and
    preparation (:func:`preparation_key`), so that nothing else waits on it.

    >>> os.path.basename(preparing_lock_path("a", Path(__file__).parent.parent / "standard" / "kernel"))[:8]
    'prepare-'
    """
    folder, _ = cache_place(Path(package))
    return os.path.join(folder, f"prepare-{preparation_key(name, package)}.lock")


def prepared_mark_path(name: str, package: Path) -> str:
    """The file that marks preparation ``name`` of ``package`` done in its cache folder: while
    it stands (the same sources, stamps and numba), the entries are cached and a process loads
    them without waiting for the lock."""
    return preparing_lock_path(name, package)[:-len(".lock")] + ".done"


def _wait_for(lock, path: str) -> bool:
    """Take ``lock`` (the file ``path``): at once if free, else saying so and waiting at most
    :data:`PREPARE_WAIT_SECONDS`. Whether it was taken."""
    import filelock
    try:
        lock.acquire(timeout=0)
        return True
    except filelock.Timeout:
        pass
    except OSError:          # the lock file cannot be made: prepare unlocked
        return False
    log.warning("battleline: waiting for another process compiling the search kernel (lock %s); "
                "at most %d s, then compiling here", path, PREPARE_WAIT_SECONDS)
    try:
        lock.acquire(timeout=PREPARE_WAIT_SECONDS)
        return True
    except (filelock.Timeout, OSError):
        log.warning("battleline: waited %d s for the lock %s; compiling the search kernel here",
                    PREPARE_WAIT_SECONDS, path)
        return False


@contextmanager
def preparing_lock(package: Path | None, name: str = "") -> Iterator[None]:
    """Hold the file lock of preparation ``name`` of the kernel ``package``
    (:func:`preparing_lock_path`) while the body runs, so that processes preparing the same
    kernel at once compile it once: the first compiles and saves, the others wait (saying so
    in a log line, at most :data:`PREPARE_WAIT_SECONDS`) and then load the cache. A kernel
    already prepared in its cache folder (:func:`prepared_mark_path`) loads without the lock.
    No lock without a package, in the plain-Python mode (nothing compiles), or where the
    folder cannot be written.

    >>> with preparing_lock(None):
    ...     "no package: nothing to lock"
    'no package: nothing to lock'
    """
    if package is None or not compiled():
        yield
        return
    import filelock
    _, writable = cache_place(Path(package))
    mark = prepared_mark_path(name, package)
    if not writable or os.path.exists(mark):
        yield
        return
    path = preparing_lock_path(name, package)
    lock = filelock.FileLock(path)
    locked = _wait_for(lock, path)
    try:
        yield
        try:
            Path(mark).touch()
        except OSError:
            pass
    finally:
        if locked:
            lock.release()


def prepare(name: str, warm: Callable[[], object], package: Path | None = None) -> float:
    """Run ``warm`` once per process under ``name`` (it calls every kernel function once, which
    compiles them or loads them from the disk cache); returns the seconds it took, 0 when
    already done. Thread-safe: a widget may start it in the background. With the kernel
    ``package``'s folder, one process at a time prepares it (:func:`preparing_lock`).

    >>> prepare("doctest", lambda: None) >= 0, prepare("doctest", lambda: None)
    (True, 0.0)
    """
    with _lock:
        if name in _prepared:
            return 0.0
        name_lock = _name_locks.setdefault(name, threading.Lock())
    with name_lock:
        if name in _prepared:
            return 0.0
        start = time.perf_counter()
        with preparing_lock(package, name):
            warm()
        took = time.perf_counter() - start
        _prepared[name] = took
        return took


def prepared(name: str) -> bool:
    """Whether :func:`prepare` has finished for ``name`` in this process."""
    return name in _prepared


def preparing(name: str) -> bool:
    """Whether a background preparation of ``name`` is under way (started, not finished)."""
    thread = _background.get(name)
    return thread is not None and thread.is_alive() and name not in _prepared


def prepare_in_background(name: str, warm: Callable[[], object], package: Path | None = None) -> None:
    """Start :func:`prepare` in a daemon thread (once), so that a notebook stays responsive
    while the kernels compile; :func:`prepared` tells when it is done."""
    with _lock:
        if name in _prepared or name in _background:
            return
        thread = threading.Thread(target=prepare, args=(name, warm, package), daemon=True,
                                  name=f"prepare {name}")
        _background[name] = thread
    if not start_thread(thread):
        # no threads here (a browser's Pyodide): the kernel is prepared at its first use
        with _lock:
            _background.pop(name, None)


class Preparation:
    """A kernel's first-call handling: ``warm`` calls each of its compiled functions once
    (which compiles them or loads them from the disk cache), at most once per process under
    ``name``; a kernel's ``prepare_kernel``/``kernel_ready``/``kernel_preparing``/``kernel_usable``
    delegate here. With the kernel ``package``'s folder, processes preparing it at once
    compile it once (:func:`preparing_lock`).

    >>> p = Preparation("doctest preparation", lambda: None)
    >>> p.ready(), p.prepare() >= 0, p.ready(), p.prepare(), p.preparing()
    (False, True, True, 0.0, False)
    >>> q = Preparation("doctest background", lambda: None)
    >>> q.prepare(background=True)           # in a thread (plain Python: nothing to compile)
    0.0
    >>> q.ready() or q.preparing() or not compiled()
    True
    >>> p.usable() == compiled()             # ready, so usable wherever the kernels compile
    True
    """

    def __init__(self, name: str, warm: Callable[[], object], package: Path | None = None) -> None:
        self.name = name
        self.warm = warm
        self.package = package

    def prepare(self, background: bool = False) -> float:
        """Run the warm-up now and return the seconds it took (0 when already done); with
        ``background``, start it in a daemon thread and return 0 at once (in the plain-Python
        mode there is nothing to compile, so no thread is started)."""
        if background:
            if compiled():
                prepare_in_background(self.name, self.warm, self.package)
            return 0.0
        return prepare(self.name, self.warm, self.package)

    def ready(self) -> bool:
        """Whether the warm-up has finished in this process."""
        return prepared(self.name)

    def preparing(self) -> bool:
        """Whether a background warm-up is under way (started, not finished)."""
        return preparing(self.name)

    def usable(self) -> bool:
        """Whether the compiled functions may be called now: in the compiled mode, when the
        warm-up is done or, unless a background warm-up is under way (which is never waited
        for), once it has run here and now; False in the plain-Python mode."""
        if not compiled() or self.preparing():
            return False
        self.prepare()         # 0 when done; else compiles or loads once per process, here
        return True

    def public_functions(self) -> tuple[Callable[..., float], Callable[[], bool], Callable[[], bool],
                                        Callable[[], bool]]:
        """A kernel package's four public functions over this preparation, the same in both
        games: ``prepare_kernel(background=False)``, ``kernel_ready()``,
        ``kernel_preparing()`` and ``kernel_usable()``.

        >>> prepare_kernel, kernel_ready, kernel_preparing, kernel_usable = Preparation(
        ...     "doctest functions", lambda: None).public_functions()
        >>> prepare_kernel() >= 0 and kernel_ready(), kernel_preparing(), kernel_usable() == compiled()
        (True, False, True)
        """
        def prepare_kernel(background: bool = False) -> float:
            """Compile (or load from the disk cache) the kernel's functions now rather than at
            first use; returns the seconds it took (0 when already done in this process). With
            ``background`` it starts that in a thread (in the compiled mode) and returns 0 at once."""
            return self.prepare(background)

        def kernel_ready() -> bool:
            """Whether the kernel is compiled (or loaded) in this process."""
            return self.ready()

        def kernel_preparing() -> bool:
            """Whether a background ``prepare_kernel`` is under way."""
            return self.preparing()

        def kernel_usable() -> bool:
            """Whether a planner may search on this kernel now (:meth:`Preparation.usable`): never
            waiting for a background preparation."""
            return self.usable()

        return prepare_kernel, kernel_ready, kernel_preparing, kernel_usable

    def __repr__(self) -> str:
        return f"Preparation({self.name!r})"
