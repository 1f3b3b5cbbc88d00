"""The words of the match's score and of an Ancient review, as shown in a real JupyterLab
(1366x768; see conftest.py)."""

from __future__ import annotations

from pathlib import Path

from conftest import state_cell

FIXTURES = Path(__file__).resolve().parents[2] / "js" / "tests" / "fixtures"

# South wins at once: R10 at flag 3 completes a Wedge, the third flag in a row (North holds two).
WON = '''
from battleline.practice import WIN_IN_ONE_EXAMPLE as text
w = BattleLineWidget(Game.from_position(text), opponent="easy", seat=1)
w.play("R10@3")
w.play("claim 3")
'''

# An Ancient battle won in one attack against the bot, then replayed with a scripted review.
ANCIENT = f'''
import sys
sys.path.insert(0, {str(FIXTURES)!r})
from scripted_analysis import ScriptedAnalysis
from battleline import AncientBattlesWidget
from battleline.ancient import AncientGame
g = AncientGame.empty(seed=1, dice=[6, 1])
g.put("c2", "Elephants", "south")
g.put("c3", "Skirmishers", "north", disrupted=True)
w = AncientBattlesWidget(g, opponent="easy")
w.play("end actions")
w.play("attack c2-c3")
w.study.analyst = ScriptedAnalysis()
w.replay(review=True)
'''

ANCIENT_STATE = """
    {"review": (v.get("replay") or {}).get("review") and v["replay"]["review"]["state"],
     "decision": (v.get("replay") or {}).get("decision"), "index": (v.get("replay") or {}).get("index")}
"""


def test_the_match_score_and_an_ancient_review_say_what_they_mean(open_widget):
    nb = open_widget(WON, width=1366, height=768)
    page = nb.page
    assert nb.state()["over"]
    score = page.locator(".bl-score")
    score.wait_for(timeout=20000)
    assert score.inner_text() == "Match points: you 5, bot 2"
    assert "5 match points" in score.get_attribute("title")
    under = page.locator(".bl-result-match")
    assert under.inner_text().startswith("Match points: you 5, bot 2. A game won")
    assert "1 per flag held" in under.inner_text()
    under.scroll_into_view_if_needed()
    page.wait_for_timeout(1000)              # the result fades in
    page.locator(".bl-app").first.screenshot(path=str(nb.shots / "match-points-widget.png"))
    nb.screenshot("match-points")

    nb = open_widget(ANCIENT, width=1366, height=768, ready="First move",
                     cell=lambda setup, state_file: state_cell(setup, state_file, ANCIENT_STATE))
    page = nb.page
    nb.wait_state(lambda s: s["review"] == "done")
    page.get_by_role("button", name="First move", exact=True).click()
    page.get_by_role("button", name="Next move", exact=True).click()
    nb.wait_state(lambda s: s["decision"] is not None)
    note = page.locator(".bl-decision")
    note.wait_for(timeout=20000)
    assert note.inner_text().lstrip("?! \n").startswith("You played"), note.inner_text()
    assert "South played" not in page.locator(".ab-root, .bl-review-notes").first.inner_text()
    assert page.locator("figcaption", has_text="Win chance across the game (You)").count() == 1
    note.scroll_into_view_if_needed()
    note.screenshot(path=str(nb.shots / "ancient-review-you-note.png"))
    nb.screenshot("ancient-review-you")
