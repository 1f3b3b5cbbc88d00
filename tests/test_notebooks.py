"""The example notebooks run from top to bottom without error, and are committed clean:
no outputs, no execution counts (running them here changes no file)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def committed_notebooks(root: Path = ROOT) -> dict[str, str]:
    """The example notebooks as committed (``git show HEAD:examples/NAME``), by name: playing
    the examples in JupyterLab autosaves outputs into the working copies, which must not
    break the tests. Outside a git checkout (an unpacked sdist), the files themselves."""
    try:
        names = subprocess.run(["git", "-C", str(root), "ls-files", "examples/*.ipynb"], capture_output=True,
                               text=True, check=True).stdout.split()
        return {Path(n).name: subprocess.run(["git", "-C", str(root), "show", f"HEAD:{n}"], capture_output=True,
                                             text=True, check=True).stdout for n in names}
    except (OSError, subprocess.CalledProcessError):
        return {p.name: p.read_text(encoding="utf-8") for p in sorted((root / "examples").glob("*.ipynb"))}


COMMITTED = committed_notebooks()


@pytest.mark.slow  # each notebook starts a kernel: a few seconds apiece
@pytest.mark.parametrize("name", ["learn.ipynb", "play.ipynb", "puzzles.ipynb", "ancient.ipynb"])
def test_notebook_runs(name):
    # imported here: nbformat's schema check loads jsonschema's IRI grammar, about 2.5 s of CPU
    # that the quick tier would pay at collection for a test it does not run
    import nbformat
    from nbclient import NotebookClient
    before = {p.name: p.read_bytes() for p in EXAMPLES.iterdir() if p.is_file()}
    nb = nbformat.reads(COMMITTED[name], as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(EXAMPLES)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, errors
    after = {p.name: p.read_bytes() for p in EXAMPLES.iterdir() if p.is_file()}
    assert after == before, "running the notebook changed or added files in examples/"


@pytest.mark.parametrize("name", sorted(COMMITTED))
def test_notebook_is_committed_without_outputs(name):
    cells = [c for c in json.loads(COMMITTED[name])["cells"] if c["cell_type"] == "code"]
    assert cells
    dirty = [i for i, c in enumerate(cells, 1) if c.get("outputs") or c.get("execution_count") is not None]
    assert not dirty, (f"{name}: code cells {dirty} hold outputs or execution counts; clear them "
                       f"before committing (jupyter nbconvert --clear-output --inplace examples/{name})")


def test_playing_the_examples_does_not_break_the_tests(tmp_path):
    """Issue 33 item 20: JupyterLab autosaves outputs into the working copy of an example
    played; the tests read the committed notebooks, not the player's copies."""
    def git(*args):
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True)
    (tmp_path / "examples").mkdir()
    clean = {"cells": [{"cell_type": "code", "source": "1", "outputs": [], "execution_count": None,
                        "metadata": {}}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "examples" / "play.ipynb"
    path.write_text(json.dumps(clean))
    git("init", "-q")
    git("add", "examples/play.ipynb")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x")
    played = dict(clean, cells=[dict(clean["cells"][0], execution_count=1,
                                     outputs=[{"output_type": "execute_result", "data": {"text/plain": "1"},
                                               "metadata": {}, "execution_count": 1}])])
    path.write_text(json.dumps(played))
    (tmp_path / "examples" / "Untitled.ipynb").write_text(json.dumps(played))   # a new notebook of the user's
    assert {n: json.loads(text)["cells"][0]["outputs"] for n, text in committed_notebooks(tmp_path).items()} \
        == {"play.ipynb": []}


_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
          "fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def _count(word: str) -> int | None:
    """The number a word such as '25', 'twenty' or 'twenty-five' writes; None for other words."""
    if word.isdigit():
        return int(word)
    parts = word.lower().split("-")
    if len(parts) == 1 and parts[0] in _UNITS:
        return _UNITS.index(parts[0])
    if parts[0] in _TENS and (len(parts) == 1 or parts[1] in _UNITS[1:10]):
        return 20 + 10 * _TENS.index(parts[0]) + (_UNITS.index(parts[1]) if len(parts) == 2 else 0)
    return None


def test_the_bundled_puzzles_are_counted_right():
    """Wherever the number of bundled puzzles is written, it is the number there are; the
    puzzles notebook counts them from the code, so it cannot go stale."""
    import re
    from battleline.standard.puzzles import bundled
    real = len(bundled())
    texts = {p.name: "".join(line for c in json.loads(p.read_text(encoding="utf-8"))["cells"]
                             for line in c["source"]) for p in EXAMPLES.glob("*.ipynb")}
    texts.update({p.name: p.read_text(encoding="utf-8")
                  for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]})
    for name, text in texts.items():
        for word in re.findall(r"([\w-]+)\s+bundled\s+puzzles", text, flags=re.IGNORECASE):
            assert _count(word) in (None, real), f"{name}: '{word} bundled puzzles', but there are {real}"
    assert "len(bundled())" in texts["puzzles.ipynb"]
