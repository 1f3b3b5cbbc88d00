"""Both games in marimo (`marimo edit --headless`, offline), clicked with Playwright.

marimo shows an anywidget through `mo.ui.anywidget(...)`, in a column about 700 px wide and
an output box 610 px high that scrolls what is taller. On a 1366 × 768 screen the Battle
Line table and the hand must fit that box, the decks beside the hand; then a few moves of
each game are played by clicking and checked from Python (the kernel writes its state to a
file after every change). Screenshots go to each test's tmp dir.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
import time
import urllib.request

import pytest

from conftest import _free_port
from test_widget_browser import HAND, PLACE, troop_cards

# marimo runs in its own process: only ask whether it is installed (importing it here would
# cost the quick tier's collection a second of CPU for tests it never runs)
pytestmark = pytest.mark.skipif(importlib.util.find_spec("marimo") is None,
                                reason="pip install marimo (the test extra)")

LAPTOP = {"width": 1366, "height": 768}

BATTLE_LINE = """
from battleline import BattleLineWidget
w = BattleLineWidget(opponent="easy", seed=21, bot_seed=4)
def _state(v):
    return {"moves": [str(m) for m in w.game.moves], "to_move": w.game.to_move,
            "phase": w.game.phase, "thinking": v.get("thinking"), "status": v.get("status")}
"""

ANCIENT = """
from battleline import AncientBattlesWidget
from battleline.ancient import AncientGame
g = AncientGame.empty(seed=4, dice=[6, 4, 2])
g.put("c2", "Javalineers", "south")
g.put("e2", "Skirmishers", "south")
g.put("c3", "Light Cavalry", "north")
g.put("g4", "Chariots", "north")
w = AncientBattlesWidget(g, opponent=None)
w.reveal()   # two people at one screen: the first player lifts the first cover
def _state(v):
    return {"actions": [str(a) for a in w.game.actions_played], "phase": w.game.phase,
            "rolls": list(w.game.rolls), "status": v["status"]}
"""


def notebook(setup: str, state_file) -> str:
    """A one-cell marimo notebook: build ``w``, write ``_state(view)`` to ``state_file`` on
    every change of the view, and show the widget through ``mo.ui.anywidget``."""
    body = textwrap.dedent(setup).strip() + textwrap.dedent(f"""
        import json as _json, os as _os
        def _dump(change=None):
            with open({str(state_file)!r} + ".tmp", "w") as fh:
                _json.dump(_state(w.view), fh)
            _os.replace({str(state_file)!r} + ".tmp", {str(state_file)!r})
        w.observe(_dump, names="view")
        _dump()
        import marimo as mo
        mo.ui.anywidget(w)
        """)
    return ("import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n"
            + textwrap.indent(body, "    ") + "    return\n\n\nif __name__ == '__main__':\n    app.run()\n")


class Marimo:
    """One notebook open in `marimo edit`, with the widget's Python state readable from a file."""

    def __init__(self, page, state_file, shots):
        self.page, self.state_file, self.shots = page, state_file, shots

    def state(self) -> dict:
        return json.loads(self.state_file.read_text())

    def wait_state(self, predicate, timeout: float = 60.0) -> dict:
        deadline, last = time.time() + timeout, None
        while time.time() < deadline:
            try:
                last = self.state()
                if predicate(last):
                    return last
            except (FileNotFoundError, json.JSONDecodeError):
                pass
            time.sleep(0.05)
        raise AssertionError(f"state never matched; last: {last}")

    def screenshot(self, name: str) -> None:
        self.page.screenshot(path=str(self.shots / f"{name}.png"))


