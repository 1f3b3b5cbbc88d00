"""The static evaluation in the kernel: :mod:`battleline.ancient.bots.evaluation`'s terms on
the state array, for the planning bot's searches.

The weights come in one ``float64`` array (:func:`weights_array` reads them from a
``Weights``-like class): one per name of :data:`TERMS`, then the switches ``pull_mounted``,
``army_scale``, ``reach``, ``stall_turns`` and ``stall_reserve``. As in the engine's version,
the duels and the draw rule's pull are not computed when their weight is 0. The tests compare every term with the
Python evaluation on positions sampled from random battles.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from ...compiled.bits import lowest_bit, popcount
from .layout import (
    ARMY_POINTS, ATTACKED, BAD, CELLS, COMPANION_ON, DISRUPTED, DRAW_AFTER, HAND, LEADER_CARD,
    LEADER_OF, LOST_POINTS, OWNER, PHASE, P_MELEE, P_TACTICS, QUIET_TURNS, RESERVE, ROWS,
    SHIELD_ON, SIDE_SQUARES, SMALL_ELEPHANTS, SOUTH, STACKED, TO_ACT, TURN, TURN_HIT, WHERE, WIDTH,
    WINNER, DRAWN, NOBODY, ELEPHANT,
)
from .effects import cost
from .rules import (
    CAVALRY, CAVALRY_PROOF, HOLDS_GROUND, INFANTRY, LIGHT, MISSILE_HIT, behind, disrupted_units,
    enemy_at, field_of, fire_targets, forward, half, has, left, right, steady_units, unit_moves,
    unit_value, value_of,
)

TERMS = ("casualty_race", "duel", "own_threat", "own_missile", "other_threat", "other_missile",
         "terrain_unit", "advance", "advance_behind", "approach", "line", "screen", "column", "hand_card",
         "stall_advance")
(CASUALTY_RACE, DUEL, OWN_THREAT, OWN_MISSILE, OTHER_THREAT, OTHER_MISSILE, TERRAIN_UNIT, ADVANCE,
 ADVANCE_BEHIND, APPROACH, LINE, SCREEN, COLUMN, HAND_CARD, STALL_ADVANCE) = range(len(TERMS))
SWITCHES = ("pull_mounted", "army_scale", "reach", "stall_turns", "stall_reserve")
PULL_MOUNTED, ARMY_SCALE, REACH, STALL_TURNS, STALL_RESERVE = range(len(TERMS), len(TERMS) + len(SWITCHES))
N_TERMS = len(TERMS)
WIN = 1000.0
LEADER_WORTH = 150.0
BEHIND_MARGIN = 0.15                   # a side this far behind in the casualty race marches harder


def weights_array(weights) -> np.ndarray:
    """The weights and switches of a ``Weights``-like class, as the kernel takes them."""
    return np.array([float(getattr(weights, name)) for name in TERMS + SWITCHES], dtype=np.float64)


# ---------------------------------------------------------------------- the numbers
@kernel_function
def melee_chances(margin, disrupted):
    """(P disrupted, P eliminated) of a melee whose totals differ by ``margin`` before the dice."""
    dis = 0
    elim = 0
    for a in range(1, 7):
        for d in range(1, 7):
            x = margin + a - d
            if x <= 0:
                continue
            if x >= 6 or disrupted:
                elim += 1
            else:
                dis += 1
    return dis / 36.0, elim / 36.0


@kernel_function
def strike_margin(s, card, at, target):
    """The melee margin of the single unit ``card`` attacking ``target`` in front of the
    square ``at`` (where it stands, or where it could move to): its value (a stack halved on
    bad terrain, a single card -2), Troop Quality, small Elephants; the target's likewise."""
    side = s[OWNER + card]
    a = unit_value(s, card)
    if has(s[BAD], at):
        if s[STACKED + s[WHERE + card]] >= 0:
            a = half(a)
        else:
            a -= 2
    if card == s[SHIELD_ON] or card == s[COMPANION_ON]:
        a += 2
    tv = value_of(target)
    small = s[SMALL_ELEPHANTS]
    if small == side and value_of(card) == ELEPHANT and tv == ELEPHANT:
        a -= 2
    tsq = s[WHERE + target]
    d = unit_value(s, target)
    dmod = 0
    if has(s[BAD], tsq):
        if s[STACKED + tsq] >= 0:
            d = half(d)
        else:
            dmod -= 2
    if target == s[SHIELD_ON] or target == s[COMPANION_ON]:
        dmod += 2
    if small == 1 - side and tv == ELEPHANT and value_of(card) == ELEPHANT:
        dmod -= 2
    if has(s[DISRUPTED], target):
        d = d // 2 if d >= 2 else 1
    return a - d - dmod


