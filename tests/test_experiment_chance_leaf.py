"""docs/experiments/search_v4.py: v4 of `hard` (the chance leaf, Tactics only to win) still
runs, plays legal moves, sees only its observation, and its two switches do what they say."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from test_bots_search import never_reads_hidden_cards

from battleline import Game
from battleline.standard.bots import SearchBot


def load_experiment():
    path = Path(__file__).resolve().parent.parent / "docs" / "experiments" / "search_v4.py"
    spec = importlib.util.spec_from_file_location("search_v4_experiment", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


V4 = load_experiment().SearchBotV4


def test_v4_rejects_an_unknown_leaf_value_or_tactics_rule():
    with pytest.raises(ValueError, match="leaf"):
        V4(leaf="result")
    with pytest.raises(ValueError, match="tactics"):
        V4(tactics="never")


def test_v4_draws_troops_where_hard_draws_the_first_tactics_card():
    # With tactics="win" it holds no Tactics card: it draws troops while the troop deck lasts.
    for seed in range(4):
        g = Game(seed=seed)
        g.play(next(m for m in g.legal_moves() if m.kind == "play"))
        assert g.phase == "draw"
        move = V4(seed=1, iterations=2).choose(g.observation(g.to_move))
        assert move.kind == "draw" and move.deck == "troop"
        # Priced as `medium` prices them (hard's way), the first Tactics card is drawn.
        for bot in (SearchBot(seed=1, iterations=2), V4(seed=1, iterations=2, tactics="priced")):
            move = bot.choose(g.observation(g.to_move))
            assert move.kind == "draw" and move.deck == "tactic"


def test_v4_values_a_playout_by_its_chance_of_winning():
    g = Game(seed=9)
    bot = V4(seed=2, iterations=3, move_time=60.0)
    values = []
    bot.leaf_value = lambda w, me: values.append(V4.leaf_value(bot, w, me)) or values[-1]
    assert bot.choose(g.observation(g.to_move)) in g.legal_moves()
    assert bot.last_worlds == 3
    # a chance of winning, scaled: never above a won game
    assert values and all(0.0 <= v <= load_experiment().CHANCE_SCALE for v in values)


@pytest.mark.slow
def test_v4_never_reads_hidden_cards():
    never_reads_hidden_cards(lambda seed: V4(seed=seed, iterations=6, move_time=60.0))


def test_v4_with_both_switches_back_plays_as_hard():
    g = Game(seed=11)
    for _ in range(6):
        obs = g.observation(g.to_move)
        hard = SearchBot(seed=3, iterations=4, move_time=60.0).choose(obs)
        assert V4(seed=3, iterations=4, move_time=60.0, leaf="flags", tactics="priced").choose(obs) == hard
        g.play(hard)
