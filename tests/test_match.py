"""Matches: scoring and who starts the next game."""

from __future__ import annotations

import pytest

from battleline import Game, Match, Outcome
from battleline.standard.bots import RandomBot
from battleline.standard.match import game_points


def finish(g: Game, seed: int = 0) -> None:
    bots = [RandomBot(seed=seed), RandomBot(seed=seed + 1)]
    while not g.is_over():
        g.play(bots[g.to_move].choose(g.observation(g.to_move)))


def test_points():
    assert game_points(Outcome(0, "envelopment", (5, 3))) == (5, 3)
    assert game_points(Outcome(1, "breakthrough", (2, 3))) == (2, 5)
    assert game_points(Outcome(0, "deadlock", (4, 3))) == (5, 3)
    assert game_points(Outcome(None, "deadlock", (3, 3))) == (3, 3)


def test_the_winner_starts_the_next_game_and_scores_add_up():
    m = Match(seed=11)
    total = [0, 0]
    for i in range(4):
        g = m.game
        finish(g, seed=i)
        o = g.outcome()
        a, b = game_points(o)
        total[0] += a
        total[1] += b
        assert m.scores == tuple(total)
        nxt = m.next_game()
        expected = o.winner if o.winner is not None else 1 - g.first_player
        assert nxt.first_player == expected and nxt.to_move == expected
    assert len(m.games) == 5


def test_first_game_by_lot_is_seeded():
    assert Match(seed=3).game.first_player == Match(seed=3).game.first_player
    assert {Match(seed=s).game.first_player for s in range(20)} == {0, 1}
    assert Match(seed=3, first=1).game.first_player == 1


def test_next_game_needs_a_finished_game():
    m = Match(seed=1)
    with pytest.raises(ValueError):
        m.next_game()
    with pytest.raises(ValueError):
        Match(first=2)
