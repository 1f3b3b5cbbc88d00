"""The Ancient Battles engine's fixed tables: the Tactics card numbers, card names, the
interned actions every generator hands out, and per field width the move and missile-reach
tables (built once).

>>> SHORT[SCOUT], CARD_INDEX["R4"], TERRAIN_CARDS == (FOG, MUD)
('Scout', 3, True)
>>> str(action_cache(9).move_rows[11][20])
'c2-c3'
"""

from __future__ import annotations

from functools import reduce
from operator import itemgetter, or_

from ..cards import Card
from .actions import Action
from .board import SIDES, board
from .troops import TROOP_TYPES

__all__ = ["ALEXANDER", "DARIUS", "COMPANION", "SHIELD", "FOG", "MUD", "SCOUT", "REDEPLOY", "DESERTER",
           "TRAITOR", "LEADER_CARDS", "TERRAIN_CARDS", "LOYALTY_CARDS", "LOYAL_VALUES", "SHORT", "CARD_INDEX",
           "ELEPHANT", "CHARIOTS", "END", "DRAW", "ROLL", "WITHDRAW", "STAND", "SCOUT_FIRST", "SCOUT_SECOND",
           "RALLY_NONE", "Acts", "action_cache", "move_tables", "move_neighbourhoods", "reach_tables",
           "fire_lines", "WidthTables", "width_tables", "ArmyTables", "picker"]

ALEXANDER, DARIUS, COMPANION, SHIELD, FOG, MUD, SCOUT, REDEPLOY, DESERTER, TRAITOR = range(60, 70)
LEADER_CARDS = (ALEXANDER, DARIUS)
TERRAIN_CARDS = (FOG, MUD)
LOYALTY_CARDS = (DESERTER, TRAITOR)
LOYAL_VALUES = frozenset({1, 2, 3, 7})   # Skirmishers, Peltasts, Javalineers, Light Cavalry
SHORT = [str(Card(i)) for i in range(70)]
CARD_INDEX = {name: i for i, name in enumerate(SHORT)}
ELEPHANT = 10
CHARIOTS = 9

END = {step: Action("end", option=step) for step in ("tactics", "actions", "fire", "melee")}
DRAW, ROLL, WITHDRAW, STAND = Action("draw"), Action("roll"), Action("withdraw"), Action("stand")
SCOUT_FIRST, SCOUT_SECOND = Action("scout", option="first"), Action("scout", option="second")
RALLY_NONE = Action("rally")


class Acts:
    """Interned Action objects for one width, so the generators allocate nothing."""

    __slots__ = ("names", "_move", "_fire", "_rein", "_dep", "_att", "_rally", "_rsq", "_rcard",
                 "move_rows", "fire_rows", "reinforce_rows", "deploy_rows", "attack_rows", "unit_moves",
                 "unit_destinations", "placements")

    def __init__(self, names) -> None:
        self.names = names
        n = range(len(names))
        # [from][to] and [card][square] tables: the generators index, never allocate
        self.move_rows = [[Action("move", "", (names[a], names[b])) for b in n] for a in n]
        self.fire_rows = [[Action("fire", "", (names[a], names[b])) for b in n] for a in n]
        self.attack_rows = [[Action("attack", "", (names[a], names[b])) for b in n] for a in n]
        self.reinforce_rows = [[Action("reinforce", SHORT[c], (names[q],)) for q in n] for c in range(60)]
        self.deploy_rows = [[Action("deploy", SHORT[c], (names[q],)) for q in n] for c in range(60)]
        self._move, self._fire, self._rein, self._dep = {}, {}, {}, {}
        # Memos the generators fill as they go (see Movement.action_step): per side, a unit's
        # moves by its type, square and the squares around it that block; the placements of
        # one reserve card by the empty squares of its Back Row.
        self.unit_moves: tuple[dict, dict] = ({}, {})
        self.unit_destinations: tuple[dict, dict] = ({}, {})    # the same, as squares
        self.placements: dict[int, tuple] = {}
        self._att, self._rally, self._rsq, self._rcard = {}, {}, {}, {}

    def move(self, a: int, b: int) -> Action:
        k = a * 64 + b
        x = self._move.get(k)
        if x is None:
            x = self._move[k] = Action("move", "", (self.names[a], self.names[b]))
        return x

    def fire(self, a: int, b: int) -> Action:
        k = a * 64 + b
        x = self._fire.get(k)
        if x is None:
            x = self._fire[k] = Action("fire", "", (self.names[a], self.names[b]))
        return x

    def reinforce(self, c: int, sq: int) -> Action:
        k = c * 64 + sq
        x = self._rein.get(k)
        if x is None:
            x = self._rein[k] = Action("reinforce", SHORT[c], (self.names[sq],))
        return x

    def deploy(self, c: int, sq: int) -> Action:
        k = c * 64 + sq
        x = self._dep.get(k)
        if x is None:
            x = self._dep[k] = Action("deploy", SHORT[c], (self.names[sq],))
        return x

    def attack(self, squares: tuple[int, ...], target: int) -> Action:
        k = (squares, target)
        x = self._att.get(k)
        if x is None:
            x = self._att[k] = Action("attack", "", tuple(sorted(self.names[q] for q in squares))
                                      + (self.names[target],))
        return x

    def rally(self, sq: int) -> Action:
        x = self._rally.get(sq)
        if x is None:
            x = self._rally[sq] = Action("rally", "", (self.names[sq],))
        return x

    def remove_sq(self, sq: int) -> Action:
        x = self._rsq.get(sq)
        if x is None:
            x = self._rsq[sq] = Action("remove", "", (self.names[sq],))
        return x

    def remove_card(self, c: int) -> Action:
        x = self._rcard.get(c)
        if x is None:
            x = self._rcard[c] = Action("remove", SHORT[c])
        return x



