"""The widget on a laptop screen: 1366 × 768 with JupyterLab's menus, tabs and status bar.

The table and the hand must be seen whole without scrolling while a game is played, and
nothing may push them (pop-ups overlay). The test also times clicks, from the click to
the view that shows Python's answer, and writes the figures to
build/browser-latency-laptop.json (no time is asserted: figures go to docs/benchmarks.md).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from test_widget_browser import HAND, PLACE, button, troop_cards, wait_for_human

ROOT = Path(__file__).resolve().parents[2]

# Times one click in the page: performance.now() at the click, then until `done` holds
# (checked on every DOM change). `done` is the body of a function of no arguments.
MEASURE = """([selector, done]) => new Promise((resolve, reject) => {
  const target = document.querySelector(selector);
  if (!target) { reject(new Error("nothing to click: " + selector)); return; }
  const ready = new Function(done);
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (ready()) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  target.click();
  setTimeout(() => { obs.disconnect(); reject(new Error("no update within 10 s")); }, 10000);
})"""

# The area in which the notebook shows cells: the notebook panel's scroller, cut to the
# window (JupyterLab's menu, tabs, toolbar and status bar are outside it).
VISIBLE = """() => {
  const root = document.querySelector('.bl-root');
  let node = root.parentElement;
  while (node && node !== document.body) {
    const o = getComputedStyle(node).overflowY;
    if ((o === 'auto' || o === 'scroll') && node.clientHeight > 0) break;
    node = node.parentElement;
  }
  const r = node && node !== document.body ? node.getBoundingClientRect()
    : { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  return { top: Math.max(0, r.top), left: Math.max(0, r.left),
           bottom: Math.min(innerHeight, r.bottom), right: Math.min(innerWidth, r.right),
           scrollTop: node ? node.scrollTop : scrollY };
}"""


def boxes(page) -> dict:
    """The bounding boxes that must be visible: the table and every card of the hand."""
    table = page.locator(".bl-board").first.bounding_box()
    hand = [c.bounding_box() for c in page.get_by_role("group", name="Your hand").first
            .locator("button").all()]
    return {"table": table, "hand": hand}


def assert_fits(page, where: str) -> dict:
    vis = page.evaluate(VISIBLE)
    got = boxes(page)
    assert got["hand"], f"{where}: no hand"
    for name, b in [("table", got["table"])] + [(f"hand card {i + 1}", b) for i, b in enumerate(got["hand"])]:
        inside = (b["y"] >= vis["top"] - 0.5 and b["y"] + b["height"] <= vis["bottom"] + 0.5
                  and b["x"] >= vis["left"] - 0.5 and b["x"] + b["width"] <= vis["right"] + 0.5)
        assert inside, f"{where}: the {name} {b} is not inside the visible area {vis}"
    return {"visible": vis, **got}


def test_laptop_screen_shows_the_table_and_hand_without_scrolling(open_widget):
    nb = open_widget("w = BattleLineWidget(opponent='easy', seed=21, bot_seed=4)", width=1366, height=768)
    page = nb.page
    # Once, after running the cell, the widget is brought to the top of the notebook (as a
    # player scrolls to it); from then on nothing may need a scroll.
    page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    assert page.locator(".bl-root").first.get_attribute("data-fit") == "compact"
    first = assert_fits(page, "at the start")
    page.screenshot(path=str(nb.shots / "laptop-start.png"))
    latencies = {"place": [], "draw": []}
    for turn in range(10):
        s = wait_for_human(nb, page)
        if s["over"] or s["phase"] != "play":
            break
        n = len(s["moves"])
        troops = troop_cards(page)
        if not troops:
            break
        card = troops[0].get_attribute("data-card")
        troops[0].click()
        place = page.locator(PLACE).first
        place.wait_for()
        flag = place.get_attribute("data-flag")
        shown = (f"return !!document.querySelector('[data-act=\"mine\"][data-card=\"{card}\"]"
                 f"[data-flag=\"{flag}\"]');")
        latencies["place"].append(page.evaluate(MEASURE, [f'{PLACE}[data-flag="{flag}"]', shown]))
        s = nb.wait_state(lambda st: len(st["moves"]) > n)
        if s["phase"] == "draw" and button(page, "Draw troop").is_enabled():
            hand_size = page.locator(HAND.replace(":not([disabled])", "")).count()
            grown = f"return document.querySelectorAll('button[data-act=\"hand\"]').length > {hand_size};"
            latencies["draw"].append(page.evaluate(
                MEASURE, ['button[data-act="draw"][data-deck="troop"]:not([disabled])', grown]))
        else:
            break
        wait_for_human(nb, page, after=n + 1)
        now = assert_fits(page, f"after turn {turn + 1}")
        assert abs(now["table"]["y"] - first["table"]["y"]) < 1, "the table moved"
        assert now["visible"]["scrollTop"] == first["visible"]["scrollTop"], "the notebook scrolled"
    page.screenshot(path=str(nb.shots / "laptop-played.png"))
    clicks = latencies["place"] + latencies["draw"]
    assert len(clicks) >= 10, latencies
    figures = {"click_to_view_ms_median": round(statistics.median(clicks), 1),
               "click_to_view_ms_max": round(max(clicks), 1),
               "place_ms_median": round(statistics.median(latencies["place"]), 1),
               "draw_ms_median": round(statistics.median(latencies["draw"]), 1) if latencies["draw"] else None,
               "samples": len(clicks), "viewport": "1366x768 JupyterLab"}
    (ROOT / "build").mkdir(exist_ok=True)
    (ROOT / "build" / "browser-latency-laptop.json").write_text(json.dumps(figures))
    print("latency", figures)
