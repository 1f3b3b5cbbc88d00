"""Formation strengths in the kernel: the best a side makes, or could still make.

A strength is the reference engine's one integer (:mod:`battleline.standard.formations`):
``rank * 100 + total`` with Wedge 4, Phalanx 3, Battalion Order 2, Skirmish Line 1, Host 0;
under Fog just the total. A side is given as a troop mask plus a 4-bit mask of the Morale
cards on it (bit ``c - 60`` for Alexander, Darius, Companion Cavalry, Shield Bearers).
``completion_strength`` answers the claim proofs' question: the strongest formation the side
reaches by adding ``need`` troops from the ``available`` mask, or ``NO_COMPLETION``.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from ...compiled.bits import lowest_bit, popcount

WEDGE, PHALANX, BATTALION, SKIRMISH, HOST = 4, 3, 2, 1, 0
RANK_STEP = 100
RANKED_CATEGORIES = (WEDGE, PHALANX, BATTALION, SKIRMISH)   # the categories a completion may take, strongest first
NO_COMPLETION = -1
VALUES = 10
LOW10 = (1 << VALUES) - 1
COLORS = 6

# Values each Morale card may take (bit v - 1 for value v), and its highest value:
# the Leaders any value, Companion Cavalry 8, Shield Bearers 1 to 3.
WILD_VALUE_SETS = np.array([LOW10, LOW10, 1 << 7, 0b111], dtype=np.int64)
WILD_MAX = np.array([10, 10, 8, 3], dtype=np.int64)
# VALUE_MASKS[v]: every troop of value v (v = 1..10; index 0 unused).
VALUE_MASKS = np.array([0] + [sum(1 << (10 * c + v - 1) for c in range(COLORS)) for v in range(1, 11)],
                       dtype=np.int64)


@kernel_function
def fold_values(troops):
    """The 10-bit set of values present among ``troops``, whatever their colour."""
    out = 0
    for c in range(COLORS):
        out |= (troops >> (VALUES * c)) & LOW10
    return out


@kernel_function
def troop_total(troops):
    """The sum of the values of ``troops``."""
    total = 0
    x = troops
    while x:
        c = lowest_bit(x)
        total += c % VALUES + 1
        x &= x - 1
    return total


@kernel_function
def top_total(available, count):
    """The sum of the ``count`` highest values in ``available``; -1 when it holds fewer."""
    total = 0
    left = count
    v = VALUES
    while left > 0 and v >= 1:
        k = popcount(available & VALUE_MASKS[v])
        if k > left:
            k = left
        total += k * v
        left -= k
        v -= 1
    return -1 if left > 0 else total


@kernel_function
def run_total(n, start):
    """The total of n consecutive values from ``start``."""
    return n * start + n * (n - 1) // 2


@kernel_function
def wilds_cover(wilds, places, must):
    """Whether the Morale cards ``wilds`` (4-bit mask) can take distinct values among
    ``places`` (a 10-bit value set), each one a value its card allows, covering ``must``."""
    if wilds == 0:
        return must == 0
    # The allowed places of up to three wild cards (a side holds one Leader at most).
    first = 0
    second = 0
    third = 0
    n = 0
    for k in range(4):
        if wilds >> k & 1:
            allowed = WILD_VALUE_SETS[k] & places
            if n == 0:
                first = allowed
            elif n == 1:
                second = allowed
            else:
                third = allowed
            n += 1
    for a in range(VALUES):
        ba = 1 << a
        if not first & ba:
            continue
        if n == 1:
            if must & ~ba == 0:
                return True
            continue
        for b in range(VALUES):
            bb = 1 << b
            if bb == ba or not second & bb:
                continue
            if n == 2:
                if must & ~(ba | bb) == 0:
                    return True
                continue
            for c in range(VALUES):
                bc = 1 << c
                if bc == ba or bc == bb or not third & bc:
                    continue
                if must & ~(ba | bb | bc) == 0:
                    return True
    return False


@kernel_function
def holds_at_least(x, count):
    """Whether the mask has at least ``count`` set bits (stops counting there)."""
    n = 0
    while x and n < count:
        x &= x - 1
        n += 1
    return n >= count


@kernel_function
def wild_total(wilds):
    """The Morale cards' highest values, added up."""
    total = 0
    for k in range(4):
        if wilds >> k & 1:
            total += WILD_MAX[k]
    return total


@kernel_function
def wedge_total(troops, wilds, available, n, above):
    """The highest total of a Wedge of ``n`` cards if it is above ``above``; else -1."""
    first_color = 0
    last_color = COLORS - 1
    if troops:
        first_color = lowest_bit(troops) // VALUES     # a Wedge has the colour of its troops
        last_color = first_color
    for start in range(VALUES + 1 - n, 0, -1):
        if run_total(n, start) <= above:
            break
        for color in range(first_color, last_color + 1):
            shift = VALUES * color
            run = ((1 << n) - 1) << (shift + start - 1)
            if troops & ~run:
                continue
            places = run & ~troops
            missing = places & ~available
            if wilds_cover(wilds, (places >> shift) & LOW10, (missing >> shift) & LOW10):
                return run_total(n, start)
    return -1


