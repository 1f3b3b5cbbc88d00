"""The public state seam: :class:`AncientState` holds a whole Ancient Battles position, and
:func:`new_state` is the one place a position is built (``AncientGame.empty``, scenarios,
points games and position text all come through it).

Sides are ints numbered as in both games (``NORTH`` 0, ``SOUTH`` 1: :mod:`battleline.sides`);
every per-side pair below is indexed by that number. Squares are indices into :class:`~.board.Board`, cards
are ints 0-69 (:class:`battleline.cards.Card` numbering). ``-1`` means none. A *unit* is what
stands on one square: a card, or an Advanced stack of two cards. The unit is named by its
*primary* card (``cells[square]``); a stack's second card is ``stacked[square]``.

Fields (every one documented; other modules read them, the engine alone writes them):

- ``width``, ``board``: the field (:func:`~.board.board`).
- ``options``: the Advanced rules in force (``withdrawal stacks rampage flank rally``);
  ``draw_after``: quiet whole turns before a draw; ``scenario``: its name or None.
- ``army``: per side, the sorted troop cards of its army (public). ``bows``: cards with bows.
  ``owner[card]``: its side, or -1 (not in either army: out of play) for cards 0-59.
- ``cells``/``stacked``: per square the primary card / stack partner, or -1.
  ``where[card]``: its square, or -1 when not on the table. ``occupied`` and
  ``side_squares[side]``: bit masks of squares holding a unit.
- ``disrupted[card]``: the card carries a disruption marker (both cards of a stack do).
- ``terrain``: square -> Fog/Mud card; ``bad``: bit mask of those squares.
- ``attachments``: primary card -> Shield Bearers / Companion Cavalry card on it.
- ``leader_card[side]``: the scenario leader (Alexander 60 / Darius 61) attached to a troop,
  or -1; ``leader_of[side]``: the troop it is attached to (-1 until chosen);
  ``leader_rallied[side]``: its one rally is spent.
- ``reserve[side]`` (sorted), ``eliminated[side]`` (in order of loss).
- ``deck`` (Tactics, drawn from the end), ``hands[side]``, ``discards``.
- ``phase``: ``leader deploy initiative tactics actions fire melee withdrawal loyalty rally
  over``; ``to_act``: the side deciding now; ``turn`` (from 1); ``first``: who moves first
  this turn; ``half``: 0 in the first player turn, 1 in the second.
- ``actions_left``, ``drew`` (a Tactics card drawn this player turn), ``moved`` (cards moved
  or placed), ``placed`` (placed from reserve), ``fired``, ``attacked`` (sets of primary cards,
  this player turn), ``flank_pairs``: ``(attacker, attacker_square, target, target_square)``
  that may flank-attack, fixed at the start of the player turn.
- ``pending``: the decision in progress: ``("withdrawal", attackers, target)``,
  ``("loyalty", card_played)``, or None. ``rally_order``: sides still to rally this turn.
- ``deployed[side]``: cards placed in deployment; ``quiet_turns``/``turn_hit``: the draw
  counter and whether this turn saw a disruption or elimination.
- ``outcome``: None, or ``(winner, reason)`` with winner a side or -1 (draw).
- ``dice``: the :class:`~.dice.Dice` stream (its seed and future rolls are hidden).
- ``hidden_deployment``: True while deployed cards are face down.

>>> s = new_state(9, seed=1)
>>> s.phase, s.to_act == SOUTH, len(s.deck), s.board.names[s.board.back_row(NORTH)[0]]
('actions', True, 10, 'a4')
"""

from __future__ import annotations

import random

from ..cards import Card
from .board import NORTH, SOUTH, SOUTH_FIRST, Board, board
from .dice import Dice
from .troops import TROOP_TYPES

__all__ = ["AncientState", "new_state", "ADVANCED_RULES", "PHASES", "PLAYER_STEPS"]

ADVANCED_RULES = ("withdrawal", "stacks", "rampage", "flank", "rally")
PHASES = ("leader", "deploy", "initiative", "tactics", "actions", "fire", "melee",
          "withdrawal", "loyalty", "rally", "over")
#: The steps of a player turn (the phases in which the side to act plays its turn).
PLAYER_STEPS = ("tactics", "actions", "fire", "melee", "withdrawal", "loyalty")

