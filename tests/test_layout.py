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
            "battleline.puzzles.session, battleline.texts, battleline.ancient, battleline.ancient.bots, "
            "battleline.arena, battleline.bench; "
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
    # Two test files at a time: the files are independent, and most of each is jsdom's start-up.
    out = subprocess.run([node, "--test", "--test-concurrency=2", "js/tests/"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert "# skipped 0" in out.stdout, out.stdout[-2000:]


# ------------------------------------------------------------------ private names
SRC = ROOT / "src" / "battleline"

def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(path: Path) -> list[str]:
    """``line: text`` for every underscore name this module takes from another object or
    module: an attribute of anything but ``self``, ``cls`` or a class this module defines,
    or ``from X import _name``."""
    import ast
    tree = ast.parse(path.read_text(), filename=str(path))
    own = {"self", "cls"} | {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in own:
                continue
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno}: from {'.' * node.level}{node.module or ''} import {a.name}"
                      for a in node.names if _private(a.name)]
    return sorted(set(found), key=lambda s: int(s.split(":")[0]))


MODULES = sorted(str(p.relative_to(SRC)) for p in SRC.rglob("*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_no_module_reads_another_objects_private_names(module):
    uses = private_uses(SRC / module)
    assert not uses, f"{module} uses private names of other objects or modules:\n" + "\n".join(
        f"  {module}:{u}" for u in uses)


def test_the_private_name_scan_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from .game import _check\n\nclass A:\n    _x = 1\n\n"
                   "def f(g):\n    return g._cards, self._ok, g.__class__, A._x, B._y\n")
    assert sorted(private_uses(bad)) == ["1: from .game import _check", "7: B._y", "7: g._cards"]
