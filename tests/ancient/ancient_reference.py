"""A small, slow, deliberately plain model of Ancient Battles' movement, lines of fire and
front melee on a W x 4 field, written from the rules text alone. It shares no code with
``battleline.ancient``: the reference tests compare the engine's answers with these.

A field is a dict ``square -> Troop`` (one card per square; no stacks) and a set of bad
terrain squares. Squares are named like chess squares: columns ``a``, ``b``, ... from
south's left, rows 1 to 4 from south's Back Row. South's forward is +1 row, north's -1.

The rules, as the settled rulings state them:

- Moving: one step, or two for Light Cavalry, Heavy Cavalry and Chariots. Each step goes
  forward, left or right; Javalineers, Hoplites, Phalangists and Elephants only forward.
  Never off the field, never into or through a square holding a card (friend or foe).
  Cavalry, Chariots and Elephants never enter or pass through bad terrain. A disrupted card
  does not move.
- Missiles: Skirmishers (bow), Peltasts (javelin), Javalineers (javelin, or bow "with bow"),
  Light and Heavy Cavalry only "with bow". A disrupted card does not fire; only enemy cards
  are targets. A javelin reaches the square directly in front. A bow reaches the square in
  front; two in front if the square between is empty; and forward-left / forward-right if
  the square in front or the square beside (on that side) is empty. Never sideways or back.
- Melee (basic rules): an undisrupted card may attack the enemy card directly in front of
  it; Light and Heavy Cavalry may not attack Javalineers, Hoplites, Phalangists or
  Elephants.
"""

from __future__ import annotations

from dataclasses import dataclass

SOUTH, NORTH = "south", "north"
ROWS = 4

SKIRMISHERS, PELTASTS, JAVALINEERS, HOPLITES, PHALANGISTS = 1, 2, 3, 4, 5
HYPASPISTS, LIGHT_CAVALRY, HEAVY_CAVALRY, CHARIOTS, ELEPHANTS = 6, 7, 8, 9, 10

TWO_STEP_TYPES = {LIGHT_CAVALRY, HEAVY_CAVALRY, CHARIOTS}
FORWARD_ONLY_TYPES = {JAVALINEERS, HOPLITES, PHALANGISTS, ELEPHANTS}
KEEP_OFF_BAD_TERRAIN = {LIGHT_CAVALRY, HEAVY_CAVALRY, CHARIOTS, ELEPHANTS}
CAVALRY = {LIGHT_CAVALRY, HEAVY_CAVALRY}
NOT_MELEED_BY_CAVALRY = {JAVALINEERS, HOPLITES, PHALANGISTS, ELEPHANTS}
MAY_CARRY_BOW = {JAVALINEERS, LIGHT_CAVALRY, HEAVY_CAVALRY}


@dataclass(frozen=True)
class Troop:
    value: int
    side: str
    bow: bool = False
    disrupted: bool = False


