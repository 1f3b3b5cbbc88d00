"""A fast play-out policy in the kernel: :func:`battleline.ancient.bots.search.quick_reply`
on the state array, for both sides, to the end of a battle.

In the fire and melee steps the shot or attack with the best expected gain (single-card
odds), else the step's end; in the action step the action whose result the side to act
likes best by the evaluation (:mod:`.evaluation`), ending the step unless something beats
it; elsewhere the step's plain answer (``end tactics``, ``roll``, ``stand``) or the first
legal action other than ``rally none``. The tests compare its choices with the Python
policy's on positions sampled from random battles.

**The race policy** (issue 42, a switch: :func:`policy_params` with ``race=True``): in the
action step each result is also judged by the race for the Back Row and the leader's safety,
as :func:`battleline.ancient.bots.terrain_race.race_policy_term` says it in Python: each
side's pressure (its undisrupted ground-holding units on the enemy Back Row, and half of
those one step in front of an empty square of it, over the number needed, at most 1) counts
``RACE_WEIGHT`` times its cube, ours for us and theirs against us (march when the race
favours us, block when theirs does; the cube makes the last squares the dear ones), and the
side's own leader standing with an enemy in front (or one empty square before one) costs
``GUARD_WEIGHT`` (half for the farther). ``RACE_POLICY`` is what the bots and reviews use.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from .effects import apply, cost, melee_margin, settle
from ...compiled.bits import lowest_bit
from .evaluation import N_TERMS, SWITCHES, evaluate, melee_chances, row_mask, weights_array
from .layout import (
    ATTACK, BOWS, CELLS, DISRUPTED, END, FIRE, KINDS, LEADER_OF, MAX_ACTIONS, NOBODY, OCCUPIED, OWNER,
    P_ACTIONS, P_FIRE, P_MELEE, PHASE, RALLY_NONE, REINFORCE, ROLL, STAND, STATE_SIZE,
    TO_ACT, WHERE, WIDTH, WINNER,
)
from .rules import HOLDS_GROUND, MISSILE_HIT, enemy_at, field_of, forward, has, steady_units, value_of

TIE = 1e-9                              # scores this close tie (the Python evaluation rounds to 9 places)
RACE_AT = N_TERMS + len(SWITCHES)       # where policy_params puts the race weight (the guard's next)
GUARD_AT = RACE_AT + 1
RACE_WEIGHT = 300.0                     # army points of a sure race (pressure 1)
GUARD_WEIGHT = 30.0                     # army points of an enemy in front of the leader
RACE_POLICY = False                     # the switch: the bots' and the reviews' play-outs


def policy_params(weights, race: bool = RACE_POLICY) -> np.ndarray:
    """The play-out policy's parameters: the evaluation's weights (a ``Weights``-like class),
    and with ``race`` the race policy's two weights after them.

    >>> from battleline.ancient.bots.evaluation import Weights
    >>> len(policy_params(Weights, race=False)), float(policy_params(Weights, race=True)[RACE_AT])
    (20, 300.0)
    """
    base = weights_array(weights)
    if not race:
        return base
    return np.concatenate((base, np.array([RACE_WEIGHT, GUARD_WEIGHT])))


@kernel_function
def race_pressure(s, q):
    """Side ``q``'s undisrupted ground-holding units on the enemy Back Row, and half of those
    one step in front of an empty square of it, over the number needed (at most 1)."""
    back = row_mask(s, 1 - q)
    held = 0
    near = 0
    m = steady_units(s, q)
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        if not HOLDS_GROUND[value_of(s[CELLS + sq])]:
            continue
        if has(back, sq):
            held += 1
        else:
            f = forward(s, q, sq)
            if f >= 0 and has(back, f) and not has(s[OCCUPIED], f):
                near += 1
    return min(1.0, (held + 0.5 * near) / (s[WIDTH] // 2 + 1))


@kernel_function
def leader_exposure(s, q):
    """1 if an enemy unit stands in front of side ``q``'s leader, 0.5 if one stands beyond an
    empty square in front of it, else 0."""
    c = s[LEADER_OF + q]
    if c < 0 or s[WHERE + c] < 0:
        return 0.0
    f = forward(s, q, s[WHERE + c])
    if f < 0:
        return 0.0
    if enemy_at(s, q, f):
        return 1.0
    if has(s[OCCUPIED], f):
        return 0.0
    return 0.5 if enemy_at(s, q, forward(s, q, f)) else 0.0


@kernel_function
def race_policy_term(s, me, params):
    """What the race policy adds to an action-step result for ``me`` (0 without its weights
    or once the battle is over)."""
    if len(params) <= GUARD_AT or s[WINNER] != NOBODY:
        return 0.0
    ours = race_pressure(s, me)
    theirs = race_pressure(s, 1 - me)
    return params[RACE_AT] * (ours * ours * ours - theirs * theirs * theirs) \
        - params[GUARD_AT] * leader_exposure(s, me)


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
        score = evaluate(copy, me, params, terms) + race_policy_term(copy, me, params)
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
