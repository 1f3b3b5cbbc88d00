"""Issue 40: the first hint after an install waits for the search kernel's compile; the hint
line says so ("Preparing the search (about a minute)…") rather than "Looking for a hint…",
in a real JupyterLab on a 1366 × 768 laptop screen. The analysis is the scripted stand-in of
test_study_browser, whose search is ready only once its first hint is done."""

from __future__ import annotations

from test_study_browser import LAPTOP, SCRIPTED, WORDS, press, study_cell, to_widget

PREPARING = SCRIPTED + '''
import threading as _threading
class PreparingAnalysis(ScriptedAnalysis):
    def __init__(self):
        self.ready = _threading.Event()
    def search_ready(self):
        return self.ready.is_set()
    def hint(self, game, *, budget=None, seed=0):
        _time.sleep(4)             # the compile, shortened
        self.ready.set()
        return super().hint(game, budget=budget, seed=seed)
from battleline import BattleLineWidget, Game
w = BattleLineWidget(Game(seed=8, first=1), opponent="easy", bot_seed=1, lang=LANG)
w.study.analyst = PreparingAnalysis()
'''


def test_a_hint_waiting_for_the_compile_says_the_search_is_being_prepared(open_widget):
    words = WORDS["en"]
    nb = open_widget(PREPARING, cell=study_cell(PREPARING, "en"), ready=words["hint"], **LAPTOP)
    page = nb.page
    press(page, words["hint"])
    line = page.locator(".bl-study-hint.is-pending").first
    line.wait_for(timeout=10_000)
    assert line.inner_text().strip() == "Preparing the search (about a minute)…"
    to_widget(page)
    nb.screenshot("hint-preparing")
    nb.wait_state(lambda s: s["hint"] and not s["hint"]["pending"], timeout=30)
    done = page.locator(".bl-study-hint:not(.is-pending)").first
    done.wait_for()
    assert done.inner_text().startswith(words["hint_text"])
