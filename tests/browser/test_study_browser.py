"""Issue 32 in a real JupyterLab on a 1366 × 768 laptop screen: replay, the review panel
and its graph, hints, and saving and loading, in both games, in English and Japanese.

The analysis is a scripted stand-in with the API's names (each decision takes a moment, so
that the review is seen streaming in); the real analysis is tested in tests/test_reviewing.py
and, inside the widget, in tests/test_widget_study.py. Screenshots go to each test's tmp dir.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from conftest import state_cell

LAPTOP = {"width": 1366, "height": 768}

# The stand-in analysis, defined in the notebook: every third decision a mistake (the better
# move the first other legal one), 0.12 s a decision.
SCRIPTED = '''
import time as _time
from types import SimpleNamespace as _D
class ScriptedAnalysis:
    delay = 0.12
    def steps(self, game):
        from battleline import Game
        from battleline.ancient import AncientGame
        g = (Game if isinstance(game, Game) else AncientGame).from_record(game.record())
        moves = list(g.moves) if isinstance(g, Game) else list(g.actions_played)
        for _ in moves:
            g.undo()
        for m in moves:
            seat = g.to_move if isinstance(g, Game) else g.to_act
            legal = g.legal_moves() if isinstance(g, Game) else g.legal_actions()
            yield seat, m, legal
            g.play(m)
    def iter_review(self, game, seat=None, *, budget=None, seed=0):
        for i, (who, played, legal) in enumerate(self.steps(game)):
            if seat is not None and who != seat:
                continue
            _time.sleep(self.delay)
            others = [m for m in legal if str(m) != str(played)]
            bad = i % 3 == 0 and bool(others)
            chance = 0.5 + 0.4 * ((i % 7) - 3) / 3
            yield _D(index=i, seat=who, played=str(played), best=str(others[0] if bad else played),
                     chance_played=max(0.0, chance - (0.2 if bad else 0)), chance_best=chance, loss=0.2 if bad else 0,
                     label="mistake" if bad else "good", mark="?" if bad else "",
                     reason="It leaves flag 2 open." if bad else "", reason_ja="フラッグ2が空いたままです。" if bad else "",
                     flags=[2] if bad else [])
    def hint(self, game, *, budget=None, seed=0):
        _time.sleep(0.3)
        legal = game.legal_moves(claims=False) if hasattr(game, "legal_moves") else game.legal_actions()
        return _D(index=0, seat=None, played=None, best=str(legal[0]), chance_played=None, chance_best=0.62, loss=0,
                  label="best", mark="", reason="It builds toward flag 1.", reason_ja="フラッグ1に向けて組み立てます。",
                  flags=[1])
'''

FINISHED = SCRIPTED + '''
from battleline import BattleLineWidget, Game
w = BattleLineWidget(opponent="easy", seed=4, bot_seed=1, background_bot=False, lang=LANG)
w.study.analyst = ScriptedAnalysis()
while not w.game.is_over():
    w.play(w.view["legal"][0]["text"])
w.background_bot = True
w.study.runner.background = True
'''

STUDY_STATE = """
    {"mode": v.get("mode"), "position": w.game.position() if v.get("mode") != "replay" else None,
     "replay": None if not v.get("replay") else {
         "index": v["replay"]["index"], "total": v["replay"]["total"], "hands_open": v["replay"]["hands_open"],
         "review": None if not v["replay"]["review"] else {
             k: v["replay"]["review"][k] for k in ("state", "done", "total")}},
     "opponent_known": len(v.get("opponent_known") or []),
     "hint": (v.get("study") or {}).get("hint"),
     "record": (v.get("study") or {}).get("record"),
     "message": v.get("message")}