def picker(indices) -> "callable":
    """A function that takes the items at ``indices`` (in that order) from a sequence, as a
    tuple (``operator.itemgetter`` for any number of indices).

    >>> picker([2, 0])("abc"), picker([1])("abc"), picker([])("abc")
    (('c', 'a'), ('b',), ())
    """
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        k = indices[0]
        return lambda row: (row[k],)
    return lambda row: ()


_CACHES: dict[int, Acts] = {}
_MOVES: dict[int, tuple] = {}
_REACH: dict[int, tuple] = {}
_HOODS: dict[int, tuple] = {}
_LINES: dict[int, tuple] = {}


def reach_tables(width: int) -> tuple:
    """Per side and square, the masks of squares a bow / a javelin could ever reach."""
    tables = _REACH.get(width)
    if tables is None:
        b = board(width)
        bows, javelins = [], []
        for side in SIDES:
            fwd = b.forward[side]
            brow, jrow = [], []
            for sq in range(b.size):
                f = fwd[sq]
                squares = [f] if f >= 0 else []
                jrow.append(sum(1 << x for x in squares))
                if f >= 0:
                    squares += [fwd[f]] + [fwd[x] for x in (b.left[sq], b.right[sq]) if x >= 0]
                brow.append(sum(1 << x for x in squares if x >= 0))
            bows.append(brow)
            javelins.append(jrow)
        tables = _REACH[width] = (bows, javelins)
    return tables



def fire_lines(width: int) -> tuple:
    """Per side and square with a square in front (None otherwise): ``(front, two in front or
    -1, ((side square, the square in front of it), ...))``, the squares a shot from there
    looks at, in the order targets are listed.

    >>> b = board(9); f, ff, diagonals = fire_lines(9)[SIDES[1]][b.index("c2")]
    >>> b.names[f], b.names[ff], [(b.names[x], b.names[d]) for x, d in diagonals]
    ('c3', 'c4', [('b2', 'b3'), ('d2', 'd3')])
    """
    lines = _LINES.get(width)
    if lines is None:
        b = board(width)
        lines = []
        for side in SIDES:
            fwd = b.forward[side]
            lines.append([(fwd[sq], fwd[fwd[sq]],
                           tuple((lat, fwd[lat]) for lat in (b.left[sq], b.right[sq]) if lat >= 0 and fwd[lat] >= 0))
                          if fwd[sq] >= 0 else None for sq in range(b.size)])
        lines = _LINES[width] = tuple(lines)
    return lines


