"""Hints a player can trust, in both games' widgets (issue 40).

- An Ancient hint in the action step is a whole plan (``"b2-b1, c2-c1, ..."``): shown as a plan,
  each action in words, its squares lit in order, with the REAL ``hard`` analysis at a small
  budget; a review that judged a plan steps onto it without breaking.
- An analysis answer the view cannot word is shown as an error, never raised out of a refresh.
- A hint belongs to one position: gone (its analysis cancelled) once the position changes,
  even when undo and new moves bring back as many moves as when it was asked for.
- Only hints that arrived are counted in the result's "(with N hints)".
"""

from __future__ import annotations

import asyncio
import random
import time
from types import SimpleNamespace

from util import run_async

from battleline import AncientBattlesWidget, BattleLineWidget, Game
from battleline.ancient import Action
from battleline.widgets.ancient.battle import origin_of
from battleline.widgets.ancient.view import target_of

PLAN_BUDGET = 16   # play-outs a decision: a hint in well under a second once compiled


def at_action_step(**kwargs):
    """Issus against ``hard``, deployed, at the human's first action step ("6 actions left")."""
    w = AncientBattlesWidget(scenario="issus", opponent="hard", seed=1, bot_seed=1, review_budget=PLAN_BUDGET,
                             **kwargs)
    while not (w.game.phase == "actions" and w.game.to_act == w.human):
        w.play(w.game.legal_actions()[0])
    assert w.view["actions_left"] == 6
    return w


def plan_squares(actions):
    out = []
    for a in actions:
        for sq in [*origin_of(a), *([target_of(a)] if target_of(a) else [])]:
            if sq not in out:
                out.append(sq)
    return out


def hint_decision(best, chance=0.6):
    return SimpleNamespace(index=0, seat=None, played=None, best=best, chance_played=None, chance_best=chance,
                           loss=0.0, label="best", mark="", reason="It builds toward flag 1.",
                           reason_ja="フラッグ1に向けて組み立てます。", flags=[1])


class SlowHint:
    """A hint that takes ``delay`` seconds (``best`` gives the choice from the game)."""

    def __init__(self, delay=0.0, best=None, fail=None):
        self.delay, self.best, self.fail = delay, best, fail
        self.asked = 0

    def hint(self, game, *, budget=None, seed=0):
        self.asked += 1
        time.sleep(self.delay)
        if self.fail:
            raise RuntimeError(self.fail)
        if self.best is not None:
            return hint_decision(self.best(game))
        legal = game.legal_moves(claims=False) if isinstance(game, Game) else game.legal_actions()
        return hint_decision(str(legal[0]))


# ------------------------------------------------------------------ an Ancient hint is a plan
def test_an_ancient_hint_in_the_action_step_is_shown_as_a_plan_in_order():
    w = at_action_step()
    shown = w.hint()                                    # the real analysis, ancient.reviewing.hint
    best = w.study.hints.asked["decision"].best
    actions = [Action.parse(t) for t in best.split(", ")]
    assert len(actions) > 1, best                       # a plan: the case that broke the widget
    assert not shown["pending"] and [s["action"] for s in shown["plan"]] == [str(a) for a in actions]
    assert shown["squares"] == plan_squares(actions)   # lit in the plan's order
    assert [s["step"] for s in shown["plan"]] == list(range(1, len(actions) + 1))
    words = [s["text"] for s in shown["plan"]]
    assert all(t and t != str(a) for t, a in zip(words, actions))   # each action in words, not its code
    at = 0
    for t in words:                                     # the hint's line says them in order
        at = shown["text"].index(t, at) + len(t)
    # the widget still answers: a choice, the rules of a card, a second hint refused by name
    first = actions[0]
    w._on_msg(None, {"type": "select", **({"card": first.card} if first.card else {"square": first.squares[0]})})
    assert w.view["message"] is None and w.view["choices"], w.view["message"]
    w._on_msg(None, {"type": "inspect", "square": w.view["rows"][3][0]["square"]})
    assert w.view["message"] is None
    w._on_msg(None, {"type": "act", "action": str(first)})
    assert w.view["study"]["hint"] is None and w.view["study"]["can_hint"]   # its position is gone


def test_a_review_steps_onto_a_plan_judged_by_the_real_analysis():
    w = at_action_step()
    w.hint()
    plan = w.study.hints.asked["decision"].best.split(", ")
    for text in plan:
        w.play(text)
    if w.game.phase == "actions" and w.game.to_act == w.human:
        w.play("end actions")
    record = w.game.record()
    other = AncientBattlesWidget(scenario="issus", opponent=None, seed=2, review_budget=PLAN_BUDGET)
    other.load(record)
    other._on_msg(None, {"type": "review_start"})                  # the real iter_review
    review = other.view["replay"]["review"]
    assert review["state"] == "done", review["status"]
    plans = [d for d in other.study.review.decisions.values() if ", " in str(d.played)]
    assert plans, "no plan judged"
    for d in plans:
        other._on_msg(None, {"type": "replay_goto", "index": d.index + 1})
        assert other.view["message"] is None, other.view["message"]
        shown = other.view["replay"]["decision"]
        played = [Action.parse(t) for t in d.played.split(", ")]
        assert shown["played"] and all(str(a) not in shown["played"] for a in played if a.kind == "move")
        assert [s["action"] for s in shown["plan"]] == [str(a) for a in played]


