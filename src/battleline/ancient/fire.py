"""Missile fire in Ancient Battles: which units have a missile weapon, what each can reach, and
the shot itself. Functions over the public state of a :class:`~.rules.Rules` (``r``); every
change is recorded through :mod:`.journal`.

>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.rules import Rules
>>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
>>> s = g.state; [s.board.names[x] for x in fire_squares(Rules(s), s.cells[s.board.index("c2")])]
['c3']
"""

from __future__ import annotations

from .actions import Action
from .board import SOUTH
from ..deprecation import moved_names
from .combat import missile_hits
from .melee import hit
from .tables import END
from .troops import TROOP_TYPES

__all__ = ["weapon", "fire_squares", "fire_refusal", "fire_step", "may_fire", "resolve_fire", "apply_fire"]

# Before issue 41 the rules were put together from mixins; the mixin's name stands for Rules now.
__getattr__ = moved_names(__name__, {
    "Fire": ("battleline.ancient.rules", "Rules",
            "use Rules: it composes this module\'s functions (issue 41)")})

# ``r: "Rules"`` below is battleline.ancient.rules.Rules, named only: the rules import this
# module, so this module does not import them.


# ------------------------------------------------------------------ helpers
def weapon(r: "Rules", card: int) -> str | None:
    """The missile weapon of the unit led by ``card`` (a stack shoots with a bow only if
    both its cards carry one).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("d2", "Hoplites", "south")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> weapon(r, s.cells[at("c2")]), weapon(r, s.cells[at("d2")])
    ('javelin', None)
    """
    s = r.s
    t = TROOP_TYPES[card % 10 + 1]
    sq = s.where[card]
    other = s.stacked[sq] if sq >= 0 else -1
    bow = card in s.bows and (other < 0 or other in s.bows)
    return t.weapon(bow)


def fire_squares(r: "Rules", card: int, ignore_done: bool = False) -> list[int]:
    """Squares of undisrupted enemy units the unit led by ``card`` may fire at."""
    s = r.s
    sq = s.where[card]
    if sq < 0 or s.disrupted[card] or (not ignore_done and card in s.fired):
        return []
    arm = r.army_tables.weapons[card] if s.stacked[sq] < 0 else weapon(r, card)
    if arm is None or r.b.forward[s.owner[card]][sq] < 0:
        return []
    return _targets(r, s.owner[card], sq, arm == "bow")


def _targets(r: "Rules", side: int, sq: int, bow: bool) -> list[int]:
    """The rule of fire: a javelin reaches the enemy in front; a bow also two in front over
    an empty square, and forward-diagonally past an empty front or side square. Only
    undisrupted enemies are targets. (A shooter on ``sq`` with a square in front.)"""
    s = r.s
    f, ff, diagonals = r.tables.lines[side][sq]
    enemy = s.side_squares[1 - side]
    dis, cells = s.disrupted, s.cells
    out = [f] if enemy >> f & 1 and not dis[cells[f]] else []
    if bow:
        occ = s.occupied
        f_empty = not occ >> f & 1
        if f_empty and ff >= 0 and enemy >> ff & 1 and not dis[cells[ff]]:
            out.append(ff)
        for lat, d in diagonals:
            if (f_empty or not occ >> lat & 1) and enemy >> d & 1 and not dis[cells[d]]:
                out.append(d)
    return out


def fire_refusal(r: "Rules", card: int, target_sq: int) -> str:
    """Why the unit led by ``card`` (own, undisrupted) may not fire at ``target_sq`` now:
    the rule of :func:`fire_squares` it breaks.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> fire_refusal(r, s.cells[at("c2")], at("d3"))
    'missile fire needs an enemy card as target'
    """
    s = r.s
    if card in s.fired:
        return "each card fires at most once a turn"
    arm = weapon(r, card)
    if arm is None:
        return f"{TROOP_TYPES[card % 10 + 1].name} have no missile weapon here"
    target = s.cells[target_sq]
    if target < 0 or s.owner[target] != 1 - s.owner[card]:
        return "missile fire needs an enemy card as target"
    if s.disrupted[target]:
        return "missile fire cannot affect a card that is already disrupted"
    return (f"out of range or no clear line: a {arm} reaches "
            + ("only the position in front" if arm == "javelin" else
               "the position in front, two in front over an empty one, or forward-diagonal "
               "past an empty front or side position"))


