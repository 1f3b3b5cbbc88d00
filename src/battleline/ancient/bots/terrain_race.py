"""The terrain race: how near each side is to a terrain victory, and who moves next.

A unit on the enemy Back Row cannot be shot (missiles go forward only) nor, without the
Advanced flank attacks, meleed (nobody can stand behind it), so a terrain victory is a
race: the side that can put more than half the width's worth of undisrupted units that hold
ground (not Skirmishers, Peltasts or Light Cavalry) on the enemy Back Row in its next action
step wins at the end of that player turn, unless the other side closes the empty squares
first (a unit stepping in, a reinforcement on its own Back Row) or disrupts the units on the
way.

>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.rules import Rules
>>> g = AncientGame.empty(7, seed=1)
>>> for sq in ("a1", "b1", "c1"):
...     g.put(sq, "Hoplites", "north")
>>> g.put("d2", "Hoplites", "north"); g.put("g4", "Skirmishers", "south")
>>> terrain_reach(g.state, Rules(g.state), NORTH)      # three there, one a step away
(3, 1)
>>> next_mover_chances(g.state)[SOUTH]                 # south's action step now
1.0
"""

from __future__ import annotations

from ..board import NORTH, SOUTH
from ..troops import TROOP_TYPES

__all__ = ["terrain_reach", "terrain_reach_within", "next_mover_chances"]

_HOLDS = [TROOP_TYPES[c % 10 + 1].holds_ground for c in range(60)]


def terrain_reach(s, rules, side: int) -> tuple[int, int]:
    """(held, may_add): ``side``'s undisrupted units that hold ground on the enemy Back Row,
    and how many more could reach it in one move each (each to its own empty square; one
    unit's move is taken to leave the others' paths as they are). In ``side``'s own action
    step only the units not yet moved count, within the actions left. ``rules`` must be
    bound to ``s``."""
    now = s.phase == "actions" and s.to_act == side
    held, options = _held_and_paths(s, rules, side, lambda c: rules.destinations(c, ignore_done=not now))
    may_add = _matching(options)
    return held, min(may_add, s.actions_left) if now else may_add


def terrain_reach_within(s, rules, side: int, moves: int = 2) -> tuple[int, int]:
    """(held, may_add) as :func:`terrain_reach` gives them, but counting every unit that
    could reach an empty square of the enemy Back Row in up to ``moves`` moves of its own
    (the others standing still), each to its own square: how near the race will be after
    the opponent's next answer. ``rules`` must be bound to ``s``.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(7, seed=1)
    >>> for sq in ("a1", "b1"):
    ...     g.put(sq, "Hoplites", "north")
    >>> g.put("c3", "Hoplites", "north"); g.put("d4", "Hoplites", "north")
    >>> r = Rules(g.state)
    >>> terrain_reach(g.state, r, NORTH), terrain_reach_within(g.state, r, NORTH)   # c3 in two steps, d4 in three
    ((2, 0), (2, 1))
    """
    held, options = _held_and_paths(s, rules, side, lambda c: rules.reach_within(c, moves))
    return held, _matching(options)


def _held_and_paths(s, rules, side: int, reachable) -> tuple[int, list[list[int]]]:
    """``side``'s undisrupted ground-holding units on the enemy Back Row, and for each of the
    others the squares of that row among ``reachable(card)``, those that have any."""
    back = set(s.board.back_row(1 - side))
    held = 0
    options: list[list[int]] = []
    for sq, c in rules.own_units(side):
        if s.disrupted[c] or not _HOLDS[c]:
            continue
        if sq in back:
            held += 1
            continue
        dests = sorted(d for d in reachable(c) if d in back)
        if dests:
            options.append(dests)
    return held, options


def _matching(options: list[list[int]]) -> int:
    """The largest number of units sent to distinct squares (augmenting paths; tiny sizes)."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set) -> bool:
        for d in options[i]:
            if d in seen:
                continue
            seen.add(d)
            if d not in owner or place(owner[d], seen):
                owner[d] = i
                return True
        return False

    return sum(1 for i in range(len(options)) if place(i, set()))


def next_mover_chances(s) -> tuple[float, float]:
    """The chance that each side takes the next action step before the other, as a pair
    indexed by side number (the step in progress counts; after the second player turn the
    initiative roll is even)."""
    acting = s.first if s.half == 0 else 1 - s.first
    if s.phase in ("tactics", "actions"):
        sure = s.to_act
    elif s.phase == "loyalty":        # a Tactics step: the acting side's action step follows
        sure = acting
    elif s.phase in ("fire", "melee", "withdrawal") and s.half == 0:
        sure = 1 - acting
    else:
        return (0.5, 0.5)
    return (1.0, 0.0) if sure == 0 else (0.0, 1.0)
