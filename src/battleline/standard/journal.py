"""Undo by recorded changes: the :class:`Journal`, the part of a :class:`~.game.Game`
(``g.journal``) through which every change a move makes is recorded, so that
:meth:`~.game.Game.undo` puts the position back exactly, without copying it (as
:mod:`battleline.ancient.journal` does for Ancient Battles).

A move changes a game's public state in two ways:

- the single values (:data:`SAVED_FIELDS`: whose turn, the phase, the clock, the visible
  cards, Fog and Mud, the open flags, …) are replaced, never changed in place, so the values
  before a move are kept in one tuple (:meth:`Journal.begin`) and put back after the lists;
- the lists (hands, decks, discard piles, each flag's sides, ``placed_at``, ``claimed`` and
  the per-player lists) are changed in place, each change through the journal's
  :meth:`~Journal.write`, :meth:`~Journal.append`, :meth:`~Journal.take` or
  :meth:`~Journal.move`, which log what undoes it (one entry ``(list, index, old value)``
  per change); :func:`undo` (``Game.undo``) rewinds them newest first (:func:`rewind`) and
  puts the single values back.

Nothing else changes during play (the rules, the seed and the first player are fixed), so
these two records are the whole of undo: no move has an undo of its own, and no other module
knows how an entry is written. The functions :func:`write`, :func:`append`, :func:`take` and
:func:`take_last` do the same on a bare list of entries.

>>> hand, log = [5, 7, 9], []
>>> take(log, hand, 1), append(log, hand, 4), write(log, hand, 0, 1), hand
(7, None, None, [1, 9, 4])
>>> rewind(log, 0); hand, log
([5, 7, 9], [])
"""

from __future__ import annotations

from .moves import IllegalMoveError, Move

# ``g: "Game"`` below is battleline.standard.game.Game, named only: the game imports this
# module, so this module does not import the game.

__all__ = ["SAVED_FIELDS", "write", "append", "take", "take_last", "rewind", "Journal", "undo"]

#: The game's single values that moves replace (kept before each move, in this order).
SAVED_FIELDS = ("to_move", "phase", "scout_left", "idle_turns", "turn_active", "ending", "clock",
                "visible", "fog_flag", "fog_owner", "mud_flag", "mud_owner", "open_flags")


def write(log: list, items: list, index: int, value) -> None:
    """``items[index] = value``, journaled."""
    log.append((items, index, items[index]))
    items[index] = value


def append(log: list, items: list, value) -> None:
    """``items.append(value)``, journaled."""
    log.append((items, None, None))
    items.append(value)


def take(log: list, items: list, index: int):
    """Remove and return ``items[index]`` (``index`` counted from the start), journaled as
    ``~index``: the place to put it back."""
    value = items.pop(index)
    log.append((items, ~index, value))
    return value


def take_last(log: list, items: list):
    """Remove and return the last of ``items`` (the top of a deck), journaled."""
    value = items.pop()
    log.append((items, ~len(items), value))
    return value


def rewind(log: list, mark: int) -> None:
    """Undo the journaled changes after position ``mark`` of ``log``, newest first: a write
    gets its old value back, an appended value is removed, a taken one goes back in place.

    >>> deck, log = [3, 8], []
    >>> take_last(log, deck), deck
    (8, [3])
    >>> rewind(log, 0); deck
    [3, 8]
    """
    pop = log.pop
    while len(log) > mark:
        items, index, old = pop()
        if index is None:
            items.pop()
        elif index >= 0:
            items[index] = old
        else:
            items.insert(~index, old)


class Journal:
    """The record of a game's changes: ``log``, the entries of the list changes, and
    ``stack``, per move the move, the values of :data:`SAVED_FIELDS` before it and the
    journal's length before it. The fields are written out one by one: a tuple built in
    place is twice as fast as ``operator.attrgetter``, and push and undo are the bots' hot path.

    >>> hand, side = [5, 7], []
    >>> j = Journal(); j.move(hand, 0, side), hand, side
    (5, [7], [5])
    >>> j.rewind(0); hand, side
    ([5, 7], [])
    """

    __slots__ = ("log", "stack")

    def __init__(self) -> None:
        self.log: list = []
        self.stack: list = []

    def __len__(self) -> int:
        """The number of list changes recorded."""
        return len(self.log)

    def write(self, items: list, index: int, value) -> None:
        """``items[index] = value``, recorded."""
        self.log.append((items, index, items[index]))
        items[index] = value

    def append(self, items: list, value) -> None:
        """``items.append(value)``, recorded."""
        self.log.append((items, None, None))
        items.append(value)

    def take(self, items: list, index: int):
        """Remove and return ``items[index]`` (``index`` counted from the start), recorded as
        ``~index``: the place to put it back."""
        value = items.pop(index)
        self.log.append((items, ~index, value))
        return value

    def move(self, source: list, index: int, target: list):
        """Move ``source[index]`` (counted from the start) to the end of ``target``, recorded;
        returns it. A card that changes place: played, drawn, discarded, put back."""
        value = source.pop(index)
        target.append(value)
        log = self.log
        log.append((source, ~index, value))
        log.append((target, None, None))
        return value

    def move_last(self, source: list, target: list):
        """Move the last of ``source`` (the top of a deck) to the end of ``target``, recorded;
        returns it."""
        value = source.pop()
        target.append(value)
        log = self.log
        log.append((source, ~len(source), value))
        log.append((target, None, None))
        return value

    def rewind(self, mark: int) -> None:
        """Undo the list changes recorded after ``mark`` (a length of the journal)."""
        rewind(self.log, mark)

    def begin(self, move: Move, g: "Game") -> None:
        """Before ``move`` changes ``g``: keep the values of :data:`SAVED_FIELDS` and the
        journal's length (``Game.push`` begins every move so).

        >>> from battleline import Game
        >>> g = Game(seed=1, first=0); g.push(g.legal_moves()[0])
        >>> g.journal.moves(), g.journal.history(), len(g.journal)
        ([Move('R9@1')], [(0, Move('R9@1'))], 4)
        """
        self.stack.append((move, (g.to_move, g.phase, g.scout_left, g.idle_turns, g.turn_active,
                                  g.ending, g.clock, g.visible, g.fog_flag, g.fog_owner,
                                  g.mud_flag, g.mud_owner, g.open_flags), len(self.log)))

    def moves(self) -> list[Move]:
        """The moves recorded so far, oldest first."""
        return [move for move, _, _ in self.stack]

    def history(self) -> list[tuple[int, Move]]:
        """``(player, move)`` for every move recorded so far."""
        return [(saved[0], move) for move, saved, _ in self.stack]


def undo(g: "Game") -> Move:
    """Take the last move of ``g`` back exactly, from its journal; returns it. (It is
    ``Game.undo``: bound as the game's method, no call between.)

    >>> from battleline import Game
    >>> g = Game(seed=2); before = g.position()
    >>> g.play(g.legal_moves()[0]); _ = g.undo(); g.position() == before
    True
    """
    journal = g.journal
    if not journal.stack:
        raise IllegalMoveError("there is no move to undo", rule="nothing-to-undo")
    move, saved, mark = journal.stack.pop()
    rewind(journal.log, mark)
    (g.to_move, g.phase, g.scout_left, g.idle_turns, g.turn_active, g.ending,
     g.clock, g.visible, g.fog_flag, g.fog_owner, g.mud_flag, g.mud_owner,
     g.open_flags) = saved
    return move
