"""Ancient Battles' value learned by TD(lambda) (battleline.ancient.kernel.value) and the
planner's switch that scores its play-outs' ends with it: features against a plain reference
in both kernel modes, the direction of the TD update, reproducible training, the switch."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from ancient.value_reference import differences
from battleline.ancient import AncientGame, kernel
from battleline.ancient.kernel import state_of
from battleline.ancient.kernel import value as V
from battleline.ancient.kernel.check import SETTINGS, battle
from battleline.ancient.kernel.layout import NOBODY, WINNER
from battleline.ancient.kernel.value_training import planner_policy, save
from util import run_in_plain_python

POSITIONS = [(seed, actions) for seed in range(9) for actions in (0, 40, 90, 160, 260)]


def advance(seed: int, actions: int) -> AncientGame:
    """A battle of setting ``seed`` (some with every Advanced rule) after ``actions`` random actions."""
    game = battle(SETTINGS[seed % len(SETTINGS)], seed, ("withdrawal", "stacks", "rampage", "flank", "rally")
                  if seed % 3 == 2 else ())
    rng = random.Random(seed * 1000 + actions)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        game.push(rng.choice(legal))
    return game


def test_features_match_the_reference_on_random_positions():
    checked, disrupted, engaged = 0, 0, 0
    for seed, actions in POSITIONS:
        game = advance(seed, actions)
        for me in (0, 1):
            x = V.feature_vector(state_of(game), me)
            assert differences(x, game, me) == {}, (seed, actions, me)
            checked += 1
            disrupted += int(x[V.UNITS:V.ENGAGED].reshape(-1, 2)[:, 1].sum() > 0)
            engaged += int(x[V.ENGAGED:V.LOSSES].sum() > 0)
    assert checked == 2 * len(POSITIONS) and disrupted > 5 and engaged > 5     # the positions reach fights


PLAIN_FEATURES = """
import sys
sys.path.insert(0, {tests!r})
from battleline.ancient import kernel
from battleline.ancient.kernel import value as V
from ancient.test_value import advance
from ancient.value_reference import differences
assert kernel.MODE == "python", kernel.MODE
for seed, actions in {positions!r}:
    game = advance(seed, actions)
    for me in (0, 1):
        assert differences(V.feature_vector(kernel.state_of(game), me), game, me) == {{}}, (seed, actions, me)
