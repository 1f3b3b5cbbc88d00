"""Real-browser tests: JupyterLab on 127.0.0.1 driven by Playwright with Debian's Chromium.

No browser download is possible offline: Playwright drives Debian's /usr/bin/chromium with
background networking off, and `.ci/run` installs it where it is missing. Each test writes a one-cell notebook,
opens it in JupyterLab, runs it, clicks in the widget, and checks the Python state that the
kernel writes to a file after every change. Screenshots go to the test's tmp dir.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def pytest_collection_modifyitems(config, items):
    """Every browser test starts a browser and a Jupyter server: all are in the slow tier."""
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).parent == here:
            item.add_marker(pytest.mark.slow)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(root: Path, args: list[str], what: str):
    """Start a Jupyter server (``jupyter <args>``) on loopback serving ``root``; yields its
    base url and stops it afterwards."""
    port = _free_port()
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1")
    log = open(root / "server.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", *args, "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--ServerApp.token=", "--ServerApp.password=", "--allow-root", f"--notebook-dir={root}"],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 120
    while True:
        try:
            urllib.request.urlopen(f"{url}/api", timeout=2)
            break
        except Exception:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError(f"{what} did not start: " + (root / "server.log").read_text()[-2000:])
            time.sleep(0.5)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A JupyterLab server on loopback; yields (base url, notebook dir)."""
    root = tmp_path_factory.mktemp("lab")
    # settings of its own: a test that changes the theme must not change the user's
    args = ["lab", "--LabApp.news_url=", f"--LabApp.workspaces_dir={root / '.workspaces'}",
            f"--LabApp.user_settings_dir={root / '.settings'}"]
    for url in _serve(root, args, "JupyterLab"):
        yield url, root


@pytest.fixture(scope="session")
def notebook7(tmp_path_factory):
    """A Jupyter Notebook 7 server on loopback; yields (base url, notebook dir)."""
    pytest.importorskip("notebook", minversion="7", reason="pip install 'notebook>=7' (the test extra)")
    root = tmp_path_factory.mktemp("nb7")
    for url in _serve(root, ["notebook"], "Jupyter Notebook 7"):
        yield url, root


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright for the whole session: a second sync_playwright in the same thread,
    while the first runs, fails ("Sync API inside the asyncio loop")."""
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does this)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_driver):
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
    yield b
    b.close()


class Notebook:
    """One notebook open in JupyterLab, with the widget's Python state readable from a file."""

    def __init__(self, page, state_file: Path, shots: Path):
        self.page = page
        self.state_file = state_file
        self.shots = shots

    def state(self) -> dict:
        """The kernel's view of the game: written after every change of the widget."""
        return json.loads(self.state_file.read_text())

    def wait_state(self, predicate, timeout: float = 60.0) -> dict:
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            try:
                last = self.state()
                if predicate(last):
                    return last
            except (FileNotFoundError, json.JSONDecodeError):
                pass
            time.sleep(0.05)
        raise AssertionError(f"state never matched; last: {json.dumps(last)[:2000] if last else None}")

    def screenshot(self, name: str) -> Path:
        path = self.shots / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


def state_cell(setup: str, state_file: Path, data: str) -> str:
    """Notebook source: build ``w`` with ``setup``, then write ``data`` (a Python expression
    over ``w`` and its view ``v``) to ``state_file`` as JSON on every change of the view."""
    tail = textwrap.dedent(f"""
        import json as _json, os as _os
        def _dump(change=None):
            v = w.view
            data = {textwrap.indent(textwrap.dedent(data).strip(), " " * 12).lstrip()}
            tmp = {str(state_file)!r} + ".tmp"
            with open(tmp, "w") as fh:
                _json.dump(data, fh)
            _os.replace(tmp, {str(state_file)!r})
        w.observe(_dump, names="view")
        _dump()
        w
        """)
    return textwrap.dedent(setup).strip() + "\n" + tail


WIDGET_STATE = """
    {"position": w.game.position(), "phase": w.game.phase, "to_move": w.game.to_move,
     "moves": [str(m) for m in w.game.moves], "over": w.game.is_over(),
     "outcome": w.game.outcome().describe() if w.game.is_over() else None,
     "view_status": v.get("status"), "message": v.get("message"),
     "thinking": v.get("thinking"), "claim": v.get("claim")}
"""