@pytest.fixture
def open_marimo(browser, tmp_path):
    """open_marimo(setup, ready) -> Marimo: the notebook served by `marimo edit --headless`
    on loopback, opened in a 1366 × 768 page, its cell run until the widget shows ``ready``."""
    procs, contexts = [], []

    def _open(setup: str, ready: str, dark: bool = False) -> Marimo:
        state_file = tmp_path / "state.json"
        path = tmp_path / "game.py"
        path.write_text(notebook(setup, state_file))
        port = _free_port()
        env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
        if dark:  # marimo's own dark theme (its user configuration), the page's scheme too
            (tmp_path / "config" / "marimo").mkdir(parents=True, exist_ok=True)
            (tmp_path / "config" / "marimo" / "marimo.toml").write_text('[display]\ntheme = "dark"\n')
        log = open(tmp_path / "marimo.log", "w")
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "marimo", "-y", "edit", str(path), "--headless", "--no-token",
             "--skip-update-check", "--host", "127.0.0.1", "-p", str(port)],
            stdout=log, stderr=subprocess.STDOUT, env=env, cwd=tmp_path))
        url = f"http://127.0.0.1:{port}"
        deadline = time.time() + 120
        while True:
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except Exception:
                if procs[-1].poll() is not None or time.time() > deadline:
                    raise RuntimeError("marimo did not start: " + (tmp_path / "marimo.log").read_text()[-2000:])
                time.sleep(0.5)
        context = browser.new_context(viewport=LAPTOP, color_scheme="dark" if dark else "light")
        context.set_default_timeout(60000)
        contexts.append(context)
        page = context.new_page()
        page.goto(url)
        # marimo edit does not run the cell on opening: press its "run" button until it has.
        widget = page.get_by_role("button", name=ready, exact=True).first
        for attempt in range(40):
            try:
                widget.wait_for(timeout=3000)
                break
            except Exception:
                if attempt == 39:
                    raise
                run = page.locator('[data-testid="run-button"]:visible')
                if run.count():
                    run.last.click(timeout=3000)
        return Marimo(page, state_file, tmp_path)

    yield _open
    for i, context in enumerate(contexts):
        try:
            context.pages[0].screenshot(path=str(tmp_path / f"final-{i}.png"))
        except Exception:
            pass
        context.close()
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


# The box marimo scrolls a cell's output in: the nearest ancestor of the widget's element
# that scrolls (the widget itself is in a shadow root, which Playwright's locators pierce).
OUTPUT_BOX = """() => {
  let node = document.querySelector('marimo-anywidget');
  while (node && !['auto', 'scroll'].includes(getComputedStyle(node).overflowY)) node = node.parentElement;
  const r = node.getBoundingClientRect();
  return { top: r.top, bottom: r.top + node.clientHeight, left: r.left, right: r.right };
}"""


def test_battle_line_fits_marimos_column_and_plays(open_marimo):
    nb = open_marimo(BATTLE_LINE, ready="Flag 1")
    page = nb.page
    page.locator(".bl-app").first.scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('marimo-anywidget').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    nb.screenshot("marimo-start")
    assert page.locator(".bl-root").first.get_attribute("data-fit") == "compact"
    box = page.evaluate(OUTPUT_BOX)
    assert box["right"] - box["left"] < 800, f"not marimo's default column: {box}"
    board = page.locator(".bl-board").first.bounding_box()
    assert board["y"] >= box["top"] - 0.5 and board["y"] + board["height"] <= box["bottom"] + 0.5, \
        f"the table and hand {board} do not fit marimo's output box {box}"
    decks = page.locator(".bl-decks").first.bounding_box()
    hand = page.get_by_role("group", name="Your hand").first.bounding_box()
    assert decks["x"] + decks["width"] <= hand["x"] and abs(decks["y"] - hand["y"]) < hand["height"], \
        f"the hand {hand} is not beside the decks {decks}"
    for turn in range(3):
        s = nb.wait_state(lambda st: not st["thinking"] and st["to_move"] == 1 and st["phase"] == "play")
        n = len(s["moves"])
        page.locator(HAND).first.wait_for()
        card = troop_cards(page)[0]
        card_id = card.get_attribute("data-card")
        card.click()
        place = page.locator(PLACE).first
        place.wait_for()
        flag = place.get_attribute("data-flag")
        place.click()
        s = nb.wait_state(lambda st: len(st["moves"]) > n)
        assert s["moves"][n] == f"{card_id}@{flag}" or s["moves"][n].startswith(card_id)
        page.locator(f'[data-act="mine"][data-card="{card_id}"]').first.wait_for()
        if s["phase"] == "draw":
            page.get_by_role("button", name="Draw troop", exact=True).click()
            nb.wait_state(lambda st: len(st["moves"]) > n + 1)
    nb.screenshot("marimo-played")


