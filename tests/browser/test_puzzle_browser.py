"""Puzzles in a real JupyterLab, answered by clicking (see conftest.py).

The bundled puzzles in a PuzzleWidget: the first (a claims puzzle) is answered wrongly by
picking flags, then its solution is shown step by step; the second (a move puzzle) gets a
wrong move, which is taken back, and then the right one, and its flags can be explained.
"""

from __future__ import annotations

from conftest import state_cell


PUZZLE_STATE = """
    {"mode": w.mode, "puzzle": v.get("puzzle"), "position": w.game.position(),
     "status": v.get("status"), "explain": v.get("explain"),
     "legal": [m["text"] for m in v.get("legal") or []]}
"""


def puzzle_cell(setup: str, state_file) -> str:
    return state_cell(setup, state_file, PUZZLE_STATE)


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def feedback(page):
    return page.get_by_role("status", name="Puzzle feedback", exact=True)


def wait_feedback(page, kind: str) -> str:
    """Wait until the page shows feedback of this kind; its text."""
    page.wait_for_function(
        "k => { const f = document.querySelector('.bl-puzzle-feedback'); return f && f.classList.contains('is-' + k); }",
        arg=kind, timeout=20000)
    return feedback(page).inner_text()


def test_claims_and_move_puzzles_by_clicking(open_widget):
    nb = open_widget("from battleline import PuzzleWidget\nw = PuzzleWidget()", cell=puzzle_cell)
    page = nb.page
    s = nb.wait_state(lambda st: st["puzzle"] is not None)
    assert s["mode"] == "puzzle" and s["puzzle"]["kind"] == "claims" and s["puzzle"]["number"] == 1

    # Claims puzzle: the flag stones are toggles; pick flag 1 only (flag 2 is missing).
    stone = button(page, "Flag 1")
    stone.click()
    page.wait_for_function("() => document.querySelector('[data-act=\"pick\"][data-flag=\"1\"]')"
                           ".getAttribute('aria-pressed') === 'true'", timeout=10000)
    button(page, "Flag 4").click()
    button(page, "Flag 4").click()  # unpicked again
    assert button(page, "Flag 4").get_attribute("aria-pressed") == "false"
    button(page, "Check answer").click()
    s = nb.wait_state(lambda st: st["puzzle"]["feedback"] is not None)
    assert s["puzzle"]["feedback"]["kind"] == "wrong" and s["puzzle"]["status"] == "solving"
    hint = wait_feedback(page, "wrong")
    assert "left out 1 flag" in hint and "flag 2" not in hint.lower(), "a hint, not the answer"
    assert button(page, "Show solution").is_enabled()
    assert button(page, "Flag 1").get_attribute("aria-pressed") == "true", "the picks stay after a wrong answer"

    # Show next step once: the first step of the solution is listed.
    button(page, "Show next step").click()
    s = nb.wait_state(lambda st: len(st["puzzle"]["steps"]) == 1)
    page.locator(".bl-puzzle-steps li").first.wait_for()
    assert page.locator(".bl-puzzle-steps li").first.inner_text() == s["puzzle"]["steps"][0]
    nb.screenshot("puzzle-claims-step")

    # The next puzzle: find the move.
    button(page, "Next puzzle").click()
    s = nb.wait_state(lambda st: st["puzzle"]["number"] == 2)
    assert s["puzzle"]["kind"] == "move" and s["puzzle"]["status"] == "solving"
    start = s["position"]
    page.get_by_text(s["puzzle"]["question"], exact=True).wait_for()
    assert page.locator(".bl-explain").count() == 0, "no explanations while solving"

    # A wrong move (Blue 1 at flag 6) is judged and taken back.
    button(page, "Blue 1").click()
    button(page, "Flag 6").click()
    s = nb.wait_state(lambda st: st["puzzle"]["feedback"] is not None)
    assert s["puzzle"]["feedback"]["kind"] == "wrong" and s["puzzle"]["status"] == "solving"
    assert s["position"] == start, "the wrong move was taken back"
    wait_feedback(page, "wrong")
    assert page.get_by_label("Flag 6, your Blue 1", exact=True).count() == 0
    button(page, "Blue 1").wait_for()  # back in the hand

    # The right move: Red 10 at flag 5 completes the wedge.
    button(page, "Red 10").click()
    button(page, "Flag 5").click()
    s = nb.wait_state(lambda st: st["puzzle"]["status"] == "solved")
    assert s["puzzle"]["feedback"]["kind"] == "right"
    wait_feedback(page, "right")
    page.get_by_label("Flag 5, your Red 10", exact=True).wait_for()

    # Solved: the flags can be explained.
    button(page, "Explain flag 5").click()
    s = nb.wait_state(lambda st: st["explain"] is not None and st["explain"]["flag"] == 5)
    note = page.get_by_role("note", name="Explanation of flag 5", exact=True)
    note.wait_for()
    assert s["explain"]["lines"][0] in note.inner_text()
    nb.screenshot("puzzle-move-solved")
    button(page, "Close explanation").click()
    nb.wait_state(lambda st: st["explain"] is None)
    note.wait_for(state="detached")


def test_the_lesson_is_clicked_through_in_the_browser(open_widget):
    """The first lesson's first step solved by clicking a card and a flag (its Japanese words
    are checked in tests/test_modes.py)."""
    nb = open_widget("from battleline import LessonWidget\nw = LessonWidget()", cell=puzzle_cell)
    page = nb.page
    s = nb.wait_state(lambda st: st["puzzle"] is not None)
    assert s["puzzle"]["title"] == "Lesson 1: place a card" and s["puzzle"]["total"] == 9
    page.get_by_text(s["puzzle"]["question"], exact=True).wait_for()
    nb.screenshot("lesson-1")
    # Red 10 then flag 5 completes the Wedge: the step is solved.
    page.locator('[data-act="hand"][data-card="R10"]').first.click()
    page.locator('[data-act="place"][data-flag="5"]').first.click()
    s = nb.wait_state(lambda st: st["puzzle"]["status"] == "solved")
    assert s["puzzle"]["feedback"]["kind"] == "right"
    wait_feedback(page, "right")
    nb.screenshot("lesson-1-solved")