@kernel_function
def unit_worth(s, card):
    """Points a unit is worth to its side: its cards' costs, a scenario leader's card more."""
    other = s[STACKED + s[WHERE + card]]
    w = cost(s, card) + (cost(s, other) if other >= 0 else 0)
    p = s[OWNER + card]
    lead = s[LEADER_OF + p]
    if (lead == card or (other >= 0 and lead == other)) and s[LEADER_CARD + p] >= 0:
        w += LEADER_WORTH
    return float(w)


@kernel_function
def loss(s, card, p_dis, p_elim):
    """Expected points a unit loses: elimination all of it, a disruption half (the rest)."""
    w = unit_worth(s, card)
    if has(s[DISRUPTED], card):
        return w * 0.5 * (p_dis + p_elim)
    return w * (p_elim + 0.5 * p_dis)


@kernel_function
def remaining_worth(s, card):
    """Points still to lose with a unit: all of it, or half if already disrupted."""
    return unit_worth(s, card) * (0.5 if has(s[DISRUPTED], card) else 1.0)


@kernel_function
def points_lost(s, side):
    """Eliminated cards in full, disrupted units on the field half (the casualty race)."""
    lost = float(s[LOST_POINTS + side])
    m = disrupted_units(s, side)
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        other = s[STACKED + sq]
        lost += 0.5 * (cost(s, s[CELLS + sq]) + (cost(s, other) if other >= 0 else 0))
    return lost


# ---------------------------------------------------------------------- threats and duels
@kernel_function
def threats(s, side, reach, duels, scratch):
    """Expected damage (melee, missile) of ``side``'s units in a fire and melee step, each at
    its best target; with ``reach`` a unit may first make one of its moves to strike; with
    ``duels`` a unit already facing an enemy is left to the duel term."""
    m = steady_units(s, side)          # a disrupted unit strikes at nothing
    melee = 0.0
    missile = 0.0
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        c = s[CELLS + sq]
        best = 0.0
        targets = fire_targets(s, side, c, sq)
        while targets:
            t = s[CELLS + lowest_bit(targets)]
            targets &= targets - 1
            best = max(best, loss(s, t, (7 - MISSILE_HIT[value_of(t)]) / 6, 0.0))
        missile += best
        n = 0
        scratch[0] = sq
        if reach:
            n = unit_moves(s, side, c, sq, scratch[1:], 0)
            for i in range(n):
                scratch[1 + i] = field_of(scratch[1 + i], 1)
        best = 0.0
        for i in range(n + 1):
            at = scratch[i]
            if duels and at == sq:
                continue
            f = forward(s, side, at)
            if not enemy_at(s, side, f):
                continue
            t = s[CELLS + f]
            if CAVALRY[value_of(c)] and CAVALRY_PROOF[value_of(t)]:
                continue
            p_dis, p_elim = melee_chances(strike_margin(s, c, at, t), has(s[DISRUPTED], t))
            best = max(best, loss(s, t, p_dis, p_elim))
        melee += best
    return melee, missile


@kernel_function
def strike_chance(s, x, y):
    """The chance that a melee of ``x`` on ``y`` in front of it has any effect."""
    if has(s[DISRUPTED], x) or (CAVALRY[value_of(x)] and CAVALRY_PROOF[value_of(y)]):
        return 0.0
    p_dis, p_elim = melee_chances(strike_margin(s, x, s[WHERE + x], y), has(s[DISRUPTED], y))
    return p_dis + p_elim


