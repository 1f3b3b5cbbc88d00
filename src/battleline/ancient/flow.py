"""The turn flow of Ancient Battles: leader choice and face-down deployment, the initiative (Scout
or the dice), the steps of each player turn, victory checks at its end, the Advanced rally and
the draw counter, and :func:`settle`, which runs the automatic steps until a side has a real
decision. Functions over the public state of a :class:`~.rules.Rules` (``r``); every change is
recorded through :mod:`.journal`.

>>> from battleline.ancient.rules import Rules
>>> from battleline.ancient.state import new_state
>>> s = new_state(9, seed=3)
>>> [str(a) for a in Rules(s).settle()], s.phase
(['draw', 'end actions'], 'actions')
"""

from __future__ import annotations

from ..cards import mask_indices as _bits
from ..deprecation import moved_names
from .actions import Action
from .board import NORTH, SOUTH, SOUTH_FIRST
from .journal import take_from_hand, take_from_reserve
from .melee import flank_pairs
from .movement import place, stack_bases
from .tables import CARD_INDEX, ROLL, SCOUT, SCOUT_FIRST, SCOUT_SECOND, SHORT, STAND, WITHDRAW, picker
from .tactics import has_disrupted
from .troops import HEAVY_INFANTRY, HOLDS_GROUND

__all__ = ["leader_step", "deploy_step", "initiative_step", "withdrawal_step", "apply_leader", "apply_deploy",
           "apply_scout", "apply_roll", "apply_end", "begin_player_turn", "roll_initiative", "start_turn",
           "acting_side", "check_victory", "end_player_turn", "close_turn", "settle", "advance"]

# Before issue 41 the rules were put together from mixins; the mixin's name stands for Rules now.
__getattr__ = moved_names(__name__, {
    "TurnFlow": ("battleline.ancient.rules", "Rules",
            "use Rules: it composes this module\'s functions (issue 41)")})

# ``r: "Rules"`` below is battleline.ancient.rules.Rules, named only: the rules import this
# module, so this module does not import them.

# The steps of a player turn that end by themselves once only "end STEP" is left.
_PLAYER_STEPS = ("tactics", "actions", "fire", "melee")
_NEXT_STEP = {"tactics": "actions", "actions": "fire", "fire": "melee"}


# ------------------------------------------------------------------ set-up and initiative
def leader_step(r: "Rules", p: int) -> list[Action]:
    """Side ``p`` attaches its scenario leader to one of its troop cards.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> s = AncientGame.scenario("cunaxa", seed=1).state
    >>> [str(a) for a in leader_step(Rules(s), s.to_act)][:3]
    ['leader R1', 'leader R2', 'leader R3']
    """
    return [Action("leader", SHORT[c]) for c in r.s.army[p]]


def deploy_step(r: "Rules", p: int) -> list[Action]:
    """Side ``p`` places a reserve card face down on its Back Row (or completes an
    Advanced stack there).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> s = AncientGame.scenario("marathon", seed=1).state
    >>> [str(a) for a in deploy_step(Rules(s), s.to_act)][:3]
    ['deploy R1@a1', 'deploy R1@b1', 'deploy R1@c1']
    """
    s = r.s
    out = []
    pick = picker(_bits(r.tables.back_rows[p] & ~s.occupied))
    # where a heavy infantry card may complete a stack (Advanced), by value
    bases = stack_bases(r, p, s.army[p]) if "stacks" in s.options else {}
    deploy_rows = r.tables.acts.deploy_rows
    for c in s.reserve[p]:
        row = deploy_rows[c]
        out += pick(row)
        if bases and HEAVY_INFANTRY[c % 10 + 1]:
            out += [row[sq] for sq in bases.get(c % 10 + 1, ())]
    return out


def initiative_step(r: "Rules", p: int) -> list[Action]:
    """Side ``p`` at the initiative: Scout (to move first or second) if it holds it, or
    the roll.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); s.hands = [[SCOUT], [SCOUT]]
    >>> [str(a) for a in initiative_step(Rules(s), s.to_act)]
    ['scout first', 'scout second', 'roll']
    """
    return [SCOUT_FIRST, SCOUT_SECOND, ROLL] if SCOUT in r.s.hands[p] else [ROLL]


def withdrawal_step(r: "Rules", p: int) -> list[Action]:
    """The attacked side's choice (Advanced withdrawal).

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> [str(a) for a in withdrawal_step(Rules(new_state(9, seed=3)), NORTH)]
    ['withdraw', 'stand']
    """
    return [WITHDRAW, STAND]


