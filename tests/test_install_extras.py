"""The README's quick tier passes on a fresh ``pip install -e ".[test]"``: every package a test
imports (in its body too, when it runs) and every package an experiment script the tests
load imports at its top is the package's own dependency or in the ``test`` extra, or the test
skips without it."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Installed along with a package of the test extra (not named by it).
COMES_WITH = {"nbclient": {"nbformat"}}
# Tests that skip when their package is missing (the module's own skipif).
SKIPPED_WITHOUT = {"ray": "tests/test_cluster.py"}


def installed_names() -> set[str]:
    """The import names of the dependencies and the test extra (here each is its
    distribution's name), with what comes with them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = set()
    for requirement in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower().replace("-", "_")
        names |= {name, *COMES_WITH.get(name, ())}
    return names


def third_party(tree: ast.AST, top_level_only: bool) -> set[str]:
    """The top packages a module imports, less the standard library, battleline and siblings."""
    nodes = tree.body if top_level_only else ast.walk(tree)
    names = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return {n for n in names if n not in sys.stdlib_module_names and n != "battleline"}


def local_modules() -> set[str]:
    """The tests' and experiments' own modules, and the test packages (``tests/ancient``)."""
    files = [p for folder in (ROOT / "tests", ROOT / "docs" / "experiments") for p in folder.rglob("*.py")]
    return {p.stem for p in files} | {p.parent.name for p in files if p.name == "__init__.py"}


def test_what_the_tests_import_is_installed_by_the_test_extra():
    allowed, local, missing = installed_names(), local_modules(), []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for package in third_party(ast.parse(path.read_text()), top_level_only=False) - local:
            if package not in allowed and SKIPPED_WITHOUT.get(package) != name:
                missing.append(f"{name} imports {package}")
    assert not missing, missing


def test_the_experiments_the_tests_load_import_only_what_the_test_extra_installs():
    """An experiment's module-level imports run when a test loads it (``util.load_experiment``);
    what only its own run needs (scipy for a fit) it imports where it is used."""
    loaded = {m for path in (ROOT / "tests").rglob("*.py")
              for m in re.findall(r'load_experiment\("(\w+)"\)', path.read_text())}
    allowed, local, missing = installed_names(), local_modules(), []
    todo, seen = list(loaded), set()
    while todo:                                  # the scripts loaded, and the siblings they import
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        tree = ast.parse((ROOT / "docs" / "experiments" / f"{name}.py").read_text())
        imported = third_party(tree, top_level_only=True)
        todo += [m for m in imported & local if (ROOT / "docs" / "experiments" / f"{m}.py").exists()]
        missing += [f"docs/experiments/{name}.py imports {p}" for p in sorted(imported - local - allowed)]
    assert loaded and not missing, missing