def test_ancient_battles_plays_in_marimo(open_marimo):
    nb = open_marimo(ANCIENT, ready="End actions")
    page = nb.page
    nb.screenshot("marimo-ancient-start")
    page.get_by_role("button", name="End actions", exact=True).click()
    nb.wait_state(lambda s: s["phase"] == "fire")
    page.locator('.ab-square[data-square="c2"]').click()
    target = page.locator('.ab-square[data-square="c3"].is-fire')
    target.wait_for()
    target.click()
    page.get_by_role("dialog", name="Confirm").wait_for()
    assert nb.state()["rolls"] == []           # nothing rolled before the confirmation
    page.get_by_role("button", name="Confirm", exact=True).click()
    s = nb.wait_state(lambda st: st["rolls"] == [6])
    assert "c2" in s["actions"][-1] and "c3" in s["actions"][-1], s["actions"]
    page.locator('.ab-die[aria-label="die 6"]').wait_for()
    nb.screenshot("marimo-ancient-fired")


# Every troop type on the field (both sides, a bow, a disrupted card),
# so that the longest names in both languages are on it.
ALL_TROOPS = """
from battleline import AncientBattlesWidget
from battleline.ancient import AncientGame
g = AncientGame.empty(seed=4, dice=[6, 4, 2])
for square, troop, side in [
        ("a2", "Skirmishers", "south"), ("b2", "Peltasts", "south"), ("c2", "Javalineers", "south"),
        ("d2", "Hoplites", "south"), ("e2", "Phalangists", "south"),
        ("f1", "Hypaspists", "south"), ("g2", "Light Cavalry", "south"), ("h2", "Heavy Cavalry", "south"),
        ("i2", "Chariots", "south"), ("e1", "Elephants", "south"),
        ("a3", "Light Cavalry", "north"), ("c3", "Skirmishers", "north"), ("e3", "Javalineers", "north"),
        ("g3", "Phalangists", "north"), ("i3", "Heavy Cavalry", "north")]:
    g.put(square, troop, side, bow=square == "g2", disrupted=square == "e3")
w = AncientBattlesWidget(g, opponent=None, lang=LANG)
w.reveal()   # two people at one screen: the first player lifts the first cover
def _state(v):
    return {"phase": w.game.phase, "status": v["status"]}
"""

# Each label on a field square whose text is cut: wider than its box (scrollWidth >
# clientWidth), or running past the counter that clips it (a name on two lines below it).
CUT_LABELS = """() => {
  const out = [];
  const host = document.querySelector('marimo-anywidget');
  const root = (host && host.shadowRoot) || document;
  for (const unit of root.querySelectorAll('.ab-field .ab-unit')) {
    const box = unit.getBoundingClientRect();
    for (const el of unit.querySelectorAll('.ab-top, .ab-top > span, .ab-type, .ab-marks, .ab-mark')) {
      if (!el.offsetParent && getComputedStyle(el).display === 'none') continue;
      const r = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5
          || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        out.push({square: unit.closest('.ab-square').dataset.square, cls: el.className, text: el.textContent,
                  scroll: el.scrollWidth, client: el.clientWidth, unit: Math.round(box.width)});
    }
  }
  return out;
}"""


@pytest.mark.slow
@pytest.mark.parametrize("lang,dark", [("en", False), ("ja", True)])
def test_ancient_field_labels_fit_marimos_column(open_marimo, lang, dark):
    """Issue 33 item 14: in marimo's default column at 1366 x 768 no troop's label on the
    field is cut ("irmishe", "valinee", "3 Jv Y"): the squares use the column's width, and a
    name that would still not fit gives way to its short name."""
    nb = open_marimo(ALL_TROOPS.replace("LANG", repr(lang)), ready="End actions" if lang == "en" else "行動を終える",
                     dark=dark)
    page = nb.page
    page.locator(".ab-field").first.scroll_into_view_if_needed()
    page.wait_for_timeout(400)
    nb.screenshot(f"marimo-ancient-labels-{lang}-{'dark' if dark else 'light'}")
    box = page.evaluate(OUTPUT_BOX)
    assert box["right"] - box["left"] < 800, f"not marimo's default column: {box}"
    assert page.locator(".ab-field .ab-unit").count() == 15
    cut = page.evaluate(CUT_LABELS)
    assert cut == [], cut
    field = page.locator(".ab-field").first.bounding_box()
    assert field["x"] >= box["left"] - 0.5 and field["x"] + field["width"] <= box["right"] + 0.5, (field, box)
