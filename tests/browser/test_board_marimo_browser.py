"""Issue 43 (items 1 and 2) in marimo (`marimo edit --headless`, offline) on a 1366 × 768
screen: Battle Line's analysis board from a review: branch from a blunder, play three moves,
the bot's answer, show the line, go back: the game and its record unchanged. The review is
the scripted stand-in of test_study_browser.py. Screenshots go to each test's tmp dir."""

from __future__ import annotations

from test_board_browser import BATTLE_LINE, branch_play_line_and_back
from test_marimo_browser import open_marimo, pytestmark  # noqa: F401 (the fixture, the skip)

STATE = '''
def _state(v):
    b = v.get("board")
    r = v.get("replay")
    return {"mode": v.get("mode"), "board": None if not b else {
                "cursor": b["cursor"], "rows": [[x["id"], x["source"], x["on_path"]] for x in b["rows"]],
                "chance": b["chance"]["percent"], "judged": not b["chance"]["pending"],
                "chance_text": b["chance"]["text"], "thinking": b["thinking"], "message": b["message"]},
            "replay": None if not r else {"index": r["index"], "review": (r["review"] or {}).get("state")},
            "unchanged": w.record() == RECORD and w.game.record() == RECORD}
'''


def scroll(page) -> None:
    page.evaluate("() => document.querySelector('marimo-anywidget').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def test_battle_line_board_from_a_review_in_marimo(open_marimo):
    nb = open_marimo(BATTLE_LINE + STATE, ready="Review")
    branch_play_line_and_back(nb, lambda s: s["replay"] and s["replay"]["review"] == "done", scroll=scroll,
                              judge=False)
