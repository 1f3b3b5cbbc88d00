"""The kernel's legal actions: the field's geometry and one generator per step.

Every function reads the state array of :mod:`battleline.ancient.kernel.layout` and writes
action numbers into ``out`` from index ``n``, returning the new count; none changes the state.
They restate the engine's generators (:mod:`battleline.ancient.movement`, ``fire``, ``melee``,
``tactics``, ``flow``) for speed; the tests hold them to it action by action and by perft.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from ...compiled.bits import lowest_bit
from ..troops import TROOP_TYPES
from .layout import (
    TROOP_COUNT, ACTIONS_LEFT, ARMY, ATTACK, ATTACKED, BAD, BOWS, CELLS, COMPANION, COMPANION_ON, DECK_LEN,
    DEPLOY, DESERTER, DISRUPTED, DRAW, DRAW_COST, DREW, END, FIELD, FIRE, FIRED, FLANK,
    FLANK_LEN, FOG, HAND, KINDS, LEADER, LEADER_CARD, LEADER_OF, LEADER_RALLIED, LOYALTY_VALUES,
    MOVE, MOVED, MUD, OCCUPIED, OPTIONS, OWNER, P_ACTIONS, P_DEPLOY, P_FIRE, P_INITIATIVE,
    P_LEADER, P_LOYALTY, P_MELEE, P_RALLY, P_TACTICS, P_WITHDRAWAL, PHASE, PLACED, PLAY_AT,
    PLAY_LEADER, PLAY_LOYALTY, PLAY_RALLY, PLAY_REDEPLOY, RALLY_NONE, RALLY_SQUARE, REDEPLOY,
    REINFORCE, REMOVE_CARD, REMOVE_SQUARE, RESERVE, ROLL, ROWS, SCOUT, SCOUT_FIRST, SCOUT_SECOND,
    SHIELD, SHIELD_ON, SIDE_SQUARES, SOUTH, STACKED, STACKS, FLANK_RULE, STAND, TO_ACT, TRAITOR,
    WHERE, WIDTH, WITHDRAW, ALEXANDER, DARIUS,
)

# Per-type rules by value (index 0 unused), derived from the engine's one table.
_TYPES = TROOP_TYPES[1:]
STEPS = np.array([0] + [t.steps for t in _TYPES], dtype=np.int64)
SIDEWAYS = np.array([0] + [int(t.sideways) for t in _TYPES], dtype=np.int64)
MOUNTED = np.array([0] + [int(t.mounted) for t in _TYPES], dtype=np.int64)
CAVALRY = np.array([0] + [int(t.cavalry) for t in _TYPES], dtype=np.int64)
INFANTRY = np.array([0] + [int(t.infantry) for t in _TYPES], dtype=np.int64)
HEAVY_INFANTRY = np.array([0] + [int(t.heavy_infantry) for t in _TYPES], dtype=np.int64)
LIGHT = np.array([0] + [int(t.light) for t in _TYPES], dtype=np.int64)
HOLDS_GROUND = np.array([0] + [int(t.holds_ground) for t in _TYPES], dtype=np.int64)
CAVALRY_PROOF = np.array([0] + [int(t.cavalry_proof) for t in _TYPES], dtype=np.int64)
MISSILE_HIT = np.array([7] + [t.missile_hit for t in _TYPES], dtype=np.int64)
NO_WEAPON, JAVELIN, BOW = 0, 1, 2
_WEAPON_CODE = {None: NO_WEAPON, "javelin": JAVELIN, "bow": BOW}
WEAPON = np.array([0] + [_WEAPON_CODE[t.weapon(False)] for t in _TYPES], dtype=np.int64)
WEAPON_WITH_BOW = np.array([0] + [_WEAPON_CODE[t.weapon(True)] for t in _TYPES], dtype=np.int64)


# ---------------------------------------------------------------------- numbers and bits
@kernel_function
def act(kind, a, b):
    """An action number with up to two fields (-1: none)."""
    return kind + KINDS * ((a + 1) + FIELD * (b + 1))


@kernel_function
def act5(kind, a, b, c, d, e):
    """An action number with up to five fields (-1: none)."""
    return kind + KINDS * ((a + 1) + FIELD * ((b + 1) + FIELD * ((c + 1) + FIELD * ((d + 1) + FIELD * (e + 1)))))


@kernel_function
def field_of(action, i):
    """Field ``i`` of an action number, or -1."""
    x = action // KINDS
    for _ in range(i):
        x //= FIELD
    return x % FIELD - 1


@kernel_function
def has(mask, i):
    """Whether bit ``i`` of ``mask`` is set."""
    return (mask >> i) & 1 == 1


@kernel_function
def value_of(card):
    """A troop card's type value, 1-10."""
    return card % 10 + 1