def widget_cell(setup: str, state_file: Path) -> str:
    """Notebook source: build ``w`` with ``setup`` and write its game's state on changes."""
    head = "from battleline import *\nfrom battleline.widgets import BattleLineWidget\n"
    return state_cell(head + textwrap.dedent(setup).strip(), state_file, WIDGET_STATE)


def accept_kernel_dialog(page) -> None:
    """On a busy machine JupyterLab may ask which kernel to start (its "Select Kernel" dialog,
    which then takes every click); the notebook names python3, preselected, so accept it."""
    dialog = page.locator(".jp-Dialog").filter(has_text="Select Kernel")
    try:
        if dialog.count():
            dialog.locator("button.jp-mod-accept").first.click(timeout=10000)
    except Exception:
        pass      # it closed by itself meanwhile


def _opener(server, browser, tmp_path, request, page_path):
    """The ``open_widget`` function for a server (base url, notebook dir); ``page_path(name,
    n)`` is the path of the page that opens notebook ``name`` (``n`` counts the pages)."""
    url, root = server
    pages = []

    def _open(setup: str, width: int = 1200, raw: bool = False, cell=widget_cell,
              ready: str = "Flag 1", height: int = 1000) -> Notebook:
        """``raw``: run ``setup`` as the whole cell, without the state file; ``cell(setup,
        state_file)`` writes the cell otherwise; ``ready`` names a button the widget shows
        once drawn; ``width`` × ``height`` is the browser's viewport."""
        name = f"{request.node.name}".replace("[", "_").replace("]", "")[:60] + f"-{len(pages)}.ipynb"
        state_file = tmp_path / "state.json"
        nb = {
            "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                       "source": setup if raw else cell(setup, state_file)}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5,
        }
        (root / name).write_text(json.dumps(nb))
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(60000)  # generous: the machine may be busy
        page = context.new_page()
        pages.append((context, page))
        page.goto(url + page_path(name, len(pages)))
        page.wait_for_selector(".jp-Notebook", timeout=60000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle'], "
                               "#jp-main-statusbar :text('Idle')", timeout=60000)
        nbk = Notebook(page, state_file, tmp_path)
        # Clicks sent right after the page loads can be dropped: run until the cell starts.
        for attempt in range(6):
            accept_kernel_dialog(page)
            panel = page.locator(".jp-NotebookPanel:visible").first
            try:
                panel.locator(".jp-Cell .jp-InputArea-editor").first.click(timeout=15000)
                panel.locator("[data-command='notebook:run-cell-and-select-next']").first.click(timeout=15000)
                page.wait_for_function(
                    "() => { const p = document.querySelector('.jp-Cell .jp-InputPrompt');"
                    " return p && /\\[(\\*|\\d+)\\]/.test(p.textContent); }", timeout=5000)
                break
            except Exception:
                if attempt == 5:
                    raise
        if not raw:
            nbk.wait_state(lambda s: True, timeout=60)
        page.get_by_role("button", name=ready, exact=True).first.wait_for(timeout=60000)
        return nbk

    def close():
        for i, (context, page) in enumerate(pages):
            try:
                page.screenshot(path=str(tmp_path / f"final-{i}.png"), full_page=True)
            except Exception:
                pass
            context.close()

    return _open, close


@pytest.fixture
def open_widget(lab, browser, tmp_path, request):
    """open_widget(setup_code) -> Notebook: the widget running in a real JupyterLab page."""
    # A workspace of its own, so that no other notebook is open in the page.
    open_, close = _opener(lab, browser, tmp_path, request,
                           lambda name, n: f"/lab/workspaces/w{n}-{abs(hash(name))}/tree/{name}?reset")
    yield open_
    close()


@pytest.fixture
def open_widget_nb7(notebook7, browser, tmp_path, request):
    """open_widget for Jupyter Notebook 7: the notebook in its own page (/notebooks/NAME)."""
    open_, close = _opener(notebook7, browser, tmp_path, request, lambda name, n: f"/notebooks/{name}")
    yield open_
    close()
