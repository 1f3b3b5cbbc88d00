"""numba's disk cache as the kernels use it (imported only where numba loads).

:func:`battleline.compiled.kernel_function` compiles through :class:`KernelDispatcher`, whose
cache differs from numba's own in three ways:

- it lives where :func:`battleline.compiled.places.cache_place` says (a folder per version of a
  kernel's sources), never in numba's fallbacks (``__pycache__`` beside the source, numba's
  user-wide folder), which lack that protection against stale callees;
- a folder that cannot be written is still read, and where nothing can be written the
  functions compile in memory (one warning a folder): a read-only install imports and runs;
- an entry that cannot be loaded (a truncated or otherwise corrupt file) is a miss: it is
  removed when the folder is writable and the function compiles again (one warning a folder),
  where numba would raise ``EOFError`` or ``UnpicklingError`` on every call until the user
  deleted the folder.

>>> from battleline.compiled import compiled, kernel_function
>>> def double(x):
...     return 2 * x
>>> compiled() == isinstance(kernel_function(double), KernelDispatcher)
True
"""

from __future__ import annotations

import errno
import inspect
import os
import warnings
from pathlib import Path

import numba.core.config
from numba.core.caching import CompileResultCacheImpl, FunctionCache, UserProvidedCacheLocator
from numba.core.registry import CPUDispatcher

from .places import cache_place

__all__ = ["KernelDispatcher", "KernelCache", "KernelCacheLocator", "CacheWarning"]


class CacheWarning(RuntimeWarning):
    """A kernel cache that could not be read or written; the kernels still run."""


_warned: set[str] = set()


def warn_once(folder: str, message: str) -> None:
    """Warn ``message`` (one line) once per process for the cache ``folder``."""
    if folder not in _warned:
        _warned.add(folder)
        warnings.warn(message, CacheWarning, stacklevel=2)


class KernelCacheLocator(UserProvidedCacheLocator):
    """numba's file-backed locator pointed at :func:`~battleline.compiled.places.cache_place`'s folder
    (a shared kernel module's own, or its kernel package's), read even where it cannot be
    written."""

    def __init__(self, py_func, py_file) -> None:
        super().__init__(py_func, py_file)
        source = Path(py_file).resolve()
        shared = source.parent == Path(__file__).resolve().parent
        folder, self.writable = cache_place(source if shared else source.parent)
        self.folder = folder
        self._cache_path = os.path.join(folder, self.get_suitable_cache_subpath(py_file))
        if self.writable:
            try:
                os.makedirs(self._cache_path, exist_ok=True)
            except OSError:
                self.writable = False

    def ensure_cache_path(self) -> None:
        if not self.writable:
            raise OSError(errno.EROFS, "the kernel cache cannot be written", self._cache_path)
        super().ensure_cache_path()

    @classmethod
    def from_function(cls, py_func, py_file):
        return cls(py_func, py_file) if os.path.exists(py_file) else None


class KernelCacheImpl(CompileResultCacheImpl):
    """numba's compile-result cache with :class:`KernelCacheLocator` as its only locator."""

    _locator_classes = [KernelCacheLocator]


class KernelCache(FunctionCache):
    """One kernel function's disk cache: a load that fails is a miss, a folder that cannot be
    written is read only (the compiled code then stays in memory)."""

    _impl_class = KernelCacheImpl

    def load_overload(self, sig, target_context):
        if not os.path.isdir(self.cache_path):        # nothing cached, nowhere to cache it
            return None
        try:
            return super().load_overload(sig, target_context)
        except Exception as error:                    # truncated or corrupt: any unpickling error
            self.discard_entry(error)
            return None

    def save_overload(self, sig, data) -> None:
        locator = self._impl.locator
        if not locator.writable:
            warn_once(locator.folder, f"battleline: the kernel cache {locator.folder} cannot be written; "
                                      "the kernels compile in memory, again in every process")
            return
        try:
            super().save_overload(sig, data)
        except Exception as error:                    # a full disk, a folder gone read-only
            warn_once(locator.folder, f"battleline: could not save to the kernel cache {locator.folder} "
                                      f"({type(error).__name__}: {str(error)[:80]}); the kernels run, "
                                      "compiled in memory")

    def discard_entry(self, error: Exception) -> None:
        """Remove this function's index and data files (when the folder is writable; a later
        save writes them afresh) after ``error`` in loading them, and warn once."""
        locator = self._impl.locator
        prefix = self._impl.filename_base + "."
        try:
            names = os.listdir(self.cache_path) if locator.writable else []
        except OSError:
            names = []
        for name in names:
            if name.startswith(prefix) and name.endswith((".nbi", ".nbc")):
                try:
                    os.remove(os.path.join(self.cache_path, name))
                except OSError:                       # another process removed it first
                    pass
        warn_once(locator.folder, f"battleline: a kernel cache entry in {locator.folder} could not be "
                                  f"loaded ({type(error).__name__}: {str(error)[:80]}); compiling it again")


class KernelDispatcher(CPUDispatcher):
    """numba's CPU dispatcher with :class:`KernelCache` as its disk cache (for functions
    defined in a file; others, as at a prompt, compile in memory)."""

    def enable_caching(self) -> None:
        if os.path.exists(inspect.getfile(self.py_func)):
            self._cache = KernelCache(self.py_func)


def kernel_dispatcher(fn) -> KernelDispatcher:
    """``fn`` compiled as ``numba.njit(cache=True, nogil=True)`` would, cached by :class:`KernelCache`
    (``fn`` itself under ``NUMBA_DISABLE_JIT``, as numba does)."""
    if numba.core.config.DISABLE_JIT:
        return fn
    dispatcher = KernelDispatcher(py_func=fn, locals={},
                                  targetoptions={"nopython": True, "nogil": True, "boundscheck": None})
    dispatcher.enable_caching()
    return dispatcher
