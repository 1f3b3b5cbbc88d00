"""The exact solver, checked against a plain minimax without table or ordering."""

from __future__ import annotations

import random

import pytest

from battleline import Game, solve
from battleline.standard.puzzles import bundled

BASE = """battleline position 1
turn south play
flag 1 claimed by south: north - | south Y8 Y9 Y10
flag 2 claimed by south: north - | south O8 O9 O10
{flag3}
hand north: {north}
hand south: {south}
troop deck: {deck}
tactic deck: rest seed 1
discard north: rest
discard south: -
"""


def naive(g: Game, attacker: int, turns: int) -> bool:
    """Plain AND-OR search over every legal move."""
    o = g.outcome()
    if o is not None:
        return o.winner == attacker
    if g.to_move == attacker and turns <= 0:
        return False
    results = []
    for m in g.legal_moves():
        mover = g.to_move
        g.push(m)
        left = turns - (1 if g.to_move != mover and g.outcome() is None and mover == attacker else 0)
        results.append(naive(g, attacker, left))
        g.undo()
        if mover == attacker and results[-1]:
            return True
        if mover != attacker and not results[-1]:
            return False
    return all(results) if g.to_move != attacker else any(results)


def test_a_one_turn_win_is_found_and_played_out():
    g = Game.from_position(BASE.format(flag3="flag 3: north G1 | south R8 R9", north="G9 G10",
                                       south="R10 B1", deck="B2 B3"))
    sol = solve(g, 1)
    assert sol.wins and sol.turns_needed == 1
    before = g.position()
    for m in sol.line:
        g.play(m)
    assert g.outcome().winner == 1 and g.outcome().reason == "breakthrough"
    assert Game.from_position(before).position() == before


def test_no_win_is_proved():
    g = Game.from_position(BASE.format(flag3="flag 3: north G8 G9 | south R1 R2", north="G10 B10",
                                       south="R3 B1", deck="B2 B3"))
    sol = solve(g, 2)
    assert not sol.wins and "no forced win" in sol.describe()


def test_solver_leaves_the_game_unchanged_and_refuses_bad_input():
    g = Game.from_position(BASE.format(flag3="flag 3: north G1 | south R8 R9", north="G9 G10",
                                       south="R10 B1", deck="B2 B3"))
    before = g.position()
    solve(g, 2)
    assert g.position() == before
    with pytest.raises(ValueError):
        solve(g, 0)


@pytest.mark.parametrize("seed", range(12))
def test_solver_agrees_with_plain_minimax(seed):
    rng = random.Random(seed)
    troops = [f"{c}{v}" for c in "RGBP" for v in range(1, 11)]
    rng.shuffle(troops)
    s3 = troops[:2]
    n3 = troops[2:2 + rng.randrange(0, 3)]
    rest = troops[2 + len(n3):]
    north, south, deck = rest[:2], rest[2:4], rest[4:4 + rng.randrange(0, 3)]
    text = BASE.format(flag3=f"flag 3: north {' '.join(n3) or '-'} | south {' '.join(s3)}",
                       north=" ".join(north), south=" ".join(south), deck=" ".join(deck) or "-")
    g = Game.from_position(text)
    for turns in (1, 2):
        assert bool(solve(g, turns)) == naive(g.copy(), g.to_move, turns), (text, turns)


@pytest.mark.parametrize("puzzle", [p for p in bundled() if p.kind == "win"], ids=lambda p: p.id)
def test_plain_minimax_confirms_each_win_puzzle(puzzle):
    """The bundled win puzzles (Scout, Mud, Deserter, Traitor, Redeploy, known decks) checked
    without the solver: a win within the stated turns, none within one turn fewer."""
    turns = puzzle.answer["turns"]
    g = puzzle.game()
    assert naive(g, g.to_move, turns)
    if turns > 1:
        assert not naive(g, g.to_move, turns - 1)
