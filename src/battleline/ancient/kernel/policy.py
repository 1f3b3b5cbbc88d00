"""A fast play-out policy in the kernel: :func:`battleline.ancient.bots.search.quick_reply`
on the state array, for both sides, to the end of a battle.

In the fire and melee steps the shot or attack with the best expected gain (single-card
odds), else the step's end; in the action step the action whose result the side to act
likes best by the evaluation (:mod:`.evaluation`), ending the step unless something beats
it; elsewhere the step's plain answer (``end tactics``, ``roll``, ``stand``) or the first
legal action other than ``rally none``. The tests compare its choices with the Python
policy's on positions sampled from random battles.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from .effects import apply, cost, melee_margin, settle
from .evaluation import N_TERMS, evaluate, melee_chances
from .layout import (
    ATTACK, BOWS, CELLS, DISRUPTED, END, FIRE, KINDS, LEADER_OF, MAX_ACTIONS, OWNER, P_ACTIONS,
    P_FIRE, P_MELEE, PHASE, RALLY_NONE, REINFORCE, ROLL, STAND, STATE_SIZE, TO_ACT,
)
from .rules import MISSILE_HIT, field_of, has, value_of

TIE = 1e-9                              # scores this close tie (the Python evaluation rounds to 9 places)


@kernel_function
def fight_gain(s, action):
    """The expected points a shot or an attack gains, from single-card odds."""
    kind = action % KINDS
    target = s[CELLS + field_of(action, 1 if kind == FIRE else 0)]
    dis = has(s[DISRUPTED], target)
    worth = cost(s, target) * (0.5 if dis else 1.0)
    if kind == FIRE:
        return (7 - MISSILE_HIT[value_of(target)]) / 6 * 0.5 * cost(s, target)
    attackers = 0
    for i in range(1, 5):
        sq = field_of(action, i)
        if sq >= 0:
            attackers |= 1 << s[CELLS + sq]
    p_dis, p_elim = melee_chances(melee_margin(s, attackers, target), dis)
    return p_elim * worth + p_dis * (0.5 * cost(s, target) if not dis else worth)


@kernel_function
def quick_fight(s, actions, n):
    """The shot or attack with the best expected gain, else the end of the step."""
    best = -1
    best_gain = 0.0
    end = -1
    for i in range(n):
        a = actions[i]
        kind = a % KINDS
        if kind != FIRE and kind != ATTACK:
            if kind == END or end < 0:
                end = a
            continue
        gain = fight_gain(s, a)
        if gain > best_gain:
            best, best_gain = a, gain
    if best >= 0:
        return best
    return end if end >= 0 else actions[0]


@kernel_function
def alike_reinforcement(s, actions, i):
    """Whether reinforcement ``i`` puts a card alike to an earlier one's on the same square
    (same value, bow or not, neither carrying a leader): the search tries only one."""
    a = actions[i]
    c = field_of(a, 0)
    for j in range(i):
        b = actions[j]
        if b % KINDS != REINFORCE or field_of(b, 1) != field_of(a, 1):
            continue
        d = field_of(b, 0)
        if value_of(d) == value_of(c) and has(s[BOWS], d) == has(s[BOWS], c) \
                and (d == s[LEADER_OF + s[OWNER + d]]) == (c == s[LEADER_OF + s[OWNER + c]]):
            return True
    return False


@kernel_function
def greedy_action(s, dice, params, actions, n, copy, scratch, terms):
    """The action-step action whose result the side to act likes best (the end of the step
    unless something beats it); ``copy``, ``scratch`` and ``terms`` are work space."""
    me = s[TO_ACT]
    best = -1
    best_score = 0.0
    for i in range(n):
        a = actions[i]
        if a % KINDS == REINFORCE and alike_reinforcement(s, actions, i):
            continue
        copy[:] = s
        apply(copy, dice, a, scratch)
        score = evaluate(copy, me, params, terms)
        if best < 0 or score > best_score + TIE or (score >= best_score - TIE and a % KINDS == END):
            best, best_score = a, score
    return best


@kernel_function
def quick_reply(s, dice, params, actions, n, copy, scratch, terms):
    """The policy's action among the ``n`` legal ``actions`` of ``s``."""
    ph = s[PHASE]
    if ph == P_FIRE or ph == P_MELEE:
        return quick_fight(s, actions, n)
    if ph == P_ACTIONS:
        return greedy_action(s, dice, params, actions, n, copy, scratch, terms)
    for i in range(n):
        a = actions[i]
        kind = a % KINDS
        if (kind == END and field_of(a, 0) <= 1) or kind == ROLL or kind == STAND:
            return a
    for i in range(n):
        if actions[i] % KINDS != RALLY_NONE:
            return actions[i]
    return actions[0]


@kernel_function
def play_out(s, dice, params, max_actions):
    """Play the battle in ``s`` on by :func:`quick_reply` for both sides, at most
    ``max_actions`` actions; returns the actions played."""
    actions = np.empty(MAX_ACTIONS, dtype=np.int64)
    scratch = np.empty(MAX_ACTIONS, dtype=np.int64)
    copy = np.empty(STATE_SIZE, dtype=np.int64)
    terms = np.empty(N_TERMS, dtype=np.float64)
    n = settle(s, dice, actions)
    played = 0
    while n > 0 and played < max_actions:
        a = quick_reply(s, dice, params, actions, n, copy, scratch, terms)
        n = apply(s, dice, a, actions)
        played += 1
    return played
