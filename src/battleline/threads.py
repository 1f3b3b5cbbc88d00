"""Whether this Python can start threads: a browser's Pyodide (``sys.platform ==
"emscripten"``) cannot, and ``Thread.start`` raises ``RuntimeError: can't start new thread``
there. Where no thread starts, the bots, the analysis and the kernels' warm-up run inline in
the kernel's own thread (the view says "thinking" first), and a deadline is watched by the
clock instead of a timer thread.

>>> threads_available()            # an ordinary CPython
True
>>> import threading
>>> start_thread(threading.Thread(target=lambda: None))
True
"""

from __future__ import annotations

import sys
import threading

__all__ = ["threads_available", "start_thread"]

_known: list[bool] = []      # the answer, once found


def threads_available() -> bool:
    """Whether a thread can be started here: never under emscripten (Pyodide); elsewhere
    found once by starting a thread that does nothing."""
    if not _known:
        _known.append(sys.platform != "emscripten" and start_thread(threading.Thread(target=lambda: None)))
    return _known[0]


def start_thread(thread: threading.Thread) -> bool:
    """Start ``thread``; False (the thread not started) where this Python cannot start one, so
    that the caller does the work inline instead."""
    if sys.platform == "emscripten":
        return False
    try:
        thread.start()
    except RuntimeError:           # "can't start new thread": Pyodide, or a process at its limit
        return False
    return True