@kernel_function
def option(s, rule):
    """Whether an Advanced rule (a bit of ``OPTIONS``) is in force."""
    return s[OPTIONS] & rule != 0


# ---------------------------------------------------------------------- the field
@kernel_function
def forward(s, side, sq):
    """The square in front of ``sq`` for ``side`` (south toward row 4), or -1."""
    w = s[WIDTH]
    if side == SOUTH:
        return sq + w if sq + w < ROWS * w else -1
    return sq - w if sq >= w else -1


@kernel_function
def behind(s, side, sq):
    """The square behind ``sq`` for ``side``, or -1."""
    return forward(s, 1 - side, sq)


@kernel_function
def left(s, sq):
    """The square to the left of ``sq`` as south sees it, or -1."""
    return sq - 1 if sq % s[WIDTH] != 0 else -1


@kernel_function
def right(s, sq):
    """The square to the right of ``sq`` as south sees it, or -1."""
    return sq + 1 if sq % s[WIDTH] != s[WIDTH] - 1 else -1


@kernel_function
def back_row_start(s, side):
    """The first square of a side's Back Row (row 1 for south, 4 for north)."""
    return 0 if side == SOUTH else (ROWS - 1) * s[WIDTH]


@kernel_function
def empty_back_row(s, side):
    """A mask of the empty squares of a side's Back Row."""
    w = s[WIDTH]
    row = ((1 << w) - 1) << back_row_start(s, side)
    return row & ~s[OCCUPIED]


@kernel_function
def unit_value(s, card):
    """A unit's value: its primary card's, or a stack's sum."""
    other = s[STACKED + s[WHERE + card]]
    return value_of(card) + (value_of(other) if other >= 0 else 0)