@kernel_function
def duel_term(s, side, acting, worth_side, worth_other):
    """Every pair of facing units fought out as a duel of alternating strikes, in points for
    ``side``: the side in its player turn strikes first with a unit that has not attacked;
    before the player turns, either side first, evenly."""
    total = 0.0
    m = s[SIDE_SQUARES + side]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        f = forward(s, side, sq)
        if not enemy_at(s, side, f):
            continue
        c = s[CELLS + sq]
        t = s[CELLS + f]
        mine, theirs = strike_chance(s, c, t), strike_chance(s, t, c)
        n = 2
        first = 1.0
        if acting == side:
            n = 1
            first = 0.0 if has(s[ATTACKED], c) else 1.0
        elif acting == 1 - side:
            n = 1
            first = 1.0 if has(s[ATTACKED], t) else 0.0
        win = 0.0
        lose = 0.0
        for k in range(n):
            me_first = first if k == 0 else 0.0
            if has(s[DISRUPTED], c) and has(s[DISRUPTED], t):
                continue
            if has(s[DISRUPTED], t):
                win += 1.0 if mine > 0 else 0.0
                continue
            if has(s[DISRUPTED], c):
                lose += 1.0 if theirs > 0 else 0.0
                continue
            either = mine + theirs - mine * theirs
            if either <= 0:
                continue
            if me_first:
                win += mine / either
                lose += (1 - mine) * theirs / either
            else:
                lose += theirs / either
                win += (1 - theirs) * mine / either
        total += (win * remaining_worth(s, t) * worth_other - lose * remaining_worth(s, c) * worth_side) / n
    return total


# ---------------------------------------------------------------------- terrain and formation
@kernel_function
def own_at(s, side, sq):
    """Whether ``sq`` is on the field and holds one of ``side``'s units."""
    return sq >= 0 and has(s[SIDE_SQUARES + side], sq)


