"""docs/experiments/ismcts.py: the information-set search plays legal, whole, reproducible games."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from battleline import Game
from battleline.standard.bots import GreedyBot, RandomBot
from battleline.standard.worlds import sample_world


def load_experiment():
    path = Path(__file__).resolve().parent.parent / "docs" / "experiments" / "ismcts.py"
    spec = importlib.util.spec_from_file_location("ismcts_experiment", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_ismcts_plays_a_whole_game_of_legal_moves_against_greedy():
    ismcts = load_experiment()
    g = Game(seed=9001)
    bots = {0: ismcts.ISMCTSBot(seed=1, iterations=6), 1: GreedyBot(seed=2)}
    searched = 0
    while not g.is_over():
        seat = g.to_move
        move = bots[seat].choose(g.observation(seat))
        assert move in g.legal_moves(), move
        searched += seat == 0 and bots[0].last_iterations > 0
        g.play(move)
    assert g.outcome().reason in ("breakthrough", "envelopment", "deadlock")
    assert searched > 0   # the search ran, not only the forced moves


def test_ismcts_same_observation_and_seed_give_the_same_move():
    ismcts = load_experiment()
    g = Game(seed=7)
    mover = RandomBot(seed=7)
    for _ in range(10):
        g.play(mover.choose(g.observation(g.to_move)))
    while g.phase != "play" or g.provable_flags(g.to_move):
        g.play(mover.choose(g.observation(g.to_move)))
    obs = g.observation(g.to_move)
    first = ismcts.ISMCTSBot(seed=3, iterations=15).choose(obs)
    again = ismcts.ISMCTSBot(seed=3, iterations=15).choose(obs)
    assert first == again
    assert first in g.legal_moves()
    # Only the observation counts: a game that differs in the hidden cards gets the same move.
    other = sample_world(obs, random.Random(99))
    assert other.hand(1 - g.to_move) != g.hand(1 - g.to_move)
    assert ismcts.ISMCTSBot(seed=3, iterations=15).choose(other.observation(g.to_move)) == first
