"""The classroom site's making (``python -m battleline site``), Python side: what the wheel asks
for in a browser, the notebooks it puts on the site, the first page, and bad requests refused.
The site itself is built and played in Chromium by tests/browser/test_site_browser.py."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from battleline import site

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = {"sys_platform": "emscripten", "platform_system": "Emscripten",
           "platform_python_implementation": "CPython", "python_version": "3.14", "python_full_version": "3.14.2"}


def required(environment: dict) -> set[str]:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    return {r.name for r in map(Requirement, deps) if r.marker is None or r.marker.evaluate(environment)}


def test_in_pyodide_the_wheel_requires_neither_numpy_nor_numba_and_on_a_laptop_both():
    in_browser = required(PYODIDE)
    assert "numba" not in in_browser and "numpy" not in in_browser
    assert {"anywidget", "ipywidgets", "traitlets"} <= in_browser
    laptop = required({**PYODIDE, "sys_platform": "linux", "platform_system": "Linux"})
    assert {"numba", "numpy"} <= laptop


def test_the_site_extra_pins_jupyterlite_and_package_json_pins_pyodide():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["site"]
    assert sorted(extra) == ["jupyterlite-core==0.8.6", "jupyterlite-pyodide-kernel==0.8.6"]
    dev = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    assert dev["pyodide"] == site.PYODIDE_VERSION


def test_every_site_notebook_installs_the_wheel_first_and_names_the_pyodide_kernel():
    for name, widget in site.NOTEBOOKS:
        nb = site.site_notebook(ROOT / "examples" / name, widget)
        assert nb["cells"][0] == site.install_cell(), name
        assert nb["metadata"]["kernelspec"]["name"] == "python"
        original = json.loads((ROOT / "examples" / name).read_text())["cells"]
        assert nb["cells"][-len(original):] == original       # the example itself, unchanged
    learn = site.site_notebook(ROOT / "examples" / "learn.ipynb", "LessonWidget()")
    assert learn["cells"][2]["source"].endswith("LessonWidget()")


def test_the_japanese_page_words_each_widget_in_japanese():
    nb = site.japanese_notebook()
    code = [c["source"] for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0] == site.install_cell()["source"]
    assert len(code) == 5 and all('lang="ja"' in c for c in code[1:])
    assert "opponent=\"medium\"" in code[2] and "AncientBattlesWidget" in code[3]
    assert all(c["source"].startswith("#") for c in nb["cells"] if c["cell_type"] == "markdown")


def test_the_first_page_opens_the_lesson_before_jupyterlites_own_redirect(tmp_path):
    index = tmp_path / "index.html"
    index.write_text('<head><script id="jupyter-config-data">{}</script>\n'
                     '    <script type="module">await import("./config-utils.js");</script></head>')
    site.open_on_lesson(index)
    page = index.read_text()
    assert page.index('location.replace("./lab/index.html?path=learn.ipynb")') < page.index('type="module"')
    assert '<script id="jupyter-config-data">' in page       # the other pages read their settings here
    index.write_text("<head></head>")
    with pytest.raises(RuntimeError, match="index.html changed"):
        site.open_on_lesson(index)


def test_a_folder_of_other_files_is_refused_and_left_alone(tmp_path):
    (tmp_path / "essay.txt").write_text("mine")
    with pytest.raises(ValueError, match="holds other files"):
        site.build_site(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["essay.txt"]
    with pytest.raises(ValueError, match="is a file"):
        site.build_site(tmp_path / "essay.txt")
    assert (tmp_path / "essay.txt").read_text() == "mine"


def test_no_pyodide_is_refused_with_what_to_do(tmp_path):
    with pytest.raises(ValueError, match="npm ci"):
        site.build_site(tmp_path / "out", pyodide=tmp_path / "nowhere")
    assert not (tmp_path / "out").exists()
    assert site.main([str(tmp_path / "out"), "--pyodide", str(tmp_path / "nowhere")]) == 2
