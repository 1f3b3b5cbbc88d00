"""The two players, numbered once for both games, and how a game ended.

Battle Line and Ancient Battles share one numbering: ``NORTH`` is 0 and ``SOUTH`` is 1,
``PLAYER_NAMES[p]`` is a player's text form, and ``1 - p`` is the opponent. A finished game
of either kind is an :class:`Outcome`.

>>> PLAYER_NAMES[SOUTH], side_index("north"), other(NORTH)
('south', 0, 1)
>>> Outcome(SOUTH, "terrain").describe()
'south wins by terrain'
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import shorten

__all__ = ["NORTH", "SOUTH", "PLAYER_NAMES", "SIDES", "other", "side_index", "Outcome"]

NORTH, SOUTH = 0, 1
PLAYER_NAMES = ("north", "south")
SIDES = (NORTH, SOUTH)        # both players, by number


def other(p: int) -> int:
    """The opponent of player ``p``.

    >>> other(SOUTH) == NORTH
    True
    """
    return 1 - p


def side_index(side: str | int) -> int:
    """A player's number from its text form (``"north"``, ``"south"``) or its number;
    ValueError for anything else.

    >>> side_index("South "), side_index(1)
    (1, 1)
    """
    if side in SIDES and not isinstance(side, bool):
        return side  # type: ignore[return-value]
    if isinstance(side, str) and side.strip().lower() in PLAYER_NAMES:
        return PLAYER_NAMES.index(side.strip().lower())
    raise ValueError(f"unknown side {shorten(side)}: expected 'south' or 'north'")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` (``NORTH``, ``SOUTH``, or None for a draw) and the
    ``reason`` (Battle Line: ``breakthrough``, ``envelopment`` or ``deadlock``; Ancient
    Battles: ``terrain``, ``casualties``, ``leader`` or ``draw``). ``flags``: the flags each
    player held (Battle Line; None in Ancient Battles).

    >>> Outcome(SOUTH, "breakthrough", (2, 3)).describe()
    'south wins by breakthrough'
    >>> Outcome(None, "draw").winner_name is None
    True
    """

    winner: int | None
    reason: str
    flags: tuple[int, int] | None = None

    @property
    def winner_name(self) -> str | None:
        """The winner's text form (``"north"``, ``"south"``), or None for a draw."""
        return None if self.winner is None else PLAYER_NAMES[self.winner]

    def describe(self) -> str:
        """The result in English words.

        >>> Outcome(None, "deadlock", (3, 3)).describe()
        'draw by deadlock (3-3 flags)'
        """
        if self.winner is not None:
            return f"{PLAYER_NAMES[self.winner]} wins by {self.reason}"
        if self.flags is not None:
            return f"draw by {self.reason} ({self.flags[0]}-{self.flags[1]} flags)"
        return "draw" if self.reason == "draw" else f"draw by {self.reason}"