"""


def study_cell(setup: str, lang: str = "en"):
    def cell(_setup, state_file):
        return state_cell(f"LANG = {lang!r}\n" + textwrap.dedent(setup), state_file, STUDY_STATE)
    return cell


def press(page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def to_widget(page) -> None:
    page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


WORDS = {
    "en": {"review": "Review", "next": "Next move", "previous": "Previous move", "hands": "Open both hands",
           "save": "Save / load", "show": "Show the record", "download": "Download record", "copy": "Copy record",
           "paste": "Paste a record or a position", "load": "Load", "hint": "Hint", "done": "Review done",
           "better": "Better:", "hint_text": "Hint:"},
    "ja": {"review": "検討", "next": "1手進む", "previous": "1手戻る", "hands": "両者の手札を公開",
           "save": "保存・読み込み", "show": "棋譜を表示", "download": "棋譜をダウンロード", "copy": "棋譜をコピー",
           "paste": "棋譜または局面を貼り付け", "load": "読み込む", "hint": "ヒント", "done": "検討完了",
           "better": "より良い手", "hint_text": "ヒント："},
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_battle_line_replay_review_save_and_load(open_widget, lang):
    words = WORDS[lang]
    nb = open_widget(FINISHED, cell=study_cell(FINISHED, lang), ready=words["review"], **LAPTOP)
    page = nb.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    to_widget(page)
    nb.screenshot(f"over-{lang}")
    press(page, words["review"])
    # the review streams in: some decisions shown while others are still judged
    seen = nb.wait_state(lambda s: s["replay"] and s["replay"]["review"]
                         and 0 < s["replay"]["review"]["done"] < s["replay"]["review"]["total"], timeout=60)
    assert seen["replay"]["review"]["state"] == "running"
    page.locator(".bl-review-status progress").first.wait_for()
    s = nb.wait_state(lambda s: s["replay"]["review"]["state"] == "done", timeout=120)
    total = s["replay"]["total"]
    page.locator(".bl-review-status", has_text=words["done"]).first.wait_for()
    # the move keys and buttons
    press(page, words["previous"])
    nb.wait_state(lambda s: s["replay"]["index"] == total - 1)
    page.locator(".bl-move[aria-current='step']").first.focus()
    page.keyboard.press("Home")
    nb.wait_state(lambda s: s["replay"]["index"] == 0)
    page.keyboard.press("ArrowRight")
    nb.wait_state(lambda s: s["replay"]["index"] == 1)
    page.keyboard.press("End")
    nb.wait_state(lambda s: s["replay"]["index"] == total)
    # a point of the graph jumps to its move; a marked move shows the better move and why
    marked = page.locator(".bl-graph-pt.is-marked").nth(1)
    marked.click()
    s = nb.wait_state(lambda s: s["replay"]["index"] < total)
    page.locator(".bl-decision", has_text=words["better"]).first.wait_for()
    assert page.locator(".bl-app .is-better").count() >= 1
    # the move list: a click shows that move's position
    page.locator(".bl-move").nth(4).click()
    nb.wait_state(lambda s: s["replay"]["index"] == 5)
    page.locator(".bl-graph-pt.is-marked").first.click()
    nb.wait_state(lambda s: s["replay"]["index"] != 5)
    to_widget(page)
    nb.screenshot(f"review-{lang}")
    assert nb.state()["opponent_known"] == 0
    press(page, words["hands"])
    nb.wait_state(lambda s: s["replay"]["hands_open"] and s["opponent_known"] > 0)
    # save: the record shown on request, downloaded and copied as it is
    press(page, words["save"])
    press(page, words["show"])
    s = nb.wait_state(lambda s: s["record"])
    record = s["record"]
    with page.expect_download() as info:
        press(page, words["download"])
    assert open(info.value.path(), encoding="utf-8").read() == record
    assert info.value.suggested_filename == "battleline-record.json"
    press(page, words["copy"])
    page.wait_for_timeout(300)
    assert page.evaluate("() => navigator.clipboard.readText()") == record
    nb.screenshot(f"saved-{lang}")
    # load: a position pasted in is played on from
    position = json.loads(record)["start"]
    page.get_by_role("textbox", name=words["paste"]).fill(position)
    press(page, words["load"])
    s = nb.wait_state(lambda s: s["mode"] == "play")
    assert s["position"] == position or s["message"]["kind"] == "info"
    # and the record, pasted in, opens in the replay
    page.get_by_role("textbox", name=words["paste"]).fill(record)
    press(page, words["load"])
    s = nb.wait_state(lambda s: s["mode"] == "replay" and s["replay"]["total"] == total)


HINT = SCRIPTED + '''
from battleline import BattleLineWidget, Game
w = BattleLineWidget(Game(seed=8, first=1), opponent="easy", bot_seed=1, lang=LANG)
w.study.analyst = ScriptedAnalysis()
'''


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_battle_line_hint(open_widget, lang):
    words = WORDS[lang]
    nb = open_widget(HINT, cell=study_cell(HINT, lang), ready=words["hint"], **LAPTOP)
    page = nb.page
    press(page, words["hint"])
    s = nb.wait_state(lambda s: s["hint"] and not s["hint"]["pending"], timeout=30)
    move = s["hint"]["move"]
    line = page.locator(".bl-study-hint").first
    line.wait_for()
    assert line.inner_text().startswith(words["hint_text"])
    card = page.locator(f'[data-act="hand"][data-card="{move["card"]}"].is-hint')
    card.wait_for()
    assert page.locator(f'.bl-flag-col[data-flag="{move["flag"]}"].is-hint').count() == 1
    assert page.get_by_role("button", name=words["hint"], exact=True).first.is_disabled()
    to_widget(page)
    nb.screenshot(f"hint-{lang}")
    card.click()
    page.locator(f'[data-act="place"][data-flag="{move["flag"]}"]').first.click()
    nb.wait_state(lambda s: s["hint"] is None)


ANCIENT = SCRIPTED + '''
import random
from battleline import AncientBattlesWidget
w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2, lang=LANG, background_bot=False)
w.study.analyst = ScriptedAnalysis()
_rng = random.Random(1)
while w.game.outcome is None:
    w.play(_rng.choice(w.game.legal_actions()))
w.study.review_runner.background = True
'''


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ancient_replay_and_review(open_widget, lang):
    words = WORDS[lang]
    nb = open_widget(ANCIENT, cell=study_cell(ANCIENT, lang), ready=words["review"], **LAPTOP)
    page = nb.page
    press(page, words["review"])
    nb.wait_state(lambda s: s["replay"] and s["replay"]["review"] and s["replay"]["review"]["done"] > 0)
    press(page, words["previous"])
    s = nb.wait_state(lambda s: s["replay"]["index"] == s["replay"]["total"] - 1)
    page.locator(".bl-move").nth(2).click()
    nb.wait_state(lambda s: s["replay"]["index"] == 3)
    page.locator(".bl-move[aria-current='step']").first.focus()
    page.keyboard.press("ArrowLeft")
    nb.wait_state(lambda s: s["replay"]["index"] == 2)
    page.locator(".bl-decision").first.wait_for()
    nb.wait_state(lambda s: s["replay"]["review"]["state"] == "done", timeout=180)
    page.locator(".bl-graph-pt").nth(3).click()
    nb.wait_state(lambda s: s["replay"]["index"] != 2)
    page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    nb.screenshot(f"ancient-review-{lang}")
    press(page, words["hands"])
    nb.wait_state(lambda s: s["replay"]["hands_open"])
    press(page, words["save"])
    press(page, words["show"])
    nb.wait_state(lambda s: s["record"])
    nb.screenshot(f"ancient-saved-{lang}")
