"""Issue 43 (item 3) in a real JupyterLab on a 1366 × 768 laptop screen: Practise, in both
games. A finished game is reviewed (the real review, a tiny budget), "Practise" opens the
learner's first mistake on the analysis board, an answer played there gets its verdict and its
line, "Try again" goes back to the position, "Show the answer" plays the better move and its
line, "Save puzzle" shows the puzzle's text, and "Back to the game" leaves the game and its
record unchanged. Screenshots go to each test's tmp dir."""

from __future__ import annotations

import json
import textwrap

from conftest import state_cell
from test_study_browser import to_widget

LAPTOP = {"width": 1366, "height": 768}

STATE = """
    {"mode": v.get("mode"),
     "practice": None if not v.get("practice") else {
         "n": v["practice"]["n"], "status": v["practice"]["status"], "question": v["practice"]["question"],
         "verdict": v["practice"]["verdict"], "line": v["practice"]["line"], "answer": v["practice"]["answer"],
         "saved": v["practice"]["saved"]},
     "board": None if not v.get("board") else {
         "cursor": v["board"]["cursor"], "thinking": v["board"]["thinking"], "message": v["board"]["message"],
         "dealt": v["board"]["dealt"], "rows": [[r["id"], r["source"]] for r in v["board"]["rows"]]},
     "replay": None if not v.get("replay") else {"review": (v["replay"]["review"] or {}).get("state")},
     "can_practise": (v.get("board_entry") or {}).get("can_practise"),
     "unchanged": w.record() == RECORD and w.game.record() == RECORD}
"""

BATTLE_LINE = '''
import random as _random
from battleline import BattleLineWidget
w = BattleLineWidget(opponent="easy", seed=4, bot_seed=1, background_bot=False, review_budget=16)
_rng = _random.Random(4)
while not w.game.is_over():
    w.play(_rng.choice([m["text"] for m in w.view["legal"]]))
RECORD = w.game.record()
w.background_bot = True
w.study.runner.background = True
w.board.runner.background = True
w.board.practice.runner.background = True
w.board.level = "easy"
'''

ANCIENT = '''
import random as _random
from battleline import AncientBattlesWidget
from battleline.ancient import AncientGame
_g = AncientGame.from_position("""ancient position
width 7
turn 1 first south half 0
phase melee south
c2 south R4
e2 south R1 disrupted
c3 north B2 disrupted
e3 north B10
eliminated north B9
eliminated south Y5
hand north Fog Scout
dice seed 11 position 0
""")
_g.play("end melee")            # the blunder: the attack c2-c3 wins the battle more often than not
_rng = _random.Random(1)
while _g.outcome is None:
    _g.play(_rng.choice(_g.legal_actions()))
w = AncientBattlesWidget(_g, opponent=None, background_bot=False, review_budget=16)
RECORD = w.game.record()
w.study.review_runner.background = True
w.board.runner.background = True
w.board.practice.runner.background = True
w.board.level = "easy"
'''


def cell(setup):
    def make(_setup, state_file):
        return state_cell(textwrap.dedent(setup), state_file, STATE)
    return make


def press(page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def practise(nb, scroll=to_widget, answers=(None,), battle_line=True) -> None:
    """The learner's path: review, Practise, answer(s), verdict and line, try again, show the
    answer, save the puzzle, back. ``answers``: the board's actions to click in turn (None:
    the first legal one)."""
    page = nb.page
    if not nb.state()["replay"]:
        press(page, "Review")
    nb.wait_state(lambda s: s["replay"] and s["replay"]["review"] == "done" and s["can_practise"], timeout=240)
    press(page, "Practise")
    s = nb.wait_state(lambda s: s["practice"] is not None and s["board"]["thinking"] is None, timeout=120)
    assert s["practice"]["n"] == 1 and s["practice"]["question"].startswith("Find a better move than ")
    assert s["board"]["dealt"] and s["practice"]["status"] == "answering"
    assert page.locator(".bl-practice-question").inner_text() == s["practice"]["question"]
    for k, answer in enumerate(answers):
        if k:
            press(page, "Try again")
            nb.wait_state(lambda s: s["practice"]["status"] == "answering" and s["board"]["cursor"] == 0)
        target = page.locator(".bl-board-action")
        (target.first if answer is None else target.filter(has_text=answer).first).click()
        # the verdict, then the line after the answer and its chance: all settled
        s = nb.wait_state(lambda s: s["practice"]["verdict"] is not None and s["board"]["thinking"] is None,
                          timeout=180)
        verdict = s["practice"]["verdict"]
        shown = page.locator(".bl-practice-verdict")
        shown.wait_for()
        assert shown.inner_text() == verdict["text"]
        assert ("is-accepted" if verdict["accepted"] else "is-refused") in shown.get_attribute("class")
        scroll(page)
        nb.screenshot(f"verdict-{k}")
    if battle_line:
        assert s["practice"]["line"] and page.locator(".bl-practice-line").count() == 1
    press(page, "Try again")
    nb.wait_state(lambda s: s["practice"]["status"] == "answering" and s["board"]["cursor"] == 0)
    press(page, "Show the answer")
    s = nb.wait_state(lambda s: s["practice"]["status"] == "shown" and s["board"]["thinking"] is None, timeout=180)
    assert s["practice"]["answer"] and page.locator(".bl-practice-answer").inner_text() == s["practice"]["answer"]
    press(page, "Save puzzle")
    s = nb.wait_state(lambda s: s["practice"]["saved"])
    assert json.loads(s["practice"]["saved"])["kind"] == "better"
    assert page.locator(".bl-practice-text").input_value() == s["practice"]["saved"]
    scroll(page)
    nb.screenshot("shown")
    press(page, "Back to the game")
    s = nb.wait_state(lambda s: s["board"] is None and s["practice"] is None and s["replay"] is not None)
    assert s["unchanged"]


def test_battle_line_practise_in_jupyterlab(open_widget):
    nb = open_widget(BATTLE_LINE, cell=cell(BATTLE_LINE), ready="Review", **LAPTOP)
    practise(nb)


def test_ancient_practise_in_jupyterlab(open_widget):
    nb = open_widget(ANCIENT, cell=cell(ANCIENT), ready="Review", **LAPTOP)
    practise(nb, answers=("End melee", "attacks Peltasts"), battle_line=False)
