"""Issue 43 in a real JupyterLab on a 1366 × 768 laptop screen: the Ancient analysis board
is played by clicking the field, as the battle is. In a battle against the bot, "Analyse",
then a unit and the square it moves to, the battle's "End actions" button, a shot chosen on
the field with its result chosen in the confirmation (the roll is offered beside it); then
"Back to the game": the battle and its record are unchanged.

The board's win chance is the real hint's with a tiny budget, in the background.
Screenshots go to the test's tmp dir.
"""

from __future__ import annotations

import textwrap

from conftest import state_cell

LAPTOP = {"width": 1366, "height": 768}

SETUP = '''
from battleline import AncientBattlesWidget
from battleline.ancient import AncientGame
g = AncientGame.empty(seed=1)
g.put("c2", "Peltasts", "south")
g.put("c3", "Chariots", "north")
g.put("e2", "Heavy Cavalry", "south")
w = AncientBattlesWidget(g, opponent="easy", seed=1, bot_seed=2, background_bot=False, review_budget=16)
RECORD = w.game.record()
w.board.runner.background = True
w.board.level = "easy"
'''

STATE = """
    {"mode": v.get("mode"), "selected": v.get("selected"),
     "board": None if not v.get("board") else {
         "rows": [r["action"] for r in v["board"]["rows"]], "message": v["board"]["message"],
         "legal": len(v["board"]["legal"])},
     "c3_disrupted": bool(w.board.is_open and (w.board.analysis.game().cell("c3") or {}).get("disrupted")),
     "unchanged": w.game.record() == RECORD and w.game.cell("e2") is not None}
"""


def cell(_setup, state_file):
    return state_cell(textwrap.dedent(SETUP), state_file, STATE)


def square(page, name: str):
    return page.locator(f'.ab-field [data-square="{name}"]')


def test_ancient_board_played_by_clicking_the_field_in_jupyterlab(open_widget):
    nb = open_widget(SETUP, cell=cell, ready="Analyse", **LAPTOP)
    page = nb.page
    page.get_by_role("button", name="Analyse", exact=True).first.click()
    s = nb.wait_state(lambda s: s["board"] is not None)
    assert s["board"]["rows"] == [] and s["board"]["legal"] > 0     # the list stays, for the keyboard
    page.locator(".bl-board-action").first.wait_for()
    assert page.locator(".bl-board-action").count() == s["board"]["legal"]
    # a move: the unit, then the square it goes to
    square(page, "e2").click()
    nb.wait_state(lambda s: s["selected"] == "e2")
    page.wait_for_selector('.ab-field [data-square="e3"].is-target')     # lit by Python's choices
    square(page, "e3").click()
    nb.wait_state(lambda s: s["board"]["rows"] == ["e2-e3"])
    nb.screenshot("moved")
    # the battle's own button ends the step
    page.locator('.ab-side button[data-act="choice"][data-action="end actions"]').click()
    nb.wait_state(lambda s: s["board"]["rows"] == ["e2-e3", "end actions"])
    # a shot: the unit, the target, then its result chosen in the confirmation
    square(page, "c2").click()
    nb.wait_state(lambda s: s["selected"] == "c2")
    page.wait_for_selector('.ab-field [data-square="c3"].is-target')
    square(page, "c3").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("button", name="Roll the dice", exact=True).wait_for()
    page.evaluate("() => document.querySelector('.ab-field').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    nb.screenshot("fight")
    dialog.get_by_role("button", name="c3 disrupted (33%)", exact=True).click()
    s = nb.wait_state(lambda s: len(s["board"]["rows"]) == 3)
    assert s["board"]["rows"][-1] == "fire c2-c3" and s["c3_disrupted"] and s["board"]["message"] is None
    page.locator(".bl-variation").nth(3).wait_for()                    # the start and three moves
    assert page.locator(".bl-variation").count() == 4
    nb.screenshot("board")
    page.get_by_role("button", name="Back to the game", exact=True).click()
    s = nb.wait_state(lambda s: s["board"] is None)
    assert s["unchanged"] and s["mode"] != "board"
    page.get_by_role("button", name="Analyse", exact=True).wait_for()
    nb.screenshot("back")
