"""The JavaScript tests run on views made by the real widget (js/tests/fixtures/*.json).
They must be what js/tests/fixtures/make_views.py writes today, or the JS tests check a
protocol that Python no longer speaks."""

from __future__ import annotations

import importlib.util
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "js" / "tests" / "fixtures"
FIX = "run `python js/tests/fixtures/make_views.py` and commit the fixtures"


def _make_views():
    spec = importlib.util.spec_from_file_location("make_views", FIXTURES / "make_views.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_view_fixtures_are_fresh(tmp_path):
    _make_views().main(tmp_path)
    made = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.json")}
    committed = {p.name: p.read_text(encoding="utf-8") for p in FIXTURES.glob("*.json")}
    assert made, "make_views.py wrote no fixture"
    stale = sorted(name for name in made if committed.get(name) != made[name])
    missing = sorted(set(made) - set(committed))
    extra = sorted(set(committed) - set(made))
    assert not (stale or extra), (
        f"stale fixtures: {stale} (missing: {missing}); not made by the script any more: {extra}. {FIX}")
