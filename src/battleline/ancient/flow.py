"""The turn flow of Ancient Battles: leader choice and face-down deployment, the initiative
(Scout or the dice), the steps of each player turn, victory checks at its end, the Advanced
rally and the draw counter, and :meth:`TurnFlow.settle`, which runs the automatic steps
until a side has a real decision. A mixin of :class:`~.rules.Rules`.

>>> from battleline.ancient.rules import Rules
>>> from battleline.ancient.state import new_state
>>> s = new_state(9, seed=3)
>>> [str(a) for a in Rules(s).settle()], s.phase
(['draw', 'end actions'], 'actions')
"""

from __future__ import annotations

from ..cards import mask_indices as _bits
from .actions import Action
from .board import NORTH, SOUTH, SOUTH_FIRST
from .tables import CARD_INDEX, ROLL, SCOUT, SCOUT_FIRST, SCOUT_SECOND, SHORT, STAND, WITHDRAW, picker
from .troops import HEAVY_INFANTRY, HOLDS_GROUND

__all__ = ["TurnFlow"]

# The steps of a player turn that end by themselves once only "end STEP" is left.
_PLAYER_STEPS = ("tactics", "actions", "fire", "melee")
_NEXT_STEP = {"tactics": "actions", "actions": "fire", "fire": "melee"}


