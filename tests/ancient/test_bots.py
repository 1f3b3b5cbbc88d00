"""Ancient Battles bots: legal play in every scenario and a points battle, determinism over
hidden parts, and honesty (they get only the observation). Strength is measured in the
arena (docs/bots.md), never here."""

from __future__ import annotations

import dataclasses
import random

import pytest

from battleline.ancient import SCENARIO_NAMES, AncientGame
from battleline.ancient.armies import check_points_armies
from battleline.ancient.bots import HeuristicBot, RandomBot, SearchBot, ancient_bot, random_army
from battleline.ancient.observation import Observation
from battleline.ancient.worlds import sample_world
from battleline.arena.ancient import MAX_TURNS
from battleline.errors import PositionError
from battleline.sides import NORTH, SOUTH


def quick_hard(seed):
    """A hard bot with a narrow beam (for speed)."""
    return SearchBot(seed=seed, turn_time=30.0, beam=3)


def make(level, seed):
    return quick_hard(seed) if level == "hard" else ancient_bot(level, seed)


def new_battle(name, seed, advanced, bots):
    if name == "points":
        return AncientGame.points(bots["south"].build_army("ROY"), bots["north"].build_army("GBP"),
                                  seed=seed, advanced=advanced)
    return AncientGame.scenario(name, seed=seed, advanced=advanced)


def play_out(name, seed, levels, advanced=(), max_decisions=60000):
    bots = {"south": make(levels[0], seed), "north": make(levels[1], seed + 1)}
    game = new_battle(name, seed, advanced, bots)
    phases = set()
    for _ in range(max_decisions):
        if game.outcome is not None or game.turn > MAX_TURNS:
            return game, phases     # continuous rallying can go on for ever: the arena's limit
        side = game.to_act
        obs = game.observation(side)
        action = bots[side].choose(obs)
        assert str(action) in obs.legal_actions, (name, seed, obs.phase, str(action))
        phases.add(obs.phase)
        game.play(action)          # checked again by the engine
    raise AssertionError(f"{name} seed {seed}: no end after {max_decisions} decisions")


# All in the slow tier: the quick tier plays medium to the end of a battle in test_planner.py
# (its opponent there, every action checked legal) and easy in the widget's tests.
QUICK_SCENARIOS = ()


@pytest.mark.parametrize("name", [n if n in QUICK_SCENARIOS else pytest.param(n, marks=pytest.mark.slow)
                                  for n in SCENARIO_NAMES + ("points",)])
def test_easy_and_medium_play_only_legal_actions(name):
    game, phases = play_out(name, 3, ("medium", "easy"), advanced="all")
    assert game.outcome is not None
    assert {"deploy", "actions", "melee"} <= phases


@pytest.mark.slow      # hard is the planner now: test_planner.py plays its battle in the quick tier
def test_hard_plays_legal_actions_in_a_battle():
    game, phases = play_out("marathon", 4, ("hard", "medium"))
    assert game.outcome is not None and "actions" in phases


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENARIO_NAMES + ("points",))
@pytest.mark.parametrize("advanced", [(), "all"])
def test_every_bot_legal_over_seeded_battles(name, advanced):
    # Three battles, so that each bot plays each side once (48 battles over all cases).
    play_out(name, 10, ("easy", "medium"), advanced)
    play_out(name, 20, ("hard", "easy"), advanced)
    play_out(name, 30, ("medium", "hard"), advanced)


def test_points_armies_keep_every_limit():
    for seed in range(30):
        rng = random.Random(seed)
        check_points_armies(random_army("ROY", rng), random_army("GBP", rng))
    for level in ("easy", "medium", "hard"):
        check_points_armies(make(level, 1).build_army("ROY"), make(level, 2).build_army("GBP"))
    with pytest.raises(PositionError, match="colour limit"):
        random_army("ROYG", random.Random(1))


@pytest.mark.parametrize("name", [pytest.param(n, marks=() if n == "issus" else pytest.mark.slow)
                                  for n in SCENARIO_NAMES])
