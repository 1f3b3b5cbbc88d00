"""Search under hidden cards in the kernel: determinizations and play-outs of the candidates.

Each world deals the cards the searching seat cannot see at random again (the opponent's
unknown hand cards and the unknown deck cards are shuffled among those places; what the seat
knows stays put). Every candidate still in the search is played in that same world, then the
play-out policy (the greedy rule, or with the flag bits of
:mod:`~battleline.standard.kernel.policy` Tactics cards and the contest rule) plays both sides
to the end of the game, and the result is scored for the
searching seat: 1 for a win, 0.5 for a draw, 0 for a loss, plus a small share for the flags
held more than the opponent (so that, among lost or won games, more flags still count; a
review, which wants the chance of winning itself, asks for no share). Each play-out also
counts, per candidate, the flags the searching seat holds at its end (``held``), which the
review's reasons quote. :func:`search_paired_value` cuts each play-out short after a few
turns and scores the learned value of :mod:`~battleline.standard.kernel.value` instead.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from .layout import (
    CLAIMED, DECK_LEN, HAND_TACTICS, HAND_TROOPS, OVER, PHASE, STATE_SIZE, TACTIC_DECK, TO_MOVE,
    TROOP_COUNT, TROOP_DECK, WINNER, DRAWN,
)
from .play import shuffle
from .policy import POLICY_GREEDY, play_policy
from .rules import apply_move, flags_held
from .value import leaf_value, play_turns
from ...compiled.bits import popcount

FLAG_SHARE = 0.02          # of a win, per flag held more than the opponent at the end
MAX_PLAYOUT_MOVES = 2000   # a guard: every game ends well before (the deadlock rule)
TO_THE_END = -1            # the play-outs' turns when they play to the end, not cut off


@kernel_function
def reshuffle_troops(world, opponent, known_hand, known_slots, pool):
    """Deal the opponent's unknown troops and the troop deck's unknown slots again."""
    hand = world[HAND_TROOPS + opponent]
    unknown = hand & ~known_hand
    n = 0
    x = unknown
    while x:
        c = 0
        while not (x >> c) & 1:
            c += 1
        pool[n] = c
        n += 1
        x &= x - 1
    in_hand = n
    for i in range(world[DECK_LEN]):
        if not known_slots[i]:
            pool[n] = world[TROOP_DECK + i]
            n += 1
    return n, in_hand


@kernel_function
def determinize(template, world, rng, opponent, known_troops, known_tactics, known_troop_slots,
                known_tactic_slots, pool):
    """``world`` becomes ``template`` with the hidden cards dealt again at random."""
    world[:] = template
    # Troops.
    n, in_hand = reshuffle_troops(world, opponent, known_troops, known_troop_slots, pool)
    shuffle(pool, n, rng)
    hand = world[HAND_TROOPS + opponent] & known_troops
    for i in range(in_hand):
        hand |= 1 << pool[i]
    world[HAND_TROOPS + opponent] = hand
    j = in_hand
    for i in range(world[DECK_LEN]):
        if not known_troop_slots[i]:
            world[TROOP_DECK + i] = pool[j]
            j += 1
    # Tactics, the same way (bits 0-9 of the hand mask stand for cards 60-69).
    tactics = world[HAND_TACTICS + opponent]
    unknown = tactics & ~known_tactics
    n = 0
    for t in range(10):
        if unknown >> t & 1:
            pool[n] = t
            n += 1
    in_hand = n
    for i in range(world[DECK_LEN + 1]):
        if not known_tactic_slots[i]:
            pool[n] = world[TACTIC_DECK + i] - TROOP_COUNT
            n += 1
    shuffle(pool, n, rng)
    hand = tactics & known_tactics
    for i in range(in_hand):
        hand |= 1 << pool[i]
    world[HAND_TACTICS + opponent] = hand
    j = in_hand
    for i in range(world[DECK_LEN + 1]):
        if not known_tactic_slots[i]:
            world[TACTIC_DECK + i] = pool[j] + TROOP_COUNT
            j += 1


@kernel_function
def flag_margin(world, me):
    """How many flags ``me`` holds more than the opponent in ``world``."""
    return popcount(flags_held(world, me)) - popcount(flags_held(world, 1 - me))


@kernel_function
def result_value(world, me, flag_share):
    """The finished (or cut-off) play-out's value for ``me``: 1, 0.5 or 0, plus ``flag_share``
    per flag held more than the opponent."""
    margin = flag_margin(world, me)
    value = 0.5 + flag_share * margin
    if world[PHASE] == OVER:
        if world[WINNER] == me:
            value = 1.0 + flag_share * margin
        elif world[WINNER] != DRAWN:
            value = flag_share * margin
    return value


@kernel_function
def count_held(world, me, held, k):
    """Add one to ``held[k, f]`` for every flag ``f`` (1-9) that ``me`` holds in ``world``."""
    for f in range(1, 10):
        if world[CLAIMED + f] == me:
            held[k, f] += 1


@kernel_function
def search_paired(template, known_troops, known_tactics, known_troop_slots, known_tactic_slots,
                  moves, active, n_moves, worlds, rng, rewards, flag_share, held):
    """Play every active candidate in the same ``worlds`` determinizations (so that their
    differences are measured on common deals), adding each play-out's value
    (:func:`result_value` with ``flag_share``) to ``rewards`` and its held flags to ``held``
    (``n_moves`` × 10); returns the play-outs made. The play-outs play the greedy rule
    (:func:`search_paired_with` chooses another policy)."""
    return search_paired_with(template, known_troops, known_tactics, known_troop_slots, known_tactic_slots,
                              moves, active, n_moves, worlds, rng, rewards, flag_share, held, POLICY_GREEDY)


@kernel_function
def search_paired_with(template, known_troops, known_tactics, known_troop_slots, known_tactic_slots,
                       moves, active, n_moves, worlds, rng, rewards, flag_share, held, policy):
    """:func:`search_paired` whose play-outs play the ``policy`` (an int of the flag bits
    ``POLICY_TACTICS`` and ``POLICY_CONTEST`` of :mod:`~battleline.standard.kernel.policy`;
    ``POLICY_GREEDY``, 0, the greedy rule), for both sides, to the end of the game."""
    return search_paired_value(template, known_troops, known_tactics, known_troop_slots, known_tactic_slots,
                               moves, active, n_moves, worlds, rng, rewards, flag_share, held, policy,
                               np.empty(0, dtype=np.float64), TO_THE_END)


@kernel_function
def search_paired_value(template, known_troops, known_tactics, known_troop_slots, known_tactic_slots,
                        moves, active, n_moves, worlds, rng, rewards, flag_share, held, policy,
                        weights, turns):
    """:func:`search_paired_with` whose play-outs stop after ``turns`` turns (at a turn's
    start, after the mover's claims) and score the learned value (``weights``:
    :func:`~battleline.standard.kernel.value.leaf_value`) plus ``flag_share`` per flag held
    more than the opponent then; a game that ends before scores its result as there.
    ``turns`` :data:`TO_THE_END` plays each play-out out instead (:func:`played_out_value`)."""
    me = template[TO_MOVE]
    world = np.empty(STATE_SIZE, dtype=np.int64)
    trial = np.empty(STATE_SIZE, dtype=np.int64)
    pool = np.empty(TROOP_COUNT, dtype=np.int64)
    made = 0
    for _ in range(worlds):
        determinize(template, world, rng, 1 - me, known_troops, known_tactics, known_troop_slots,
                    known_tactic_slots, pool)
        for k in range(n_moves):
            if not active[k]:
                continue
            trial[:] = world
            apply_move(trial, moves[k])
            rewards[k] += played_out_value(trial, me, flag_share, policy, weights, turns)
            count_held(trial, me, held, k)
            made += 1
    return made


@kernel_function
def played_out_value(trial, me, flag_share, policy, weights, turns):
    """Play ``trial`` on by ``policy`` and score it for ``me``: to the end (``turns`` is
    :data:`TO_THE_END`) by :func:`result_value`, else for ``turns`` turns by the learned value
    (``weights``) plus ``flag_share`` per flag held more than the opponent."""
    if turns == TO_THE_END:
        play_policy(trial, MAX_PLAYOUT_MOVES, policy)
        return result_value(trial, me, flag_share)
    play_turns(trial, turns, policy, MAX_PLAYOUT_MOVES)
    return leaf_value(trial, me, weights) + flag_share * flag_margin(trial, me)