_new = object.__new__


class AncientState:
    """The whole position. See the module docstring for the fields."""

    __slots__ = ("width", "board", "options", "draw_after", "scenario", "army", "bows", "owner",
                 "cells", "stacked", "where", "occupied", "side_squares", "disrupted",
                 "terrain", "bad", "attachments", "leader_card", "leader_of", "leader_rallied",
                 "reserve", "eliminated", "deck", "hands", "discards", "phase", "to_act", "turn",
                 "first", "half", "actions_left", "drew", "moved", "placed", "fired",
                 "attacked", "flank_pairs", "pending", "rally_order", "deployed",
                 "quiet_turns", "turn_hit", "outcome", "dice", "hidden_deployment",
                 "loyalty_extra", "small_elephants")

    def copy(self) -> "AncientState":
        """A copy (a record's start, the branches of the exact odds). The per-square and
        per-card arrays are copied; every other container is shared, because the engine
        replaces those and never changes them in place (which is also what lets undo keep
        them by reference: :mod:`.journal`). The dice stream is shared too."""
        c = _new(AncientState)
        c.width = self.width
        c.board = self.board
        c.options = self.options
        c.draw_after = self.draw_after
        c.scenario = self.scenario
        c.army = self.army   # fixed once play starts (put() starts a new history)
        c.bows = self.bows   # fixed once play starts (put() starts a new history)
        c.owner = self.owner   # fixed once play starts (put() starts a new history)
        c.cells = self.cells[:]
        c.stacked = self.stacked[:]
        c.where = self.where[:]
        c.occupied = self.occupied
        c.side_squares = self.side_squares[:]
        c.disrupted = self.disrupted[:]
        c.terrain = self.terrain
        c.bad = self.bad
        c.attachments = self.attachments
        c.leader_card = self.leader_card
        c.leader_of = self.leader_of
        c.leader_rallied = self.leader_rallied
        c.reserve = self.reserve
        c.eliminated = self.eliminated
        c.deck = self.deck
        c.hands = self.hands
        c.discards = self.discards
        c.phase = self.phase
        c.to_act = self.to_act
        c.turn = self.turn
        c.first = self.first
        c.half = self.half
        c.actions_left = self.actions_left
        c.drew = self.drew
        c.moved = self.moved
        c.placed = self.placed
        c.fired = self.fired
        c.attacked = self.attacked
        c.flank_pairs = self.flank_pairs
        c.pending = self.pending
        c.rally_order = self.rally_order
        c.deployed = self.deployed
        c.quiet_turns = self.quiet_turns
        c.turn_hit = self.turn_hit
        c.outcome = self.outcome
        c.dice = self.dice
        c.hidden_deployment = self.hidden_deployment
        c.loyalty_extra = self.loyalty_extra
        c.small_elephants = self.small_elephants
        return c

    # --- small readers used everywhere ------------------------------------------
    def value(self, card: int) -> int:
        """A unit's value: its card's, or the sum for a stack."""
        sq = self.where[card]
        other = self.stacked[sq] if sq >= 0 else -1
        return card % 10 + 1 + (other % 10 + 1 if other >= 0 else 0)

    def cost(self, card: int) -> int:
        """Points of one card: its value, one more with a bow."""
        return card % 10 + 1 + (card in self.bows)

    def army_points(self, side: int) -> int:
        """The point value of a side's army."""
        return sum(self.cost(c) for c in self.army[side])

    def unit_cards(self, square: int) -> tuple[int, ...]:
        """The cards on a square: (), (card,) or (card, partner)."""
        c = self.cells[square]
        if c < 0:
            return ()
        o = self.stacked[square]
        return (c,) if o < 0 else (c, o)

    def type_of(self, card: int):
        """The :class:`~.troops.TroopType` of a troop card."""
        return TROOP_TYPES[card % 10 + 1]

    def card_places(self) -> dict[int, str]:
        """Where each of the 70 cards is: ``field``, ``reserve``, ``eliminated``, ``out``,
        ``deck``, ``hand``, ``discard``, ``terrain``, ``attached``. Used by the accounting
        check; raises AssertionError if a card is in two places or none."""
        places: dict[int, str] = {}

        def put(card: int, where: str) -> None:
            if card in places:
                raise AssertionError(f"{Card(card)} is both {places[card]} and {where}")
            places[card] = where

        for sq, c in enumerate(self.cells):
            for x in self.unit_cards(sq):
                put(x, "field")
        for side in SOUTH_FIRST:
            for c in self.reserve[side]:
                put(c, "reserve")
            for c in self.eliminated[side]:
                put(c, "eliminated")
            for c in self.hands[side]:
                put(c, "hand")
            if self.leader_card[side] >= 0:
                put(self.leader_card[side], "attached")
        for c in range(60):
            if self.owner[c] < 0:
                put(c, "out")
        for c in self.deck:
            put(c, "deck")
        for c in self.discards:
            put(c, "discard")
        for c in self.terrain.values():
            put(c, "terrain")
        for c in self.attachments.values():
            put(c, "attached")
        missing = [Card(c) for c in range(70) if c not in places]
        if missing:
            raise AssertionError(f"cards unaccounted for: {missing}")
        return places


