"""The play-out policy in the kernel: greedy turns, as :mod:`battleline.standard.bots.playout` plays them.

Claim every provable flag; play the troop whose side could still complete the strongest
formation with the troops not yet visible (ties: the flag nearest the centre, then the lower
flag, the lower value, the lower card), or pass; claim again; draw a troop (a Tactics card
when the troop deck is empty). No Tactics card is played. During a Scout turn (only a
searched move starts one) it draws troops and puts back its lowest troops.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from .layout import (
    DECK_LEN, DRAW, DRAW_TACTIC, DRAW_TROOP, END_MOVE, FOG_FLAG, HAND_SIZE, HAND_TACTICS,
    HAND_TROOPS, OVER, PASS_MOVE, PHASE, PLAY, PLAY_BASE, RETURN_BASE, SCOUT_DRAW, SIDE_LEN, TO_MOVE,
    TROOP_COUNT, TROOPS_ALL, VISIBLE,
)
from .rules import (
    apply_move, cards_needed, claims_open, free_flags, hand_size, provable_flags, side_index,
    side_masks,
)
from .play import claim_all
from .strength import COLORS, strongest_above

CENTRE_FIRST = np.array([5, 4, 6, 3, 7, 2, 8, 1, 9], dtype=np.int64)
NOT_SCORED = -2


@kernel_function
def potential(troops, wilds, count, card, need, fog, available, floor):
    """The strongest formation the side (``count`` cards) plus ``card`` could still complete,
    when it is stronger than ``floor`` (``NO_COMPLETION`` otherwise)."""
    missing = need - count - 1
    troops |= 1 << card
    if missing <= 0:
        return strongest_above(troops, wilds, 0, 0, fog, floor)
    return strongest_above(troops, wilds, available & ~(1 << card), missing, fog, floor)


@kernel_function
def hand_by_value(hand, cards):
    """Write the troops of a hand mask into ``cards``, highest value first (then colour);
    returns how many."""
    n = 0
    for v in range(9, -1, -1):
        for color in range(COLORS):
            c = color * 10 + v
            if hand >> c & 1:
                cards[n] = c
                n += 1
    return n


@kernel_function
def greedy_card(s, player):
    """The greedy rule's move for the player to move in the play phase (a pass when no troop
    can be placed)."""
    free = free_flags(s, player)
    hand = s[HAND_TROOPS + player]
    if not free or not hand:
        return PASS_MOVE
    available = TROOPS_ALL & ~s[VISIBLE]
    cards = np.empty(TROOP_COUNT, dtype=np.int64)
    n_cards = hand_by_value(hand, cards)
    # An empty side's potential depends only on the card, the size and Fog: scored once.
    empty_scores = np.full((4, TROOP_COUNT), NOT_SCORED, dtype=np.int64)
    best_key = -1
    best_move = PASS_MOVE
    for i in range(9):
        f = CENTRE_FIRST[i]
        if not free >> f & 1:
            continue
        need = cards_needed(s, f)
        fog = s[FOG_FLAG] == f
        troops, wilds = side_masks(s, player, f)
        count = s[SIDE_LEN + side_index(player, f)]
        kind = 2 * (need - 3) + int(fog)
        for j in range(n_cards):     # strong cards first, so that the floor rises early
            c = cards[j]
            if count == 0:
                score = empty_scores[kind, j]
                if score == NOT_SCORED:
                    score = potential(0, 0, 0, c, need, fog, available, -1)
                    empty_scores[kind, j] = score
            else:
                # Only a formation at least as strong as the best so far can be chosen.
                floor = best_key // 10000 - 3 if best_key >= 0 else -1     # the best score, less one
                score = potential(troops, wilds, count, c, need, fog, available, floor)
            # Strength first; then the centre (the visiting order), the lower value, the lower card.
            key = (((score + 2) * 10 + 9 - i) * 10 + 9 - c % 10) * 100 + 99 - c
            if key > best_key:
                best_key = key
                best_move = PLAY_BASE + c * 9 + f - 1
    return best_move


@kernel_function
def lowest_card(s, player):
    """The hand's lowest troop (a Tactics card only when it holds no troop)."""
    troops = s[HAND_TROOPS + player]
    best = -1
    for c in range(TROOP_COUNT):
        if troops >> c & 1 and (best < 0 or c % 10 < best % 10):
            best = c
    if best >= 0:
        return best
    tactics = s[HAND_TACTICS + player]
    for t in range(10):
        if tactics >> t & 1:
            return TROOP_COUNT + t
    return -1


@kernel_function
def policy_move(s):
    """The policy's move in any phase but the play phase's card (claims are made before)."""
    phase = s[PHASE]
    player = s[TO_MOVE]
    if phase == PLAY:
        return greedy_card(s, player)
    if phase == DRAW and (hand_size(s, player) >= HAND_SIZE or s[DECK_LEN] + s[DECK_LEN + 1] == 0):
        return END_MOVE
    if phase == DRAW or phase == SCOUT_DRAW:
        return DRAW_TROOP if s[DECK_LEN] > 0 else DRAW_TACTIC
    return RETURN_BASE + lowest_card(s, player)


@kernel_function
def policy_step(s):
    """One step of the policy: every provable claim if claims are open, else one move.
    Returns the moves made."""
    if claims_open(s) and provable_flags(s, s[TO_MOVE]):
        return claim_all(s)
    apply_move(s, policy_move(s))
    return 1


@kernel_function
def play_out(s, max_moves):
    """Play the policy for both sides until the game ends or ``max_moves`` moves are made;
    returns the moves made."""
    made = 0
    while s[PHASE] != OVER and made < max_moves:
        made += policy_step(s)
    return made
