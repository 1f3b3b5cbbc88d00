"""Expectimax with Star1 cut-offs (battleline.expectimax) on small trees built by hand and at
random."""

from __future__ import annotations

import random

import pytest

from battleline.expectimax import Expectimax


class Tree:
    """A tree as nested tuples: a leaf is a number; a decision is a list of options; an option
    is ``(uses_depth, [(chance, subtree), ...])``."""

    def __init__(self, root) -> None:
        self.path = [root]

    def options(self, ply):
        node = self.path[-1]
        return list(range(len(node))) if isinstance(node, list) else []

    def outcomes(self, option):
        return [(p, i) for i, (p, _) in enumerate(self.path[-1][option][1])]

    def uses_depth(self, option):
        return self.path[-1][option][0]

    def play(self, option, outcome):
        self.path.append(self.path[-1][option][1][outcome][1])

    def undo(self):
        self.path.pop()

    def value(self):
        node = self.path[-1]
        return node if not isinstance(node, list) else 0.5


def chance(*branches):
    return (True, list(branches))


def sure(subtree):
    return (False, [(1.0, subtree)])


# Attack (a coin) and, after the result, follow up or stop; or take a safe 0.6 at once.
# After a win following up is worth 1.0 (stopping 0.6); after a loss stopping is worth 0.4
# (following up 0.0). Deciding after the result: 0.5 * 1.0 + 0.5 * 0.4 = 0.7. A plan fixed
# before the dice gets at most 0.5 from the attack, so it takes the safe 0.6.
FOLLOW_UP = [
    sure(0.6),
    chance((0.5, [sure(0.6), chance((1.0, 1.0))]), (0.5, [sure(0.4), chance((1.0, 0.0))])),
]


@pytest.mark.parametrize("star1", [False, True])
def test_the_search_decides_again_after_each_result(star1):
    index, value = Expectimax(Tree(FOLLOW_UP), depth=2, star1=star1).best()
    assert index == 1 and value == pytest.approx(0.7)


def test_a_search_too_shallow_for_the_follow_up_judges_the_attack_by_its_leaves():
    # depth 1: after the attack the leaf value (0.5) stands for both results
    assert Expectimax(Tree(FOLLOW_UP), depth=1).best() == (0, 0.6)


def random_tree(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.15:
        return rng.random()
    options = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.25:
            options.append(sure(random_tree(rng, depth - 1)))
            continue
        weights = [rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
        options.append(chance(*[(w / sum(weights), random_tree(rng, depth - 1)) for w in weights]))
    return options


def test_star1_chooses_as_plain_expectimax_on_random_trees():
    rng = random.Random(7)
    cut = 0
    for _ in range(400):
        tree = random_tree(rng, 5)
        if not isinstance(tree, list):
            continue
        plain = Expectimax(Tree(tree), depth=4, star1=False)
        star1 = Expectimax(Tree(tree), depth=4, star1=True)
        (i, v), (j, w) = plain.best(), star1.best()
        assert i == j and v == pytest.approx(w, abs=1e-12)
        assert star1.leaves <= plain.leaves
        cut += star1.leaves < plain.leaves
    assert cut > 50       # the cut-offs do happen


def test_star1_cuts_with_tight_bounds():
    # the first option is worth 0.9; the second's first outcome (chance 0.9) is 0.0, so even
    # a best outcome of 1.0 for the rest cannot beat 0.9: its second outcome is never valued
    tree = [sure(0.9), chance((0.9, 0.0), (0.1, 1.0))]
    search = Expectimax(Tree(tree), depth=1)
    assert search.best() == (0, 0.9) and search.leaves == 2
    plain = Expectimax(Tree(tree), depth=1, star1=False)
    assert plain.best() == (0, 0.9) and plain.leaves == 3


def test_a_leaf_outside_the_bounds_is_refused():
    with pytest.raises(ValueError, match="outside"):
        Expectimax(Tree([sure(1.5)]), depth=1).best()


@pytest.mark.parametrize("kwargs", [{"depth": -1}, {"depth": 1.5}, {"depth": True}, {"depth": 1, "low": 1, "high": 0}])
def test_bad_search_settings_are_refused(kwargs):
    with pytest.raises(ValueError):
        Expectimax(Tree([sure(0.5)]), **kwargs)


def test_a_root_without_options_is_refused():
    with pytest.raises(ValueError, match="no options"):
        Expectimax(Tree(0.5), depth=1).best()


class WindowLog(Expectimax):
    """Records the upper end of every window a decision is searched with."""

    def node_value(self, depth, ply, alpha, beta):
        self.betas.append(beta)
        return super().node_value(depth, ply, alpha, beta)


def test_in_one_players_tree_no_window_closes_below_high_so_star2_has_nothing_to_cut():
    # Star2 probes each outcome's first option for a lower bound, to fail high sooner; with one
    # player deciding, every window reaches `high`, so no probe could fail high earlier.
    rng = random.Random(11)
    for _ in range(200):
        tree = random_tree(rng, 5)
        if not isinstance(tree, list):
            continue
        search = WindowLog(Tree(tree), depth=4)
        search.betas = []
        search.best()
        assert min(search.betas) >= search.high - 1e-12