def test_worlds_show_the_real_legal_actions(name):
    rng = random.Random(5)
    for _ in (1,):
        game = AncientGame.scenario(name, seed=7, advanced="all")
        while game.outcome is None:
            obs = game.observation(game.to_act)
            world = sample_world(obs, rng)
            assert [str(a) for a in world.legal_actions()] == obs.legal_actions
            assert world.observation(obs.side) == dataclasses.replace(
                obs, rolls=world.observation(obs.side).rolls)
            game.play(rng.choice(game.legal_actions()))


# --------------------------------------------------------------- same view, same choice
BATTLE = """ancient position
advanced flank withdrawal
turn 3 first south half 0
phase actions south
c1 south R5
d2 south O4
e2 south R1
g1 south R8
c3 north G2
d3 north G5
e4 north B10
f3 north B7*
reserve south Y4
eliminated north G3
"""


def twin_battles():
    """Two battles that look the same to south: north's hand, the deck order and the dice
    differ."""
    one = AncientGame.from_position(BATTLE + "hand north Traitor Scout\ndeck Fog Mud Redeploy Alexander Darius "
                                    "Shield Companion Deserter\ndice seed 1 position 0\n")
    two = AncientGame.from_position(BATTLE + "hand north Fog Deserter\ndeck Companion Shield Darius Traitor "
                                    "Scout Mud Redeploy Alexander\ndice seed 99 position 0\n")
    return one, two


def twin_deployments():
    """Two deployments that look the same to north: south's face-down cards differ."""
    one = AncientGame.scenario("sicily", seed=1)
    two = AncientGame.scenario("sicily", seed=2)
    cards_one = [a for a in one.legal_actions()]
    army = sorted({str(a).split()[1].split("@")[0] for a in cards_one})
    squares = [f"{c}1" for c in "abcdefghi"]
    for g, order in ((one, army), (two, list(reversed(army)))):
        for card, sq in zip(order, squares):
            g.play(f"deploy {card}@{sq}")
    return one, two


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("twins", [twin_battles, twin_deployments])
def test_same_observation_same_seed_same_choice(level, twins):
    one, two = twins()
    side = one.to_act
    assert one.position() != two.position()          # the worlds differ ...
    obs_one, obs_two = one.observation(side), two.observation(side)
    assert obs_one == obs_two                        # ... but not to the side to act
    for seed in (1, 2, 3):
        assert str(make(level, seed).choose(obs_one)) == str(make(level, seed).choose(obs_two))


def test_hard_plays_a_whole_turn_the_same_in_both_worlds():
    one, two = twin_battles()
    bot_one, bot_two = quick_hard(4), quick_hard(4)
    for _ in range(6):
        if one.to_act != "south" or one.phase != "actions":
            break
        a, b = bot_one.choose(one.observation("south")), bot_two.choose(two.observation("south"))
        assert str(a) == str(b)
        one.play(a)
        two.play(b)


# --------------------------------------------------------------- honesty
def test_observation_holds_no_game():
    game = AncientGame.scenario("issus", seed=2)
    obs = game.observation(game.to_act)

    def walk(x):
        assert not isinstance(x, AncientGame) and type(x).__name__ != "AncientState"
        if isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, (list, tuple, set)):
            for v in x:
                walk(v)
    assert isinstance(obs, Observation)
    for f in dataclasses.fields(obs):
        walk(getattr(obs, f.name))


@pytest.mark.slow
@pytest.mark.parametrize("bot", [RandomBot(1), HeuristicBot(1), quick_hard(1)], ids=["easy", "medium", "hard"])
def test_bots_leave_the_real_game_alone(bot):
    game = AncientGame.scenario("gaugamela", seed=6, advanced="all")
    for _ in range(80):     # every phase the bots reach in 150 decisions is reached by then
        if game.outcome is not None:
            break
        before, rolls = game.position(), list(game.rolls)
        action = bot.choose(game.observation(game.to_act))
        assert game.position() == before and game.rolls == rolls
        game.play(action)


def test_a_side_not_to_act_cannot_choose():
    game = AncientGame.scenario("indus", seed=1)
    with pytest.raises(ValueError, match="nothing to decide"):
        RandomBot(1).choose(game.observation("north"))


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown Ancient Battles bot"):
        ancient_bot("grandmaster")


