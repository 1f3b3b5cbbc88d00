"""Hints and replays a player can trust, in a real JupyterLab on a 1366 × 768 screen (issue 40):

- an Ancient hint at "6 actions left" is a whole plan (the REAL ``hard`` analysis, at a small
  budget): shown as a plan, its squares numbered in order, and the widget still plays;
- a Battle Line hint goes with its position (asked for, undone, another card played, the bot's
  reply: no stale hint, Hint enabled again), a record loaded while the bot thinks does not stop
  the bot, and thirty quick clicks on "Next move" reach move 30;
- the Ancient replay's "actions left" chip is the step of the move on screen.

Screenshots go to each test's tmp dir.
"""

from __future__ import annotations

import textwrap

from conftest import state_cell

LAPTOP = {"width": 1366, "height": 768}


def cell_with(state: str):
    def cell(setup, state_file):
        return state_cell(textwrap.dedent(setup), state_file, state)
    return cell


def to_widget(page) -> None:
    page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


# ------------------------------------------------------------------ an Ancient hint is a plan
ANCIENT_HINT = '''
from battleline import AncientBattlesWidget
w = AncientBattlesWidget(scenario="issus", opponent="hard", seed=1, bot_seed=1, review_budget=16, background_bot=False)
while not (w.game.phase == "actions" and w.game.to_act == w.human):
    w.play(w.game.legal_actions()[0])
w.battle.bot_turns.background = True
w.study.runner.background = True
'''

ANCIENT_STATE = """
    {"phase": v.get("phase"), "actions_left": v.get("actions_left"), "played": len(w.game.actions_played),
     "actions": [str(a) for a in w.game.actions_played], "selected": v.get("selected"),
     "message": v.get("message"), "hint": v["study"]["hint"], "can_hint": v["study"]["can_hint"]}
"""


def test_an_ancient_hint_that_is_a_plan_is_shown_in_order_and_the_battle_goes_on(open_widget):
    nb = open_widget(ANCIENT_HINT, cell=cell_with(ANCIENT_STATE), ready="Hint", **LAPTOP)
    page = nb.page
    start = nb.wait_state(lambda s: s["actions_left"] == 6)
    page.locator(".ab-actions-left", has_text="6").first.wait_for()
    page.get_by_role("button", name="Hint", exact=True).first.click()
    s = nb.wait_state(lambda s: s["hint"] and not s["hint"]["pending"], timeout=120)
    hint = s["hint"]
    plan = hint["plan"]
    assert len(plan) > 1 and not hint["text"].startswith("No hint"), hint
    line = page.locator(".bl-study-hint").first
    line.wait_for()
    shown = line.inner_text()
    at = 0
    for step in plan:                                   # each action in words, in the plan's order
        at = shown.index(f"{step['step']}. {step['text']}", at) + 1
    for step in plan:                                   # each square numbered with its steps
        for sq in step["squares"]:
            el = page.locator(f'.ab-app [data-square="{sq}"].is-hint, .ab-app [data-card="{sq}"].is-hint').first
            el.wait_for()
            assert str(step["step"]) in el.get_attribute("data-plan-step").split(","), (sq, step)
    assert page.get_by_role("button", name="Hint", exact=True).first.is_disabled()
    to_widget(page)
    nb.screenshot("ancient-plan-hint")
    # the battle goes on: the plan's first action, clicked (its card, then its square)
    first = plan[0]
    origin, target = first["squares"][0], first["squares"][-1]
    page.locator(f'.ab-app [data-square="{origin}"], .ab-app .ab-tray-card[data-card="{origin}"]').first.click()
    nb.wait_state(lambda s: s["selected"] == origin)
    page.locator(f'.ab-square[data-square="{target}"].is-target').first.click()
    dialog = page.get_by_role("dialog", name="Confirm")
    if dialog.count():
        page.get_by_role("button", name="Confirm", exact=True).click()
    s = nb.wait_state(lambda s: s["played"] == start["played"] + 1)
    assert s["actions"][-1] == first["action"] and s["message"] is None
    s = nb.wait_state(lambda s: s["hint"] is None and s["can_hint"])     # its position is gone
    page.locator(".bl-study-hint").wait_for(state="detached")
    assert page.get_by_role("button", name="Hint", exact=True).first.is_enabled()


