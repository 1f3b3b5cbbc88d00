"""Bots: honest (observation only), legal, and able to finish games."""

from __future__ import annotations

import random

import pytest

from battleline import Game
from battleline.bots import HeuristicBot, RandomBot, SearchBot, bot_from_spec
from battleline.worlds import sample_world


def play_out(bots, seed: int, rules: str = "standard") -> Game:
    g = Game(seed=seed, rules=rules)
    n = 0
    while not g.is_over():
        seat = g.to_move
        g.play(bots[seat].choose(g.observation(seat)))  # play() refuses any illegal move
        n += 1
        assert n < 3000
    return g


def tactics_played(g: Game) -> int:
    return g.tactics_played(0) + g.tactics_played(1)


@pytest.mark.slow
def test_random_bots_finish_hundreds_of_games():
    played = 0
    for seed in range(300):
        g = play_out([RandomBot(seed=seed), RandomBot(seed=seed + 1)], seed,
                     "advanced" if seed % 3 == 0 else "standard")
        played += tactics_played(g)
    assert played > 300  # Tactics cards were played along the way


@pytest.mark.slow
def test_heuristic_bot_finishes_games():
    """60 seeded games against RandomBot: all end by a rule, both sides play Tactics, and the
    heuristic wins most of them (57 of 60 when written; a broken heuristic would not)."""
    wins, tactics = 0, [0, 0]
    for seed in range(60):
        heuristic = 0 if seed % 2 else 1
        g = play_out([HeuristicBot(seed=seed), RandomBot(seed=seed)][:: 1 if seed % 2 else -1], seed,
                     "advanced" if seed % 4 == 0 else "standard")
        assert g.outcome().reason in ("breakthrough", "envelopment", "deadlock")
        wins += g.outcome().winner == heuristic
        tactics[0] += g.tactics_played(heuristic)
        tactics[1] += g.tactics_played(1 - heuristic)
    assert wins >= 45, wins
    assert min(tactics) > 0, tactics


@pytest.mark.slow
def test_search_bot_finishes_games():
    """SearchBot on a tiny budget against HeuristicBot: every game ends by a rule, the search
    bot claims flags in each, and wins some (4 of 6 when written)."""
    wins = 0
    for seed in range(6):
        search = 0 if seed % 2 else 1
        g = play_out([SearchBot(seed=seed, iterations=2), HeuristicBot(seed=seed)][:: 1 if seed % 2 else -1],
                     seed)
        o = g.outcome()
        assert o.reason in ("breakthrough", "envelopment", "deadlock")
        assert g.flags_held(search), f"seed {seed}: the search bot claimed no flag"
        wins += o.winner == search
    assert wins >= 1


@pytest.mark.parametrize("make", [lambda s: RandomBot(seed=s), lambda s: HeuristicBot(seed=s),
                                  lambda s: SearchBot(seed=s, iterations=3)])
def test_bots_never_read_hidden_cards(make):
    """Two games that look the same to the bot's seat, with different hidden cards:
    the same bot with the same seed chooses the same move."""
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        g = Game(seed=seed)
        mover = RandomBot(seed=seed)
        for _ in range(rng.randrange(0, 40)):
            if g.is_over():
                break
            g.play(mover.choose(g.observation(g.to_move)))
        if g.is_over():
            continue
        seat = g.to_move
        obs = g.observation(seat)
        other = sample_world(obs, random.Random(seed + 100))
        assert other.observation(seat) == obs
        hidden_differs = (sorted(other.hand(1 - seat)) != sorted(g.hand(1 - seat))
                          or other.deck("troop") != g.deck("troop"))
        assert hidden_differs
        assert make(seed).choose(obs) == make(seed).choose(other.observation(seat))
        checked += 1
    assert checked >= 8


def test_levels_and_names():
    assert isinstance(bot_from_spec("easy"), RandomBot)
    assert isinstance(bot_from_spec("medium"), HeuristicBot)
    assert isinstance(bot_from_spec("hard"), SearchBot)
    assert isinstance(bot_from_spec("battleline.bots:RandomBot"), RandomBot)
    for bad in ("nightmare", "battleline.bots:Nope", "no.such.module:X", 42):
        with pytest.raises(ValueError):
            bot_from_spec(bad)


def test_sampled_worlds_agree_with_the_observation():
    rng = random.Random(0)
    for seed in range(25):
        g = Game(seed=seed)
        mover = RandomBot(seed=seed)
        while not g.is_over():
            for seat in (0, 1):
                obs = g.observation(seat)
                w = sample_world(obs, rng)
                assert w.observation(seat) == obs
                if g.to_move == seat:
                    assert set(w.legal_moves()) == set(g.legal_moves())
            g.play(mover.choose(g.observation(g.to_move)))
