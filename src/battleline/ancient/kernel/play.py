"""Whole battles in the kernel: perft and random battles.

Taking an action back is copying the position first (one array per level of a search); the
dice array is shared by every copy, as the engine's undo keeps the rolls it rewinds past.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from ...compiled.randomness import random_below, shuffle, xorshift
from ...compiled.walks import ACTION, LEVEL, TOTAL, depth_first, walk_listed, walk_next
from .effects import apply, settle
from .layout import (
    DECK, DECK_LEN, DICE_COUNT, DICE_POS, DICE_RNG, DICE_SHORT, MAX_ACTIONS, P_OVER, PHASE, REASON,
    STATE_SIZE, WINNER,
)
from .rules import legal_actions

MAX_BATTLE_ACTIONS = 100_000           # a guard: random battles end in a few hundred


@kernel_function
def perft_count(root, dice, depth, max_nodes):
    """The number of action sequences of length ``depth`` from ``root`` (a settled position),
    walked depth first with one saved position per level; -1 once it has played more than
    ``max_nodes`` actions (the last level's actions are counted, not played)."""
    states, actions, branches, walk = depth_first(root, depth, MAX_ACTIONS, max_nodes)
    walk_listed(branches, walk, legal_actions(states[0], actions[0]))
    while walk_next(states, actions, branches, walk):
        level = walk[LEVEL]
        walk_listed(branches, walk, apply(states[level + 1], dice, walk[ACTION], actions[level + 1]))
    return walk[TOTAL]


@kernel_function
def random_battle(s, dice, rng, actions):
    """Play the battle in ``s`` to its end, each decision uniform over the legal actions (as
    the bench's reference battles); returns the actions played."""
    n = settle(s, dice, actions)
    played = 0
    while n > 0 and played < MAX_BATTLE_ACTIONS:
        n = apply(s, dice, actions[random_below(rng, n)], actions)
        played += 1
    return played


@kernel_function
def random_battles_run(template, n_battles, seed_state, results):
    """Play ``n_battles`` random battles from ``template`` (its Tactics deck reshuffled and
    fresh dice for each); ``results[i]`` gets (winner, reason, actions, over) of battle i."""
    rng = np.empty(1, dtype=np.int64)
    rng[0] = seed_state
    dice = np.zeros(3 + (1 << 16), dtype=np.int64)
    dice[DICE_RNG] = rng[0] ^ 0x5DEECE66D          # the dice's own stream, never zero
    dice[DICE_RNG] = xorshift(dice[DICE_RNG]) | 1
    s = np.empty(STATE_SIZE, dtype=np.int64)
    actions = np.empty(MAX_ACTIONS, dtype=np.int64)
    for i in range(n_battles):
        s[:] = template
        shuffle(s[DECK:], s[DECK_LEN], rng)
        dice[DICE_COUNT] = 0
        dice[DICE_SHORT] = 0
        s[DICE_POS] = 0
        results[i, 2] = random_battle(s, dice, rng, actions)
        results[i, 0] = s[WINNER]
        results[i, 1] = s[REASON]
        results[i, 3] = 1 if s[PHASE] == P_OVER else 0
