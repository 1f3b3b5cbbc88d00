"""Undo by recorded changes: what :meth:`AncientGame.push <.game.AncientGame.push>` keeps so
that :meth:`~.game.AncientGame.undo` puts the state back exactly, without copying it.

A state changes in two ways during play (see :mod:`.state`):

- the per-square and per-card arrays (``cells``, ``stacked``, ``where``, ``disrupted``) and
  ``side_squares`` are written in place: each write is logged as ``array, index, old value``
  in a flat journal (:func:`write`, and :func:`relocate` for a unit's move), and :func:`rewind`
  writes the old values back, newest first;
- every other field the rules change (:data:`PLAY_FIELDS`) is replaced, never changed in
  place, so the values before an action are kept by reference (:func:`save_fields`, one
  tuple) and put back by :func:`restore_fields` (:func:`take_from_reserve` and
  :func:`take_from_hand` replace the lists they change).

These functions are the only way the rules (:mod:`.rules` and its concept modules) change the
arrays; ``r`` is the :class:`~.rules.Rules` whose ``log`` is the journal.

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

from ..deprecation import moved_names

__all__ = ["PLAY_FIELDS", "JOURNALED", "FIXED_IN_PLAY", "save_fields", "restore_fields", "rewind", "write",
           "relocate", "take_from_reserve", "take_from_hand"]

# Before issue 41 the rules were put together from mixins; the mixin's name stands for Rules now.
__getattr__ = moved_names(__name__, {
    "Journal": ("battleline.ancient.rules", "Rules",
            "use Rules: it composes this module\'s functions (issue 41)")})

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


def write(r: "Rules", array: list, index: int, value) -> None:
    """``array[index] = value``, journaled in ``r.log`` (the rules' journal, or None when
    nobody will undo: odds, bots' scratch rules).

    >>> from types import SimpleNamespace
    >>> cells = [5, -1]; r = SimpleNamespace(log=[])
    >>> write(r, cells, 0, -1); cells, r.log
    ([-1, -1], [[-1, -1], 0, 5])
    """
    log = r.log
    if log is not None:
        log += (array, index, array[index])
    array[index] = value


def relocate(r: "Rules", card: int, to: int) -> None:
    """The unit led by ``card`` (both cards of a stack) goes to the empty square ``to``: a
    move, a withdrawal or a redeployment. The writes are journaled like :func:`write`'s,
    inlined on this hot path.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state
    >>> r = Rules(s, log=[]); relocate(r, s.cells[s.board.index("c2")], s.board.index("c3"))
    >>> g.position() == AncientGame.empty(seed=1).position(), s.board.names[s.where[s.cells[s.board.index("c3")]]]
    (False, 'c3')
    >>> rewind(r.log, 0); s.cells[s.board.index("c3")], s.board.names[s.where[s.cells[s.board.index("c2")]]]
    (-1, 'c2')
    """
    s = r.s
    cells, stacked, where, side_squares = s.cells, s.stacked, s.where, s.side_squares
    sq = where[card]
    other = stacked[sq]
    side = s.owner[card]
    log = r.log
    if log is not None:
        log += (cells, sq, card, stacked, sq, other, cells, to, -1, stacked, to, -1, where, card, sq,
                side_squares, side, side_squares[side])
        if other >= 0:
            log += (where, other, sq)
    cells[sq] = -1
    stacked[sq] = -1
    cells[to] = card
    stacked[to] = other
    where[card] = to
    if other >= 0:
        where[other] = to
    move = (1 << sq) | (1 << to)
    s.occupied ^= move
    side_squares[side] ^= move


# Lists, sets and dicts other than the per-square and per-card arrays are replaced, never
# changed in place: the values before an action are kept by reference (save_fields).
def take_from_reserve(r: "Rules", p: int, card: int) -> None:
    """``card`` leaves side ``p``'s reserve (placed, deployed or eliminated by Loyalty).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.scenario("issus", seed=1); s = g.state; card = s.reserve[0][0]
    >>> before = s.reserve; take_from_reserve(Rules(s), 0, card)
    >>> card in s.reserve[0], card in before[0]
    (False, True)
    """
    s = r.s
    reserve = list(s.reserve)
    reserve[p] = [c for c in reserve[p] if c != card]
    s.reserve = reserve


def take_from_hand(r: "Rules", p: int, card: int) -> None:
    """``card`` leaves side ``p``'s Tactics hand (played).

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); s.hands = [[61, 64], []]
    >>> take_from_hand(Rules(s), 0, 61); s.hands
    [[64], []]
    """
    s = r.s
    hands = list(s.hands)
    hand = hands[p][:]
    hand.remove(card)
    hands[p] = hand
    s.hands = hands