# ------------------------------------------------------------------ Battle Line: hint, load, quick clicks
BATTLE_LINE = '''
import time as _time
from types import SimpleNamespace as _D
from battleline import BattleLineWidget, Game
from battleline.standard.bots import bot_from_spec

class QuickHint:
    def hint(self, game, *, budget=None, seed=0):
        _time.sleep(0.2)
        best = str(game.legal_moves(claims=False)[0])
        return _D(index=0, seat=None, played=None, best=best, chance_played=None, chance_best=0.6, loss=0,
                  label="best", mark="", reason="It builds toward flag 1.", reason_ja="", flags=[1])

class SlowBot:
    """easy, taking a second a move: time to load a record while it thinks."""
    def __init__(self):
        self.inner = bot_from_spec("easy", seed=1)
    def choose(self, observation):
        _time.sleep(1.0)
        return self.inner.choose(observation)

w = BattleLineWidget(Game(seed=8, first=1), opponent=SlowBot(), lang="en")
w.study.analyst = QuickHint()
'''

BATTLE_LINE_STATE = """
    {"mode": w.mode, "moves": len(w.game.moves), "to_move": w.game.to_move, "seat": w.seat,
     "thinking": w.play_mode.thinking, "status": v.get("status"), "message": v.get("message"),
     "hand": [str(c) for c in w.game.hand(w.seat)],
     "hint": (v.get("study") or {}).get("hint"), "can_hint": (v.get("study") or {}).get("can_hint"),
     "replay": None if not v.get("replay") else {"index": v["replay"]["index"], "total": v["replay"]["total"]}}
"""


def finished_record() -> str:
    from battleline import Game
    g = Game(seed=3)
    while not g.is_over():
        g.play(g.legal_moves(claims=False)[0])
    return g.record()


def play_card(page, nb, card: str) -> None:
    """Play ``card`` from the hand on an open flag, then draw: the bot's turn begins."""
    n = nb.state()["moves"]
    page.locator(f'[data-act="hand"][data-card="{card}"]').first.click()
    page.locator('[data-act="place"]').first.click()
    nb.wait_state(lambda s: s["moves"] == n + 1)
    page.locator('[data-act="draw"]').first.click()
    nb.wait_state(lambda s: s["moves"] == n + 2)


def test_battle_line_hint_goes_with_its_position_load_while_the_bot_thinks_and_quick_next(open_widget):
    record = finished_record()
    nb = open_widget(BATTLE_LINE, cell=cell_with(BATTLE_LINE_STATE), ready="Hint", **LAPTOP)
    page = nb.page
    play_card(page, nb, nb.state()["hand"][0])          # a turn of ours, the bot's reply
    s = nb.wait_state(lambda s: s["to_move"] == s["seat"] and not s["thinking"], timeout=30)
    asked_at = s["moves"]
    page.get_by_role("button", name="Hint", exact=True).first.click()
    s = nb.wait_state(lambda s: s["hint"] and not s["hint"]["pending"])
    hinted = s["hint"]["move"]["card"]
    page.locator(".bl-study-hint", has_text="Hint:").first.wait_for()
    page.get_by_role("button", name="Undo", exact=True).first.click()
    s = nb.wait_state(lambda s: s["moves"] < asked_at and s["hint"] is None)
    play_card(page, nb, next(c for c in s["hand"] if c != hinted))   # another card: the bot replies
    s = nb.wait_state(lambda s: s["moves"] == asked_at and s["to_move"] == s["seat"] and not s["thinking"],
                      timeout=30)
    page.wait_for_timeout(300)
    s = nb.state()
    assert s["hint"] is None and s["can_hint"], s
    assert page.locator(".bl-study-hint").count() == 0
    assert page.get_by_role("button", name="Hint", exact=True).first.is_enabled()
    to_widget(page)
    nb.screenshot("no-stale-hint")
    # a record loaded while the bot thinks opens the replay ...
    page.get_by_role("button", name="Save / load", exact=True).first.click()
    page.get_by_role("textbox", name="Paste a record or a position").fill(record)
    play_card(page, nb, nb.state()["hand"][0])
    assert nb.state()["thinking"]
    page.get_by_role("button", name="Load", exact=True).first.click()
    s = nb.wait_state(lambda s: s["mode"] == "replay")
    total = s["replay"]["total"]
    assert total > 30
    # ... where thirty quick clicks on "Next move" (real mouse clicks, made before Python
    # answers) reach move 30
    page.get_by_role("button", name="First move", exact=True).first.click()
    nb.wait_state(lambda s: s["replay"] and s["replay"]["index"] == 0)
    page.wait_for_timeout(300)
    box = page.get_by_role("button", name="Next move", exact=True).first.bounding_box()
    for _ in range(30):
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    s = nb.wait_state(lambda s: s["replay"] and s["replay"]["index"] >= 30 and s["message"] is None)
    page.wait_for_timeout(500)
    assert nb.state()["replay"]["index"] == 30
    to_widget(page)
    nb.screenshot("thirty-next")
    # ... and back in the game the bot plays its turn on
    page.get_by_role("button", name="Back to the game", exact=True).first.click()
    s = nb.wait_state(lambda s: s["mode"] == "play" and s["to_move"] == s["seat"] and not s["thinking"],
                      timeout=30)
    assert s["status"] != "Bot to move."
    page.locator(".bl-study-hint").wait_for(state="detached")
    nb.screenshot("bot-played-on")