@kernel_function
def unit_terms(s, q, sign, enemy_back, params, terms, strength):
    """Side ``q``'s units one by one: approach, line and screen into ``terms`` (times
    ``sign``), each unit's strength into its column; returns (units on the enemy Back Row,
    rows gained)."""
    w = s[WIDTH]
    on_back = 0
    adv = 0.0
    foes = s[SIDE_SQUARES + 1 - q]
    m = s[SIDE_SQUARES + q]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        c = s[CELLS + sq]
        v = value_of(c)
        dis = has(s[DISRUPTED], c)
        strength[sq % w] += unit_value(s, c) * (0.5 if dis else 1.0)
        row = sq // w + 1
        progress = row - 1 if q == SOUTH else 4 - row
        holds = HOLDS_GROUND[v]
        if holds and not dis and has(enemy_back, sq):
            on_back += 1
        if holds and s[LEADER_OF + q] != c and (params[PULL_MOUNTED] or not 8 <= v <= 9):
            adv += progress
            if foes:
                near = 1 << 30
                f = foes
                while f:
                    x = lowest_bit(f)
                    f &= f - 1
                    near = min(near, abs(x % w - sq % w) + abs(x // w - sq // w))
                terms[APPROACH] -= sign * near
        if INFANTRY[v] and not LIGHT[v]:        # a friend beside, or beside and a row ahead or behind
            for n in (left(s, sq), right(s, sq)):
                if n < 0:
                    continue
                if own_at(s, q, n) or own_at(s, q, forward(s, q, n)) or own_at(s, q, behind(s, q, n)):
                    terms[LINE] += sign
        if LIGHT[v]:
            back_sq = behind(s, q, sq)
            if own_at(s, q, back_sq):
                bv = value_of(s[CELLS + back_sq])
                if INFANTRY[bv] and not LIGHT[bv]:
                    terms[SCREEN] += sign
    return on_back, adv


@kernel_function
def row_mask(s, side):
    """A mask of a side's Back Row."""
    w = s[WIDTH]
    return ((1 << w) - 1) << (0 if side == SOUTH else (ROWS - 1) * w)


@kernel_function
def formation_terms(s, side, behind_in_race, params, terms, advanced):
    """Terrain, advance, line, screen, columns and cards in hand, for both sides;
    each side's rows gained go into ``advanced``."""
    w = s[WIDTH]
    need = w // 2 + 1
    strength = np.zeros((2, w), dtype=np.float64)
    for k in range(2):
        q = side if k == 0 else 1 - side
        sign = 1.0 if k == 0 else -1.0
        enemy_back = row_mask(s, 1 - q)
        on_back, adv = unit_terms(s, q, sign, enemy_back, params, terms, strength[q])
        terms[TERRAIN_UNIT] += sign * on_back * (3.0 if on_back >= need - 1 else 1.0)
        if (behind_in_race if q == side else not behind_in_race):
            terms[ADVANCE_BEHIND] += sign * adv
        else:
            terms[ADVANCE] += sign * adv
        advanced[q] = adv
        terms[HAND_CARD] += sign * popcount(s[HAND + q])
    for col in range(w):
        gap = strength[1 - side, col] - strength[side, col]
        if gap > 0:
            terms[COLUMN] -= gap


@kernel_function
def draw_pressure(s, turns):
    """How near the draw rule is, 0 to 1 (1 in the last quiet turn; 0 after a hit this turn)."""
    if s[TURN_HIT] or not s[DRAW_AFTER]:
        return 0.0
    left_turns = s[DRAW_AFTER] - s[QUIET_TURNS]
    return 0.0 if left_turns > turns else (turns + 1 - left_turns) / turns


@kernel_function
def holding_reserve(s, side):
    """Reserve cards of ``side`` that count for the terrain victory."""
    n = 0
    r = s[RESERVE + side]
    while r:
        if HOLDS_GROUND[value_of(lowest_bit(r))]:
            n += 1
        r &= r - 1
    return n


# ---------------------------------------------------------------------- the evaluation
@kernel_function
def evaluation_terms(s, side, params, terms):
    """The evaluation's terms for ``side`` in a battle still going, unweighted, into
    ``terms`` (in :data:`TERMS` order; positive: good for ``side``)."""
    terms[:] = 0.0
    other = 1 - side
    half_side = max(1.0, s[ARMY_POINTS + side] / 2)
    half_other = max(1.0, s[ARMY_POINTS + other] / 2)
    race_side = points_lost(s, side) / half_side
    race_other = points_lost(s, other) / half_other
    terms[CASUALTY_RACE] = race_other - race_side
    scale = params[ARMY_SCALE]
    worth = np.ones(2, dtype=np.float64)
    if scale:
        worth[side] = scale / half_side
        worth[other] = scale / half_other
    behind_in_race = race_side > race_other + BEHIND_MARGIN
    acting = s[TO_ACT] if P_TACTICS <= s[PHASE] <= P_MELEE else -1
    if params[DUEL]:
        terms[DUEL] = duel_term(s, side, acting, worth[side], worth[other])
    scratch = np.empty(16, dtype=np.int64)
    for k in range(2):
        q = side if k == 0 else other
        sign = 1.0 if k == 0 else -1.0
        moving_next = acting >= 0 and q != acting and params[REACH] != 0
        melee, missile = threats(s, q, moving_next, params[DUEL] != 0, scratch)
        if q == acting:
            terms[OWN_THREAT] += sign * melee * worth[1 - q]
            terms[OWN_MISSILE] += sign * missile * worth[1 - q]
        else:
            terms[OTHER_THREAT] += sign * melee * worth[1 - q]
            terms[OTHER_MISSILE] += sign * missile * worth[1 - q]
    advanced = np.zeros(2, dtype=np.float64)
    formation_terms(s, side, behind_in_race, params, terms, advanced)
    pressure = draw_pressure(s, params[STALL_TURNS]) if params[STALL_ADVANCE] else 0.0
    if pressure:
        waiting_side, waiting_other = holding_reserve(s, side), holding_reserve(s, other)
        terms[STALL_ADVANCE] = pressure * (advanced[side] - advanced[other]
                                           - params[STALL_RESERVE] * (waiting_side - waiting_other))


@kernel_function
def evaluate(s, side, params, terms):
    """How good the position is for ``side``, in army points: the weighted sum of the terms
    (``terms`` is scratch); a battle over is worth ``WIN`` less the turns it took, or 0."""
    if s[WINNER] != NOBODY:
        if s[WINNER] == DRAWN:
            return 0.0
        return (WIN if s[WINNER] == side else -WIN) - s[TURN]
    evaluation_terms(s, side, params, terms)
    total = 0.0
    for i in range(N_TERMS):
        total += params[i] * terms[i]
    return total
