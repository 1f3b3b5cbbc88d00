"""The Ancient Battles log's dice: each log line shows exactly the dice of its own event (issue 33
item 1)."""

from __future__ import annotations

import inspect
import random
import re

import pytest
from util import at_screen

from battleline.ancient.dice import Dice
from battleline.widgets import AncientBattlesWidget

from test_ancient_widget import play_at_screen

DICE_IN_LINE = re.compile(r"(?:Dice:|initiative dice|ダイス：|主導権のダイス) ?(\d(?:, \d)*)")


def logged_dice(line: str) -> list[int]:
    return [int(x) for m in DICE_IN_LINE.finditer(line) for x in m.group(1).split(", ")]


@pytest.fixture
def roll_makers(monkeypatch):
    """Who rolled each die of the stream, by its position: the initiative roll or not (read
    from the caller, independently of the game's own bookkeeping)."""
    made: dict[int, bool] = {}
    plain_roll = Dice.roll

    def roll(self):
        position = self.position
        value = plain_roll(self)
        made.setdefault(position, inspect.currentframe().f_back.f_code.co_name == "roll_initiative")
        return value

    monkeypatch.setattr(Dice, "roll", roll)
    return made


@pytest.mark.parametrize("scenario,seed", [("issus", 0), ("issus", 3), ("marathon", 5), ("gaugamela", 8)])
def test_every_logged_die_belongs_to_its_event(roll_makers, scenario, seed):
    """Issue 33 item 1: whole battles played action by action, two people at one screen.
    Each log line shows exactly the dice of its own event: an attack's or a shot's line no
    initiative die, an initiative line only initiative dice; all the dice, each once."""
    w = at_screen(AncientBattlesWidget(scenario=scenario, opponent=None, seed=seed))
    rng = random.Random(seed)
    checked = 0
    while w.game.outcome is None and len(w.game.actions_played) < 4000:
        start, lines = len(w.game.rolls), len(w.battle.log)
        play_at_screen(w, rng.choice(w.game.legal_actions()))
        new = w.battle.log[lines:]
        rolled = w.game.rolls[start:]
        assert [d for line in new for d in logged_dice(line)] == rolled, new
        at = start
        for line in new:
            dice = logged_dice(line)
            initiative = "initiative" in line
            assert all(roll_makers[p] == initiative for p in range(at, at + len(dice))), (line, rolled)
            at += len(dice)
            checked += bool(dice)
    assert w.game.outcome is not None and checked > 20


def test_an_attack_ending_the_turn_keeps_the_tied_initiative_dice_apart():
    """The reported case (Issus, two people at one screen): the last attack of a turn, then
    the next turn's initiative tied twice. Found by playing (seed 2, action 211)."""
    w = at_screen(AncientBattlesWidget(scenario="issus", opponent=None, seed=2))
    rng = random.Random(2)
    while len(w.game.actions_played) < 211:
        play_at_screen(w, rng.choice(w.game.legal_actions()))
    assert str(w.game.actions_played[-1]) == "attack g3-g4"
    assert w.battle.log[-2].endswith("Dice: 3, 2. Result: g4 eliminated."), w.battle.log[-2:]
    assert w.battle.log[-1] == "Turn 13: initiative dice 4, 4, 5, 5, 2, 3. North moves first."
    assert w.view["dice"]["rolls"] == [4, 4, 5, 5, 2, 3]