@kernel_function
def phalanx_total(troops, wilds, available, need, n, above):
    """The highest total of a Phalanx of ``n`` cards if it is above ``above``; else -1."""
    for v in range(VALUES, 0, -1):
        if n * v <= above:
            break
        if troops & ~VALUE_MASKS[v]:
            continue
        fits = True
        for k in range(4):
            if wilds >> k & 1 and not WILD_VALUE_SETS[k] >> (v - 1) & 1:
                fits = False
        if fits and popcount(available & VALUE_MASKS[v]) >= need:
            return n * v
    return -1


@kernel_function
def battalion_total(troops, wilds, available, need, above):
    """The highest total of a Battalion Order if it is above ``above``; else -1."""
    base = troop_total(troops) + wild_total(wilds)
    best = -1
    for color in range(COLORS):
        colour_mask = LOW10 << (VALUES * color)
        if troops & ~colour_mask:
            continue
        top = top_total(available & colour_mask, need)
        if top >= 0 and base + top > best:
            best = base + top
    return best if best > above else -1


@kernel_function
def skirmish_total(troops, wilds, available, nt, n, above):
    """The highest total of a Skirmish Line of ``n`` cards if it is above ``above``; else -1."""
    values = fold_values(troops)
    if popcount(values) != nt:
        return -1       # two troops of one value are never consecutive
    present = fold_values(available)
    for start in range(VALUES + 1 - n, 0, -1):
        if run_total(n, start) <= above:
            break
        run = ((1 << n) - 1) << (start - 1)
        if values & ~run:
            continue
        places = run & ~values
        if wilds_cover(wilds, places, places & ~present):
            return run_total(n, start)
    return -1


@kernel_function
def troops_strength(troops, fog):
    """The strength of a complete side of troops only, read straight off its values and colours."""
    total = 0
    values = 0
    colors = 0
    x = troops
    while x:
        c = lowest_bit(x)
        total += c % VALUES + 1
        values |= 1 << (c % VALUES)
        colors |= 1 << (c // VALUES)
        x &= x - 1
    if fog:
        return total
    n = popcount(troops)
    one_color = colors & (colors - 1) == 0
    low = values & -values
    run = popcount(values) == n and values == low * ((1 << n) - 1)
    if run and one_color:
        return WEDGE * RANK_STEP + total
    if values & (values - 1) == 0:
        return PHALANX * RANK_STEP + total
    if one_color:
        return BATTALION * RANK_STEP + total
    if run:
        return SKIRMISH * RANK_STEP + total
    return HOST * RANK_STEP + total


@kernel_function
def completion_strength(troops, wilds, available, need, fog):
    """The strongest formation of the side (``troops`` and Morale ``wilds``) plus ``need``
    troops from ``available``; ``NO_COMPLETION`` when ``available`` holds too few."""
    return strongest_above(troops, wilds, available, need, fog, -1)


@kernel_function
def category_floor(floor, rank):
    """The total a formation of ``rank`` must beat to be stronger than ``floor``: -1 when
    every one is, ``RANK_STEP`` when none can be."""
    if floor < rank * RANK_STEP:
        return -1
    if floor >= (rank + 1) * RANK_STEP:
        return RANK_STEP
    return floor - rank * RANK_STEP


@kernel_function
def category_total(rank, troops, wilds, available, need, nt, n, above):
    """The highest total of a completion of ``rank`` (Wedge, Phalanx, Battalion Order or
    Skirmish Line; ``nt`` troops, ``n`` cards in all) if it is above ``above``; else -1."""
    if rank == WEDGE:
        return wedge_total(troops, wilds, available, n, above)
    if rank == PHALANX:
        return phalanx_total(troops, wilds, available, need, n, above)
    if rank == BATTALION:
        return battalion_total(troops, wilds, available, need, above)
    return skirmish_total(troops, wilds, available, nt, n, above)


@kernel_function
def strongest_above(troops, wilds, available, need, fog, floor):
    """The strongest completion (as :func:`completion_strength`) when it is stronger than
    ``floor``; ``NO_COMPLETION`` otherwise. A floor lets a search skip what cannot win."""
    if not holds_at_least(available, need):
        return NO_COMPLETION
    if need == 0 and wilds == 0:
        strength = troops_strength(troops, fog)
        return strength if strength > floor else NO_COMPLETION
    if fog:
        total = troop_total(troops) + wild_total(wilds) + top_total(available, need)
        return total if total > floor else NO_COMPLETION
    nt = popcount(troops)
    n = nt + popcount(wilds) + need
    for rank in RANKED_CATEGORIES:          # strongest first: the first found is the best
        total = category_total(rank, troops, wilds, available, need, nt, n, category_floor(floor, rank))
        if total >= 0:
            return rank * RANK_STEP + total
        if floor >= rank * RANK_STEP:
            return NO_COMPLETION
    total = troop_total(troops) + wild_total(wilds) + top_total(available, need)
    return total if total > floor else NO_COMPLETION
