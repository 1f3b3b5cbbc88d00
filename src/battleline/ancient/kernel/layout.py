"""The Ancient Battles kernel's battle: one flat ``int64`` array, the dice array, and actions
as integers.

A position is a NumPy array of ``STATE_SIZE`` integers; the names below are the offsets of
its fields. Squares are the engine's indices (``row * width + column``, at most 44); cards are
numbered as in :mod:`battleline.cards` (troops 0-59, Tactics 60-69). Sets of troop cards are
60-bit masks (bit ``card``), sets of squares 44-bit masks (bit ``square``), hands and the
discard pile 10-bit masks (bit ``card - 60``). Sides are 0 (north) and 1 (south); a pair of
fields ``X + side``. ``-1`` means none. Copying the array saves the position, which is how
the kernel takes an action back.

============================  ============================================================
field                         holds
============================  ============================================================
``WIDTH``                     the field's width (7, 9 or 11)
``OPTIONS``                   the Advanced rules in force, a mask of ``WITHDRAWAL`` ...
``DRAW_AFTER``                quiet whole turns before a draw
``PHASE``                     the step, an index into ``PHASES``; ``TO_ACT`` who decides
``TURN``/``FIRST``/``HALF``   the turn, who moved first in it, 0/1 for its player turns
``ACTIONS_LEFT``/``DREW``     the action step's actions left, a Tactics card drawn
``MOVED``/``PLACED``          cards moved or placed / placed from reserve (card masks)
``FIRED``/``ATTACKED``        cards that fired / attacked this player turn (card masks)
``OCCUPIED``                  squares holding a unit; ``SIDE_SQUARES + side`` per side
``BAD``                       squares of bad terrain (Fog or Mud)
``DISRUPTED``                 cards carrying a disruption marker (both cards of a stack)
``BOWS``                      cards with a bow; ``ARMY + side`` each side's troop cards
``ARMY_POINTS + side``        an army's point value; ``LOST_POINTS + side`` those eliminated
``ELIMINATED + side``         the side's eliminated cards (mask)
``RESERVE + side``            the side's reserve (mask); ``DEPLOYED + side`` cards deployed
``HAND + side``               the side's Tactics hand; ``DISCARDS`` the discard pile
``DECK_LEN``/``DECK + i``     the Tactics deck, bottom first (the top is ``DECK_LEN - 1``)
``SHIELD_ON``                 the primary card carrying Shield Bearers, or -1
``COMPANION_ON``              the primary card carrying Companion Cavalry, or -1
``LEADER_CARD + side``        the scenario leader (60, 61) or -1; ``LEADER_OF`` its troop
``LEADER_RALLIED + side``     1 once the scenario leader's one rally is spent
``LOYALTY_VALUES + side``     troop values Loyalty takes from the side (bit ``value``)
``SMALL_ELEPHANTS``           the side whose Elephants fight Elephants at -2, or -1
``PENDING``                   ``NO_PENDING``, ``PENDING_INITIATIVE``, ``_WITHDRAWAL``,
                              ``_LOYALTY``
``PENDING_NEXT``              initiative: the side still to ask, or -1; loyalty: the card
``PENDING_ATTACKERS``         withdrawal: the attacking primary cards (mask)
``PENDING_TARGET``            withdrawal: the attacked primary card
``RALLY_LEN``/``RALLY + i``   the sides still to rally this turn, in order
``QUIET_TURNS``/``TURN_HIT``  the draw counter; a disruption or loss this turn
``HIDDEN``                    1 while deployed cards are face down
``WINNER``/``REASON``         over: 0, 1 or ``DRAWN``; the ``REASONS`` index; else ``NOBODY``
``DICE_POS``                  how many rolls of the dice array this position has read
``CELLS + sq``                the unit's primary card on a square, or -1
``STACKED + sq``              a stack's second card, or -1
``WHERE + card``              a troop card's square, or -1
``OWNER + card``              a troop card's side, or -1 (in neither army)
``FLANK_LEN``/``FLANK + 4i``  flank attacks fixed at the start of the player turn: (attacker,
                              its square, target, its square)
============================  ============================================================

The dice are one ``int64`` array shared by every copy of a position: ``DICE_COUNT`` rolls
known so far from ``DICE_ROLLS`` on, ``DICE_RNG`` the state of the generator that makes more
(0: none; then reading past the end sets ``DICE_SHORT``). A position reads them from its
``DICE_POS``, so a copied position meets the same rolls, as the engine's undo does.

Actions are integers: ``kind + KINDS * (f1 + 128 * (f2 + 128 * (...)))`` with up to five
fields, each a square or card plus one (0: none). :func:`encode` and :func:`decode` convert
them to and from the engine's :class:`~battleline.ancient.actions.Action`.

>>> from battleline.ancient.actions import Action
>>> a = Action.parse("attack c3+d2+e3-d3")
>>> decode(encode(a, 9), 9) == a, str(decode(pack(MOVE, 11, 20), 9))
(True, 'c2-c3')
"""

