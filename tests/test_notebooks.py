"""The example notebooks run from top to bottom without error, and are committed clean:
no outputs, no execution counts (running them here changes no file)."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.mark.slow  # each notebook starts a kernel: a few seconds apiece
@pytest.mark.parametrize("name", ["learn.ipynb", "play.ipynb", "puzzles.ipynb", "ancient.ipynb"])
def test_notebook_runs(name):
    before = {p.name: p.read_bytes() for p in EXAMPLES.iterdir() if p.is_file()}
    nb = nbformat.read(EXAMPLES / name, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(EXAMPLES)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, errors
    after = {p.name: p.read_bytes() for p in EXAMPLES.iterdir() if p.is_file()}
    assert after == before, "running the notebook changed or added files in examples/"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.ipynb")), ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path):
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    assert cells
    dirty = [i for i, c in enumerate(cells, 1) if c.get("outputs") or c.get("execution_count") is not None]
    assert not dirty, (f"{path.name}: code cells {dirty} hold outputs or execution counts; clear them "
                       f"before committing (jupyter nbconvert --clear-output --inplace {path.name})")