@kernel_function
def half(v):
    """Half a value, rounded down, at least 1."""
    return max(1, v // 2)


@kernel_function
def enemy_at(s, side, sq):
    """Whether ``sq`` is on the field and holds an enemy unit of ``side``."""
    return sq >= 0 and has(s[SIDE_SQUARES + 1 - side], sq)


# ---------------------------------------------------------------------- movement
@kernel_function
def free(blocked, sq):
    """Whether ``sq`` is on the field and not blocked."""
    return sq >= 0 and not has(blocked, sq)


@kernel_function
def destinations(s, side, card, sq):
    """A mask of the squares the unit on ``sq`` may move to: one step forward (or sideways),
    two steps with a free square on the way, never into or through a card, mounted troops
    never into bad terrain."""
    v = value_of(card)
    blocked = s[OCCUPIED] | (s[BAD] if MOUNTED[v] else 0)
    f = forward(s, side, sq)
    lf = left(s, sq) if SIDEWAYS[v] else -1
    rt = right(s, sq) if SIDEWAYS[v] else -1
    found = 0
    for dest in (f, lf, rt):
        if free(blocked, dest):
            found |= 1 << dest
    if STEPS[v] == 2:
        if f >= 0:
            ff = forward(s, side, f)
            if free(blocked, ff) and free(blocked, f):
                found |= 1 << ff
            if SIDEWAYS[v]:
                for side_sq, diagonal in ((lf, left(s, f)), (rt, right(s, f))):
                    if free(blocked, diagonal) and (free(blocked, f) or free(blocked, side_sq)):
                        found |= 1 << diagonal
        if lf >= 0:
            far = left(s, lf)
            if free(blocked, far) and free(blocked, lf):
                found |= 1 << far
        if rt >= 0:
            far = right(s, rt)
            if free(blocked, far) and free(blocked, rt):
                found |= 1 << far
    return found


@kernel_function
def unit_moves(s, side, card, sq, out, n):
    """The unit's moves, by destination square (the engine's order)."""
    dests = destinations(s, side, card, sq)
    while dests:
        out[n] = act(MOVE, sq, lowest_bit(dests))
        dests &= dests - 1
        n += 1
    return n


@kernel_function
def stack_squares(s, side, card, among):
    """Own squares where ``card`` may complete a stack: a single card of its heavy infantry
    type among the cards ``among`` (placed this deployment or player turn)."""
    v = value_of(card)
    if not option(s, STACKS) or not HEAVY_INFANTRY[v]:
        return 0
    found = 0
    m = among
    while m:
        c = lowest_bit(m)
        m &= m - 1
        sq = s[WHERE + c]
        if sq >= 0 and s[OWNER + c] == side and value_of(c) == v and s[STACKED + sq] < 0 and s[CELLS + sq] == c:
            found |= 1 << sq
    return found


@kernel_function
def may_draw(s, side):
    """Three actions for a Tactics card: once a turn, the reserve empty since the turn began,
    a card in the deck, a scenario leader's card on the table."""
    if s[DREW] or s[ACTIONS_LEFT] < DRAW_COST or s[RESERVE + side] != 0 or s[DECK_LEN] == 0 or s[PLACED] != 0:
        return False
    if s[LEADER_CARD + side] >= 0:
        carrier = s[LEADER_OF + side]
        if carrier < 0 or s[WHERE + carrier] < 0:
            return False
    return True


@kernel_function
def placements(s, side, kind, among, out, n):
    """Each reserve card on each empty Back Row square (``kind``: REINFORCE or DEPLOY), then
    on the squares where it completes a stack with a card of ``among`` (in card order)."""
    empty = empty_back_row(s, side)
    r = s[RESERVE + side]
    while r:
        c = lowest_bit(r)
        r &= r - 1
        targets = empty
        while targets:
            out[n] = act(kind, c, lowest_bit(targets))
            targets &= targets - 1
            n += 1
        if among != 0 and option(s, STACKS) and HEAVY_INFANTRY[value_of(c)]:
            m = among
            while m:
                partner = lowest_bit(m)
                m &= m - 1
                stack = stack_squares(s, side, c, 1 << partner)
                if stack:
                    out[n] = act(kind, c, lowest_bit(stack))
                    n += 1
    return n


@kernel_function
def action_step(s, side, out, n):
    """Moves, placements from reserve and the Tactics draw, then ``end actions``."""
    if s[ACTIONS_LEFT] > 0:
        m = s[SIDE_SQUARES + side]
        while m:
            sq = lowest_bit(m)
            m &= m - 1
            c = s[CELLS + sq]
            if not has(s[DISRUPTED], c) and not has(s[MOVED], c):
                n = unit_moves(s, side, c, sq, out, n)
        n = placements(s, side, REINFORCE, s[PLACED] if option(s, STACKS) else 0, out, n)
        if may_draw(s, side):
            out[n] = act(DRAW, -1, -1)
            n += 1
    out[n] = act(END, 1, -1)
    return n + 1


# ---------------------------------------------------------------------- missile fire
@kernel_function
def weapon_of(s, card, sq):
    """The unit's missile weapon: a stack shoots with a bow only if both cards carry one."""
    other = s[STACKED + sq]
    bow = has(s[BOWS], card) and (other < 0 or has(s[BOWS], other))
    return WEAPON_WITH_BOW[value_of(card)] if bow else WEAPON[value_of(card)]


@kernel_function
def fair_target(s, side, sq):
    """An enemy unit on ``sq`` that a missile can affect (not already disrupted)."""
    return enemy_at(s, side, sq) and not has(s[DISRUPTED], s[CELLS + sq])


@kernel_function
def fire_targets(s, side, card, sq):
    """The squares the unit on ``sq`` may shoot at: in front; with a bow also two in front
    past an empty square, and the forward diagonals past an empty front or side square."""
    weapon = weapon_of(s, card, sq)
    f = forward(s, side, sq)
    if weapon == NO_WEAPON or f < 0:
        return 0
    found = 0
    if fair_target(s, side, f):
        found |= 1 << f
    if weapon == BOW:
        occ = s[OCCUPIED]
        f_empty = not has(occ, f)
        if f_empty:
            ff = forward(s, side, f)
            if ff >= 0 and fair_target(s, side, ff):
                found |= 1 << ff
        for lat in (left(s, sq), right(s, sq)):
            if lat >= 0:
                d = forward(s, side, lat)
                if d >= 0 and (f_empty or not has(occ, lat)) and fair_target(s, side, d):
                    found |= 1 << d
    return found


@kernel_function
def fire_step(s, side, out, n):
    """Each shot of each armed, undisrupted unit that has not fired, then ``end fire``."""
    m = s[SIDE_SQUARES + side]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        c = s[CELLS + sq]
        if has(s[DISRUPTED], c) or has(s[FIRED], c):
            continue
        targets = fire_targets(s, side, c, sq)
        if targets == 0:
            continue
        f = forward(s, side, sq)
        ff = forward(s, side, f)
        lf, rt = left(s, sq), right(s, sq)
        # the engine's order: in front, two in front, the left diagonal, the right one
        for t in (f, ff, forward(s, side, lf) if lf >= 0 else -1, forward(s, side, rt) if rt >= 0 else -1):
            if t >= 0 and has(targets, t):
                out[n] = act(FIRE, sq, t)
                n += 1
    out[n] = act(END, 2, -1)
    return n + 1


# ---------------------------------------------------------------------- melee
@kernel_function
def frontal_attacker(s, side, target_sq):
    """The own primary card that may attack ``target_sq`` from the front, or -1."""
    sq = behind(s, side, target_sq)
    if sq < 0 or not has(s[SIDE_SQUARES + side], sq):
        return -1
    c = s[CELLS + sq]
    if has(s[DISRUPTED], c) or has(s[ATTACKED], c):
        return -1
    if CAVALRY[value_of(c)] and CAVALRY_PROOF[value_of(s[CELLS + target_sq])]:
        return -1
    return c


@kernel_function
def flankers_of(s, side, target):
    """The mask of own cards whose flank attack on ``target`` still stands (fixed at the
    start of the player turn: neither has moved, the attacker undisrupted, single and fresh)."""
    found = 0
    for i in range(s[FLANK_LEN]):
        c, csq, t, tsq = s[FLANK + 4 * i], s[FLANK + 4 * i + 1], s[FLANK + 4 * i + 2], s[FLANK + 4 * i + 3]
        if t == target and s[WHERE + c] == csq and s[WHERE + t] == tsq and not has(s[DISRUPTED], c) \
                and s[STACKED + csq] < 0 and not has(s[ATTACKED], c) and s[OWNER + c] == side:
            found |= 1 << c
    return found


@kernel_function
def attack_number(s, members, target_sq):
    """The action number of an attack by the primary cards ``members`` (a mask) on a square."""
    squares = np.full(4, -1, dtype=np.int64)
    k = 0
    m = members
    while m:
        c = lowest_bit(m)
        m &= m - 1
        sq = s[WHERE + c]
        j = k
        while j > 0 and squares[j - 1] > sq:     # keep them in square order
            squares[j] = squares[j - 1]
            j -= 1
        squares[j] = sq
        k += 1
    return act5(ATTACK, target_sq, squares[0], squares[1], squares[2], squares[3])


@kernel_function
def group_attacks(s, side, target, front, flankers, out, n):
    """Every combined attack on ``target`` by a non-empty subset of its front attacker and
    flankers; cavalry joins an attack on a cavalry-proof target only beside an infantry card
    attacking it from the front."""
    cands = np.full(4, -1, dtype=np.int64)
    k = 0
    if front >= 0:
        cands[0] = front
        k = 1
    m = flankers
    while m and k < 4:
        cands[k] = lowest_bit(m)
        m &= m - 1
        k += 1
    proof = CAVALRY_PROOF[value_of(target)]
    front_infantry = front >= 0 and INFANTRY[value_of(front)]
    tsq = s[WHERE + target]
    for choice in range(1, 1 << k):
        members = 0
        cavalry = False
        for j in range(k):
            if choice >> j & 1:
                members |= 1 << cands[j]
                if CAVALRY[value_of(cands[j])]:
                    cavalry = True
        if proof and cavalry and not (front_infantry and has(members, front)):
            continue
        out[n] = attack_number(s, members, tsq)
        n += 1
    return n


@kernel_function
def flanked_targets(s, side):
    """A mask of the enemy cards that some still-standing flank attack of ``side`` reaches."""
    found = 0
    for i in range(s[FLANK_LEN]):
        t = s[FLANK + 4 * i + 2]
        if not has(found, t) and flankers_of(s, side, t) != 0:
            found |= 1 << t
    return found


@kernel_function
def melee_step(s, side, out, n):
    """Frontal attacks by attacker square; with flank attacks, every combined group on each
    flanked target by target card; then ``end melee`` (the engine's order)."""
    flanked = flanked_targets(s, side) if option(s, FLANK_RULE) and s[FLANK_LEN] > 0 else 0
    m = s[SIDE_SQUARES + side]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        f = forward(s, side, sq)
        if not enemy_at(s, side, f) or has(flanked, s[CELLS + f]):
            continue
        if frontal_attacker(s, side, f) >= 0:
            out[n] = act(ATTACK, f, sq)
            n += 1
    while flanked:
        t = lowest_bit(flanked)
        flanked &= flanked - 1
        n = group_attacks(s, side, t, frontal_attacker(s, side, s[WHERE + t]), flankers_of(s, side, t), out, n)
    out[n] = act(END, 3, -1)
    return n + 1


@kernel_function
def flank_pairs(s, side):
    """Fix this player turn's flank attacks in ``FLANK``: each own single card with no enemy
    in front and an enemy beside or behind it."""
    k = 0
    m = s[SIDE_SQUARES + side]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        if s[STACKED + sq] >= 0 or enemy_at(s, side, forward(s, side, sq)):
            continue
        for x in (left(s, sq), right(s, sq), behind(s, side, sq)):
            if enemy_at(s, side, x):
                s[FLANK + 4 * k] = s[CELLS + sq]
                s[FLANK + 4 * k + 1] = sq
                s[FLANK + 4 * k + 2] = s[CELLS + x]
                s[FLANK + 4 * k + 3] = x
                k += 1
    s[FLANK_LEN] = k


# ---------------------------------------------------------------------- Tactics
# What own_units_where asks of each of a side's units.
IS_DISRUPTED, MAY_REDEPLOY, MAY_TAKE_QUALITY = 0, 1, 2


@kernel_function
def own_units_where(s, side, test, card):
    """A mask of the squares of the side's units that pass ``test``: :data:`IS_DISRUPTED`,
    :data:`MAY_REDEPLOY` (:func:`may_redeploy`) or :data:`MAY_TAKE_QUALITY` the quality
    Tactics ``card`` (:func:`may_take_quality`)."""
    found = 0
    m = s[SIDE_SQUARES + side]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        if test == IS_DISRUPTED:
            passes = has(s[DISRUPTED], s[CELLS + sq])
        elif test == MAY_REDEPLOY:
            passes = may_redeploy(s, side, sq)
        else:
            passes = may_take_quality(s, card, s[CELLS + sq])
        if passes:
            found |= 1 << sq
    return found


@kernel_function
def disrupted_units(s, side):
    """A mask of the squares of the side's disrupted units."""
    return own_units_where(s, side, IS_DISRUPTED, -1)


@kernel_function
def steady_units(s, side):
    """A mask of the squares of the side's units that are not disrupted."""
    return s[SIDE_SQUARES + side] & ~disrupted_units(s, side)


@kernel_function
def rallies(s, card, squares, out, n):
    """A Leader from hand rallies three of the disrupted units (all of them if fewer)."""
    sq = np.empty(64, dtype=np.int64)
    k = 0
    w = s[WIDTH]
    for col in range(w):                  # by square name: column, then row
        for row in range(ROWS):
            if has(squares, row * w + col):
                sq[k] = row * w + col
                k += 1
    if k <= 3:
        sq[:k] = np.sort(sq[:k])
        out[n] = act5(PLAY_RALLY, card, sq[0] if k > 0 else -1, sq[1] if k > 1 else -1,
                      sq[2] if k > 2 else -1, -1)
        return n + 1
    for i in range(k):
        for j in range(i + 1, k):
            for x in range(j + 1, k):          # combinations in name order, each packed by index
                a, b, c = sq[i], sq[j], sq[x]
                lo, hi = min(a, b, c), max(a, b, c)
                out[n] = act5(PLAY_RALLY, card, lo, a + b + c - lo - hi, hi, -1)
                n += 1
    return n


@kernel_function
def may_redeploy(s, side, sq):
    """Whether the unit on ``sq`` has no enemy in front, beside or behind."""
    return not (enemy_at(s, side, forward(s, side, sq)) or enemy_at(s, side, left(s, sq))
                or enemy_at(s, side, right(s, sq)) or enemy_at(s, side, behind(s, side, sq)))


@kernel_function
def redeployable(s, side):
    """Squares of own units with no enemy in front, beside or behind."""
    return own_units_where(s, side, MAY_REDEPLOY, -1)


@kernel_function
def may_take_quality(s, card, c):
    """Whether the unit of card ``c`` may take Shield Bearers (infantry) or Companion Cavalry
    (cavalry): ``card``, and neither is on it already."""
    if c == s[SHIELD_ON] or c == s[COMPANION_ON]:
        return False
    return bool(INFANTRY[value_of(c)] if card == SHIELD else CAVALRY[value_of(c)])


@kernel_function
def quality_targets(s, side, card):
    """Own units that may take Shield Bearers (infantry) or Companion Cavalry (cavalry)."""
    return own_units_where(s, side, MAY_TAKE_QUALITY, card)


@kernel_function
def front_rows(s):
    """A mask of both Front Rows (rows 2 and 3)."""
    w = s[WIDTH]
    return ((1 << (2 * w)) - 1) << w


@kernel_function
def tactics_step(s, side, out, n):
    """The scenario leader's rally, each play of each Tactics card in hand (not Scout), then
    ``end tactics``."""
    lc = s[LEADER_CARD + side]
    if lc >= 0 and not s[LEADER_RALLIED + side]:
        c = s[LEADER_OF + side]
        if c >= 0 and s[WHERE + c] >= 0 and has(s[DISRUPTED], c):
            out[n] = act(PLAY_LEADER, lc, -1)
            n += 1
    hand = s[HAND + side]
    while hand:
        card = TROOP_COUNT + lowest_bit(hand)
        hand &= hand - 1
        targets = 0
        if card == ALEXANDER or card == DARIUS:
            dis = disrupted_units(s, side)
            if dis:
                n = rallies(s, card, dis, out, n)
        elif card == FOG or card == MUD:
            targets = front_rows(s) & ~s[OCCUPIED] & ~s[BAD]
        elif card == SHIELD or card == COMPANION:
            targets = quality_targets(s, side, card)
        elif card == REDEPLOY:
            empty = empty_back_row(s, side)
            units = redeployable(s, side)
            while units:
                sq = lowest_bit(units)
                units &= units - 1
                e = empty
                while e:
                    d = lowest_bit(e)
                    e &= e - 1
                    out[n] = act(PLAY_REDEPLOY, sq, d)
                    n += 1
        elif card == DESERTER or card == TRAITOR:
            out[n] = act(PLAY_LOYALTY, card, -1)
            n += 1
        while targets:
            sq = lowest_bit(targets)
            targets &= targets - 1
            out[n] = act(PLAY_AT, card, sq)
            n += 1
    out[n] = act(END, 0, -1)
    return n + 1


@kernel_function
def loyalty_choices(s, side, out, n):
    """What ``side`` removes for the opponent's Traitor or Deserter: a unit on the table of a
    Loyalty type, or else such a card from its reserve."""
    values = s[LOYALTY_VALUES + side]
    start = n
    m = s[SIDE_SQUARES + side]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        if has(values, value_of(s[CELLS + sq])):
            out[n] = act(REMOVE_SQUARE, sq, -1)
            n += 1
    if n > start:
        return n
    r = s[RESERVE + side]
    while r:
        c = lowest_bit(r)
        r &= r - 1
        if has(values, value_of(c)):
            out[n] = act(REMOVE_CARD, c, -1)
            n += 1
    return n


@kernel_function
def rally_step(s, side, out, n):
    """Continuous rallying: one disrupted unit, or none."""
    dis = disrupted_units(s, side)
    while dis:
        sq = lowest_bit(dis)
        dis &= dis - 1
        out[n] = act(RALLY_SQUARE, sq, -1)
        n += 1
    out[n] = act(RALLY_NONE, -1, -1)
    return n + 1


# ---------------------------------------------------------------------- set-up steps
@kernel_function
def leader_step(s, side, out, n):
    """The scenario leader goes with one of the army's troop cards."""
    m = s[ARMY + side]
    while m:
        out[n] = act(LEADER, lowest_bit(m), -1)
        m &= m - 1
        n += 1
    return n


@kernel_function
def deploy_step(s, side, out, n):
    """A reserve card face down on an empty Back Row square, or completing a stack on a card
    deployed already (stacks rule)."""
    among = 0
    if option(s, STACKS):
        m = s[ARMY + side]
        while m:
            c = lowest_bit(m)
            m &= m - 1
            if s[WHERE + c] >= 0:
                among |= 1 << c
    return placements(s, side, DEPLOY, among, out, n)


@kernel_function
def initiative_step(s, side, out, n):
    """Scout (to move first or second) if the side holds it, or the roll."""
    if has(s[HAND + side], SCOUT - TROOP_COUNT):
        out[n] = act(SCOUT_FIRST, -1, -1)
        out[n + 1] = act(SCOUT_SECOND, -1, -1)
        n += 2
    out[n] = act(ROLL, -1, -1)
    return n + 1


@kernel_function
def legal_actions(s, out):
    """The legal actions of the side to act, written into ``out``; returns their number
    (0 once the battle is over)."""
    ph = s[PHASE]
    side = s[TO_ACT]
    if ph == P_ACTIONS:
        return action_step(s, side, out, 0)
    if ph == P_FIRE:
        return fire_step(s, side, out, 0)
    if ph == P_MELEE:
        return melee_step(s, side, out, 0)
    if ph == P_TACTICS:
        return tactics_step(s, side, out, 0)
    if ph == P_WITHDRAWAL:
        out[0] = act(WITHDRAW, -1, -1)
        out[1] = act(STAND, -1, -1)
        return 2
    if ph == P_LOYALTY:
        return loyalty_choices(s, side, out, 0)
    if ph == P_RALLY:
        return rally_step(s, side, out, 0)
    if ph == P_INITIATIVE:
        return initiative_step(s, side, out, 0)
    if ph == P_DEPLOY:
        return deploy_step(s, side, out, 0)
    if ph == P_LEADER:
        return leader_step(s, side, out, 0)
    return 0