from __future__ import annotations

import numpy as np

from ...cards import Card
from ...errors import shorten
from ..actions import Action
from ..board import WIDTHS, board
from ..game import AncientGame

# -------------------------------------------------------------------- cards and sides
NORTH, SOUTH = 0, 1
TROOP_COUNT = 60
ALEXANDER, DARIUS, COMPANION, SHIELD, FOG, MUD, SCOUT, REDEPLOY, DESERTER, TRAITOR = range(60, 70)
TACTIC_COUNT = 10            # Tactics cards are TROOP_COUNT .. TROOP_COUNT + 9; a hand's bit is card - TROOP_COUNT
MAX_SQUARES = 44
ROWS = 4
ACTIONS_PER_TURN = 6
DRAW_COST = 3
ELEPHANT, CHARIOTS = 10, 9
LOYAL_VALUES = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 7)   # Skirmishers, Peltasts, Javalineers, Light Cavalry

# The Advanced rules, as bits of OPTIONS, named as the engine names them.
WITHDRAWAL, STACKS, RAMPAGE, FLANK_RULE, RALLY_RULE = 1, 2, 4, 8, 16
OPTION_NAMES = ("withdrawal", "stacks", "rampage", "flank", "rally")

# -------------------------------------------------------------------- phases and outcomes
PHASES = ("leader", "deploy", "initiative", "tactics", "actions", "fire", "melee",
          "withdrawal", "loyalty", "rally", "over")
(P_LEADER, P_DEPLOY, P_INITIATIVE, P_TACTICS, P_ACTIONS, P_FIRE, P_MELEE, P_WITHDRAWAL,
 P_LOYALTY, P_RALLY, P_OVER) = range(len(PHASES))
NOBODY, DRAWN = -1, 2
REASONS = ("", "terrain", "casualties", "leader", "draw")
NO_REASON, BY_TERRAIN, BY_CASUALTIES, BY_LEADER, BY_DRAW = range(len(REASONS))
NO_PENDING, PENDING_INITIATIVE, PENDING_WITHDRAWAL, PENDING_LOYALTY = range(4)

# -------------------------------------------------------------------- the fields
_names = ("WIDTH OPTIONS DRAW_AFTER PHASE TO_ACT TURN FIRST HALF ACTIONS_LEFT DREW MOVED PLACED "
          "FIRED ATTACKED OCCUPIED BAD DISRUPTED BOWS DISCARDS DECK_LEN SHIELD_ON COMPANION_ON "
          "SMALL_ELEPHANTS PENDING PENDING_NEXT PENDING_ATTACKERS PENDING_TARGET RALLY_LEN "
          "QUIET_TURNS TURN_HIT HIDDEN WINNER REASON DICE_POS FLANK_LEN").split()