def move_neighbourhoods(width: int) -> tuple:
    """Per side, indexed by ``value * size + square``: the mask of every square a move of that
    type from that square lands on or passes (what decides its destinations).

    >>> b = board(9); hood = move_neighbourhoods(9)[SIDES[1]][4 * b.size + b.index("c2")]
    >>> sorted(b.names[x] for x in range(b.size) if hood >> x & 1)    # Hoplites: one step forward
    ['c3']
    """
    hoods = _HOODS.get(width)
    if hoods is None:
        size = board(width).size
        hoods = _HOODS[width] = tuple(
            [reduce(or_, [(1 << d) | vias for d, vias in per_side[v][sq]], 0) if v else 0
             for v in range(11) for sq in range(size)]
            for per_side in move_tables(width))
    return hoods


def move_tables(width: int) -> tuple:
    """Per side and type value, per square: ((destination, mask of the squares one of which
    must be free on the way; 0 for one step), ...)."""
    tables = _MOVES.get(width)
    if tables is None:
        b = board(width)
        tables = _MOVES[width] = tuple(
            tuple(tuple(tuple((d, sum(1 << x for x in vias)) for d, vias in per_square)
                        for per_square in b.moves[(side, TROOP_TYPES[v].steps, TROOP_TYPES[v].sideways)]) if v else None
                  for v in range(11))
            for side in SIDES)
    return tables



class WidthTables:
    """Everything the rules precompute for one field width (built once per width): the move,
    reach and fire-line tables, the interned actions, and masks: each side's Back Row, the
    squares beside and behind each square (flanks), the squares off the first and off the
    last column; per card, where its type starts in the move memo's index and whether it is
    mounted."""

    __slots__ = ("moves", "hoods", "acts", "type_base", "mounted", "back_rows", "reach", "lines", "columns",
                 "flanks")

    def __init__(self, width: int) -> None:
        b = board(width)
        self.moves = move_tables(width)
        self.hoods = move_neighbourhoods(width)
        self.acts = action_cache(width)
        self.type_base = [(c % 10 + 1) * b.size for c in range(60)]
        self.mounted = [int(TROOP_TYPES[c % 10 + 1].mounted) for c in range(60)]
        self.back_rows = [sum(1 << sq for sq in b.back_row(p)) for p in SIDES]
        self.reach = reach_tables(width)
        self.lines = fire_lines(width)
        self.columns = (sum(1 << sq for sq in range(b.size) if sq % width),
                        sum(1 << sq for sq in range(b.size) if sq % width != width - 1))
        self.flanks = [[sum(1 << x for x in (b.left[sq], b.right[sq], b.back[p][sq]) if x >= 0)
                        for sq in range(b.size)] for p in SIDES]


class ArmyTables:
    """What the rules read per card of the armies in play: each card's missile weapon (a
    stack is checked by the rules), whether it has one, each side's army points and each
    card's cost. Fixed in play: armies and bows are replaced, never changed, when
    ``AncientGame.put`` adds a card, so :meth:`fits` tells when to build anew.

    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); t = ArmyTables(s)
    >>> t.fits(s), len(t.weapons), len(t.costs)
    (True, 60, 70)
    """

    __slots__ = ("army", "bows", "weapons", "armed", "points", "costs")

    def __init__(self, state) -> None:
        self.army, self.bows = state.army, state.bows
        self.weapons = [TROOP_TYPES[c % 10 + 1].weapon(c in state.bows) for c in range(60)]
        self.armed = [w is not None for w in self.weapons]
        self.points = [state.army_points(p) for p in SIDES]
        self.costs = [state.cost(c) if c < 60 else 0 for c in range(70)]

    def fits(self, state) -> bool:
        """Are these the tables of ``state``'s armies and bows (the same objects)?"""
        return self.army is state.army and self.bows is state.bows


_WIDTHS: dict[int, WidthTables] = {}


def width_tables(width: int) -> WidthTables:
    """The :class:`WidthTables` of a field width (built once).

    >>> width_tables(9).flanks[0][0] == width_tables(9).flanks[0][0]
    True
    """
    t = _WIDTHS.get(width)
    if t is None:
        t = _WIDTHS[width] = WidthTables(width)
    return t


def action_cache(width: int) -> Acts:
    """The interned actions of a field width (built once)."""
    acts = _CACHES.get(width)
    if acts is None:
        acts = _CACHES[width] = Acts(board(width).names)
    return acts

