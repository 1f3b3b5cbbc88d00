"""Whole games in the kernel: the deal, perft and random games.

The random stream is :mod:`battleline.compiled.randomness` (xorshift64 held in a one-element
``int64`` array, shared with the Ancient Battles kernel).
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from ...compiled.randomness import random_below, shuffle
from ...compiled.walks import ACTION, LEVEL, TOTAL, depth_first, walk_listed, walk_next
from .layout import (
    ADVANCED, CLAIM_BASE, CLAIMED, CLOCK, DECK_LEN, DRAW, FOG_OWNER, HAND_SIZE, HAND_TROOPS,
    MAX_MOVES, MUD_OWNER, NOBODY, OVER, PHASE, PLAY, REASON, STATE_SIZE, TACTIC_DECK, TO_MOVE,
    TROOP_COUNT, TROOP_DECK, WINNER,
)
from .rules import apply_move, legal_moves, provable_flags

@kernel_function
def deal(s, rng, advanced):
    """A new game in ``s``: both decks shuffled, seven troops each, the first player by lot."""
    s[:] = 0
    troops = np.arange(TROOP_COUNT, dtype=np.int64)
    shuffle(troops, TROOP_COUNT, rng)
    tactics = np.arange(TROOP_COUNT, TROOP_COUNT + 10, dtype=np.int64)
    shuffle(tactics, 10, rng)
    first = random_below(rng, 2)
    for i in range(2 * HAND_SIZE):
        s[HAND_TROOPS + (first + i) % 2] |= 1 << troops[i]
    for i in range(TROOP_COUNT - 2 * HAND_SIZE):
        s[TROOP_DECK + i] = troops[2 * HAND_SIZE + i]
    for i in range(10):
        s[TACTIC_DECK + i] = tactics[i]
    s[DECK_LEN] = TROOP_COUNT - 2 * HAND_SIZE
    s[DECK_LEN + 1] = 10
    for f in range(1, 10):
        s[CLAIMED + f] = -1
    s[FOG_OWNER] = -1
    s[MUD_OWNER] = -1
    s[TO_MOVE] = first
    s[PHASE] = PLAY
    s[ADVANCED] = advanced
    s[CLOCK] = 1
    s[WINNER] = NOBODY


@kernel_function
def perft_count(root, depth, max_nodes):
    """The number of move sequences of length ``depth`` from ``root`` (claims included),
    walked depth first with one saved state per level; -1 once it has played more than
    ``max_nodes`` moves (the last level's moves are counted, not played)."""
    states, moves, branches, walk = depth_first(root, depth, MAX_MOVES, max_nodes)
    walk_listed(branches, walk, legal_moves(states[0], moves[0], True))
    while walk_next(states, moves, branches, walk):
        after = states[walk[LEVEL] + 1]
        apply_move(after, walk[ACTION])
        walk_listed(branches, walk, legal_moves(after, moves[walk[LEVEL] + 1], True))
    return walk[TOTAL]


@kernel_function
def claim_all(s):
    """Claim every provable flag of the player to move, one by one, until the game ends;
    returns the claims made."""
    provable = provable_flags(s, s[TO_MOVE])
    made = 0
    for f in range(1, 10):
        if provable >> f & 1:
            apply_move(s, CLAIM_BASE + f - 1)
            made += 1
            if s[PHASE] == OVER:
                break
    return made


@kernel_function
def random_game(s, rng, moves):
    """Play the game in ``s`` to its end as the reference bench does: every provable flag
    claimed (before playing under the Advanced rule, before drawing otherwise), then a random
    legal move. Returns the moves made, claims included."""
    played = 0
    while s[PHASE] != OVER:
        phase = s[PHASE]
        if (phase == PLAY and s[ADVANCED]) or (phase == DRAW and not s[ADVANCED]):
            played += claim_all(s)
            if s[PHASE] == OVER:
                return played
        n = legal_moves(s, moves, False)
        apply_move(s, moves[random_below(rng, n)])
        played += 1
    return played


@kernel_function
def random_games_run(n_games, seed_state, rules_code, results):
    """Play ``n_games`` random games; ``results[i]`` gets (winner, reason, moves) of game i.
    ``rules_code``: 0 standard, 1 Advanced, 2 alternating (standard first)."""
    rng = np.empty(1, dtype=np.int64)
    rng[0] = seed_state
    s = np.empty(STATE_SIZE, dtype=np.int64)
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    for i in range(n_games):
        advanced = i % 2 if rules_code == 2 else rules_code
        deal(s, rng, advanced)
        results[i, 2] = random_game(s, rng, moves)
        results[i, 0] = s[WINNER]
        results[i, 1] = s[REASON]