def apply_leader(r: "Rules", a: Action, p: int) -> None:
    """The leader goes with a troop card; then north's leader, or deployment.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.actions import Action
    >>> s = AncientGame.scenario("cunaxa", seed=1).state
    >>> apply_leader(Rules(s), Action.parse("leader R1"), SOUTH); s.leader_of[SOUTH], s.to_act == NORTH
    (0, True)
    """
    s = r.s
    s.leader_of = s.leader_of[:]
    s.leader_of[p] = CARD_INDEX[a.card]
    if p == SOUTH and s.leader_card[NORTH] >= 0:
        s.to_act = NORTH
    else:
        s.phase, s.to_act = "deploy", SOUTH


def apply_deploy(r: "Rules", a: Action, p: int) -> None:
    """A card placed face down; south deploys first, then north, then the reveal.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.actions import Action
    >>> s = AncientGame.scenario("marathon", seed=1).state
    >>> apply_deploy(Rules(s), Action.parse("deploy R1@a1"), SOUTH)
    >>> s.board.names[s.where[CARD_INDEX["R1"]]], s.deployed, s.hidden_deployment
    ('a1', [0, 1], True)
    """
    s = r.s
    card = CARD_INDEX[a.card]
    take_from_reserve(r, p, card)
    place(r, card, r.b.lookup[a.squares[0]])
    s.deployed = s.deployed[:]
    s.deployed[p] += 1
    if s.deployed[p] >= min(s.width, len(s.army[p])):
        if p == SOUTH:
            s.to_act = NORTH
        else:
            s.hidden_deployment = False
            start_turn(r)


def apply_scout(r: "Rules", a: Action, p: int) -> None:
    """Scout played at the initiative: its holder chooses who moves first.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); s.hands = [[], [SCOUT]]; s.phase = "initiative"
    >>> apply_scout(Rules(s), SCOUT_SECOND, SOUTH); s.first == NORTH, s.phase, s.discards
    (True, 'tactics', [66])
    """
    s = r.s
    s.pending = None
    take_from_hand(r, p, SCOUT)
    s.discards = s.discards + [SCOUT]
    s.first = p if a.option == "first" else 1 - p
    s.half = 0
    begin_player_turn(r, s.first)


def apply_roll(r: "Rules", a: Action, p: int) -> None:
    """No Scout: the next side holding Tactics is asked, or the dice decide.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); s.hands = [[64], [63]]
    >>> s.phase, s.pending = "initiative", ("initiative", (NORTH,))     # south asked, north next
    >>> apply_roll(Rules(s), ROLL, SOUTH); s.phase, s.to_act == NORTH, s.pending
    ('initiative', True, ('initiative', ()))
    """
    s = r.s
    rest = s.pending[1] if s.pending else ()
    if rest:
        s.to_act = rest[0]
        s.pending = ("initiative", rest[1:])
    else:
        s.pending = None
        roll_initiative(r)


def apply_end(r: "Rules", a: Action, p: int) -> None:
    """``end STEP``: the next step of the player turn, or the turn's end.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> from battleline.ancient.tables import END
    >>> s = new_state(9, seed=3); apply_end(Rules(s), END["actions"], s.to_act); s.phase
    'fire'
    """
    nxt = _NEXT_STEP.get(a.option)
    if nxt is not None:
        r.s.phase = nxt
    else:
        end_player_turn(r)


# ------------------------------------------------------------------ the flow
def begin_player_turn(r: "Rules", side: int) -> None:
    """Side ``side``'s player turn begins: six actions, nothing moved, fired or attacked yet,
    the flank attacks fixed (Advanced), its Tactics step.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); begin_player_turn(Rules(s), NORTH); s.phase, s.to_act == NORTH
    ('tactics', True)
    """
    s = r.s
    s.to_act = side
    s.actions_left = 6
    s.drew = False
    s.moved = set()
    s.placed = set()
    s.fired = set()
    s.attacked = set()
    s.flank_pairs = flank_pairs(r, side) if "flank" in s.options else frozenset()
    s.phase = "tactics"


def roll_initiative(r: "Rules") -> None:
    """The dice decide who moves first this turn (south rolls first, a tie is rolled again);
    ``r.initiative_from`` is where in the dice stream the roll began.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); r = Rules(s); roll_initiative(r); s.phase, r.initiative_from
    ('tactics', 0)
    """
    dice = r.s.dice
    r.initiative_from = getattr(dice, "position", -1)   # the odds' dice keep no stream
    while True:
        a, b = dice.roll(), dice.roll()
        if a != b:
            break
    r.s.first = SOUTH if a > b else NORTH   # south rolls first
    r.s.half = 0
    begin_player_turn(r, r.s.first)


def start_turn(r: "Rules") -> None:
    """A new turn's initiative: each player holding Tactics cards is asked (south first), or
    the dice decide at once.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); s.hands = [[], [64]]; start_turn(Rules(s)); s.phase, s.pending
    ('initiative', ('initiative', ()))
    """
    # Every player holding Tactics cards is asked (south first), Scout or not: waiting
    # only for a Scout holder would tell the opponent who holds it.
    s = r.s
    askers = [p for p in SOUTH_FIRST if s.hands[p]]
    if askers:
        s.phase = "initiative"
        s.to_act = askers[0]
        s.pending = ("initiative", tuple(askers[1:]))
    else:
        roll_initiative(r)


