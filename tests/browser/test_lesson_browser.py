"""The lesson on a laptop screen (1366 × 768) in JupyterLab (issue 40): the first step's
hand is seen without scrolling, and the end of the lesson keeps its message in sight and
points to a real game."""

from __future__ import annotations

from test_puzzle_browser import puzzle_cell

LAPTOP = {"width": 1366, "height": 768}

# What the notebook shows at once: its scroller, cut to the window and above the status bar.
SHOWN = """() => {
  const scroller = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const r = scroller.getBoundingClientRect();
  const bar = document.querySelector('#jp-main-statusbar');
  const bottom = Math.min(innerHeight, r.bottom, bar ? bar.getBoundingClientRect().top : innerHeight);
  return { top: Math.max(0, r.top), bottom };
}"""


def inside(box: dict, shown: dict) -> bool:
    return box["y"] >= shown["top"] - 0.5 and box["y"] + box["height"] <= shown["bottom"] + 0.5


def hand_cards(page) -> list[dict]:
    return [c.bounding_box() for c in page.get_by_role("group", name="Your hand").first.locator("button").all()]


def test_the_first_steps_hand_is_seen_without_scrolling_on_a_laptop(open_widget):
    """Brought to the top of the notebook once (as a player scrolls to it), the first step
    shows its question, the table and every card of the hand at once."""
    nb = open_widget("from battleline import LessonWidget\nw = LessonWidget()", cell=puzzle_cell, **LAPTOP)
    page = nb.page
    s = nb.wait_state(lambda st: st["puzzle"] is not None)
    page.get_by_text(s["puzzle"]["question"], exact=True).wait_for()
    page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(400)
    nb.screenshot("lesson-1-laptop")
    assert page.locator(".bl-root").first.get_attribute("data-fit") == "compact"
    shown = page.evaluate(SHOWN)
    question = page.locator(".bl-puzzle-question").first.bounding_box()
    cards = hand_cards(page)
    assert len(cards) == 7
    for name, box in [("question", question), ("table", page.locator(".bl-line").first.bounding_box())] \
            + [(f"hand card {i + 1}", b) for i, b in enumerate(cards)]:
        assert inside(box, shown), f"the {name} {box} is not in the notebook's view {shown}"


def test_the_end_of_the_lesson_stays_in_view_and_points_to_a_real_game(open_widget):
    """The last step is played by clicking (a card, the draw, the second card, the claim):
    the message that ends the lesson is where the player is looking (the claim button,
    at the bottom of the table) and names a real game to play."""
    nb = open_widget("from battleline import LessonWidget\nw = LessonWidget()", cell=puzzle_cell, **LAPTOP)
    page = nb.page
    s = nb.wait_state(lambda st: st["puzzle"] is not None)
    last = s["puzzle"]["total"]
    page.locator('[data-act="goto"]').last.wait_for()
    for n in range(2, last + 1):
        page.get_by_role("button", name="Next puzzle", exact=True).click()
        nb.wait_state(lambda st: st["puzzle"]["number"] == n)
    page.get_by_role("region", name="Lesson complete").wait_for(state="detached")
    page.locator('[data-act="hand"][data-card="R9"]').first.click()
    page.locator('[data-act="place"][data-flag="3"]').first.click()
    nb.wait_state(lambda st: "draw troop" in st["legal"])
    page.get_by_role("button", name="Draw troop", exact=True).click()
    nb.wait_state(lambda st: "R10@3" in st["legal"])
    page.locator('[data-act="hand"][data-card="R10"]').first.click()
    page.locator('[data-act="place"][data-flag="3"]').first.click()
    nb.wait_state(lambda st: "claim 3" in st["legal"])
    claim = page.get_by_role("button", name="Claim flag 3", exact=True)
    claim.scroll_into_view_if_needed()
    claim.click()
    s = nb.wait_state(lambda st: st["puzzle"]["status"] == "solved")
    done = page.get_by_role("region", name="Lesson complete", exact=True)
    done.wait_for()
    page.wait_for_timeout(300)
    nb.screenshot("lesson-done")
    assert 'BattleLineWidget(opponent="easy")' in done.inner_text()
    assert s["puzzle"]["finale"] in done.inner_text()
    assert inside(done.bounding_box(), page.evaluate(SHOWN)), "the end of the lesson is out of view"
