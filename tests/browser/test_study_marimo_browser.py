"""Issue 32 in marimo (`marimo edit --headless`, offline) on a 1366 × 768 screen: replay,
the review and its graph, a hint, and the record shown to save, in both games. The analysis
is the scripted stand-in of test_study_browser.py. Screenshots go to each test's tmp dir."""

from __future__ import annotations

import pytest

from test_marimo_browser import open_marimo, pytestmark  # noqa: F401 (the fixture, the skip)
from test_study_browser import SCRIPTED, WORDS

STATE = '''
def _state(v):
    r = v.get("replay")
    return {"mode": v.get("mode"), "index": r["index"] if r else None, "total": r["total"] if r else None,
            "review": r["review"]["state"] if r and r["review"] else None,
            "done": r["review"]["done"] if r and r["review"] else 0,
            "hint": (v.get("study") or {}).get("hint"), "record": bool((v.get("study") or {}).get("record"))}
'''

FINISHED = SCRIPTED + STATE + '''
from battleline import BattleLineWidget, Game
w = BattleLineWidget(opponent="easy", seed=4, bot_seed=1, background_bot=False, lang=LANG)
w.study.analyst = ScriptedAnalysis()
while not w.game.is_over():
    w.play(w.view["legal"][0]["text"])
w.background_bot = True
w.study.runner.background = True
'''


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_battle_line_replay_and_review_in_marimo(open_marimo, lang):
    words = WORDS[lang]
    nb = open_marimo(f"LANG = {lang!r}\n" + FINISHED, ready=words["review"])
    page = nb.page
    for _ in range(3):   # a click while marimo still draws the output can be lost (seen under load)
        page.get_by_role("button", name=words["review"], exact=True).first.click()
        try:
            nb.wait_state(lambda s: s["review"] is not None, timeout=20)
            break
        except AssertionError:
            continue
    s = nb.wait_state(lambda s: s["review"] == "done", timeout=120)
    total = s["total"]
    page.get_by_role("button", name=words["previous"], exact=True).first.click()
    nb.wait_state(lambda s: s["index"] == total - 1)
    page.locator(".bl-graph-pt.is-marked").nth(2).click()
    nb.wait_state(lambda s: s["index"] < total - 1)
    page.locator(".bl-decision").first.wait_for()
    page.locator(".bl-move[aria-current='step']").first.focus()
    page.keyboard.press("Home")
    nb.wait_state(lambda s: s["index"] == 0)
    page.keyboard.press("ArrowRight")
    nb.wait_state(lambda s: s["index"] == 1)
    page.locator(".bl-graph-pt.is-marked").nth(1).click()
    nb.wait_state(lambda s: s["index"] > 1)
    page.evaluate("() => document.querySelector('marimo-anywidget').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    nb.screenshot(f"marimo-review-{lang}")
    page.get_by_role("button", name=words["save"], exact=True).first.click()
    page.get_by_role("button", name=words["show"], exact=True).first.click()
    nb.wait_state(lambda s: s["record"])
    nb.screenshot(f"marimo-saved-{lang}")


HINT = SCRIPTED + STATE + '''
from battleline import BattleLineWidget, Game
w = BattleLineWidget(Game(seed=8, first=1), opponent="easy", bot_seed=1, lang="en")
w.study.analyst = ScriptedAnalysis()
'''


def test_battle_line_hint_in_marimo(open_marimo):
    nb = open_marimo(HINT, ready="Hint")
    page = nb.page
    page.get_by_role("button", name="Hint", exact=True).first.click()
    s = nb.wait_state(lambda s: s["hint"] and not s["hint"]["pending"], timeout=30)
    move = s["hint"]["move"]
    page.locator(f'[data-act="hand"][data-card="{move["card"]}"].is-hint').wait_for()
    assert page.locator(".bl-study-hint").first.inner_text().startswith("Hint:")
    nb.screenshot("marimo-hint")


ANCIENT = SCRIPTED + STATE + '''
import random
from battleline import AncientBattlesWidget
w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2, background_bot=False)
w.study.analyst = ScriptedAnalysis()
_rng = random.Random(1)
while w.game.outcome is None:
    w.play(_rng.choice(w.game.legal_actions()))
w.study.review_runner.background = True
'''


def test_ancient_replay_and_review_in_marimo(open_marimo):
    nb = open_marimo(ANCIENT, ready="Review")
    page = nb.page
    page.get_by_role("button", name="Review", exact=True).first.click()
    s = nb.wait_state(lambda s: s["review"] == "done", timeout=180)
    page.locator(".bl-move").nth(3).click()
    nb.wait_state(lambda s: s["index"] == 4)
    page.get_by_role("button", name="Next move", exact=True).first.click()
    nb.wait_state(lambda s: s["index"] == 5)
    page.evaluate("() => document.querySelector('marimo-anywidget').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    nb.screenshot("marimo-ancient-review")
    assert s["total"] > 5
