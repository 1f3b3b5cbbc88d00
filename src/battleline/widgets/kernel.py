"""Where a widget runs: inside a Jupyter kernel (with an event loop to carry a bot's
background work back to the view) or in a plain script or test.

Shared by both games' widgets.

>>> import threading                       # a fresh thread has no running loop
>>> seen = []
>>> t = threading.Thread(target=lambda: seen.append(kernel_loop())); t.start(); t.join()
>>> seen, in_kernel()                      # and a doctest runs outside a kernel
([None], False)
"""

from __future__ import annotations

import asyncio

__all__ = ["kernel_loop", "in_kernel"]


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread (a Jupyter kernel's), or None in scripts and
    tests: a bot thinks in the background only where a loop can carry its result back."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def in_kernel() -> bool:
    """Whether we run inside a Jupyter kernel (whose event loop handles the widget)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
