"""Undo by recorded changes: what :meth:`AncientGame.push <.game.AncientGame.push>` keeps so
that :meth:`~.game.AncientGame.undo` puts the state back exactly, without copying it.

A state changes in two ways during play (see :mod:`.state`):

- the per-square and per-card arrays (``cells``, ``stacked``, ``where``, ``disrupted``) and
  ``side_squares`` are written in place: each write is logged as ``array, index, old value``
  in a flat journal (:meth:`Journal.write`), and :func:`rewind` writes the old values back,
  newest first;
- every other field the rules change (:data:`PLAY_FIELDS`) is replaced, never changed in
  place, so the values before an action are kept by reference (:func:`save_fields`, one
  tuple) and put back by :func:`restore_fields`.

The fields fixed once play starts (the armies, bows, owners, the board, the options, the
dice stream, which undo rewinds) are not recorded.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south")
>>> before = g.position()
>>> g.push(g.legal_actions()[0]); g.position() == before
False
>>> g.undo(); g.position() == before
Action(kind='move', card='', squares=('c2', 'c3'), option='')
True
"""

from __future__ import annotations

from operator import attrgetter

__all__ = ["PLAY_FIELDS", "JOURNALED", "FIXED_IN_PLAY", "save_fields", "restore_fields", "rewind", "Journal"]

#: The state's fields that play replaces (kept by reference before each action).
PLAY_FIELDS = ("occupied", "terrain", "bad", "attachments", "leader_card", "leader_of", "leader_rallied",
               "reserve", "eliminated", "deck", "hands", "discards", "phase", "to_act", "turn", "first",
               "half", "actions_left", "drew", "moved", "placed", "fired", "attacked", "flank_pairs",
               "pending", "rally_order", "deployed", "quiet_turns", "turn_hit", "outcome",
               "hidden_deployment")
#: The arrays written in place (each write journaled).
JOURNALED = ("cells", "stacked", "where", "disrupted", "side_squares")
#: The fields play never changes.
FIXED_IN_PLAY = ("width", "board", "options", "draw_after", "scenario", "army", "bows", "owner", "dice",
                 "loyalty_extra", "small_elephants")

#: ``save_fields(state)``: the values of :data:`PLAY_FIELDS`, in order, as one tuple.
save_fields = attrgetter(*PLAY_FIELDS)


def restore_fields(s, saved: tuple) -> None:
    """Put back the values :func:`save_fields` took (one assignment, in the same order)."""
    (s.occupied, s.terrain, s.bad, s.attachments, s.leader_card, s.leader_of, s.leader_rallied,
     s.reserve, s.eliminated, s.deck, s.hands, s.discards, s.phase, s.to_act, s.turn, s.first,
     s.half, s.actions_left, s.drew, s.moved, s.placed, s.fired, s.attacked, s.flank_pairs,
     s.pending, s.rally_order, s.deployed, s.quiet_turns, s.turn_hit, s.outcome,
     s.hidden_deployment) = saved


def rewind(log: list, mark: int) -> None:
    """Undo the journaled array writes after position ``mark`` of ``log``, newest first.

    >>> cells = [5, -1]; log = [cells, 0, 5]; cells[0] = -1
    >>> rewind(log, 0); cells, log
    ([5, -1], [])
    """
    pop = log.pop
    while len(log) > mark:
        old = pop()
        index = pop()
        pop()[index] = old


class Journal:
    """The journaled write, a mixin of :class:`~.rules.Rules`: ``log`` is the journal (a flat
    list of ``array, index, old value``) or None when nobody will undo (odds, bots' scratch
    rules)."""

    __slots__ = ()

    def write(self, array: list, index: int, value) -> None:
        """``array[index] = value``, journaled."""
        log = self.log
        if log is not None:
            log += (array, index, array[index])
        array[index] = value
