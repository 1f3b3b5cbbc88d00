"""Where the compiled kernels' disk caches live: a folder per version of each kernel's sources.

numba's disk cache checks only the file of each compiled function, not the files of the
functions it calls, so each kernel package caches in a folder named by a hash of all its
sources (:func:`source_fingerprint`); :func:`cache_place` finds (and makes) that folder and
says whether it can be written; folders unused for :data:`CACHE_UNUSED_DAYS` are pruned.
:mod:`battleline.compiled` (the compile route) and :mod:`battleline.compiled.cache` (numba's cache
as the kernels use it) both read these.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
from pathlib import Path

__all__ = ["SHARED_KERNEL_FILES", "ROUTE_FILES", "CACHE_UNUSED_DAYS", "kernel_sources", "source_fingerprint",
           "cache_place", "prune_cache_folders"]

# The compile route's own files: a change to any of them starts fresh caches.
ROUTE_FILES = ("__init__.py", "cache.py", "places.py")

SHARED_KERNEL_FILES = ("bits.py", "randomness.py", "td.py", "walks.py")   # kernel modules beside this file that both kernels use


def kernel_sources(where: Path) -> list[Path]:
    """The source files a compiled function's disk cache depends on: the compile route's
    (:data:`ROUTE_FILES`), the shared kernel modules (:data:`SHARED_KERNEL_FILES`) and, when ``where`` is a kernel package's
    folder, every ``*.py`` in it; when ``where`` is a file (a shared module's), that file.

    >>> route = Path(__file__).parent
    >>> [p.name for p in kernel_sources(route / "randomness.py")]
    ['__init__.py', 'bits.py', 'cache.py', 'places.py', 'randomness.py', 'td.py', 'walks.py']
    >>> {"cache.py", "randomness.py", "rules.py"} <= {p.name for p in kernel_sources(route.parent / "standard" / "kernel")}
    True
    """
    here = Path(__file__).resolve()
    files = {here.with_name(name) for name in (*ROUTE_FILES, *SHARED_KERNEL_FILES)}
    files |= {p.resolve() for p in where.glob("*.py")} if where.is_dir() else {where.resolve()}
    return sorted(files)


def source_fingerprint(where: Path | None = None) -> str:
    """A hash of :func:`kernel_sources` for ``where``: a kernel package's folder (by default
    the standard game's ``kernel/``) or a shared kernel module's file. numba's disk cache
    checks only the file of each compiled function, not the files of the functions it calls,
    so each kernel package caches in a folder named by this hash: a change to any of its files
    or to a shared module starts a fresh cache, a change to one game's kernel leaves the
    other's cache alone, and a shared module's own cache changes only with the shared modules
    (and the compile route's files).

    >>> route = Path(__file__).parent
    >>> len({source_fingerprint(), source_fingerprint(route.parent / "ancient" / "kernel"),
    ...      source_fingerprint(route / "randomness.py")})
    3
    """
    where = where or Path(__file__).parent.parent / "standard" / "kernel"
    digest = hashlib.sha1()
    for path in kernel_sources(where):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


#: A kernel cache folder not used for this long is removed (each version of a kernel's source
#: compiles into a folder of its own, so old ones would otherwise pile up).
CACHE_UNUSED_DAYS = 30
_pruned: list = []


def cache_place(where: Path) -> tuple[str, bool]:
    """The disk cache folder of a kernel package's folder or a shared kernel module's file
    (``where``, as for :func:`source_fingerprint`) and whether this process may write to it:
    ``battleline/numba-<fingerprint>`` under ``$NUMBA_CACHE_DIR`` when set, else under
    ``$XDG_CACHE_HOME`` or ``~/.cache``. The folder is created when it can be and marked used
    (the pruning below keeps it). Where it cannot be written it is still read (a cache
    prepared on a read-only mount), and where it does not exist either the kernels compile in
    memory (:func:`kernel_function`): a read-only install never fails.

    >>> folder, writable = cache_place(Path(__file__).with_name("bits.py"))
    >>> os.path.basename(folder) == "numba-" + source_fingerprint(Path(__file__).with_name("bits.py"))
    True
    """
    base = (os.environ.get("NUMBA_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
            or os.path.join(os.path.expanduser("~"), ".cache"))
    folder = os.path.join(base, "battleline", f"numba-{source_fingerprint(where)}")
    try:
        os.makedirs(folder, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()     # as numba tests it: root ignores modes
        os.utime(folder)                               # in use: the pruning below keeps it
    except OSError:
        return folder, False
    if not _pruned:                                    # once a process
        _pruned.append(prune_cache_folders(os.path.dirname(folder)))
    return folder, True


def prune_cache_folders(base: str, now: float | None = None) -> list[str]:
    """Remove the ``numba-*`` folders under ``base`` not used for :data:`CACHE_UNUSED_DAYS`
    (a folder is marked used whenever a process takes it); returns those removed. Folders
    that cannot be removed are left alone.

    >>> prune_cache_folders("/nonexistent/folder")
    []
    """
    cutoff = (time.time() if now is None else now) - CACHE_UNUSED_DAYS * 86400
    removed = []
    try:
        names = os.listdir(base)
    except OSError:
        return removed
    for name in names:
        path = os.path.join(base, name)
        try:
            stale = name.startswith("numba-") and os.path.isdir(path) and os.path.getmtime(path) < cutoff
        except OSError:
            continue
        if stale:
            shutil.rmtree(path, ignore_errors=True)
            if not os.path.exists(path):
                removed.append(path)
    return removed
