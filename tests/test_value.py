"""The value learned by TD(lambda) (battleline.standard.kernel.value) and the planner's switch
that cuts its play-outs with it: features against a plain reference in both kernel modes,
the direction of the TD update, reproducible training, the cut-off."""

from __future__ import annotations

import json

import numpy as np
import pytest

from battleline import Game
from battleline.standard.bots.planner import PlannerBot
from battleline.standard.kernel import state_of
from battleline.standard.kernel import value as V
from battleline.standard.kernel.layout import OVER, PHASE, PLAY, TURN_ACTIVE
from battleline.standard.kernel.policy import POLICY_GREEDY
from util import advance, run_in_plain_python
from value_reference import same

POSITIONS = [(seed, plies) for seed in range(12) for plies in (0, 17, 41, 70, 110)]


def test_features_match_the_reference_on_random_positions():
    checked = 0
    for seed, plies in POSITIONS:
        game = advance(seed, plies)
        for me in (0, 1):
            assert same(V.feature_vector(state_of(game), me), game, me), (seed, plies, me)
            checked += 1
    assert checked == 2 * len(POSITIONS)


PLAIN_FEATURES = """
import sys
sys.path.insert(0, {tests!r})
from battleline.standard import kernel
from battleline.standard.kernel import value as V
from util import advance
from value_reference import same
assert kernel.MODE == "python", kernel.MODE
for seed, plies in {positions!r}:
    game = advance(seed, plies)
    for me in (0, 1):
        assert same(V.feature_vector(kernel.state_of(game), me), game, me), (seed, plies, me)
print("plain features ok")
"""


def test_features_match_the_reference_in_plain_python():
    from pathlib import Path
    code = PLAIN_FEATURES.format(tests=str(Path(__file__).parent), positions=POSITIONS[::3])
    assert "plain features ok" in run_in_plain_python(code)


def near_the_end():
    """A state one turn before its game ends (played by the greedy rule), and its result for seat 0."""
    s = state_of(Game(seed=4))
    while True:
        trial = s.copy()
        V.play_turns(trial, 1, POLICY_GREEDY, 2000)
        if trial[PHASE] == OVER:
            return s, float(V.outcome_for(trial, 0))
        s = trial


@pytest.mark.parametrize("outcome", [1.0, 0.0])
def test_td_moves_a_value_before_the_end_toward_the_outcome(outcome):
    s, _ = near_the_end()
    weights = np.zeros(V.FEATURE_COUNT)
    index = np.zeros((1, V.MAX_ACTIVE), dtype=np.int64)
    value = np.zeros((1, V.MAX_ACTIVE))
    counts = np.array([V.features(s, 0, index[0], value[0])])
    before = V.position_value(s, 0, weights)
    V.td_learn(weights, index, value, counts, 1, outcome, 0.1, 0.7, np.zeros(V.FEATURE_COUNT))
    after = V.position_value(s, 0, weights)
    assert before == 0.5
    assert (after > before) if outcome == 1.0 else (after < before)


def test_training_is_reproducible_from_its_seed():
    a = V.train(30, seed=3, batch=10)
    b = V.train(30, seed=3, batch=10)
    c = V.train(30, seed=4, batch=10)
    assert np.array_equal(a["weights"], b["weights"]) and a["batches"] == b["batches"]
    assert not np.array_equal(a["weights"], c["weights"])
    assert np.abs(a["weights"]).sum() > 0


def test_play_turns_stops_at_the_start_of_the_kth_turn():
    s = state_of(Game(seed=9))
    assert V.play_turns(s, 3, POLICY_GREEDY, 2000) == 3
    assert s[PHASE] == PLAY and s[TURN_ACTIVE] == 0
    assert int(s[V.DECK_LEN]) == state_of(Game(seed=9))[V.DECK_LEN] - 3     # three turns drew three troops


def test_the_shipped_weights_load_and_say_how_they_were_trained():
    weights = V.load_weights()
    doc = json.loads(V.WEIGHTS_PATH.read_text())
    assert weights.shape == (V.FEATURE_COUNT,) and doc["command"].startswith("python -m battleline.standard.kernel.value train")
    assert doc["seed"] == 1 and doc["games"] >= 10_000


def test_load_weights_refuses_a_file_for_other_features(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": [0.0] * 5}))
    with pytest.raises(ValueError, match="other features"):
        V.load_weights(path)


def test_the_planner_switch_is_off_by_default_and_checked():
    assert PlannerBot().value_turns is None and PlannerBot().value_weights is None
    assert PlannerBot(value_turns=2).value_weights.shape == (V.FEATURE_COUNT,)
    for bad in (-1, 1.5, True, "4"):
        with pytest.raises(ValueError, match="value_turns"):
            PlannerBot(value_turns=bad)


def test_the_planner_with_the_value_plays_legal_moves():
    game = Game(seed=5)
    for _ in range(6):
        bot = PlannerBot(seed=2, playouts=60, value_turns=2)
        move = bot.choose(game.observation(game.to_move))
        assert move in game.legal_moves()
        game.play(move)


def scores_in_worlds(bot, game, worlds=20):
    """The rewards the bot's search gives medium's first four moves in ``worlds`` worlds."""
    from battleline.standard.bots.planner import known_places
    from battleline.standard.encoding import encode_move
    obs = game.observation(game.to_move)
    moves = [m for m in game.legal_moves() if m.kind == "play"][:4]
    numbers = np.array([encode_move(m) for m in moves], dtype=np.int64)
    rewards = np.zeros(len(moves))
    rng = np.array([7], dtype=np.int64)
    bot.play_worlds(state_of(game), known_places(obs), numbers, np.ones(len(moves), dtype=np.bool_), worlds,
                    rng, rewards, np.zeros((len(moves), 10), dtype=np.int64))
    return rewards


def test_the_switch_scores_the_value_where_the_play_out_is_cut():
    game = Game(seed=5)
    cut = PlannerBot(seed=1, value_turns=0)
    cut.value_weights = np.zeros(V.FEATURE_COUNT)      # every unfinished position worth one half
    assert np.array_equal(scores_in_worlds(cut, game), np.full(4, 0.5 * 20))
    to_the_end = scores_in_worlds(PlannerBot(seed=1), game)
    assert not np.array_equal(to_the_end, np.full(4, 0.5 * 20))


@pytest.mark.slow      # 60,000 games: about 13 s of CPU compiled
def test_the_shipped_weights_are_what_their_command_trains():
    doc = json.loads(V.WEIGHTS_PATH.read_text())
    again = V.train(doc["games"], doc["seed"], doc["alpha"], doc["lambda"], doc["epsilon"])
    assert np.allclose(np.round(again["weights"], 5), V.load_weights(), atol=1e-9)
