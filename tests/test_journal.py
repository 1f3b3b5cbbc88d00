"""Undo through the journal (battleline.standard.journal): every move of every kind is taken
back exactly, down to each list's order and the private masks, with no undo of its own."""

from __future__ import annotations

import copy
import random

import pytest

from battleline import Game
from battleline.standard import journal

# The parts: the journal is compared by length; of the claim memory, the flag versions are
# state (undo brings them back), the remembered verdicts and the version clock are caches
# that only go forward.
NOT_STATE = {"journal", "claim_memory"}


def state(g: Game) -> dict:
    public = {k: v for k, v in vars(g).items() if k not in NOT_STATE}
    return copy.deepcopy({**public, "claim_memory.versions": g.claim_memory.versions})


def differences(before: dict, after: dict) -> list[str]:
    return [k for k in before.keys() | after.keys() if before.get(k) != after.get(k)]


def taken_back(seed: int) -> set[str]:
    """Play a random game; at each position push one legal move of each kind (and one more at
    random) and take it back, checking the state; then take the whole game back. Returns the
    kinds of move taken back."""
    g, rng = Game(seed=seed, rules="advanced" if seed % 2 else "standard"), random.Random(seed)
    kinds, trail = set(), []
    while not g.is_over():
        moves = g.legal_moves()
        before, sizes = state(g), (len(g.moves), len(g.journal))
        one_of_each = {m.kind: m for m in rng.sample(moves, len(moves))}
        for m in [*one_of_each.values(), rng.choice(moves)]:
            g.push(m)
            assert g.undo() == m
            assert differences(before, state(g)) == [], m
            assert (len(g.moves), len(g.journal)) == sizes
        kinds |= set(one_of_each)
        trail.append(before)
        g.push(rng.choice(moves))
    while g.moves:   # and the whole game back to the deal, one move at a time
        g.undo()
        assert differences(trail.pop(), state(g)) == []
    assert g.position() == Game(seed=seed, rules=g.rules).position()
    return kinds


@pytest.mark.parametrize("seed", range(4))
def test_each_move_is_taken_back_exactly(seed):
    assert {"play", "draw", "claim"} <= taken_back(seed)


@pytest.mark.slow
def test_every_kind_of_move_is_taken_back_exactly():
    kinds = set().union(*(taken_back(seed) for seed in range(4, 24)))
    assert kinds >= {"play", "draw", "claim", "pass", "scout", "return", "redeploy", "deserter", "traitor"}


def test_the_single_values_saved_are_the_ones_moves_replace():
    """Every attribute a move may replace is saved; the rest are lists changed through the
    journal, or fixed."""
    g = Game(seed=3)
    scalars = {k for k, v in vars(g).items() if not isinstance(v, (list, dict)) and k not in NOT_STATE}
    fixed = {"rules", "seed", "first_player"}
    assert set(journal.SAVED_FIELDS) == scalars - fixed


def test_the_exactness_check_can_fail():
    """A journal that forgets one kind of change leaves a difference the test above names."""
    g = Game(seed=4, first=0)
    before = state(g)
    g.push(g.legal_moves()[0])
    g.journal.log.pop()        # forget the last change the play made
    g.undo()
    assert differences(before, state(g))
