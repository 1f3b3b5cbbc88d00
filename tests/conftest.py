"""Test tiers: the real-browser tests (tests/browser/) each start JupyterLab and a browser,
so they belong to the slow tier; ``python -m pytest -m "not slow"`` is the quick one."""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.slow)