class TurnFlow:
    """The flow rules: set-up steps, the initiative, player turns and victory checks."""

    __slots__ = ()

    # ------------------------------------------------------------------ set-up and initiative
    def leader_step(self, p: int) -> list[Action]:
        """Side ``p`` attaches its scenario leader to one of its troop cards."""
        return [Action("leader", SHORT[c]) for c in self.s.army[p]]

    def deploy_step(self, p: int) -> list[Action]:
        """Side ``p`` places a reserve card face down on its Back Row (or completes an
        Advanced stack there)."""
        s = self.s
        out = []
        pick = picker(_bits(self._back_rows[p] & ~s.occupied))
        # where a heavy infantry card may complete a stack (Advanced), by value
        bases = self.stack_bases(p, s.army[p]) if "stacks" in s.options else {}
        deploy_rows = self._acts.deploy_rows
        for c in s.reserve[p]:
            row = deploy_rows[c]
            out += pick(row)
            if bases and HEAVY_INFANTRY[c % 10 + 1]:
                out += [row[sq] for sq in bases.get(c % 10 + 1, ())]
        return out

    def initiative_step(self, p: int) -> list[Action]:
        """Side ``p`` at the initiative: Scout (to move first or second) if it holds it, or
        the roll."""
        return [SCOUT_FIRST, SCOUT_SECOND, ROLL] if SCOUT in self.s.hands[p] else [ROLL]

    def withdrawal_step(self, p: int) -> list[Action]:
        """The attacked side's choice (Advanced withdrawal)."""
        return [WITHDRAW, STAND]

    def apply_leader(self, a: Action, p: int) -> None:
        """The leader goes with a troop card; then north's leader, or deployment."""
        s = self.s
        s.leader_of = s.leader_of[:]
        s.leader_of[p] = CARD_INDEX[a.card]
        if p == SOUTH and s.leader_card[NORTH] >= 0:
            s.to_act = NORTH
        else:
            s.phase, s.to_act = "deploy", SOUTH

    def apply_deploy(self, a: Action, p: int) -> None:
        """A card placed face down; south deploys first, then north, then the reveal."""
        s = self.s
        card = CARD_INDEX[a.card]
        self._take_from_reserve(p, card)
        self.place(card, self.b.lookup[a.squares[0]])
        s.deployed = s.deployed[:]
        s.deployed[p] += 1
        if s.deployed[p] >= min(s.width, len(s.army[p])):
            if p == SOUTH:
                s.to_act = NORTH
            else:
                s.hidden_deployment = False
                self.start_turn()

    def apply_scout(self, a: Action, p: int) -> None:
        """Scout played at the initiative: its holder chooses who moves first."""
        s = self.s
        s.pending = None
        self._take_from_hand(p, SCOUT)
        s.discards = s.discards + [SCOUT]
        s.first = p if a.option == "first" else 1 - p
        s.half = 0
        self.begin_player_turn(s.first)

    def apply_roll(self, a: Action, p: int) -> None:
        """No Scout: the next side holding Tactics is asked, or the dice decide."""
        s = self.s
        rest = s.pending[1] if s.pending else ()
        if rest:
            s.to_act = rest[0]
            s.pending = ("initiative", rest[1:])
        else:
            s.pending = None
            self.roll_initiative()

    def apply_end(self, a: Action, p: int) -> None:
        """``end STEP``: the next step of the player turn, or the turn's end."""
        nxt = _NEXT_STEP.get(a.option)
        if nxt is not None:
            self.s.phase = nxt
        else:
            self.end_player_turn()

    # ------------------------------------------------------------------ the turn
    # ------------------------------------------------------------------ the flow
    def begin_player_turn(self, side: int) -> None:
        s = self.s
        s.to_act = side
        s.actions_left = 6
        s.drew = False
        s.moved = set()
        s.placed = set()
        s.fired = set()
        s.attacked = set()
        s.flank_pairs = self.flank_pairs(side) if "flank" in s.options else frozenset()
        s.phase = "tactics"

    def roll_initiative(self) -> None:
        dice = self.s.dice
        self.initiative_from = getattr(dice, "position", -1)   # the odds' dice keep no stream
        while True:
            a, b = dice.roll(), dice.roll()
            if a != b:
                break
        self.s.first = SOUTH if a > b else NORTH   # south rolls first
        self.s.half = 0
        self.begin_player_turn(self.s.first)

    def start_turn(self) -> None:
        # Every player holding Tactics cards is asked (south first), Scout or not: waiting
        # only for a Scout holder would tell the opponent who holds it.
        s = self.s
        askers = [p for p in SOUTH_FIRST if s.hands[p]]
        if askers:
            s.phase = "initiative"
            s.to_act = askers[0]
            s.pending = ("initiative", tuple(askers[1:]))
        else:
            self.roll_initiative()

    def acting_side(self) -> int:
        s = self.s
        return s.first if s.half == 0 else 1 - s.first

    def check_victory(self, p: int) -> None:
        s = self.s
        if s.outcome is not None:
            return
        o = 1 - p
        held = 0
        cells, dis = s.cells, s.disrupted
        for sq in _bits(s.side_squares[p] & self._back_rows[o]):
            c = cells[sq]
            if not dis[c] and HOLDS_GROUND[c % 10 + 1]:
                held += 1
        if held > s.width // 2:
            s.outcome = (p, "terrain")
            return
        costs = self._costs
        for winner, loser in ((p, o), (o, p)):
            lost = sum([costs[c] for c in s.eliminated[loser]])
            if 2 * lost > self._points[loser]:
                s.outcome = (winner, "casualties")
                return

    def end_player_turn(self) -> None:
        s = self.s
        self.check_victory(self.acting_side())
        if s.outcome is not None:
            return
        if s.half == 0:
            s.half = 1
            self.begin_player_turn(1 - s.first)
        elif "rally" in s.options:
            s.rally_order = [s.first, 1 - s.first]
            s.phase = "rally"
            s.to_act = s.first
        else:
            self.close_turn()

    def close_turn(self) -> None:
        s = self.s
        s.quiet_turns = 0 if s.turn_hit else s.quiet_turns + 1
        s.turn_hit = False
        if s.quiet_turns >= s.draw_after:
            s.outcome = (-1, "draw")
            return
        s.turn += 1
        self.start_turn()

    def settle(self) -> list[Action] | None:
        """Run the automatic steps until a side has a real decision; return its legal
        actions (or None when the battle is over)."""
        settled = self.advance()
        if settled is False:
            return None
        return self.legal() if settled is True else settled

    def advance(self) -> bool | list[Action]:
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
        s = self.s
        while True:
            if s.outcome is not None:
                s.phase = "over"
                return False
            ph = s.phase
            if ph == "rally":
                if not s.rally_order:
                    self.close_turn()
                    continue
                s.to_act = s.rally_order[0]
                if not self.has_disrupted(s.to_act):
                    s.rally_order = s.rally_order[1:]
                    continue
                return True
            # A Tactics step with cards in hand waits even if none is playable: skipping it
            # would tell the opponent the hand holds nothing playable.
            if ph in _PLAYER_STEPS:
                choice = self.step_choice(ph, s.to_act)
                if choice is False:
                    nxt = _NEXT_STEP.get(ph)
                    if nxt is not None:
                        s.phase = nxt
                    else:
                        self.end_player_turn()
                    continue
                return choice
            return True
