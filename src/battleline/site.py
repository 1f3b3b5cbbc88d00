"""The classroom site: both games, the lesson and the puzzles in a browser with nothing to
install (``python -m battleline site OUT_DIR``; ``docs/site.md``).

A JupyterLite site whose Python is Pyodide in the browser. It is built offline from what the
registries give: JupyterLite and its Pyodide kernel from PyPI (the ``[site]`` extra), Pyodide
itself from npm (``node_modules/pyodide``: the core, without its packages), and the pure-Python
wheels the kernel and the package need from PyPI. The site holds the package's wheel, the
example notebooks in English and short ones in Japanese; each notebook installs the wheel in
its first cell from the site itself, and the site opens on the lesson.

>>> [n for n, _ in NOTEBOOKS]
['learn.ipynb', 'play.ipynb', 'ancient.ipynb', 'puzzles.ipynb']
>>> install_cell()["source"]
'%pip install -q battleline'
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .errors import shorten
from .texts.site import site_words

__all__ = ["build_site", "main", "NOTEBOOKS", "LOCK_PACKAGES", "PIPLITE_WHEELS", "install_cell", "japanese_notebook"]

ROOT = Path(__file__).resolve().parents[2]          # the source checkout (pyproject.toml, examples)
PYODIDE_VERSION = "314.0.7"                         # package.json pins the same
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full"
#: The example notebooks on the site, with the widget each opens at the top (the lesson first).
NOTEBOOKS = (("learn.ipynb", "LessonWidget()"), ("play.ipynb", None), ("ancient.ipynb", None),
             ("puzzles.ipynb", None))
FIRST = "learn.ipynb"
#: Pyodide's own packages that the kernel (micropip, IPython) and the package load: pure
#: wheels, taken from PyPI at the version Pyodide's lock file names (npm's Pyodide lacks them).
LOCK_PACKAGES = ("micropip", "packaging", "ipython", "asttokens", "decorator", "executing", "matplotlib-inline",
                 "prompt-toolkit", "pure-eval", "pygments", "six", "stack-data", "traitlets", "wcwidth",
                 "typing-extensions", "tqdm", "jedi", "parso")
#: The package's dependencies that Pyodide does not carry, served by the site's own index
#: (piplite); pinned, pure wheels. ``widgetsnbextension`` comes with the kernel.
PIPLITE_WHEELS = ("anywidget==0.11.0", "psygnal==0.16.1", "ipywidgets==8.1.9", "comm==0.2.3",
                  "jupyterlab_widgets==3.0.17", "filelock==4.3.1")

#: The front-end extensions on the site: the Pyodide kernel's, then the two the widgets need
#: (their wheels are among :data:`PIPLITE_WHEELS`).
EXTENSIONS = ("jupyterlite-pyodide-kernel==0.8.6", "anywidget", "jupyterlab_widgets")

KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def install_cell() -> dict:
    """The first cell of every notebook on the site: install the package's wheel from the site
    (piplite finds it, and its dependencies, in the site's own index)."""
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": "%pip install -q battleline"}


def _code(source: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}


def _markdown(source: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def site_notebook(path: Path, widget: str | None) -> dict:
    """An example notebook for the site: the install cell first, then ``widget`` (a cell that
    shows it at once), then the notebook as it is."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    head = [install_cell()]
    if widget:
        words = site_words("en")
        head += [_markdown(words["lesson"]), _code(f"from battleline import {widget.split('(')[0]}\n{widget}")]
    nb["cells"] = head + nb["cells"]
    nb["metadata"]["kernelspec"] = KERNELSPEC      # the site's only kernel: no dialog asks for one
    return nb


def japanese_notebook() -> dict:
    """The Japanese page: the lesson, a game against ``medium``, an Ancient Battles battle and
    the puzzles, each worded in Japanese.

    >>> nb = japanese_notebook()
    >>> [c["source"] for c in nb["cells"] if c["cell_type"] == "code"][1]
    'from battleline import LessonWidget\\nLessonWidget(lang="ja")'
    """
    words = site_words("ja")
    cells = [_markdown(words["title"]), install_cell()]
    for key, widget in (("lesson", 'LessonWidget(lang="ja")'), ("play", 'BattleLineWidget(opponent="medium", lang="ja")'),
                        ("ancient", 'AncientBattlesWidget(opponent="medium", lang="ja")'),
                        ("puzzles", 'PuzzleWidget(lang="ja")')):
        cells += [_markdown(words[key]), _code(f"from battleline import {widget.split('(')[0]}\n{widget}")]
    return {"cells": cells, "metadata": {"kernelspec": KERNELSPEC}, "nbformat": 4, "nbformat_minor": 5}


def _run(args: list, what: str, cwd: Path | None = None) -> None:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed: {shorten(done.stdout + done.stderr, 2000)}")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def local_pyodide(source: Path, into: Path, wheels: Path) -> None:
    """npm's Pyodide (``source``) copied ``into`` the site's ``static/pyodide``, with the pure
    packages of :data:`LOCK_PACKAGES` fetched from PyPI at the lock's versions; the lock file's
    hashes are those of the files served (Pyodide's own builds of them differ)."""
    lock_path = source / "pyodide-lock.json"
    if not lock_path.is_file():
        raise ValueError(f"no Pyodide at {shorten(str(source))}: run `npm ci` (package.json pins pyodide "
                         f"{PYODIDE_VERSION}) or pass --pyodide")
    shutil.copytree(source, into, ignore=shutil.ignore_patterns("*.map", "*.d.ts", "*.html", "README.md"))
    lock = json.loads(lock_path.read_text())
    packages = {name.lower().replace("_", "-"): entry for name, entry in lock["packages"].items()}
    specs = [f"{name}=={packages[name]['version']}" for name in LOCK_PACKAGES]
    _download(specs, wheels)
    for name in LOCK_PACKAGES:
        entry = packages[name]
        found = _wheel_of(wheels, name, entry["version"])
        shutil.copyfile(found, into / entry["file_name"])
        entry["sha256"] = _sha256(into / entry["file_name"])
    # The rest (NumPy among them) stays on Pyodide's CDN: fetched only when a notebook asks
    # (``%pip install numpy``), which a site on the internet can do and an offline one not.
    for entry in packages.values():
        if not (into / entry["file_name"]).exists():
            entry["file_name"] = f"{PYODIDE_CDN}/{entry['file_name']}"
    (into / "pyodide-lock.json").write_text(json.dumps(lock))


def _wheel_of(folder: Path, name: str, version: str) -> Path:
    stem = name.replace("-", "_").lower()
    for path in folder.glob("*.whl"):
        dist, ver = path.name.split("-")[:2]
        if dist.lower().replace("-", "_") == stem and ver == version:
            return path
    raise RuntimeError(f"no wheel of {name} {version} in {folder}")


def _download(specs: list[str], into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
          "--only-binary=:all:", "--platform", "any", "--python-version", "3.14", "--implementation", "py",
          "--dest", into, *specs], "downloading " + " ".join(specs))


def package_wheel(into: Path) -> Path:
    """The package's wheel, built from the source checkout."""
    if not (ROOT / "pyproject.toml").is_file():
        raise ValueError("the site is built from a source checkout of battleline (pyproject.toml not found); "
                         "pass --wheel with a built wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
          "-w", into, ROOT], "building the battleline wheel")
    return next(into.glob("battleline-*.whl"))


def build_site(out: Path, wheel: Path | None = None, pyodide: Path | None = None) -> Path:
    """Build the site in ``out`` (made or emptied; refused if it holds anything but a site);
    returns ``out``."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ValueError(f"{shorten(str(out))} is a file: give a folder")
    if out.exists() and any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
        raise ValueError(f"{shorten(str(out))} holds other files: give an empty or new folder")
    with tempfile.TemporaryDirectory(prefix="battleline-site-") as tmp:
        tmp = Path(tmp)
        lite = tmp / "lite"
        (lite / "files" / "ja").mkdir(parents=True)
        local_pyodide(Path(pyodide) if pyodide else ROOT / "node_modules" / "pyodide",
                      lite / "static" / "pyodide", tmp / "lock-wheels")
        _download(list(PIPLITE_WHEELS), tmp / "piplite")
        # the front ends, from their wheels only (not whatever this Python has installed)
        _download([EXTENSIONS[0]], tmp / "extensions")
        extensions = [*(tmp / "extensions").glob("*.whl"),
                      *(p for p in (tmp / "piplite").glob("*.whl") if p.name.split("-")[0] in EXTENSIONS[1:])]
        shutil.copy(wheel if wheel else package_wheel(tmp / "wheel"), tmp / "piplite")
        for name, widget in NOTEBOOKS:
            (lite / "files" / name).write_text(json.dumps(site_notebook(ROOT / "examples" / name, widget)))
        (lite / "files" / "ja" / "learn.ipynb").write_text(json.dumps(japanese_notebook(), ensure_ascii=False))
        (lite / "jupyter-lite.json").write_text(json.dumps({"jupyter-lite-schema-version": 0, "jupyter-config-data": {
            "appName": "Battle Line", "disabledExtensions": ["@jupyterlite/application-extension:announcements"],
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                "disablePyPIFallback": True}}}}))
        if out.exists():
            shutil.rmtree(out)
        _run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", lite, "--output-dir", out,
              "--contents", lite / "files", "--no-sourcemaps", "--ignore-sys-prefix",
              f"--LiteBuildConfig.federated_extensions={json.dumps([str(p) for p in extensions])}",
              f"--PipliteAddon.piplite_urls={json.dumps([str(p) for p in sorted((tmp / 'piplite').glob('*.whl'))])}"],
             "jupyter lite build", cwd=lite)
    open_on_lesson(out / "index.html")
    return out


def open_on_lesson(index: Path) -> None:
    """Make the site's first page open the lesson: a redirect before JupyterLite's own (which
    goes to the empty lab). The page keeps its configuration element, which the other pages
    read from it."""
    page = index.read_text(encoding="utf-8")
    marker = '<script type="module">'
    if marker not in page:
        raise RuntimeError("JupyterLite's index.html changed: no module script to open the lesson before")
    redirect = f'<script>location.replace("./lab/index.html?path={FIRST}")</script>\n    '
    index.write_text(page.replace(marker, redirect + marker, 1), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """``python -m battleline site OUT_DIR``: build the site and print its size."""
    ap = argparse.ArgumentParser(prog="python -m battleline site",
                                 description="Build the classroom site (JupyterLite): both games, the lesson and "
                                             "the puzzles in a browser, nothing to install (docs/site.md).")
    ap.add_argument("out", type=Path, help="the folder to write the site to (serve it with any web server)")
    ap.add_argument("--wheel", type=Path, help="the battleline wheel to put on the site (default: build it)")
    ap.add_argument("--pyodide", type=Path, help="npm's Pyodide folder (default: node_modules/pyodide)")
    args = ap.parse_args(argv)
    try:
        out = build_site(args.out, args.wheel, args.pyodide)
    except (ValueError, RuntimeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site in {out}: {size / 1e6:.1f} MB; serve it (python -m http.server -d {out}) and open index.html")
    return 0