(WIDTH, OPTIONS, DRAW_AFTER, PHASE, TO_ACT, TURN, FIRST, HALF, ACTIONS_LEFT, DREW, MOVED, PLACED,
 FIRED, ATTACKED, OCCUPIED, BAD, DISRUPTED, BOWS, DISCARDS, DECK_LEN, SHIELD_ON, COMPANION_ON,
 SMALL_ELEPHANTS, PENDING, PENDING_NEXT, PENDING_ATTACKERS, PENDING_TARGET, RALLY_LEN,
 QUIET_TURNS, TURN_HIT, HIDDEN, WINNER, REASON, DICE_POS, FLANK_LEN) = range(len(_names))
_pairs = len(_names)
SIDE_SQUARES = _pairs
ARMY = SIDE_SQUARES + 2
ARMY_POINTS = ARMY + 2
LOST_POINTS = ARMY_POINTS + 2
ELIMINATED = LOST_POINTS + 2
RESERVE = ELIMINATED + 2
DEPLOYED = RESERVE + 2
HAND = DEPLOYED + 2
LEADER_CARD = HAND + 2
LEADER_OF = LEADER_CARD + 2
LEADER_RALLIED = LEADER_OF + 2
LOYALTY_VALUES = LEADER_RALLIED + 2
RALLY = LOYALTY_VALUES + 2
DECK = RALLY + 2
CELLS = DECK + 10
STACKED = CELLS + MAX_SQUARES
WHERE = STACKED + MAX_SQUARES
OWNER = WHERE + TROOP_COUNT
MAX_FLANK = 64                        # each own unit has at most three enemies beside or behind
FLANK = OWNER + TROOP_COUNT
STATE_SIZE = FLANK + 4 * MAX_FLANK

# -------------------------------------------------------------------- the dice array
DICE_COUNT, DICE_RNG, DICE_SHORT = 0, 1, 2
DICE_ROLLS = 3

# -------------------------------------------------------------------- actions
KINDS = 32
FIELD = 128
(END, MOVE, REINFORCE, DRAW, FIRE, ATTACK, WITHDRAW, STAND, LEADER, DEPLOY, SCOUT_FIRST,
 SCOUT_SECOND, ROLL, PLAY_LEADER, PLAY_RALLY, PLAY_AT, PLAY_REDEPLOY, PLAY_LOYALTY, REMOVE_SQUARE,
 REMOVE_CARD, RALLY_SQUARE, RALLY_NONE) = range(22)
STEPS = ("tactics", "actions", "fire", "melee")      # END's field: the step it closes
LAST_STEP = STEPS.index("melee")                     # closing it ends the player turn
MAX_ACTIONS = 2048                    # more than any position has (a list's length)


def pack(kind, f1=-1, f2=-1, f3=-1, f4=-1, f5=-1):
    """An action's number from its kind and up to five fields (squares or cards; -1: none)."""
    return kind + KINDS * ((f1 + 1) + FIELD * ((f2 + 1) + FIELD * ((f3 + 1) + FIELD * (
        (f4 + 1) + FIELD * (f5 + 1)))))