def square_name(column: int, row: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[column] + str(row)


def square_at(square: str) -> tuple[int, int]:
    return "abcdefghijklmnopqrstuvwxyz".index(square[0]), int(square[1:])


def on_field(column: int, row: int, width: int) -> bool:
    return 0 <= column < width and 1 <= row <= ROWS


def forward_of(side: str) -> int:
    return 1 if side == SOUTH else -1


def all_squares(width: int) -> list[str]:
    return [square_name(c, r) for r in range(1, ROWS + 1) for c in range(width)]


def missile_weapon(troop: Troop) -> str | None:
    """"bow", "javelin" or None."""
    if troop.value == SKIRMISHERS:
        return "bow"
    if troop.value == PELTASTS:
        return "javelin"
    if troop.value == JAVALINEERS:
        return "bow" if troop.bow else "javelin"
    if troop.value in (LIGHT_CAVALRY, HEAVY_CAVALRY) and troop.bow:
        return "bow"
    return None


def reachable_squares(field: dict, terrain: set, width: int, square: str) -> set[str]:
    troop = field[square]
    if troop.disrupted:
        return set()
    forward = forward_of(troop.side)
    steps = [(0, forward)]
    if troop.value not in FORWARD_ONLY_TYPES:
        steps += [(-1, 0), (1, 0)]
    most_steps = 2 if troop.value in TWO_STEP_TYPES else 1

    def may_stand_on(column: int, row: int) -> bool:
        if not on_field(column, row, width):
            return False
        name = square_name(column, row)
        if name in field:
            return False
        if name in terrain and troop.value in KEEP_OFF_BAD_TERRAIN:
            return False
        return True

    start = square_at(square)
    found = set()
    # every path of one step, then every path of two steps, square by square
    for first in steps:
        one = (start[0] + first[0], start[1] + first[1])
        if not may_stand_on(*one):
            continue
        found.add(square_name(*one))
        if most_steps == 2:
            for second in steps:
                two = (one[0] + second[0], one[1] + second[1])
                if two == start:
                    continue  # left then right is no move at all
                if may_stand_on(*two):
                    found.add(square_name(*two))
    return found


def missile_targets(field: dict, terrain: set, width: int, square: str, *, hit_disrupted: bool = True) -> set[str]:
    """Enemy squares the card on ``square`` may shoot at. ``hit_disrupted=False`` leaves out
    targets that are already disrupted (fire at them cannot do anything)."""
    troop = field[square]
    weapon = missile_weapon(troop)
    if weapon is None or troop.disrupted:
        return set()
    column, row = square_at(square)
    forward = forward_of(troop.side)

    def occupied(c: int, r: int) -> bool:
        return on_field(c, r, width) and square_name(c, r) in field

    candidates = [(column, row + forward)]
    if weapon == "bow":
        if not occupied(column, row + forward):
            candidates.append((column, row + 2 * forward))
        for side_step in (-1, 1):
            beside = (column + side_step, row)
            ahead = (column, row + forward)
            if not occupied(*ahead) or not occupied(*beside):
                candidates.append((column + side_step, row + forward))
    targets = set()
    for c, r in candidates:
        if not on_field(c, r, width):
            continue
        name = square_name(c, r)
        target = field.get(name)
        if target is None or target.side == troop.side:
            continue
        if target.disrupted and not hit_disrupted:
            continue
        targets.add(name)
    return targets


def front_melee_targets(field: dict, terrain: set, width: int, square: str) -> set[str]:
    troop = field[square]
    if troop.disrupted:
        return set()
    column, row = square_at(square)
    row += forward_of(troop.side)
    if not on_field(column, row, width):
        return set()
    name = square_name(column, row)
    enemy = field.get(name)
    if enemy is None or enemy.side == troop.side:
        return set()
    if troop.value in CAVALRY and enemy.value in NOT_MELEED_BY_CAVALRY:
        return set()
    return {name}


# --- Advanced: flank attacks ----------------------------------------------------------------
#
# A card that starts its player turn with an enemy card beside (left, right) or behind it and
# none in front may attack that enemy. Cards that can attack other sides of the same enemy
# may join in one combined attack. Cavalry may attack the troops they cannot otherwise melee
# (Javalineers, Hoplites, Phalangists, Elephants) only together with a friendly infantry card
# attacking that enemy from the front -- "if the Javalineer card had not been in front of the
# enemy card, the attack could not have taken place". Stacks never flank (no stacks here).
# The field is taken as it stands at the start of the player turn.

INFANTRY = {SKIRMISHERS, PELTASTS, JAVALINEERS, HOPLITES, PHALANGISTS, HYPASPISTS}


def _enemy_at(field: dict, width: int, column: int, row: int, side: str) -> str | None:
    if not on_field(column, row, width):
        return None
    name = square_name(column, row)
    other = field.get(name)
    return name if other is not None and other.side != side else None


def flank_targets(field: dict, width: int, square: str) -> set[str]:
    """The enemies the card on ``square`` may flank: beside or behind it, none in front."""
    troop = field[square]
    if troop.disrupted:
        return set()
    column, row = square_at(square)
    forward = forward_of(troop.side)
    if _enemy_at(field, width, column, row + forward, troop.side):
        return set()
    found = set()
    for c, r in ((column - 1, row), (column + 1, row), (column, row - forward)):
        name = _enemy_at(field, width, c, r, troop.side)
        if name:
            found.add(name)
    return found


def front_infantry_attacker(field: dict, width: int, target: str, side: str) -> bool:
    """Whether an undisrupted infantry card of ``side`` faces ``target`` from the front."""
    column, row = square_at(target)
    row -= forward_of(side)  # the square whose front is the target
    if not on_field(column, row, width):
        return False
    friend = field.get(square_name(column, row))
    return (friend is not None and friend.side == side and not friend.disrupted
            and friend.value in INFANTRY)


def melee_targets_with_flanks(field: dict, terrain: set, width: int, square: str) -> set[str]:
    """Front targets, plus flank targets this card may attack alone or in a combined attack."""
    troop = field[square]
    targets = set(front_melee_targets(field, terrain, width, square))
    for target in flank_targets(field, width, square):
        if troop.value in CAVALRY and field[target].value in NOT_MELEED_BY_CAVALRY:
            if not front_infantry_attacker(field, width, target, troop.side):
                continue
        targets.add(target)
    return targets
