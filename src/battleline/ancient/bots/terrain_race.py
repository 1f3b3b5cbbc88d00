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

from ..board import NORTH, SOUTH  # noqa: F401 (the doctests')
from ..troops import TROOP_TYPES

__all__ = ["terrain_reach", "terrain_reach_within", "next_mover_chances", "race_pressure", "leader_exposure",
           "race_policy_term"]

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


def race_pressure(s, side: int) -> float:
    """How near ``side`` is to a terrain victory, as the race play-out policy sees it: its
    undisrupted ground-holding units on the enemy Back Row, and half of those one step in
    front of an empty square of it, over the number needed, at most 1 (the reference for
    :func:`battleline.ancient.kernel.policy.race_pressure`).

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(7, seed=1)
    >>> g.put("a1", "Hoplites", "north"); g.put("b2", "Hoplites", "north"); g.put("c2", "Peltasts", "north")
    >>> race_pressure(g.state, NORTH)        # (1 + 0.5) / 4
    0.375
    """
    back = set(s.board.back_row(1 - side))
    forward = s.board.forward[side]
    held = near = 0
    for sq, c in enumerate(s.cells):
        if c < 0 or s.owner[c] != side or s.disrupted[c] or not _HOLDS[c]:
            continue
        if sq in back:
            held += 1
        else:
            f = forward[sq]
            if f >= 0 and f in back and s.cells[f] < 0:
                near += 1
    return min(1.0, (held + 0.5 * near) / (s.width // 2 + 1))


def leader_exposure(s, side: int) -> float:
    """1 if an enemy unit stands in front of ``side``'s leader, 0.5 if one stands beyond an
    empty square in front of it, else 0.

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(7, seed=1)
    >>> g.put("c2", "Hoplites", "south"); g.put("c4", "Hoplites", "north")
    >>> g.state.leader_of[SOUTH] = g.state.cells[g.state.board.index("c2")]
    >>> leader_exposure(g.state, SOUTH)
    0.5
    """
    c = s.leader_of[side]
    if c < 0 or s.where[c] < 0:
        return 0.0
    forward = s.board.forward[side]
    f = forward[s.where[c]]
    if f < 0:
        return 0.0
    if s.cells[f] >= 0:
        return 1.0 if s.owner[s.cells[f]] != side else 0.0
    f2 = forward[f]
    return 0.5 if f2 >= 0 and s.cells[f2] >= 0 and s.owner[s.cells[f2]] != side else 0.0


def race_policy_term(s, me: int, race_weight: float, guard_weight: float) -> float:
    """What the race play-out policy adds to an action-step result for ``me``: the cube of
    our race pressure less theirs times ``race_weight`` (march when the race favours us,
    block when theirs does), less ``guard_weight`` times our leader's exposure; 0 once the
    battle is over."""
    if s.outcome is not None:
        return 0.0
    ours, theirs = race_pressure(s, me), race_pressure(s, 1 - me)
    return race_weight * (ours * ours * ours - theirs * theirs * theirs) - guard_weight * leader_exposure(s, me)
