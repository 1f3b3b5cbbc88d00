"""The kernel's game state: one flat ``int64`` array, and the move numbers it uses.

A position is a NumPy array of ``STATE_SIZE`` integers; the names below are the offsets of
its fields. Cards are numbered as in :mod:`battleline.cards` (troops 0-59, colour ``c // 10``,
value ``c % 10 + 1``; Tactics 60-69). Sets of troops are 60-bit masks (bit ``c``), sets of
Tactics 10-bit masks (bit ``c - 60``). Players are 0 (north) and 1 (south); flags 1-9 index
fields of ten (index 0 unused). Copying the array saves the position, which is how the
kernel undoes a move.

========================  ========================================================
field                     holds
========================  ========================================================
``TO_MOVE``               the player to move
``PHASE``                 ``PLAY``, ``DRAW``, ``SCOUT_DRAW``, ``SCOUT_RETURN``, ``OVER``
``SCOUT_LEFT``            Scout's draws or returns still to make
``TURN_ACTIVE``           1 when this turn has played, claimed or drawn
``IDLE_TURNS``            idle turns in a row before this one (the deadlock rule)
``ADVANCED``              1 under the Advanced (claim-timing) rule
``CLOCK``                 the next placement time (ties go against the later side)
``WINNER``                over: 0 or 1, ``DRAWN`` for a drawn deadlock; else ``NOBODY``
``REASON``                over: ``ENVELOPMENT``, ``BREAKTHROUGH`` or ``DEADLOCK``
``VISIBLE``               troops on the table or discarded (what claims may use)
``HAND_TROOPS + p``       p's troops in hand (mask)
``HAND_TACTICS + p``      p's Tactics in hand (10-bit mask)
``TACTICS_PLAYED + p``    Tactics cards p has played
``LEADER_PLAYED + p``     1 once p has played a Leader
``FOG_FLAG/FOG_OWNER``    the flag holding Fog (0: none) and who played it (-1: none)
``MUD_FLAG/MUD_OWNER``    the same for Mud
``CLAIMED + f``           who holds flag f, -1 if nobody
``SIDE_LEN + 10p + f``    how many formation cards p has at flag f
``SIDE_CARDS + 4(10p+f) + i``  the i-th of them, in the order placed
``PLACED_AT + c``         when formation card c (0-63) was last placed
``DECK_LEN + d``          cards in deck d (0 troops, 1 Tactics)
``TROOP_DECK + i``        the troop deck, bottom first: the top is ``DECK_LEN - 1``
``TACTIC_DECK + i``       the Tactics deck, likewise
========================  ========================================================

Moves are the fixed numbers of :mod:`battleline.standard.encoding` (``ALL_MOVES``), so a kernel move
converts to a :class:`~battleline.standard.moves.Move` by one lookup.

>>> STATE_SIZE
268
>>> from battleline.standard.encoding import ALL_MOVES
>>> str(ALL_MOVES[play_move(5, 3)]), str(ALL_MOVES[CLAIM_BASE + 3 - 1]), str(ALL_MOVES[END_MOVE])
('R6@3', 'claim 3', 'end')
"""

from __future__ import annotations

import numpy as np

# -------------------------------------------------------------------- the cards
TROOP_COUNT = 60
CARD_COUNT = 70
FORMATION_CARDS = 64                  # troops and the four Morale cards stand at flags
TROOPS_ALL = (1 << TROOP_COUNT) - 1   # the troop mask of all 60 troops
ALEXANDER, DARIUS, COMPANION, SHIELD, FOG, MUD, SCOUT, REDEPLOY, DESERTER, TRAITOR = range(60, 70)
HAND_SIZE = 7
SIDE_SIZE, MUD_SIDE_SIZE = 3, 4
MAX_SIDE = 4
ENVELOPMENT_FLAGS = 5
DEADLOCK_IDLE_TURNS = 2
SCOUT_DRAWS, SCOUT_RETURNS = 3, 2

# -------------------------------------------------------------------- the phases
PLAY, DRAW, SCOUT_DRAW, SCOUT_RETURN, OVER = range(5)
PHASE_NAMES = ("play", "draw", "scout-draw", "scout-return", "over")
NOBODY, DRAWN = -1, 2
NO_REASON, ENVELOPMENT, BREAKTHROUGH, DEADLOCK = range(4)
REASON_NAMES = ("", "envelopment", "breakthrough", "deadlock")

# -------------------------------------------------------------------- the fields
TO_MOVE = 0
PHASE = 1
SCOUT_LEFT = 2
TURN_ACTIVE = 3
IDLE_TURNS = 4
ADVANCED = 5
CLOCK = 6
WINNER = 7
REASON = 8
VISIBLE = 9
HAND_TROOPS = 10
HAND_TACTICS = 12
TACTICS_PLAYED = 14
LEADER_PLAYED = 16
FOG_FLAG = 18
FOG_OWNER = 19
MUD_FLAG = 20
MUD_OWNER = 21
CLAIMED = 22
SIDE_LEN = CLAIMED + 10
SIDE_CARDS = SIDE_LEN + 20
PLACED_AT = SIDE_CARDS + 20 * MAX_SIDE
DECK_LEN = PLACED_AT + FORMATION_CARDS
TROOP_DECK = DECK_LEN + 2
TACTIC_DECK = TROOP_DECK + TROOP_COUNT
STATE_SIZE = TACTIC_DECK + 10

# -------------------------------------------------------------------- the moves
FLAG_COUNT = 9
PLAYABLE_CARDS = 66                   # troops, Morale and Environment cards go to a flag
PLAY_BASE = 0                         # card * 9 + flag - 1
SCOUT_MOVE = PLAY_BASE + PLAYABLE_CARDS * FLAG_COUNT
REDEPLOY_BASE = SCOUT_MOVE + 1        # card * 10 + flag - 1, or + 9 to discard it
DESERTER_BASE = REDEPLOY_BASE + PLAYABLE_CARDS * 10    # + card
TRAITOR_BASE = DESERTER_BASE + PLAYABLE_CARDS          # card * 9 + flag - 1 (troops only)
CLAIM_BASE = TRAITOR_BASE + TROOP_COUNT * FLAG_COUNT   # + flag - 1
DRAW_TROOP = CLAIM_BASE + FLAG_COUNT
DRAW_TACTIC = DRAW_TROOP + 1
RETURN_BASE = DRAW_TACTIC + 1         # + card
PASS_MOVE = RETURN_BASE + CARD_COUNT
END_MOVE = PASS_MOVE + 1
MOVE_COUNT = END_MOVE + 1
REDEPLOY_DISCARD = 9                  # the tenth choice of a Redeploy: the discard pile
MAX_MOVES = 1024                      # more than any position has (a move list's length)


def play_move(card: int, flag: int) -> int:
    """The number of playing ``card`` at ``flag``."""
    return PLAY_BASE + card * FLAG_COUNT + flag - 1


def new_state() -> np.ndarray:
    """An empty state array (every field zero)."""
    return np.zeros(STATE_SIZE, dtype=np.int64)