# ------------------------------------------------------------------ the Ancient replay's chip
REPLAY = '''
import random
from battleline import AncientBattlesWidget
from battleline.ancient import AncientGame
w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2, background_bot=False)
_rng = random.Random(1)
while w.game.outcome is None:
    w.play(_rng.choice(w.game.legal_actions()))
# the moves after which the board is still in the same action step, and melee moves with
# the next action step on the board
_g = AncientGame.from_record(w.game.record())
_acts = _g.actions_played
for _ in _acts:
    _g.undo()
IN_STEP, MELEE_THEN_ACTIONS = [], []
for _i, _a in enumerate(_acts, start=1):
    _before = (_g.phase, _g.to_act, _g.turn)
    _g.play(_a)
    if _before[0] == "actions" and (_g.phase, _g.to_act, _g.turn) == _before:
        IN_STEP.append(_i)
    elif _before[0] == "melee" and _g.phase == "actions":
        MELEE_THEN_ACTIONS.append(_i)
w.replay()
'''

REPLAY_STATE = """
    {"phase": v.get("phase"), "actions_left": v.get("actions_left"), "status": v.get("status"),
     "in_step": IN_STEP[:3], "melee_then_actions": MELEE_THEN_ACTIONS[:3],
     "replay": None if not v.get("replay") else {"index": v["replay"]["index"], "total": v["replay"]["total"]}}
"""


def test_the_ancient_replays_chip_is_the_step_of_the_move_on_screen(open_widget):
    nb = open_widget(REPLAY, cell=cell_with(REPLAY_STATE), ready="Next move", **LAPTOP)
    page = nb.page
    s = nb.state()
    assert s["melee_then_actions"] and s["in_step"]
    for i in s["melee_then_actions"]:                  # a melee move: no "actions left" chip
        page.locator(".bl-move").nth(i - 1).click()
        s = nb.wait_state(lambda s: s["replay"]["index"] == i)
        assert s["phase"] == "actions" and s["actions_left"] is None
        page.locator(".bl-move[aria-current='step']", has_text=f"{i}.").first.wait_for()
        assert page.locator(".ab-actions-left").count() == 0, s["status"]
    to_widget(page)
    nb.screenshot("melee-move-no-chip")
    for i in s["in_step"]:                             # within an action step: the actions left
        page.locator(".bl-move").nth(i - 1).click()
        s = nb.wait_state(lambda s: s["replay"]["index"] == i)
        page.locator(".ab-actions-left", has_text=str(s["actions_left"])).first.wait_for()
