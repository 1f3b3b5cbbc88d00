"""Project-level checks: the dependency direction, the JavaScript tests, the packaged front end."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_engine_imports_nothing_from_jupyter():
    code = ("import sys, battleline, battleline.game, battleline.notation, battleline.claims, "
            "battleline.bots, battleline.worlds, battleline.match, battleline.render, battleline.editor, "
            "battleline.puzzles.session, battleline.texts, battleline.engine_gaps; "
            "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython', 'battleline.widget', "
            "'battleline.widgets') "
            "if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_static_front_end_is_in_the_package():
    static = ROOT / "src" / "battleline" / "static"
    js = (static / "widget.js").read_text()
    assert "render" in js and len(js) > 2000, "the built front end is missing: npm run build"
    assert (static / "widget.css").stat().st_size > 500


@pytest.mark.slow
def test_javascript_unit_tests():
    node = shutil.which("node")
    assert node, "Node.js is needed for the JavaScript tests (.ci/run installs it)"
    # Without the dev packages the DOM tests would be skipped quietly.
    assert (ROOT / "node_modules" / "jsdom").is_dir(), "run `npm ci` first (.ci/run does)"
    out = subprocess.run([node, "--test", "js/tests/"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert "# skipped 0" in out.stdout, out.stdout[-2000:]