def new_state(width: int, *, options=frozenset(), draw_after: int = 10, scenario: str | None = None,
              armies=((), ()), bows=(), seed: int | None = None, script=(),
              hands=((), ()), leaders=(-1, -1), loyalty_extra=(frozenset(), frozenset()),
              small_elephants: int | None = None, scripted: bool = True) -> AncientState:
    """Build a position. ``armies``, ``hands``, ``leaders`` and ``loyalty_extra`` are pairs
    indexed by side number (:func:`~.board.by_side`). ``scripted=True`` (``AncientGame.empty``) starts in south's action
    step of turn 1 with the armies' cards on nothing (``put`` places them); otherwise the
    armies start in reserve and the game begins with leader attachment or deployment."""
    b: Board = board(width)
    s = AncientState.__new__(AncientState)
    s.width, s.board = width, b
    s.options = frozenset(options)
    s.draw_after = draw_after
    s.scenario = scenario
    s.army = [sorted(int(c) for c in armies[0]), sorted(int(c) for c in armies[1])]
    s.bows = {int(c) for c in bows}
    s.owner = [-1] * 60
    for side in (0, 1):
        for c in s.army[side]:
            s.owner[c] = side
    s.cells = [-1] * b.size
    s.stacked = [-1] * b.size
    s.where = [-1] * 60
    s.occupied = 0
    s.side_squares = [0, 0]
    s.disrupted = [False] * 60
    s.terrain, s.bad, s.attachments = {}, 0, {}
    s.leader_card = [int(x) for x in leaders]
    s.leader_of = [-1, -1]
    s.leader_rallied = [False, False]
    s.reserve = [list(s.army[0]), list(s.army[1])]
    s.eliminated = [[], []]
    s.hands = [[int(c) for c in hands[0]], [int(c) for c in hands[1]]]
    s.dice = Dice(seed, script)
    given = set(s.hands[0]) | set(s.hands[1]) | {x for x in s.leader_card if x >= 0}
    s.deck = [c for c in range(60, 70) if c not in given]
    # The deck is shuffled from the seed, apart from the dice stream, so that scripted dice
    # never change the deck and the deck never consumes a die.
    random.Random(f"ancient deck {s.dice.seed}").shuffle(s.deck)
    s.discards = []
    s.turn, s.first, s.half = 1, SOUTH, 0
    s.actions_left, s.drew = 6, False
    s.moved, s.placed, s.fired, s.attacked = set(), set(), set(), set()
    s.flank_pairs = frozenset()
    s.pending = None
    s.rally_order = []
    s.deployed = [0, 0]
    s.quiet_turns, s.turn_hit = 0, False
    s.outcome = None
    s.loyalty_extra = tuple(frozenset(x) for x in loyalty_extra)
    s.small_elephants = small_elephants
    if scripted:
        s.phase, s.to_act, s.hidden_deployment = "actions", SOUTH, False
    else:
        s.hidden_deployment = True
        if s.leader_card[SOUTH] >= 0:
            s.phase, s.to_act = "leader", SOUTH
        elif s.leader_card[NORTH] >= 0:
            s.phase, s.to_act = "leader", NORTH
        else:
            s.phase, s.to_act = "deploy", SOUTH
    return s
