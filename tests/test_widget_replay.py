"""Replays a player can trust, in both games' widgets (issue 40): the bot plays on after a
record is loaded while it thinks, the Ancient replay's "actions left" chip is the step of
the move on screen, and quick steps through a replay are each counted by Python.
"""

from __future__ import annotations

import asyncio
import random
import time

from util import run_async

from battleline import AncientBattlesWidget, BattleLineWidget, Game
from battleline.ancient import AncientGame
from battleline.ancient.bots import ancient_bot
from battleline.standard.bots import bot_from_spec


class SlowBot:
    """A bot that takes ``delay`` seconds a choice (the other bot's choice)."""

    def __init__(self, inner, delay):
        self.inner, self.delay = inner, delay

    def choose(self, observation):
        time.sleep(self.delay)
        return self.inner.choose(observation)


def short_record(seed=2):
    g = Game(seed=seed)
    for _ in range(6):
        g.play(g.legal_moves(claims=False)[0])
    return g.record()


# ------------------------------------------------------------------ a record loaded while the bot thinks
def test_the_bot_plays_on_after_a_record_is_loaded_while_it_thinks():
    record = short_record()

    async def run():
        w = BattleLineWidget(Game(seed=8, first=1), opponent=SlowBot(bot_from_spec("easy", seed=1), 0.3),
                             background_bot=True)
        w.play(w.view["legal"][0]["text"])
        w.play(w.view["legal"][0]["text"])              # the draw: the bot's turn
        assert w.view["thinking"]
        w._on_msg(None, {"type": "load", "text": record})
        assert w.mode == "replay"
        await asyncio.sleep(0.1)
        w._on_msg(None, {"type": "replay_close"})
        for _ in range(100):
            await asyncio.sleep(0.05)
            if w.game.to_move == w.seat and not w.view["thinking"]:
                break
        return w

    w = run_async(run, timeout=60)
    assert w.game.to_move == w.seat and len(w.game.moves) == 4, w.view["status"]
    assert w.view["my_turn"] and w.view["status"] != "Bot to move."


def test_the_ancient_bot_plays_on_after_a_record_is_loaded_while_it_thinks():
    g = AncientGame.scenario("marathon", seed=5)
    for _ in range(4):
        g.play(g.legal_actions()[0])
    record = g.record()

    async def run():
        w = AncientBattlesWidget(scenario="marathon", opponent=SlowBot(ancient_bot("easy", seed=1), 0.05),
                                 seed=3, background_bot=True)
        while not w.view["thinking"]:
            w.play(w.game.legal_actions()[0])
        w._on_msg(None, {"type": "load", "text": record})
        assert w.view["replay"]["total"] == 4
        await asyncio.sleep(0.1)
        w._on_msg(None, {"type": "replay_close"})
        for _ in range(200):
            await asyncio.sleep(0.05)
            if w.game.to_act == w.human and not w.view["thinking"]:
                break
        return w

    w = run_async(run, timeout=60)
    assert w.game.to_act == w.human and not w.view["thinking"] and w.view["my_turn"], w.view["status"]


# ------------------------------------------------------------------ the Ancient replay's chip
def test_the_ancient_replays_actions_chip_is_the_step_of_the_move_on_screen():
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    rng = random.Random(1)
    while w.game.outcome is None:
        w.play(rng.choice(w.game.legal_actions()))
    w.replay()
    g = AncientGame.from_record(w.game.record())
    actions = g.actions_played
    for _ in actions:
        g.undo()
    fights_then_actions = 0
    for i, a in enumerate(actions, start=1):
        before = (g.phase, g.to_act, g.turn)
        g.play(a)
        w.goto(i)
        same_step = before[0] == "actions" and (g.phase, g.to_act, g.turn) == before
        assert w.view["actions_left"] == (g.observation(w.human).actions_left if same_step else None), (i, str(a), before, g.phase)
        fights_then_actions += before[0] == "melee" and g.phase == "actions"
    assert fights_then_actions > 0     # a melee move with the next actions step on the board: no chip


# ------------------------------------------------------------------ quick steps
def finished_game():
    w = BattleLineWidget(opponent="easy", seed=4, bot_seed=1)
    while not w.game.is_over():
        w.play(w.view["legal"][0]["text"])
    return w


def test_thirty_quick_next_steps_reach_move_thirty():
    """The browser sends a step (not the index it last saw): steps sent before Python answers
    each count, and stop at the first and the last move."""
    w = finished_game()
    w.replay()
    w.goto(0)
    for _ in range(30):
        w._on_msg(None, {"type": "replay_step", "by": 1})
    assert w.view["replay"]["index"] == 30 and w.view["message"] is None
    total = w.view["replay"]["total"]
    for _ in range(total):
        w._on_msg(None, {"type": "replay_step", "by": 1})
    assert w.view["replay"]["index"] == total and w.view["message"] is None
    w._on_msg(None, {"type": "replay_step", "by": 2})
    assert "from -1 to 1" in w.view["message"]["text"] and w.view["replay"]["index"] == total
    a = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    rng = random.Random(1)
    while a.game.outcome is None:
        a.play(rng.choice(a.game.legal_actions()))
    a.replay()
    for _ in range(5):
        a._on_msg(None, {"type": "replay_step", "by": -1})
    assert a.view["replay"]["index"] == a.view["replay"]["total"] - 5 and a.view["message"] is None