def fire_step(r: "Rules", p: int) -> list[Action]:
    """The legal actions of side ``p``'s fire step: each shot (by shooter's square, then
    target), then ``end fire``.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> [str(a) for a in fire_step(r, s.to_act)]
    ['fire c2-c3', 'end fire']
    """
    fire_rows = r.tables.acts.fire_rows
    out = []
    for sq, bow in _shooters(r, p):
        row = fire_rows[sq]
        out += [row[x] for x in _targets(r, p, sq, bow)]
    out.append(END["fire"])
    return out


def may_fire(r: "Rules", p: int) -> bool:
    """Has side ``p``'s fire step a shot (anything but ``end fire``)?

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> may_fire(r, s.to_act), may_fire(r, 1 - s.to_act)
    (True, False)
    """
    return any(_targets(r, p, sq, bow) for sq, bow in _shooters(r, p))


def _shooters(r: "Rules", p: int):
    """(square, has a bow) of side ``p``'s units that may still fire and have an enemy
    within their weapon's reach, by square."""
    s = r.s
    armed, weapons = r.army_tables.armed, r.army_tables.weapons
    enemy = s.side_squares[1 - p]
    bow_reach, javelin_reach = r.tables.reach
    bow_reach, javelin_reach = bow_reach[p], javelin_reach[p]
    cells, dis, fired, stacked = s.cells, s.disrupted, s.fired, s.stacked
    m = s.side_squares[p] & _near(r, p, enemy)
    while m:
        sq = (m & -m).bit_length() - 1
        m &= m - 1
        c = cells[sq]
        if not armed[c] or dis[c] or c in fired:
            continue
        arm = weapons[c] if stacked[sq] < 0 else weapon(r, c)
        if arm is not None and enemy & (javelin_reach[sq] if arm == "javelin" else bow_reach[sq]):
            yield sq, arm == "bow"


def _near(r: "Rules", p: int, enemy: int) -> int:
    """The squares from which side ``p`` could have an enemy within a bow's reach (in
    front, two in front, forward-diagonal): every shooter worth a closer look."""
    w = r.b.width
    not_first, not_last = r.tables.columns
    if p == SOUTH:
        return (enemy >> w | enemy >> 2 * w | (enemy >> (w - 1)) & not_first
                | (enemy >> (w + 1)) & not_last)
    return (enemy << w | enemy << 2 * w | (enemy << (w + 1)) & not_first
            | (enemy << (w - 1)) & not_last)


def resolve_fire(r: "Rules", card: int, target: int) -> None:
    """The unit led by ``card`` shoots at ``target``: one die (:func:`~.combat.missile_hits`);
    a hit disrupts.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1, dice=[6]); g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
    >>> s = g.state; target = s.cells[s.board.index("c3")]
    >>> resolve_fire(Rules(s), s.cells[s.board.index("c2")], target); s.disrupted[target]
    True
    """
    r.s.fired = r.s.fired | {card}
    if missile_hits(r.s.dice.roll(), target % 10 + 1):
        hit(r, target)


def apply_fire(r: "Rules", a: Action, p: int) -> None:
    """A shot: the unit on the first square fires at the one on the second.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.actions import Action
    >>> g = AncientGame.empty(seed=1, dice=[6]); g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
    >>> s = g.state; apply_fire(Rules(s), Action.parse("fire c2-c3"), s.to_act)
    >>> s.disrupted[s.cells[s.board.index("c3")]]
    True
    """
    s = r.s
    lookup = r.b.lookup
    resolve_fire(r, s.cells[lookup[a.squares[0]]], s.cells[lookup[a.squares[1]]])
