"""Undo by recorded changes: what :meth:`Game.push <.game.Game.push>` keeps so that
:meth:`~.game.Game.undo` puts the position back exactly, without copying it (as
:mod:`battleline.ancient.journal` does for Ancient Battles).

A move changes a :class:`~.game.Game` in two ways:

- the single values (:data:`SAVED_FIELDS`: whose turn, the phase, the clock, the visible
  cards, Fog and Mud, the open flags, …) are replaced, never changed in place, so the values
  before a move are kept in one tuple and put back after the lists;
- the lists (hands, decks, discard piles, each flag's sides, ``placed_at``, ``claimed`` and
  the per-player lists) are changed in place, each change through :func:`write`,
  :func:`append`, :func:`take` or :func:`take_last`, which log what undoes it in a journal
  (one entry ``(list, index, old value)`` per change); :func:`rewind` undoes the changes
  after a mark, newest first. (The two commonest moves, a card played and a card drawn,
  write the same entries inline: :mod:`.flow`.)

Nothing else changes during play (the rules, the seed and the first player are fixed), so
these two records are the whole of undo: no move has an undo of its own.

>>> hand, log = [5, 7, 9], []
>>> take(log, hand, 1), append(log, hand, 4), write(log, hand, 0, 1), hand
(7, None, None, [1, 9, 4])
>>> rewind(log, 0); hand, log
([5, 7, 9], [])
"""

from __future__ import annotations

from .moves import IllegalMoveError, Move
from .rules import DRAW

__all__ = ["SAVED_FIELDS", "write", "append", "take", "take_last", "rewind", "Journal"]

#: The game's single values that moves replace (kept before each move, in this order).
SAVED_FIELDS = ("to_move", "phase", "scout_left", "idle_turns", "turn_active", "_outcome", "clock",
                "visible", "fog_flag", "fog_owner", "mud_flag", "mud_owner", "_open")


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
    """:meth:`push` and :meth:`undo` of :class:`~.game.Game`, with ``_log`` (the journal of
    list changes) and ``_stack`` (per move: the move, the values of :data:`SAVED_FIELDS` before
    it and the journal's length before it). The fields are written out one by one: a tuple
    built in place is twice as fast as ``operator.attrgetter``, and push and undo are the
    bots' hot path."""

    __slots__ = ()

    def push(self, move: Move) -> None:
        """Apply a move that is known to be legal, without checking it.

        For bots and search, with :meth:`undo`. Use :meth:`play` for anything
        that might be illegal.
        """
        self._stack.append((move, (self.to_move, self.phase, self.scout_left, self.idle_turns,
                                   self.turn_active, self._outcome, self.clock, self.visible,
                                   self.fog_flag, self.fog_owner, self.mud_flag, self.mud_owner,
                                   self._open), len(self._log)))
        p = self.to_move
        kind = move.kind
        if kind == "play":
            self._play_card(p, move.card, move.flag)
        elif kind == "draw":
            self._draw(p, 0 if move.deck == "troop" else 1)
        elif kind == "claim":
            self._take_flag(p, move.flag)
        elif kind == "end":
            self._end_turn()
        elif kind == "pass":
            self.phase = DRAW
        elif kind == "return":
            self._return_card(p, move.card)
        else:
            self._play_guile(p, move)

    def undo(self) -> Move:
        """Take back the last move exactly; returns it.

        >>> from battleline import Game
        >>> g = Game(seed=2); before = g.position()
        >>> g.play(g.legal_moves()[0]); _ = g.undo(); g.position() == before
        True
        """
        if not self._stack:
            raise IllegalMoveError("there is no move to undo", rule="nothing-to-undo")
        move, saved, mark = self._stack.pop()
        rewind(self._log, mark)
        (self.to_move, self.phase, self.scout_left, self.idle_turns, self.turn_active, self._outcome,
         self.clock, self.visible, self.fog_flag, self.fog_owner, self.mud_flag, self.mud_owner,
         self._open) = saved
        return move