def field(action, i):
    """Field ``i`` (0-4) of an action number: a square or card, or -1."""
    return (action // KINDS) // FIELD ** i % FIELD - 1


def new_state() -> np.ndarray:
    """An empty state array (every field zero)."""
    return np.zeros(STATE_SIZE, dtype=np.int64)


def new_dice(capacity: int = 1 << 14) -> np.ndarray:
    """An empty dice array with room for ``capacity`` rolls."""
    return np.zeros(DICE_ROLLS + capacity, dtype=np.int64)


# -------------------------------------------------------------------- Action <-> number
_SHORT = [str(Card(i)) for i in range(70)]
_CARD = {name: i for i, name in enumerate(_SHORT)}
_PLAIN = {"draw": DRAW, "withdraw": WITHDRAW, "stand": STAND, "roll": ROLL}


def encode(action: Action, width: int) -> int:
    """The kernel's number of an engine :class:`Action` on a field ``width`` wide."""
    if not isinstance(action, Action):
        raise ValueError(f"encode takes an Action, not {shorten(type(action).__name__)}")
    lookup = board(checked_width(width)).lookup
    if not all(x in lookup for x in action.squares):
        raise ValueError(f"{shorten(str(action))} names a square off a field {width} wide")
    sq = [lookup[x] for x in action.squares]
    k, card = action.kind, _CARD.get(action.card, -1)
    if k in _PLAIN:
        return pack(_PLAIN[k])
    if k == "end":
        return pack(END, STEPS.index(action.option))
    if k in ("move", "fire"):
        return pack(MOVE if k == "move" else FIRE, sq[0], sq[1])
    if k in ("reinforce", "deploy"):
        return pack(REINFORCE if k == "reinforce" else DEPLOY, card, sq[0])
    if k == "attack":
        return pack(ATTACK, sq[-1], *sorted(sq[:-1]))
    if k == "leader":
        return pack(LEADER, card)
    if k == "scout":
        return pack(SCOUT_FIRST if action.option == "first" else SCOUT_SECOND)
    if k == "remove":
        return pack(REMOVE_SQUARE, sq[0]) if sq else pack(REMOVE_CARD, card)
    if k == "rally":
        return pack(RALLY_SQUARE, sq[0]) if sq else pack(RALLY_NONE)
    if card in (FOG, MUD, SHIELD, COMPANION):
        return pack(PLAY_AT, card, sq[0])
    if card == REDEPLOY:
        return pack(PLAY_REDEPLOY, sq[0], sq[1])
    if card in (DESERTER, TRAITOR):
        return pack(PLAY_LOYALTY, card)
    if not sq:
        return pack(PLAY_LEADER, card)
    return pack(PLAY_RALLY, card, *sorted(sq))


def decode(number: int, width: int) -> Action:
    """The engine's :class:`Action` of a kernel action number on a field ``width`` wide; a
    ValueError for a number the kernel never makes (it must encode back to itself).

    >>> str(decode(pack(MOVE, 11, 20), 9))
    'c2-c3'
    """
    if isinstance(number, bool) or not isinstance(number, (int, np.integer)) or number < 0:
        raise ValueError(f"a kernel action number is a whole number of at least 0, not {shorten(number)}")
    width = checked_width(width)
    try:
        action = read_number(int(number), width)
        same = encode(action, width) == number
    except (IndexError, ValueError):   # a field off the board or out of the cards
        same = False
    if not same:
        raise ValueError(f"not a kernel action number on a field {width} wide: {shorten(number)}")
    return action


def checked_width(width) -> int:
    """``width`` as an int when it is a field's width (7, 9 or 11), else a ValueError."""
    if isinstance(width, bool) or not isinstance(width, (int, np.integer)) or width not in WIDTHS:
        raise ValueError(f"a field is {', '.join(map(str, WIDTHS[:-1]))} or {WIDTHS[-1]} wide, not {shorten(width)}")
    return int(width)


def read_number(number: int, width: int) -> Action:
    """:func:`decode` unchecked, for numbers the kernel made (its legal actions)."""
    names = board(width).names
    kind = number % KINDS
    f = [field(number, i) for i in range(5)]
    given = [x for x in f if x >= 0]
    if kind == END:
        return Action("end", option=STEPS[f[0]])
    if kind in (DRAW, WITHDRAW, STAND, ROLL):
        return Action(("draw", "withdraw", "stand", "roll")[(DRAW, WITHDRAW, STAND, ROLL).index(kind)])
    if kind in (MOVE, FIRE):
        return Action("move" if kind == MOVE else "fire", "", (names[f[0]], names[f[1]]))
    if kind in (REINFORCE, DEPLOY):
        return Action("reinforce" if kind == REINFORCE else "deploy", _SHORT[f[0]], (names[f[1]],))
    if kind == ATTACK:
        return Action("attack", "", tuple(sorted(names[x] for x in given[1:])) + (names[f[0]],))
    if kind == LEADER:
        return Action("leader", _SHORT[f[0]])
    if kind in (SCOUT_FIRST, SCOUT_SECOND):
        return Action("scout", option="first" if kind == SCOUT_FIRST else "second")
    if kind == REMOVE_SQUARE:
        return Action("remove", "", (names[f[0]],))
    if kind == REMOVE_CARD:
        return Action("remove", _SHORT[f[0]])
    if kind == RALLY_SQUARE:
        return Action("rally", "", (names[f[0]],))
    if kind == RALLY_NONE:
        return Action("rally")
    if kind == PLAY_AT:
        return Action("play", _SHORT[f[0]], (names[f[1]],))
    if kind == PLAY_REDEPLOY:
        return Action("play", "Redeploy", (names[f[0]], names[f[1]]))
    if kind in (PLAY_LOYALTY, PLAY_LEADER):
        return Action("play", _SHORT[f[0]])
    if kind == PLAY_RALLY:
        return Action("play", _SHORT[f[0]], tuple(sorted(names[x] for x in given[1:])))
    raise ValueError(f"not a kernel action number: {number}")


# -------------------------------------------------------------------- a game's state
def _card_mask(cards) -> int:
    return sum(1 << int(c) for c in cards)


def _tactics_mask(cards) -> int:
    return sum(1 << (int(c) - 60) for c in cards)


def state_of(game) -> np.ndarray:
    """The kernel's state array for an :class:`~battleline.ancient.AncientGame`'s position,
    read from its public :class:`~battleline.ancient.state.AncientState` fields (the whole
    truth: a bot passes a sampled world, never the real game). ``DICE_POS`` is the game's
    dice position; :func:`dice_of` gives the rolls.

    >>> from battleline.ancient import AncientGame
    >>> s = state_of(AncientGame.scenario("marathon", seed=7))
    >>> int(s[WIDTH]), PHASES[s[PHASE]], int(s[TO_ACT]) == SOUTH
    (7, 'deploy', True)
    """
    if not isinstance(game, AncientGame):
        raise ValueError(f"the kernel reads an AncientGame's position, not {shorten(type(game).__name__)}")
    st = game.state
    s = new_state()
    s[WIDTH] = st.width
    s[OPTIONS] = sum(1 << i for i, name in enumerate(OPTION_NAMES) if name in st.options)
    s[DRAW_AFTER] = st.draw_after
    s[PHASE] = PHASES.index(st.phase)
    s[TO_ACT] = -1 if st.to_act is None else st.to_act
    s[TURN], s[FIRST], s[HALF] = st.turn, st.first, st.half
    s[ACTIONS_LEFT], s[DREW] = st.actions_left, int(st.drew)
    s[MOVED], s[PLACED] = _card_mask(st.moved), _card_mask(st.placed)
    s[FIRED], s[ATTACKED] = _card_mask(st.fired), _card_mask(st.attacked)
    s[OCCUPIED], s[BAD] = st.occupied, st.bad
    s[DISRUPTED] = _card_mask(c for c in range(TROOP_COUNT) if st.disrupted[c])
    s[BOWS] = _card_mask(st.bows)
    s[DISCARDS] = _tactics_mask(st.discards)
    s[DECK_LEN] = len(st.deck)
    s[DECK:DECK + len(st.deck)] = st.deck
    s[SHIELD_ON] = s[COMPANION_ON] = -1
    for holder, card in st.attachments.items():
        s[SHIELD_ON if card == SHIELD else COMPANION_ON] = holder
    s[SMALL_ELEPHANTS] = -1 if st.small_elephants is None else st.small_elephants
    _read_pending(s, st)
    s[RALLY_LEN] = len(st.rally_order)
    s[RALLY:RALLY + 2] = -1
    s[RALLY:RALLY + len(st.rally_order)] = st.rally_order
    s[QUIET_TURNS], s[TURN_HIT], s[HIDDEN] = st.quiet_turns, int(st.turn_hit), int(st.hidden_deployment)
    s[WINNER], s[REASON] = NOBODY, NO_REASON
    if st.outcome is not None:
        winner, reason = st.outcome
        s[WINNER] = DRAWN if winner == -1 else winner
        s[REASON] = REASONS.index(reason)
    s[DICE_POS] = st.dice.position
    for side in (NORTH, SOUTH):
        s[SIDE_SQUARES + side] = st.side_squares[side]
        s[ARMY + side] = _card_mask(st.army[side])
        s[ARMY_POINTS + side] = st.army_points(side)
        s[LOST_POINTS + side] = sum(st.cost(c) for c in st.eliminated[side])
        s[ELIMINATED + side] = _card_mask(st.eliminated[side])
        s[RESERVE + side] = _card_mask(st.reserve[side])
        s[DEPLOYED + side] = st.deployed[side]
        s[HAND + side] = _tactics_mask(st.hands[side])
        s[LEADER_CARD + side], s[LEADER_OF + side] = st.leader_card[side], st.leader_of[side]
        s[LEADER_RALLIED + side] = int(st.leader_rallied[side])
        s[LOYALTY_VALUES + side] = LOYAL_VALUES | sum(1 << v for v in st.loyalty_extra[side])
    s[CELLS:CELLS + MAX_SQUARES] = -1
    s[STACKED:STACKED + MAX_SQUARES] = -1
    s[CELLS:CELLS + len(st.cells)] = st.cells
    s[STACKED:STACKED + len(st.stacked)] = st.stacked
    s[WHERE:WHERE + TROOP_COUNT] = st.where
    s[OWNER:OWNER + TROOP_COUNT] = st.owner
    pairs = sorted(st.flank_pairs)
    s[FLANK_LEN] = len(pairs)
    for i, pair in enumerate(pairs):
        s[FLANK + 4 * i:FLANK + 4 * i + 4] = pair
    return s


def _read_pending(s: np.ndarray, st) -> None:
    s[PENDING], s[PENDING_NEXT], s[PENDING_ATTACKERS], s[PENDING_TARGET] = NO_PENDING, -1, 0, -1
    if st.pending is None:
        return
    kind = st.pending[0]
    if kind == "initiative":
        s[PENDING] = PENDING_INITIATIVE
        rest = st.pending[1]
        s[PENDING_NEXT] = rest[0] if rest else -1
    elif kind == "withdrawal":
        s[PENDING] = PENDING_WITHDRAWAL
        s[PENDING_ATTACKERS] = _card_mask(st.pending[1])
        s[PENDING_TARGET] = st.pending[2]
    else:
        s[PENDING] = PENDING_LOYALTY
        s[PENDING_NEXT] = st.pending[1]


def dice_of(game, extra: int) -> np.ndarray:
    """A dice array holding the game's rolls up to its position and the next ``extra`` rolls
    of its stream, made by a fresh stream of the same seed and script (the game is not
    touched), with no generator beyond them.

    >>> from battleline.ancient import AncientGame
    >>> d = dice_of(AncientGame.empty(seed=1, dice=[6, 2]), 3)
    >>> [int(x) for x in d[DICE_ROLLS:DICE_ROLLS + 2]], int(d[DICE_COUNT])
    ([6, 2], 3)
    """
    from ..dice import Dice
    source = game.state.dice
    fresh = Dice(source.seed, source.script)
    count = source.position + extra
    d = new_dice(count)
    for i in range(count):
        d[DICE_ROLLS + i] = fresh.roll()
    d[DICE_COUNT] = count
    return d