def test_an_answer_the_view_cannot_word_is_shown_as_an_error_and_the_widget_answers():
    """In a kernel the answer comes back to the kernel's loop: a refresh that raised there
    left "Looking for a hint…" on screen for good."""
    a = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    a.study.analyst = SlowHint(best=lambda g: "not an action, nor a plan")
    b = BattleLineWidget(opponent="easy", seed=6, bot_seed=2)
    b.study.analyst = SlowHint(best=lambda g: "R99@12")

    async def run():
        for w in (a, b):
            w.study.runner.background = True
            w._on_msg(None, {"type": "hint"})
            for _ in range(100):
                await asyncio.sleep(0.02)
                if not w.view["study"]["hint"]["pending"]:
                    break

    run_async(run, timeout=60)
    hint = a.view["study"]["hint"]
    assert not hint["pending"] and hint["text"].startswith("No hint:") and "not an action" in hint["text"]
    assert a.view["study"]["can_hint"]                 # it may be asked for again
    card = a.view["selectable"][0]
    a._on_msg(None, {"type": "select", "card": card})
    assert a.view["selected"] == card and a.view["message"] is None
    assert b.view["study"]["hint"]["text"].startswith("No hint:") and b.view["study"]["can_hint"]
    b.play(b.view["legal"][0]["text"])
    assert b.view["message"] is None


# ------------------------------------------------------------------ a hint belongs to one position
def test_a_hint_goes_with_its_position_after_undo_and_other_moves():
    w = BattleLineWidget(opponent="easy", seed=6, bot_seed=2)
    w.study.analyst = SlowHint()
    for _ in range(2):                                  # a turn of the human's (and the bot's reply)
        w.play(w.view["legal"][0]["text"])
    asked_at = len(w.game.moves)
    shown = w.hint()
    assert shown["move"] and not w.view["study"]["can_hint"]
    w.undo()
    assert w.view["study"]["hint"] is None
    w.play(w.view["legal"][-1]["text"])                 # another card, then the draw: the bot replies
    w.play(w.view["legal"][0]["text"])
    assert len(w.game.moves) == asked_at and w.game.to_move == w.seat
    assert w.view["study"]["hint"] is None and w.view["study"]["can_hint"]
    assert w.play_mode.hints_used == 1



def test_an_ancient_hint_goes_with_its_position_after_undo():
    """Undo brings back as many actions as when the hint was asked for (on a battle rebuilt
    with fresh dice): the hint is not shown again."""
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    w.study.analyst = SlowHint()
    while not (w.game.phase == "actions" and w.game.to_act == w.human and w.view["can_undo"]):
        w.play(w.game.legal_actions()[0])
    w.undo()
    asked_at = len(w.game.actions_played)
    assert w.hint()["action"] and not w.view["study"]["can_hint"]
    w.play(w.game.legal_actions()[-1])
    w.undo()
    assert len(w.game.actions_played) == asked_at
    assert w.view["study"]["hint"] is None and w.view["study"]["can_hint"]


def test_a_hint_still_on_its_way_is_dropped_with_its_position_and_not_counted():
    """Both games: the hint asked for, a move played before it arrives: it never shows, its
    analysis is cancelled, and the result does not count it."""
    w = BattleLineWidget(opponent="easy", seed=6, bot_seed=2)
    w.study.analyst = SlowHint(delay=0.3)
    a = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    a.study.analyst = SlowHint(delay=0.3)

    async def run():
        for widget, runner in ((w, w.study.runner), (a, a.study.runner)):
            runner.background = True
            widget._on_msg(None, {"type": "hint"})
            assert widget.view["study"]["hint"]["pending"]
            widget.play(widget.view["legal"][0]["text"] if widget is w else widget.game.legal_actions()[0])
            assert widget.view["study"]["hint"] is None and not runner.running
        await asyncio.sleep(0.6)

    run_async(run, timeout=60)
    assert w.view["study"]["hint"] is None and a.view["study"]["hint"] is None
    rng = random.Random(1)
    while not w.game.is_over():
        w.play(w.view["legal"][0]["text"])
    while a.game.outcome is None:
        a.play(rng.choice(a.game.legal_actions()))
    assert "hint" not in w.view["result"]["text"] and "hint" not in a.view["status"]


def test_a_hint_that_failed_is_not_counted():
    w = BattleLineWidget(opponent="easy", seed=6, bot_seed=2)
    w.study.analyst = SlowHint(fail="the search ran out of memory")
    w._on_msg(None, {"type": "hint"})
    assert "ran out of memory" in w.view["study"]["hint"]["text"]
    while not w.game.is_over():
        w.play(w.view["legal"][0]["text"])
    assert "hint" not in w.view["result"]["text"]
    a = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    a.study.analyst = SlowHint(fail="no")
    a._on_msg(None, {"type": "hint"})
    rng = random.Random(1)
    while a.game.outcome is None:
        a.play(rng.choice(a.game.legal_actions()))
    assert "hint" not in a.view["status"]
