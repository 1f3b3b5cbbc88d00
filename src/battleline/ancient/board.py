"""The field: square names and indices, rows, "forward" for each side, and the step tables
the engine's hot paths use, precomputed once per width (7, 9 or 11).

A square's index is ``row * width + column`` with rows 0-3 (named 1-4, from south's Back
Row) and columns 0.. (named ``a``, ``b``, ... from south's left). Sides are numbered as in
both games (:mod:`battleline.sides`): south (``SOUTH``, 1) moves toward row 4, north
(``NORTH``, 0) toward row 1.

>>> b = board(9)
>>> b.index("c2"), b.names[b.forward[SOUTH][b.index("c2")]], b.names[b.forward[NORTH][b.index("c2")]]
(11, 'c3', 'c1')
>>> b.back_row(NORTH)[:2]
(27, 28)
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import PositionError, shorten
from ..sides import NORTH, SIDES, SOUTH, side_index
from ..sides import PLAYER_NAMES as SIDE_NAMES

__all__ = ["Board", "board", "ROWS", "WIDTHS", "SOUTH", "NORTH", "SIDES", "SIDE_NAMES", "side_index",
           "SOUTH_FIRST", "by_side"]

ROWS = 4
WIDTHS = (7, 9, 11)
# The order in which this game lists the sides (texts, deployment, the initiative's askers).
SOUTH_FIRST = (SOUTH, NORTH)


def by_side(south, north) -> tuple:
    """A pair indexed by side number, from its south and north values.

    >>> by_side("s", "n")[SOUTH]
    's'
    """
    pair = [None, None]
    pair[SOUTH], pair[NORTH] = south, north
    return tuple(pair)


class Board:
    """Precomputed geometry for one width. Every table is indexed by square; ``-1`` means
    off the field. ``forward[side]``, ``back[side]``, ``left``/``right`` (seen from south;
    the rules treat left and right alike), ``lookup`` (square name -> index), and per side
    and movement class the list of
    ``(destination, vias)`` pairs a move may reach, where ``vias`` are the squares one of
    which must be free to pass (empty for a one-step move)."""

    def __init__(self, width: int) -> None:
        if width not in WIDTHS:
            raise PositionError(f"the field is 7, 9 or 11 positions wide, not {shorten(width)}")
        self.width = width
        self.size = width * ROWS
        self.names: tuple[str, ...] = tuple(
            "abcdefghijk"[i % width] + str(i // width + 1) for i in range(self.size))
        self.lookup = {n: i for i, n in enumerate(self.names)}
        self._rows = tuple(tuple(range(r * width, (r + 1) * width)) for r in range(ROWS))
        w = width
        self.left = tuple(i - 1 if i % w else -1 for i in range(self.size))
        self.right = tuple(i + 1 if i % w != w - 1 else -1 for i in range(self.size))
        self.forward = by_side(tuple(i + w if i + w < self.size else -1 for i in range(self.size)),
                               tuple(i - w if i - w >= 0 else -1 for i in range(self.size)))
        self.back = (self.forward[1], self.forward[0])
        # Orthogonal neighbours in the order a rampage numbers them for each side:
        # left, front, right, back (as the owner sees them).
        self.around = tuple(
            tuple(x for x in ((self.left[i], self.forward[s][i], self.right[i], self.back[s][i])
                              if s == SOUTH else
                              (self.right[i], self.forward[s][i], self.left[i], self.back[s][i]))
                  if x >= 0)
            for s in SIDES for i in range(self.size))
        self.moves = {(s, steps, sideways): tuple(self._destinations(i, s, steps, sideways)
                                                  for i in range(self.size))
                      for s in SIDES for steps in (1, 2) for sideways in (False, True)}

    def _destinations(self, i: int, side: int, steps: int, sideways: bool):
        dirs = [self.forward[side]] + ([self.left, self.right] if sideways else [])
        found: dict[int, set[int]] = {}
        for d1 in dirs:
            a = d1[i]
            if a < 0:
                continue
            found.setdefault(a, set())
            if steps == 2:
                for d2 in dirs:
                    b = d2[a]
                    if b < 0 or b == i:
                        continue
                    found.setdefault(b, set()).add(a)
        out = []
        for dest, vias in sorted(found.items()):
            one_step = any(d[i] == dest for d in dirs)
            out.append((dest, () if one_step else tuple(sorted(vias))))
        return tuple(out)

    def index(self, name: str) -> int:
        """The index of a square name such as ``c2``; PositionError if it is not on this field."""
        i = self.lookup.get(name.strip().lower()) if isinstance(name, str) else None
        if i is None:
            raise PositionError(f"no square {shorten(name)} on a field {self.width} wide "
                                f"(columns a-{'abcdefghijk'[self.width - 1]}, rows 1-4)")
        return i

    def row(self, i: int) -> int:
        """Row 1-4 of a square index."""
        return i // self.width + 1

    def back_row(self, side: int) -> tuple[int, ...]:
        """The squares of a side's Back Row (row 1 for south, 4 for north)."""
        return self._rows[0 if side == SOUTH else ROWS - 1]

    def front_row(self, side: int) -> tuple[int, ...]:
        """The squares of a side's Front Row (row 2 for south, 3 for north)."""
        return self._rows[1 if side == SOUTH else 2]


@lru_cache(maxsize=None)
def board(width: int) -> Board:
    """The shared :class:`Board` of a width (built once)."""
    return Board(width)
