"""The ``hard`` bot's own parts: the terrain race it adds to the evaluation. Strength is
measured in the arena (docs/bots.md), never here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from battleline.ancient import AncientGame
from battleline.ancient.bots import SearchBot
from battleline.ancient.bots.search import race_chances
from battleline.ancient.bots.terrain_race import next_mover_chances, terrain_reach
from battleline.ancient.board import NORTH, SOUTH, by_side
from battleline.ancient.rules import Rules


def load_variants():
    path = Path(__file__).resolve().parents[2] / "docs" / "experiments" / "ancient_variants.py"
    spec = importlib.util.spec_from_file_location("ancient_variants", path)
    variants = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(variants)
    return variants


def north_nearly_holds_the_back_row():
    """Width 7 (four squares win): three Hoplites already on south's Back Row, Heavy Cavalry
    two steps from e1; south's Hypaspists on f1 can step left and close e1."""
    game = AncientGame.empty(7, seed=1)
    for sq in ("a1", "b1", "c1"):
        game.put(sq, "Hoplites", "north")
    game.put("e3", "Heavy Cavalry", "north")
    game.put("f1", "Hypaspists", "south")
    game.put("g2", "Phalangists", "south")
    return game


def test_terrain_reach_counts_held_squares_and_one_move_more():
    game = north_nearly_holds_the_back_row()
    s = game.state
    rules = Rules(s)
    assert terrain_reach(s, rules, NORTH) == (3, 1)
    assert terrain_reach(s, rules, SOUTH) == (0, 0)      # the Phalangists are two rows away
    game.put("d2", "Skirmishers", "north")            # light troops never count
    assert terrain_reach(game.state, Rules(game.state), NORTH) == (3, 1)


def test_terrain_reach_gives_each_unit_its_own_square():
    game = AncientGame.empty(7, seed=1)
    game.put("d2", "Hoplites", "north")
    game.put("c3", "Heavy Cavalry", "north")      # two steps forward: c1
    game.put("e3", "Heavy Cavalry", "north")      # e1
    game.put("d1", "Hypaspists", "south")         # d1 closed: the Hoplites cannot go on
    s = game.state
    assert terrain_reach(s, Rules(s), NORTH) == (0, 2)


def test_the_next_mover():
    game = north_nearly_holds_the_back_row()
    assert next_mover_chances(game.state) == by_side(south=1.0, north=0.0)       # south's action step
    game.play("end actions")                                   # nothing to fire: north's turn
    assert game.to_act == "north" and next_mover_chances(game.state) == by_side(south=0.0, north=1.0)


def test_a_threatened_terrain_victory_counts_against_the_side_that_must_answer():
    game = north_nearly_holds_the_back_row()
    game.play("g2-g3")
    game.play("end actions")       # north moves next and can take e1: it wins
    s = game.state
    assert race_chances(s, Rules(s), SOUTH) == -1.0
    assert race_chances(s, Rules(s), NORTH) == 1.0


def test_hard_closes_the_square_that_would_lose_the_battle():
    game = north_nearly_holds_the_back_row()
    plan = SearchBot(seed=1).plan_turn(game.observation("south"))
    assert "f1-e1" in plan


def test_hard_shoots_the_unit_that_would_win_the_terrain_race():
    # north holds a1-c1 and its Chariots on e2 can take e1: four of seven. South's
    # Skirmishers on d1 can shoot the Chariots (diagonally) or the Elephants in front
    # (d2); the Elephants are worth more, the Chariots decide the battle.
    game = AncientGame.empty(7, seed=1)
    for sq in ("a1", "b1", "c1"):
        game.put(sq, "Hoplites", "north")
    game.put("e2", "Chariots", "north")
    game.put("d2", "Elephants", "north")
    game.put("d1", "Skirmishers", "south")
    game.put("g2", "Phalangists", "south")
    game.play("g2-g3")
    game.play("end actions")
    assert game.phase == "fire" and game.to_act == "south"
    legal = game.observation("south").legal_actions
    assert "fire d1-e2" in legal and "fire d1-d2" in legal
    assert str(SearchBot(seed=1).choose(game.observation("south"))) == "fire d1-e2"
    assert str(SearchBot(seed=1, race=0.0).choose(game.observation("south"))) == "fire d1-d2"


@pytest.mark.slow
def test_the_replies_option_plays_legal_whole_turns_and_is_repeatable():
    """The opponent's-answer option (docs/experiments/ancient_variants.py)."""
    game = AncientGame.scenario("marathon", seed=5)
    lookahead = load_variants().SearchBotLookahead     # switched off in hard: an experiment now
    bots = {"south": lookahead(seed=1, replies=3, reply_actions=2),
            "north": lookahead(seed=2, replies=3, reply_actions=2)}
    planned = 0
    for _ in range(400):
        if game.outcome is not None or game.turn > 3:
            break
        side = game.to_act
        obs = game.observation(side)
        if obs.phase == "actions" and obs.actions_left == 6:
            one, two = (lookahead(seed=7, replies=3, reply_actions=2) for _ in range(2))
            assert one.plan_turn(obs) == two.plan_turn(obs)
            planned += 1
        action = bots[side].choose(obs)
        assert str(action) in obs.legal_actions
        game.play(action)
    assert planned >= 2


# North, second in turn 22 at Cunaxa, with a step that ends by itself after four moves; the
# initiative may then give north the next action step too (from a battle of the arena).
STEP_ENDS_BY_ITSELF = """\
ancient position
width 9
scenario cunaxa
advanced none
draw-after 10
leader south Alexander O7 rallied
leader north Darius B3
turn 22 first south half 1
phase actions north
actions-left 6 drew no
deployed 9 9 hidden no
quiet 8 hit no
a1 north G7
b1 south R8 disrupted Companion
d1 north G8
f1 north Y3
g1 north Y8
e2 south R4 disrupted
d3 south R1
e3 north G3 disrupted
f3 north P1
a4 south O2
c4 south O7
d4 south O4 Shield
f4 north B3*
terrain h2 Fog
terrain g3 Mud
eliminated south O1 R2 O3 R7 O8 R3
eliminated north Y7 P3* B1 B8 Y1 G1
deck empty
discards Deserter Scout Redeploy Traitor
dice seed 20006 position 163
"""


def test_a_plan_ends_with_its_player_turn():
    """Regression: when the action step ended by itself and the imagined initiative gave the
    same side the next step, the beam went on planning in the next turn (a card moved twice
    in one plan), and the play-outs then failed on a world whose dice said otherwise."""
    from battleline.ancient.bots.heuristic import HeuristicBot

    game = AncientGame.from_position(STEP_ENDS_BY_ITSELF)
    obs = game.observation("north")
    lookahead = load_variants().SearchBotLookahead     # play-outs: an experiment now
    for seed in range(6):
        for bot in (HeuristicBot(seed=seed), SearchBot(seed=seed), lookahead(seed=seed, finalists=4)):
            plan = bot.plan_turn(obs)
            copy = AncientGame.from_position(STEP_ENDS_BY_ITSELF)
            for i, action in enumerate(plan):
                assert (copy.turn, copy.to_act, copy.phase) == (22, "north", "actions"), (bot, plan, i)
                copy.play(action)