def acting_side(r: "Rules") -> int:
    """The side whose player turn it is (the first side in the turn's first half).

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); s.half = 1; acting_side(Rules(s)) == 1 - s.first
    True
    """
    s = r.s
    return s.first if s.half == 0 else 1 - s.first


def check_victory(r: "Rules", p: int) -> None:
    """At the end of side ``p``'s player turn: ``p`` wins on terrain holding more than half
    the width of the enemy Back Row with undisrupted troops that hold ground; else a side
    that lost more than half its army points loses (``p``'s opponent checked first).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.melee import eliminate
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; r = Rules(s); eliminate(r, s.cells[s.board.index("c3")]); check_victory(r, SOUTH)
    >>> s.outcome == (SOUTH, "casualties")
    True
    """
    s = r.s
    if s.outcome is not None:
        return
    o = 1 - p
    held = 0
    cells, dis = s.cells, s.disrupted
    for sq in _bits(s.side_squares[p] & r.tables.back_rows[o]):
        c = cells[sq]
        if not dis[c] and HOLDS_GROUND[c % 10 + 1]:
            held += 1
    if held > s.width // 2:
        s.outcome = (p, "terrain")
        return
    costs = r.army_tables.costs
    for winner, loser in ((p, o), (o, p)):
        lost = sum([costs[c] for c in s.eliminated[loser]])
        if 2 * lost > r.army_tables.points[loser]:
            s.outcome = (winner, "casualties")
            return


def end_player_turn(r: "Rules") -> None:
    """The player turn ends: victory checked, then the other side's turn, the rally
    (Advanced) or the turn's close.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); end_player_turn(Rules(s)); s.half, s.to_act == 1 - s.first, s.phase
    (1, True, 'tactics')
    """
    s = r.s
    check_victory(r, acting_side(r))
    if s.outcome is not None:
        return
    if s.half == 0:
        s.half = 1
        begin_player_turn(r, 1 - s.first)
    elif "rally" in s.options:
        s.rally_order = [s.first, 1 - s.first]
        s.phase = "rally"
        s.to_act = s.first
    else:
        close_turn(r)


def close_turn(r: "Rules") -> None:
    """The turn closes: a turn with no hit counts toward the draw (``draw_after`` quiet
    turns in a row), then the next turn starts.

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); close_turn(Rules(s)); s.turn, s.quiet_turns
    (2, 1)
    """
    s = r.s
    s.quiet_turns = 0 if s.turn_hit else s.quiet_turns + 1
    s.turn_hit = False
    if s.quiet_turns >= s.draw_after:
        s.outcome = (-1, "draw")
        return
    s.turn += 1
    start_turn(r)


def settle(r: "Rules") -> list[Action] | None:
    """Run the automatic steps until a side has a real decision; return its legal
    actions (or None when the battle is over).

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); s.phase = "fire"    # nobody on the field to shoot
    >>> [str(a) for a in settle(Rules(s))], s.phase, s.to_act == NORTH
    (['draw', 'end actions'], 'actions', True)
    """
    settled = advance(r)
    if settled is False:
        return None
    return r.legal() if settled is True else settled


def advance(r: "Rules") -> bool | list[Action]:
    """Run the automatic steps until a side has a real decision or the battle is over
    (False). A player step is skipped when :meth:`~.rules.Rules.step_choice` finds
    nothing in it but ending it; the decision's legal actions are returned when deciding
    that listed them anyway (fire and melee), else True (listed when asked for).

    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.state import new_state
    >>> s = new_state(9, seed=3); s.phase = "fire"    # nobody on the field to shoot
    >>> Rules(s).advance(), s.phase, s.to_act == NORTH  # fire, melee skipped: north's turn
    (True, 'actions', True)
    """
    s = r.s
    while True:
        if s.outcome is not None:
            s.phase = "over"
            return False
        ph = s.phase
        if ph == "rally":
            if not s.rally_order:
                close_turn(r)
                continue
            s.to_act = s.rally_order[0]
            if not has_disrupted(r, s.to_act):
                s.rally_order = s.rally_order[1:]
                continue
            return True
        # A Tactics step with cards in hand waits even if none is playable: skipping it
        # would tell the opponent the hand holds nothing playable.
        if ph in _PLAYER_STEPS:
            choice = r.step_choice(ph, s.to_act)
            if choice is False:
                nxt = _NEXT_STEP.get(ph)
                if nxt is not None:
                    s.phase = nxt
                else:
                    end_player_turn(r)
                continue
            return choice
        return True