@pytest.mark.slow      # hard is the planner: the quick tier plays its battle in test_planner.py
def test_the_default_hard_bot_plays_a_legal_battle():
    bots = {"south": ancient_bot("hard", 3), "north": ancient_bot("medium", 4)}
    game = AncientGame.scenario("marathon", seed=3)
    for _ in range(60000):
        if game.outcome is not None:
            break
        side = game.to_act
        action = bots[side].choose(game.observation(side))
        assert str(action) in game.observation(side).legal_actions
        game.play(action)
    assert game.outcome is not None


def test_alike_reinforcements_are_tried_once():
    from battleline.ancient.bots.heuristic import distinct_actions
    from battleline.cards import Card
    game = AncientGame.scenario("issus", seed=5)
    bots = {"south": ancient_bot("easy", 1), "north": ancient_bot("easy", 2)}
    for _ in range(2000):      # until an action step offers two alike reserve cards
        if game.phase == "actions" and len(distinct_actions(game)) < len(game.legal_actions()):
            break
        game.play(bots[game.to_act].choose(game.observation(game.to_act)))
    legal = game.legal_actions()
    kept = distinct_actions(game)
    assert set(kept) <= set(legal) and len(kept) < len(legal)
    assert [a for a in legal if a.kind != "reinforce"] == [a for a in kept if a.kind != "reinforce"]
    s = game.state

    def kind(a):    # value, bow, square and the leader decide, not the colour
        c = int(Card(a.card))
        return (c % 10, c in s.bows, a.squares, c == s.leader_of[s.owner[c]])
    assert {kind(a) for a in legal if a.kind == "reinforce"} == {kind(a) for a in kept if a.kind == "reinforce"}


def test_facing_units_duel_and_the_first_strike_counts():
    from battleline.ancient.bots.evaluation import Weights, evaluate

    class NoDuel(Weights):
        duel = 0.0
    game = AncientGame.empty(seed=1)
    game.put("c2", "Hoplites", "south")
    game.put("c3", "Hoplites", "north")       # south to act: south strikes first
    assert evaluate(game, SOUTH) > evaluate(game, SOUTH, w=NoDuel)
    assert evaluate(game, NORTH) < evaluate(game, NORTH, w=NoDuel)
    game = AncientGame.empty(seed=1)
    game.put("c2", "Hoplites", "south")
    game.put("c3", "Elephants", "north")      # striking first does not save Hoplites from Elephants
    assert evaluate(game, SOUTH) < evaluate(game, SOUTH, w=NoDuel)


def test_medium_keeps_heavy_infantry_back_against_chariots_and_elephants():
    game = AncientGame.scenario("indus", seed=3)
    bot = HeuristicBot(seed=1)
    while game.phase == "deploy":
        side = game.to_act
        action = bot.choose(game.observation(side)) if side == "south" else \
            RandomBot(seed=2).choose(game.observation(side))
        game.play(action)
    south = [game.cell(f"{c}1")["type"] for c in "abcdefghi"]
    assert "Phalangists" not in south
    assert "Heavy Cavalry" in south


def test_a_looming_draw_pulls_units_forward_and_out_of_reserve():
    from battleline.ancient.bots.evaluation import Weights, draw_pressure, evaluate
    from battleline.cards import Card

    class NoStall(Weights):
        stall_advance = 0.0
    game = AncientGame.empty(seed=1)
    game.put("c3", "Hoplites", "south")       # two rows on from south's Back Row
    game.put("i4", "Skirmishers", "north")
    s = game.state
    assert draw_pressure(s, 4) == 0.0 and evaluate(game, SOUTH) == evaluate(game, SOUTH, w=NoStall)
    s.quiet_turns = s.draw_after - 3
    assert draw_pressure(s, 4) == 0.5
    s.quiet_turns = s.draw_after - 1           # the last quiet turn before the draw
    assert draw_pressure(s, 4) == 1.0
    assert evaluate(game, SOUTH) == evaluate(game, SOUTH, w=NoStall) + 2 * Weights.stall_advance
    s.reserve[SOUTH] = [int(Card("R4"))]           # Hoplites not yet on the table: a march not begun
    assert evaluate(game, SOUTH) == evaluate(game, SOUTH, w=NoStall) + (2 - 3) * Weights.stall_advance
    s.turn_hit = True                          # a hit this turn: no draw this turn
    assert draw_pressure(s, 4) == 0.0 and evaluate(game, SOUTH) == evaluate(game, SOUTH, w=NoStall)
