"""Issue 43 (item 3) in marimo (`marimo edit --headless`, offline) on a 1366 × 768 screen:
Practise in both games, as in test_practice_browser.py (the real review with a tiny budget, an
answer's verdict and line, try again, show the answer, save the puzzle, back: the game and its
record unchanged). marimo's kernel gets a HOME of its own; it reads the compiled search from the
usual cache so that the judge answers at once. Screenshots go to each test's tmp dir."""

from __future__ import annotations

import os

from test_marimo_browser import open_marimo, pytestmark  # noqa: F401 (the fixture, the skip)
from test_practice_browser import ANCIENT, BATTLE_LINE, practise

CACHE = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
USUAL_CACHE = f"import os as _os0\n_os0.environ.setdefault('XDG_CACHE_HOME', {CACHE!r})\n"

STATE = '''
def _state(v):
    p, b, r = v.get("practice"), v.get("board"), v.get("replay")
    return {"mode": v.get("mode"),
            "practice": None if not p else {k: p[k] for k in ("n", "status", "question", "verdict", "line", "answer",
                                                               "saved")},
            "board": None if not b else {"cursor": b["cursor"], "thinking": b["thinking"], "message": b["message"],
                                         "dealt": b["dealt"], "rows": [[x["id"], x["source"]] for x in b["rows"]]},
            "replay": None if not r else {"review": (r["review"] or {}).get("state")},
            "can_practise": (v.get("board_entry") or {}).get("can_practise"),
            "unchanged": w.record() == RECORD and w.game.record() == RECORD}
'''


def scroll(page) -> None:
    """The practice's panel at the top of the screen (marimo shows the cell's code above it)."""
    page.locator(".bl-practice").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def test_battle_line_practise_in_marimo(open_marimo):
    nb = open_marimo(USUAL_CACHE + BATTLE_LINE + STATE, ready="Review")
    practise(nb, scroll=scroll)


def test_ancient_practise_in_marimo(open_marimo):
    nb = open_marimo(USUAL_CACHE + ANCIENT + STATE, ready="Review")
    practise(nb, scroll=scroll, answers=("End melee", "attacks Peltasts"), battle_line=False)
