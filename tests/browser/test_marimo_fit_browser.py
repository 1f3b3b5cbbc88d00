"""Both games fit marimo's output box (issue 40), in `marimo edit` on a 1366 × 768 screen:
marimo scrolls a cell's output taller than 610 px, so the whole widget (header, status,
table, hand and log) must be at most that tall; no formation label is cut, no card covers
one; the replay toolbar keeps to two lines; Ancient Battles' side tokens sit on the line
they mark."""

from __future__ import annotations

import pytest

from test_formation_label_browser import OVERLAPS, PHALANXES
from test_marimo_browser import OUTPUT_BOX, open_marimo, pytestmark  # noqa: F401 (the fixture, the skip)
from test_study_browser import SCRIPTED

# The widget's height and the height of marimo's output box around it.
HEIGHTS = """() => {
  const host = document.querySelector('marimo-anywidget');
  const root = (host && host.shadowRoot) || document;
  let box = host;
  while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
  const app = root.querySelector('.bl-app');
  return { app: app.getBoundingClientRect().height, box: box.clientHeight,
           overflow: box.scrollHeight - box.clientHeight,
           parts: [...app.children].map(c => [c.className, Math.round(c.getBoundingClientRect().height)]) };
}"""

# Formation labels (and their lines) whose text is wider than their box.
CUT = """() => {
  const host = document.querySelector('marimo-anywidget');
  const root = (host && host.shadowRoot) || document;
  return [...root.querySelectorAll('.bl-formation, .bl-formation *')]
    .filter(el => el.scrollWidth > el.clientWidth + 0.5)
    .map(el => ({cls: el.className, text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth}));
}"""

# The lines the replay toolbar and the language button beside it take: their controls
# grouped by their top edge.
TOOLBAR_LINES = """() => {
  const host = document.querySelector('marimo-anywidget');
  const root = (host && host.shadowRoot) || document;
  const bar = root.querySelector('.bl-top-replay');   // the toolbar and the language button
  const tops = [...bar.querySelectorAll('button, .bl-replay-where')].map(b => b.getBoundingClientRect())
    .filter(r => r.height > 0).map(r => r.top).sort((a, b) => a - b);
  let lines = 0, last = -1e9;
  for (const t of tops) { if (t - last > 8) { lines++; last = t; } }
  return lines;
}"""

# Each side's token in the score lines: on the first line of the text it marks.
TOKENS = """() => {
  const host = document.querySelector('marimo-anywidget');
  const root = (host && host.shadowRoot) || document;
  return [...root.querySelectorAll('.ab-score')].map(line => {
    const token = line.querySelector('.ab-token').getBoundingClientRect();
    const name = line.querySelector('b').getBoundingClientRect();
    return { side: line.className, tokenTop: token.top, tokenBottom: token.bottom,
             nameTop: name.top, nameBottom: name.bottom, tokenRight: token.right, nameLeft: name.left };
  });
}"""


def in_the_box(nb, name: str) -> dict:
    page = nb.page
    page.evaluate("() => document.querySelector('marimo-anywidget').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    nb.screenshot(name)
    return page.evaluate(HEIGHTS)


BATTLE_LINE = """
from battleline import BattleLineWidget
w = BattleLineWidget(opponent="easy", seed=21, bot_seed=4)
def _state(v):
    return {"status": v.get("status")}
"""


def test_battle_line_fits_marimos_output_box(open_marimo):
    nb = open_marimo(BATTLE_LINE, ready="Flag 1")
    h = in_the_box(nb, "marimo-battle-line")
    assert nb.page.locator(".bl-root").first.get_attribute("data-fit") == "compact"
    assert h["box"] <= 610.5 and h["app"] <= h["box"] and h["overflow"] <= 0.5, repr(h)


def test_battle_line_formation_labels_whole_and_uncovered_in_marimo(open_marimo):
    """A Battalion Order, a Skirmish Line and two Phalanxes on the table in marimo's column:
    every label is whole (no "attalion Orde") and no card lies over one."""
    setup = PHALANXES.replace("flag 8: north - | south P1 P2 O3",
                              "flag 8: north B3 B7 B10 | south P1 P2 O3\nflag 9: north R6 G7 O8 | south -")
    setup = setup.replace("hand north: R1 R2 R3 G2 G3 B1 B2", "hand north: R1 R2 R3 G2 G3 B1 Y10")
    nb = open_marimo("from battleline import BattleLineWidget\n" + setup + "\ndef _state(v):\n    return {}\n",
                     ready="Flag 1")
    in_the_box(nb, "marimo-formation-labels")
    page = nb.page
    labels = page.evaluate("() => [...document.querySelector('marimo-anywidget').shadowRoot"
                           ".querySelectorAll('.bl-formation')].map(l => l.textContent).filter(Boolean)")
    assert any(t.startswith("Battalion Order") for t in labels) and any(t.startswith("Skirmish Line") for t in labels), labels
    assert page.evaluate(CUT) == []
    assert page.evaluate(OVERLAPS.replace("document.querySelectorAll",
                                          "document.querySelector('marimo-anywidget').shadowRoot.querySelectorAll")) == []


FINISHED = SCRIPTED + '''
from battleline import BattleLineWidget
w = BattleLineWidget(opponent="easy", seed=4, bot_seed=1, background_bot=False)
w.study.analyst = ScriptedAnalysis()
while not w.game.is_over():
    w.play(w.view["legal"][0]["text"])
w.background_bot = True
w.study.runner.background = True
def _state(v):
    r = v.get("replay")
    return {"review": r["review"]["state"] if r and r["review"] else None}
'''


def test_the_replay_toolbar_keeps_to_two_lines_in_marimo(open_marimo):
    nb = open_marimo(FINISHED, ready="Review")
    page = nb.page
    page.get_by_role("button", name="Review", exact=True).first.click()
    nb.wait_state(lambda s: s["review"] == "done", timeout=120)
    in_the_box(nb, "marimo-replay-toolbar")
    assert page.evaluate(TOOLBAR_LINES) <= 2, "the toolbar and the language button take more than two lines"


ANCIENT = """
from battleline import AncientBattlesWidget
w = AncientBattlesWidget(scenario="issus", opponent="easy", seed=3, bot_seed=2)
def _state(v):
    return {"status": v["status"]}
"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ancient_battles_fits_marimos_output_box(open_marimo, lang):
    nb = open_marimo(ANCIENT.replace('bot_seed=2', f'bot_seed=2, lang={lang!r}'),
                     ready="Hint" if lang == "en" else "ヒント")
    h = in_the_box(nb, f"marimo-ancient-{lang}")
    tokens = nb.page.evaluate(TOKENS)
    assert len(tokens) == 2
    for t in tokens:   # beside the side's name, not on a line of its own above it
        assert t["tokenBottom"] > t["nameTop"] and t["tokenTop"] < t["nameBottom"] and t["tokenRight"] <= t["nameLeft"] + 0.5, t
    assert h["box"] <= 610.5 and h["app"] <= h["box"] and h["overflow"] <= 0.5, repr(h)
