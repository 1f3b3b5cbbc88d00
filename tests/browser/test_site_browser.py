"""The classroom site (``python -m battleline site``) in Chromium, offline: built once, served on
127.0.0.1 by Python's http.server, its Python running in the browser (Pyodide). Every request
the page makes is recorded: none may leave the machine. Prints the time from the first page to
the lesson's board and the site's size (docs/site.md has the figures)."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from conftest import CHROMIUM, LAUNCH_ARGS, _free_port

pytest.importorskip("jupyterlite_core", reason="pip install -e '.[site]' (the site extra)")

ROOT = Path(__file__).resolve().parents[2]
HAND = 'button[data-act="hand"]:not([disabled])'
PLACE = 'button[data-act="place"]:not([disabled])'


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built and served on loopback; yields its base url."""
    from battleline.site import build_site
    out = build_site(tmp_path_factory.mktemp("site") / "site")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"\nsite size: {size / 1e6:.1f} MB")
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/jupyter-lite.json", timeout=2)
            break
        except Exception:
            time.sleep(0.2)
    yield url
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture(scope="module")
def offline_browser(playwright_driver):
    """Chromium as the other browser tests launch it (on the session's Playwright), with every
    request that is not to loopback sent to a proxy that is not there (so it fails, besides
    being recorded)."""
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM,
                                          args=[*LAUNCH_ARGS, f"--proxy-server=http://127.0.0.1:{_free_port()}"])
    yield b
    b.close()


@pytest.fixture
def offline_page(site, offline_browser, tmp_path):
    """A page of the site with every request's url recorded (the page's, its workers' and the
    service worker's); asserts afterwards that all went to 127.0.0.1."""
    context = offline_browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(120000)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    context.on("request", lambda r: requests.append(r.url))   # the kernel's worker too
    yield page
    page.screenshot(path=str(tmp_path / "final.png"), full_page=True)
    context.close()
    hosts = {urllib.parse.urlsplit(u).hostname for u in requests if not u.startswith(("data:", "blob:"))}
    assert hosts <= {"127.0.0.1"}, sorted(u for u in requests if "127.0.0.1" not in u)[:20]
    assert any(u.endswith("/static/pyodide/pyodide.asm.wasm") for u in requests)   # the kernel's are seen


def run_cells(page, count: int) -> None:
    """Run the notebook's first ``count`` cells (the last a code cell), one Shift+Enter each;
    again if the keys were lost (a page just loaded may drop them)."""
    started = ("n => { const p = document.querySelectorAll('.jp-Notebook .jp-Cell')[n]"
               "?.querySelector('.jp-InputPrompt'); return !!p && /\\[(\\*|\\d+)\\]/.test(p.textContent); }")
    for attempt in range(3):
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.keyboard.press("Escape")
        for _ in range(count):
            page.keyboard.press("Shift+Enter")
            time.sleep(0.2)
        try:
            page.wait_for_function(started, arg=count - 1, timeout=15000)
            return
        except Exception:
            if attempt == 2:
                raise


def test_the_site_opens_on_the_lesson_and_its_first_step_is_solved_by_clicking(site, offline_page, tmp_path):
    page = offline_page
    start = time.perf_counter()
    page.goto(site + "/index.html")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120000)
    page.locator(".lm-TabBar-tab.jp-mod-current", has_text="learn.ipynb").first.wait_for()
    shown = time.perf_counter() - start
    run_cells(page, 3)           # the install cell, a heading, the lesson
    lesson = page.locator(".jp-Notebook .jp-Cell").nth(2)
    lesson.locator('[data-act="hand"][data-card="R10"]').first.wait_for(timeout=180000)
    took = time.perf_counter() - start
    print(f"\nfirst page to the lesson's board: {took:.1f} s (the notebook shown after {shown:.1f} s)")
    page.screenshot(path=str(tmp_path / "lesson.png"))
    lesson.locator('[data-act="hand"][data-card="R10"]').first.click()
    lesson.locator('[data-act="place"][data-flag="5"]').first.click()
    lesson.locator(".bl-puzzle-feedback.is-right").wait_for(timeout=30000)


def test_the_japanese_page_plays_a_turn_against_medium_and_deploys_in_ancient_battles(site, offline_page):
    page = offline_page
    page.goto(site + "/lab/index.html?path=ja/learn.ipynb")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120000)
    run_cells(page, 8)           # title, install, lesson, the game against medium, Ancient Battles
    cells = page.locator(".jp-Notebook .jp-Cell")
    game = cells.nth(5)
    game.locator(HAND).first.wait_for(timeout=180000)        # our turn (the bot may have moved first)
    game.locator(HAND).first.click()
    game.locator(PLACE).first.click()
    draw = game.locator('button.bl-draw:not([disabled])').first
    draw.wait_for(timeout=30000)
    lines = game.locator(".bl-log li")
    before = lines.count()
    clicked = time.perf_counter()
    draw.click()
    # our draw, the bot's card and its draw are logged, and it is our turn again
    page.wait_for_function("([cell, n]) => { const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[cell];"
                           " return c.querySelectorAll('.bl-log li').length >= n + 3 &&"
                           " !!c.querySelector('button[data-act=\"hand\"]:not([disabled])'); }",
                           arg=[5, before], timeout=60000)
    print(f"\na draw to our next turn against medium: {time.perf_counter() - clicked:.1f} s")
    assert "ボット" in lines.nth(before + 1).inner_text(), lines.all_inner_texts()
    ancient = cells.nth(7)
    card = ancient.locator(".ab-tray-card:not([disabled])").first
    card.wait_for(timeout=120000)
    card.click()
    target = ancient.locator(".ab-square.is-target").first
    square = target.get_attribute("data-square")
    target.click()
    ancient.locator(f'.ab-square[data-square="{square}"] .ab-unit').wait_for(timeout=30000)
