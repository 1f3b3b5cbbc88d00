"""The race play-out policy (issue 42): the greedy play-out policy, plus the race for the Back
Row and the leader's safety. Each rule on a small position where the greedy policy plays
otherwise; the kernel's policy (compiled here, plain Python in a subprocess) makes the same
choices as the Python reference, decision by decision.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from battleline.ancient import AncientGame
from battleline.ancient.bots.evaluation import Weights
from battleline.ancient.bots.search import quick_reply
from battleline.ancient.bots.terrain_race import leader_exposure, race_pressure
from battleline.ancient.board import NORTH, SOUTH
from battleline.ancient.kernel import evaluation, layout, policy, state_of
from battleline.ancient.kernel.rules import legal_actions
from battleline.ancient.rules import Rules
from util import run_in_plain_python

RACE = (policy.RACE_WEIGHT, policy.GUARD_WEIGHT)
DECK = "Deserter Shield Mud Companion Alexander Fog Scout Darius Traitor Redeploy"


def position(units: str, leader: str = "") -> AncientGame:
    """South's action step on turn 3 of a field 7 wide (4 squares win on terrain)."""
    deck = DECK.replace("Alexander ", "") if leader else DECK
    head = f"leader south Alexander {leader}\n" if leader else ""
    return AncientGame.from_position(
        "ancient position\nwidth 7\n" + head + "advanced none\ndraw-after 10\nturn 3 first south half 0\n"
        "phase actions south\nactions-left 6 drew no\ndeployed 0 0 hidden no\nquiet 0 hit no\n"
        + units.replace(";", "\n") + f"\ndeck {deck}\ndice seed 1 position 0\n")


# North holds a1 and b1, and stands before the empty c1 and d1; south has two cards in reserve.
NORTH_RACES = "a1 north R4; b1 north R5; c2 north R6; d2 north O5; f3 south O4; g3 south Y5; reserve south Y4 G5"
# South holds a4 and b4; c2 and d2 could step up before the empty c4 and e4... of which c4 is open.
SOUTH_RACES = "a4 south R4; b4 south R5; c2 south O4; d2 south O5; d4 north Y6; g4 north G6"
# South's leader (on R6, at d2) with a Phalangist two squares in front of it.
LEADER_FACED = "d2 south R6; d4 north O5; f2 south Y4"
# South holds three squares and can step onto a fourth.
VICTORY_IN_REACH = "a4 south R4; b4 south R5; c4 south R6; d3 south O5; f4 north Y6"
CASES = [(NORTH_RACES, ""), (SOUTH_RACES, ""), (LEADER_FACED, "R6"), (VICTORY_IN_REACH, "")]


def action_step(g: AncientGame, race) -> list[str]:
    """South's action step as the policy plays it (the game is played on)."""
    played = []
    while g.phase == "actions" and g.to_act == "south":
        a = quick_reply(g, Rules(g.state), race=race)
        played.append(str(a))
        g.play(a)
    return played


def test_the_race_policy_plugs_the_squares_the_enemy_races_for():
    greedy, race = position(NORTH_RACES), position(NORTH_RACES)
    action_step(greedy, None)
    action_step(race, RACE)
    assert race_pressure(greedy.state, NORTH) == 0.75          # the greedy policy marches instead
    assert race.cell("c1")["side"] == race.cell("d1")["side"] == "south"
    assert race_pressure(race.state, NORTH) == 0.5


def test_the_race_policy_marches_when_the_race_favours_it():
    assert "c2-c3" not in action_step(position(SOUTH_RACES), None)
    assert action_step(position(SOUTH_RACES), RACE)[0] == "c2-c3"


def test_the_race_policy_steps_its_leader_out_of_reach():
    greedy, race = position(LEADER_FACED, "R6"), position(LEADER_FACED, "R6")
    assert leader_exposure(greedy.state, SOUTH) == 0.5
    assert action_step(greedy, None) == ["end actions"]
    assert action_step(race, RACE)[0] in ("d2-c2", "d2-e2")
    assert leader_exposure(race.state, SOUTH) == 0.0


