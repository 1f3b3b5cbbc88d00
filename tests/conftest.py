"""Settings for the whole test session (every folder under tests/).

The garbage collector: the suite keeps a large heap (every module, the kernels, a few
thousand collected tests with their parameters), and with the default thresholds Python
walks all of it again and again while the tests play games that make many short-lived
objects. Freezing what collection built (it lives for the whole session) and collecting
less often cut the time in collections from 5-7 s to 2.6 s of CPU in the quick tier
(docs/benchmarks.md, "The test suite"). Nothing a test checks depends on when cycles are
collected; a test that needs a collection calls ``gc.collect()`` itself.
"""

from __future__ import annotations

import gc

# This file is a plugin, not a module of doctests: collecting it as one would import a second
# module named ``conftest`` beside tests/browser/conftest.py, which those tests import by name.
collect_ignore = ["conftest.py"]

# (young, middle, old): a young collection after this many new container objects, and so on.
SESSION_GC_THRESHOLDS = (20_000, 50, 50)


def pytest_collection_finish(session) -> None:
    """Freeze the heap built by collection and set the session's thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SESSION_GC_THRESHOLDS)