print("plain features ok")
"""


def test_features_match_the_reference_in_plain_python():
    code = PLAIN_FEATURES.format(tests=str(Path(__file__).parent.parent), positions=POSITIONS[::4])
    assert "plain features ok" in run_in_plain_python(code)


def test_the_features_are_each_sides_own_view():
    game = advance(4, 160)
    s = state_of(game)
    north, south = V.feature_vector(s, 0), V.feature_vector(s, 1)
    table = (2, 4, 10, 2)      # mine/theirs, row from the own Back Row, value, disrupted
    seen_north, seen_south = north[V.UNITS:V.ENGAGED].reshape(table), south[V.UNITS:V.ENGAGED].reshape(table)
    assert np.array_equal(seen_north[0], seen_south[1, ::-1]) and np.array_equal(seen_north[1], seen_south[0, ::-1])
    assert seen_north.sum() > 10 and north[V.MY_MOVE] + south[V.MY_MOVE] == 1.0
    with pytest.raises(ValueError, match="side 0"):
        V.feature_vector(s, 2)


@pytest.mark.parametrize("outcome", [1.0, 0.0])
def test_td_moves_a_value_toward_the_outcome(outcome):
    game = advance(1, 90)
    s = state_of(game)
    weights = np.zeros(V.FEATURE_COUNT)
    index = np.zeros((1, V.MAX_ACTIVE), dtype=np.int64)
    value = np.zeros((1, V.MAX_ACTIVE))
    counts = np.array([V.features(s, 0, index[0], value[0])])
    before = V.position_value(s, 0, weights)
    V.td_learn(weights, index, value, counts, 1, outcome, 0.1, 0.7, np.zeros(V.FEATURE_COUNT))
    after = V.position_value(s, 0, weights)
    assert before == 0.5 and s[WINNER] == NOBODY
    assert (after > before) if outcome == 1.0 else (after < before)


def test_training_is_reproducible_from_its_seed():
    policy = planner_policy()
    a = V.train(16, seed=3, policy=policy, batch=8)
    b = V.train(16, seed=3, policy=policy, batch=8)
    c = V.train(16, seed=4, policy=policy, batch=8)
    assert np.array_equal(a["weights"], b["weights"]) and a["batches"] == b["batches"]
    assert not np.array_equal(a["weights"], c["weights"])
    assert np.abs(a["weights"]).sum() > 0 and a["batches"][-1]["unfinished"] == 0


def test_training_refuses_bad_settings():
    for bad in ({"games": 0}, {"games": 2.5}, {"seed": "1"}, {"batch": True}):
        with pytest.raises(ValueError, match="whole number"):
            V.train(**{"games": 2, "seed": 1, "policy": planner_policy(), **bad})
    with pytest.raises(ValueError, match="play-out policy"):
        V.train(2, 1, np.zeros(3))


def test_the_shipped_weights_load_and_say_how_they_were_trained():
    weights = V.load_weights()
    doc = json.loads(V.WEIGHTS_PATH.read_text())
    assert weights.shape == (V.FEATURE_COUNT,)
    assert doc["command"].startswith("python -m battleline.ancient.kernel.value_training train")
    assert doc["seed"] == 1 and doc["games"] >= 10_000
    assert np.allclose(doc["policy"], planner_policy())      # trained on the planner's own play-outs


def test_load_weights_refuses_a_file_for_other_features(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": [0.0] * 5}))
    with pytest.raises(ValueError, match="other features"):
        V.load_weights(path)


def test_save_writes_what_load_reads(tmp_path):
    result = V.train(4, seed=5, policy=planner_policy(), batch=4)
    save(result, tmp_path / "w.json")
    assert np.allclose(V.load_weights(tmp_path / "w.json"), result["weights"], atol=1e-5)


def test_self_play_starts_from_the_arenas_points_mirror_and_the_scenarios():
    from battleline.ancient.bots import ancient_bot
    from battleline.arena.ancient import ARMY_COLOURS
    from battleline.sides import NORTH, SOUTH
    for level in ("medium", "hard"):
        bot = ancient_bot(level, seed=7)
        assert bot.build_army(ARMY_COLOURS[SOUTH]).text() == V.POINTS_SOUTH
        assert bot.build_army(ARMY_COLOURS[NORTH]).text() == V.POINTS_NORTH
    templates = V.training_templates(1)
    assert len(templates) == 2 * len(V.TRAINING_SCENARIOS)
    assert np.array_equal(templates[0], templates[2]) and not np.array_equal(templates[1], templates[3])


def test_self_play_uses_the_planners_play_out_policy():
    from battleline.ancient.bots.planner import TurnSearch
    search = TurnSearch(state_of(AncientGame.scenario("issus", seed=1)), seed=1)
    assert np.array_equal(planner_policy(), search.policy)


# ------------------------------------------------------------------ the planner's switch
def test_the_value_leaf_is_off_by_default_and_checked():
    from battleline.ancient.bots.dice_search import DiceFightBot, DiceFightValueBot
    from battleline.ancient.bots.planner import PlannerBot
    assert PlannerBot().value_weights is None and DiceFightBot().value_weights is None
    assert DiceFightValueBot().value_weights.shape == (V.FEATURE_COUNT,)
    for bad in (1, "yes", None):
        with pytest.raises(ValueError, match="value_leaf"):
            PlannerBot(value_leaf=bad)


def test_the_switch_scores_each_play_outs_end_by_the_value():
    from battleline.ancient.bots.planner import TurnSearch
    game = AncientGame.empty(seed=1)
    game.put("c2", "Phalangists", "south")
    game.put("c3", "Peltasts", "north")
    game.play("end actions")
    flat = TurnSearch(state_of(game), seed=4, value_weights=np.zeros(V.FEATURE_COUNT))   # every battle going: ½
    values = flat.values(flat.encode(["end melee"]), worlds=6)
    assert set(values) <= {0.0, 0.5, 1.0} and 0.5 in values
    plain = TurnSearch(state_of(game), seed=4)
    assert set(plain.values(plain.encode(["end melee"]), worlds=6)) - {0.0, 0.5, 1.0}


def test_the_mixed_leaf_scores_the_mean_of_the_value_and_hards_score_squashed():
    from battleline.ancient.bots.dice_search import SCALE
    from battleline.ancient.bots.planner import MIX_SCALE, TurnSearch, squash
    game = AncientGame.empty(seed=1)
    game.put("c2", "Phalangists", "south")
    game.put("c3", "Peltasts", "north")
    game.play("end actions")
    weights = V.load_weights()

    def values(**leaf):
        search = TurnSearch(state_of(game), seed=4, **leaf)     # the same seed: the same worlds
        return search.values(search.encode(["end melee"]), worlds=8)
    value, score = values(value_weights=weights), values()
    mixed = values(value_weights=weights, leaf_mix=True)
    assert MIX_SCALE == SCALE and squash(40.0) == pytest.approx(1 / (1 + np.exp(-1)))
    assert any(abs(v - squash(s)) > 0.05 for v, s in zip(value, score))      # the parts differ
    assert mixed == pytest.approx([(v + squash(s)) / 2 for v, s in zip(value, score)])


def test_the_mixed_leaf_is_checked_and_reaches_the_search():
    from battleline.ancient.bots.planner import PlannerBot, TurnSearch
    template = state_of(AncientGame.scenario("issus", seed=1))
    for bad in (1, "yes", None):
        with pytest.raises(ValueError, match="leaf_mix"):
            TurnSearch(template, seed=1, value_weights=np.zeros(V.FEATURE_COUNT), leaf_mix=bad)
    with pytest.raises(ValueError, match="leaf_mix"):
        TurnSearch(template, seed=1, leaf_mix=True)          # a mix needs the value
    for bad in ("Mix", "value", 0):
        with pytest.raises(ValueError, match="value_leaf"):
            PlannerBot(value_leaf=bad)
    game = AncientGame.scenario("issus", seed=1)
    mixed, plain = PlannerBot(seed=1, value_leaf="mix"), PlannerBot(seed=1, value_leaf=True)
    assert mixed.turn_search(game).leaf_mix and not plain.turn_search(game).leaf_mix
    assert mixed.value_weights.shape == (V.FEATURE_COUNT,)


def test_the_value_bot_plays_legal_actions():
    from battleline.ancient.bots.dice_search import DiceFightValueBot
    game = AncientGame.scenario("marathon", seed=3)
    bot = DiceFightValueBot(seed=1, playouts=24, fight_playouts=12)
    used = False
    for _ in range(60):
        if game.outcome is not None:
            break
        action = bot.choose(game.observation(game.to_act))
        assert action in game.legal_actions()
        used = used or bot.last_used_kernel
        game.play(action)
    assert used == kernel.compiled()      # plain Python: SearchBot plays instead


@pytest.mark.slow      # 20,000 battles: about 130 s of CPU compiled
def test_the_shipped_weights_are_what_their_command_trains():
    doc = json.loads(V.WEIGHTS_PATH.read_text())
    again = V.train(doc["games"], doc["seed"], planner_policy(), doc["alpha"], doc["lambda"], doc["epsilon"])
    assert np.allclose(np.round(again["weights"], 5), V.load_weights(), atol=1e-9)
    assert [b["outcome_error_per_turn"] for b in again["batches"]] == [b["outcome_error_per_turn"] for b in doc["batches"]]