@pytest.mark.parametrize("race", [None, RACE], ids=["greedy", "race"])
def test_both_policies_take_a_terrain_victory_in_reach(race):
    g = position(VICTORY_IN_REACH)
    assert action_step(g, race)[0] == "d3-d4"
    assert race_pressure(g.state, SOUTH) == 1.0


def kernel_step(g: AncientGame, params) -> list[str]:
    """South's action step as the kernel's policy plays it, decoded."""
    s, dice = state_of(g), layout.dice_of(g, 400)
    buffer, scratch = np.empty(layout.MAX_ACTIONS, dtype=np.int64), np.empty(layout.MAX_ACTIONS, dtype=np.int64)
    copy, terms = np.empty(layout.STATE_SIZE, dtype=np.int64), np.empty(len(evaluation.TERMS))
    played = []
    n = legal_actions(s, buffer)
    while n and s[layout.PHASE] == layout.P_ACTIONS and s[layout.TO_ACT] == SOUTH:
        a = policy.quick_reply(s, dice, params, buffer, n, copy, scratch, terms)
        played.append(str(layout.decode(a, g.width)))
        n = policy.apply(s, dice, a, buffer)
    return played


@pytest.mark.parametrize("units, leader", CASES)
@pytest.mark.parametrize("race", [None, RACE], ids=["greedy", "race"])
def test_the_kernel_policy_plays_the_step_as_the_python_policy(units, leader, race):
    params = policy.policy_params(Weights, race=race is not None)
    assert kernel_step(position(units, leader), params) == action_step(position(units, leader), race)


def test_the_plain_python_kernel_plays_the_race_policy_as_the_python_policy():
    here = Path(__file__).resolve().parent
    code = (f"import json, sys; sys.path[:0] = [{str(here)!r}, {str(here.parent)!r}]\n"
            "import test_race_policy as t\n"
            "print(json.dumps([t.kernel_step(t.position(u, l), t.policy.policy_params(t.Weights, race=True)) "
            "for u, l in t.CASES]))")
    got = json.loads(run_in_plain_python(code, timeout=300).strip().splitlines()[-1])
    assert got == [action_step(position(u, leader), RACE) for u, leader in CASES]


def test_the_kernel_race_terms_equal_the_python_ones_along_random_battles():
    """Race pressure and the leader's exposure, for both sides, at every position of random
    battles and of the small positions above."""
    import random
    from battleline.ancient.bots.terrain_race import race_policy_term
    from battleline.ancient.kernel.check import battle
    games = []
    for seed, setting in ((1, "issus"), (2, "gaugamela"), (3, "points2")):
        g, rng = battle(setting, seed, "all"), random.Random(seed)
        for _ in range(300):
            if not g.legal_actions():
                break
            games.append(AncientGame.from_position(g.position()))
            g.push(rng.choice(g.legal_actions()))
    games += [position(u, leader) for u, leader in CASES]
    params = policy.policy_params(Weights, race=True)
    seen = set()
    for g in games:
        s = state_of(g)
        for q in (SOUTH, NORTH):
            want = (race_pressure(g.state, q), leader_exposure(g.state, q))
            assert (policy.race_pressure(s, q), policy.leader_exposure(s, q)) == want, g.position()
            assert policy.race_policy_term(s, q, params) == pytest.approx(race_policy_term(g.state, q, *RACE), abs=1e-12)
            seen.add(want)
    assert len({p for p, _ in seen}) >= 4 and {e for _, e in seen} >= {0.0, 0.5, 1.0}


def test_the_planner_plays_out_by_the_policy_its_switch_names(monkeypatch):
    from battleline.ancient.bots import planner
    made = []
    real = planner.TurnSearch

    def spy(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]
    monkeypatch.setattr(planner, "TurnSearch", spy)
    for race in (False, True):
        bot = planner.PlannerBot(seed=1, playouts=4, fight_playouts=2)
        bot.race_policy = race
        g = position(NORTH_RACES)
        bot.search_candidates(g, [["end actions"], ["reinforce Y4@c1"]], 4)
        assert (len(made[-1].policy) > policy.RACE_AT) is race
    assert policy.RACE_POLICY is False and planner.PlannerBot.race_policy is False    # shipped: greedy
