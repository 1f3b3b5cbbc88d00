"""A depth-first walk of kernel positions, for both games' perft (``standard.kernel.play``,
``ancient.kernel.play``): the stack, the next branch, the count.

The walk keeps one position per level, the actions listed there and the next to play; the
game plays each branch it is given and says how many actions the position reached lists.
The last level's actions are counted, not played. A kernel cannot take another kernel as an
argument and stay in the disk cache, so the game's loop calls these three:

    states, actions, branches, walk = depth_first(root, depth, MAX_ACTIONS, max_nodes)
    walk_listed(branches, walk, legal_actions(states[0], actions[0]))
    while walk_next(states, actions, branches, walk):
        level = walk[LEVEL]
        walk_listed(branches, walk, <play walk[ACTION] in states[level + 1], list into actions[level + 1]>)
    return walk[TOTAL]     # -1: more than max_nodes actions played

>>> import numpy as np
>>> states, actions, branches, walk = depth_first(np.zeros(1, dtype=np.int64), 3, 2, 100)
>>> walk_listed(branches, walk, 2)                 # a toy game: two actions everywhere
>>> while walk_next(states, actions, branches, walk):
...     walk_listed(branches, walk, 2)
>>> int(walk[TOTAL])
8
"""

from __future__ import annotations

import numpy as np

from . import kernel_function

__all__ = ["ACTION", "DEPTH", "LEFT", "LEVEL", "TOTAL", "depth_first", "walk_listed", "walk_next"]

# the walk's fields: its depth, the level whose actions are being played, the action to play,
# the count so far (-1 once the budget is spent), the actions it may still play
DEPTH, LEVEL, ACTION, TOTAL, LEFT = range(5)


@kernel_function
def depth_first(root, depth, max_actions, max_nodes):
    """A walk of ``depth`` levels from ``root`` (a settled position): a position per level,
    ``max_actions`` actions per level, per level the actions listed and the next to play
    (``branches[0]``, ``branches[1]``), and the walk's fields."""
    levels = max(depth, 1)
    states = np.empty((levels, root.shape[0]), dtype=np.int64)
    actions = np.empty((levels, max_actions), dtype=np.int64)
    branches = np.zeros((2, levels), dtype=np.int64)
    walk = np.zeros(5, dtype=np.int64)
    states[0, :] = root
    walk[DEPTH] = depth
    walk[LEVEL] = -1
    walk[LEFT] = max_nodes
    walk[TOTAL] = 1 if depth == 0 else 0
    return states, actions, branches, walk


@kernel_function
def walk_listed(branches, walk, n):
    """The position just reached (the root, or the branch just played) lists ``n`` actions:
    on the last level they are counted, else the walk goes down to play them."""
    level = walk[LEVEL] + 1
    if walk[DEPTH] == 0:
        return
    if level == walk[DEPTH] - 1:
        walk[TOTAL] += n
    else:
        walk[LEVEL] = level
        branches[0, level] = n
        branches[1, level] = 0


@kernel_function
def walk_next(states, actions, branches, walk):
    """The next branch: back up to the deepest level with an action left, copy its position
    a level down and put the action in ``walk[ACTION]``. False once every branch is played,
    or once more than the budget's actions would be (``walk[TOTAL]`` is then -1: compiled
    code ignores Ctrl-C, so the caller bounds the walk)."""
    level = walk[LEVEL]
    while level >= 0 and branches[1, level] >= branches[0, level]:
        level -= 1
    walk[LEVEL] = level
    if level < 0:
        return False
    walk[LEFT] -= 1
    if walk[LEFT] < 0:
        walk[TOTAL] = -1
        return False
    walk[ACTION] = actions[level, branches[1, level]]
    branches[1, level] += 1
    states[level + 1, :] = states[level]
    return True
