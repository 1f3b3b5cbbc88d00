"""Encodings for agents, and the PettingZoo environment (when the [rl] extra is installed)."""

from __future__ import annotations

import random

import pytest

from battleline import Game
from battleline.standard.bots import RandomBot
from battleline.standard.encoding import (ALL_MOVES, MOVE_COUNT, OBSERVATION_SIZE, decode_move, encode_move,
                                 legal_mask, observation_vector)


def test_every_move_has_one_number():
    assert len(set(ALL_MOVES)) == MOVE_COUNT
    for i, m in enumerate(ALL_MOVES):
        assert encode_move(m) == i and decode_move(i) == m
    with pytest.raises(ValueError):
        decode_move(MOVE_COUNT)


@pytest.mark.slow
def test_masks_and_observations_along_games():
    for seed in range(5):
        g = Game(seed=seed)
        bot = RandomBot(seed=seed)
        while not g.is_over():
            mask = legal_mask(g)
            assert {ALL_MOVES[i] for i, x in enumerate(mask) if x} == set(g.legal_moves())
            for seat in (0, 1):
                v = observation_vector(g.observation(seat))
                assert len(v) == OBSERVATION_SIZE and all(0.0 <= x <= 1.0 for x in v)
            g.play(bot.choose(g.observation(g.to_move)))


def test_observation_vector_hides_the_opponents_hand():
    g = Game(seed=3)
    v = observation_vector(g.observation(0))
    width = (OBSERVATION_SIZE - 28) // 70
    for c in g.hand(1):
        assert not any(v[int(c) * width: int(c) * width + width])
    for c in g.hand(0):
        assert v[int(c) * width] == 1.0


def test_pettingzoo_api():
    pytest.importorskip("pettingzoo", reason="the [rl] extra is not installed")
    from pettingzoo.test import api_test
    from battleline.standard.rl import env
    api_test(env(), num_cycles=300)


def test_pettingzoo_plays_a_game_to_the_end():
    pytest.importorskip("pettingzoo", reason="the [rl] extra is not installed")
    import numpy as np
    from battleline.standard.rl import env
    e = env()
    e.reset(seed=4)
    rng = random.Random(0)
    final = {}
    for agent in e.agent_iter(max_iter=5000):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(list(legal))))
    assert e.game.is_over()
    assert sorted(final.values()) in ([-1, 1], [0, 0])


@pytest.mark.parametrize("bad", [1.9, True, "1", None, -1, MOVE_COUNT])
def test_pettingzoo_step_refuses_what_is_no_move_number_and_changes_nothing(bad):
    """step(1.9) played move 1."""
    pytest.importorskip("pettingzoo", reason="the [rl] extra is not installed")
    import numpy as np
    from battleline.standard.rl import env
    e = env()
    e.reset(seed=4)
    before, agent = e.game.position(), e.agent_selection
    with pytest.raises(ValueError, match="move number") as info:
        e.step(bad)
    assert len(str(info.value)) < 200
    assert e.game.position() == before and e.agent_selection == agent
    legal = int(np.flatnonzero(e.observe(agent)["action_mask"])[0])
    e.step(np.int64(legal))                     # what action_space.sample() gives
    assert e.game.position() != before


@pytest.mark.parametrize("bad", ["x", 1.5, True, [1]])
def test_pettingzoo_reset_refuses_a_seed_that_is_no_whole_number(bad):
    pytest.importorskip("pettingzoo", reason="the [rl] extra is not installed")
    from battleline.standard.rl import env
    e = env()
    with pytest.raises(ValueError, match="seed"):
        e.reset(seed=bad)
